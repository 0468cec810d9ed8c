// A mapped record's pointer changed on the host between the data construct
// and the region by a lambda that captures the record by reference, or binds
// a reference to it, called there. The device copy still holds the attached
// address; the region stays on the host (review hwa b5: host "1 99", emu
// "99 10" before).
#include <cstdio>
struct S { int *p; int n; };
static int old[3][4], fresh[3][4];
int main() {
  S s0 = {old[0], 4}, s1 = {old[1], 4}, s2 = {old[2], 4};
  auto set0 = [&] { s0.p = fresh[0]; };
  auto set1 = [&r = s1] { r.p = fresh[1]; };
  S &r2 = s2;
#pragma omp target data map(to: s0) map(tofrom: s0.p[0:4])
  {
    set0();
#pragma omp target map(tofrom: fresh[0][0:4])
    { s0.p[0] = 30; }
  }
#pragma omp target data map(to: s1) map(tofrom: s1.p[0:4])
  {
    set1();
#pragma omp target map(tofrom: fresh[1][0:4])
    { s1.p[0] = 31; }
  }
#pragma omp target data map(to: s2) map(tofrom: s2.p[0:4])
  {
    r2.p = fresh[2];
#pragma omp target map(tofrom: fresh[2][0:4])
    { s2.p[0] = 32; }
  }
  for (int i = 0; i < 3; ++i)
    std::printf("%d %d\n", old[i][0], fresh[i][0]);
  return 0;
}
