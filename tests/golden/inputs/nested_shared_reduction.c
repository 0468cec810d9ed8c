// A reduction on a construct nested in target parallel over a mapped scalar:
// each thread reduces into a partial of its own, and the team's result goes
// into the mapped variable atomically before the construct's barrier.
void sum(const int *a, int *seen, int n) {
  int total = 0;
#pragma omp target parallel map(tofrom: total) map(to: a[0:n]) map(from: seen[0:n])
  {
#pragma omp for reduction(+: total)
    for (int x = 0; x < n; ++x)
      total += a[x];
#pragma omp for
    for (int x = 0; x < n; ++x)
      seen[x] = total;
  }
}
