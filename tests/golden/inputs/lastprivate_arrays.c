// lastprivate of a fixed-size array, and of an inner loop's variable that a
// non-rectangular collapse leaves to each thread.
void f(const int *b, int n, int cells[8][10], int *out) {
  int pair[2] = {0, 0}, j, k;
#pragma omp target teams distribute lastprivate(pair) map(to: b[0:n])
  for (int x = 0; x < n; ++x) {
    pair[0] = b[x];
    pair[1] = 2 * b[x];
  }
#pragma omp target teams distribute parallel for collapse(2) lastprivate(k) \
    map(tofrom: cells[0:8])
  for (j = 0; j < 8; j++)
    for (k = j; k < 10; k++)
      cells[j][k] += j + k;
  out[0] = pair[0] + pair[1] + k;
}
