// A region that assigns a pointer member reaches it through `this`, which
// OpenMP maps tofrom: the host sees the new value. The kernel would get a
// copy of the pointer, so such a region stays on the host; one that only
// writes through the member is translated. Either way the program prints
// what the host build prints.
#include <stdio.h>

struct S {
  int *p;
  int n;
  void through(int *a) {
#pragma omp target map(tofrom: a[0:8])
    { p[1] = 5; }
  }
  void saveAndRestore(int *a) {
#pragma omp target map(tofrom: a[0:8])
    {
      int *t = p;
      p = a;
      p[2] = 6;
      p = t;
    }
  }
  void assign(int *a) {
#pragma omp target map(tofrom: a[0:8])
    {
      p = a;
      p[3] = 7;
    }
  }
  void step(int *a) {
#pragma omp target map(tofrom: a[0:8])
    { ++p; }
  }
};

int main() {
  int *a = new int[8](), *other = new int[8]();
  S s = {other, 8};
  s.through(a);
  s.saveAndRestore(a);
  printf("through, saved and restored: %d %d %d %d %d\n", a[1], other[1],
         a[2], other[2], s.p == other);
  s.assign(a);
  printf("assigned: %d %d %d\n", a[3], other[3], s.p == a);
  s.step(a);
  printf("stepped: %d\n", (int)(s.p - a));
  delete[] a;
  delete[] other;
  return 0;
}
