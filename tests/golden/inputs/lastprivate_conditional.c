// lastprivate(conditional: x): each assignment records its logical
// iteration; the blocks combine (iteration, value) keys with a 64-bit
// atomicMax and the last block to finish writes the winner's value.
void f(const int *a, int n, int *out) {
  int x = -1;
#pragma omp target parallel for lastprivate(conditional: x) map(to: a[0:n])
  for (int i = 0; i < n; ++i)
    if (a[i] > 3)
      x = a[i] + i;
  *out = x;
}
