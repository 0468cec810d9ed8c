#pragma omp declare target
int twice(int x) { return 2 * x; }
#pragma omp end declare target
