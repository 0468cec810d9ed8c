// integration.rdc step 9: no directive on helper, a region calls it.
int helper(int x) { return 3 * x; }
int use(int n) {
  int s = 0;
#pragma omp target map(tofrom : s)
  s = helper(n);
  return s;
}
