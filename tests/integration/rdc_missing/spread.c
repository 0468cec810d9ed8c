// The function main.c's region calls, with an orphaned `distribute`: no
// file compiles it for the device (omp2cuda-rdc-function), since no caller
// in this file shows it is called in team-master code of a `teams` region.
#pragma omp declare target
void spread(int *a, int n) {
#pragma omp distribute
  for (int i = 0; i < n; ++i)
    a[i] += i;
}
#pragma omp end declare target
