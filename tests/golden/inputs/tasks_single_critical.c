// Constructs rewritten where they stand: a simd loop and a named critical
// section in a combined loop; single with a task and taskwait, master,
// single nowait, copyprivate and flush in a parallel region; a taskloop in
// single under target teams.
void f(const int *a, int *b, long long *sum, int *count, int n) {
#pragma omp target teams distribute parallel for map(to: a[0:n]) \
    map(from: b[0:n]) map(tofrom: sum[0:1])
  for (int i = 0; i < n; i++) {
    int s = 0;
#pragma omp simd reduction(+: s)
    for (int j = 0; j < 8; j++)
      s += a[i] * j;
    b[i] = s;
#pragma omp critical(stats)
    sum[0] += s;
  }

#pragma omp target parallel map(tofrom: count[0:2])
  {
    int v;
#pragma omp single copyprivate(v)
    v = count[1];
#pragma omp single
    {
      int x = v;
#pragma omp task firstprivate(x)
      {
        x += 1;
#pragma omp atomic
        count[0] += x;
      }
#pragma omp taskwait
    }
#pragma omp master
    count[1] = 1;
#pragma omp single nowait
    count[0] += 100;
#pragma omp flush
  }

#pragma omp target teams num_teams(1) map(from: b[0:n])
#pragma omp parallel
#pragma omp single
#pragma omp taskloop
  for (int i = 0; i < n; i++)
    b[i] = 2 * i;
}
