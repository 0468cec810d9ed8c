// atomic capture: fetch-and-op on the device, the value before or after.
void tickets(int *next, int *order, double *acc, int n) {
#pragma omp target teams distribute parallel for map(tofrom: next[0:1], order[0:n], acc[0:1])
  for (int i = 0; i < n; ++i) {
    int mine;
    double after;
#pragma omp atomic capture
    mine = next[0]++;
#pragma omp atomic capture
    { acc[0] += 1.5; after = acc[0]; }
    order[i] = mine + (after < 0.0);
  }
}
