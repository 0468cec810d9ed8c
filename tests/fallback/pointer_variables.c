// Pointer variables a construct maps or makes firstprivate, whose pointee
// lies in what the same construct (or an enclosing one) maps: the kernel
// must reach the device copy, as the host build reaches the host's
// (issue 8). Before, map(to: p) was attached before the construct's later
// maps, and firstprivate(p) and p[0:0] kept the host address, so the
// kernel wrote the host array that the section's copy back then overwrote.
#include <stdio.h>

static void reset(int *a) {
  for (int i = 0; i < 8; ++i)
    a[i] = i + 1;
}

static void show(const char *what, const int *a, int v, long moved) {
  printf("%-22s %d %d %d %d %d v=%d moved=%ld\n", what, a[0], a[2], a[3],
         a[4], a[5], v, moved);
}

int main(int argc, char **argv) {
  (void)argv;
  int zero = argc - 1; // 0, unknown to the compiler
  int a[8], b[4] = {9, 9, 9, 9};
  int *p, *q = a, v;

  reset(a), p = a + 2, v = 0;
#pragma omp target map(tofrom: q[0:6], v) map(to: p)
  { p[0] *= 10; v = p[1]; }
  show("to: p after", a, v, p - a);

  reset(a), p = a + 2, v = 0;
#pragma omp target map(to: p) map(tofrom: q[0:6], v)
  { p[0] *= 10; v = p[1]; }
  show("to: p before", a, v, p - a);

  reset(a), p = a + 2, v = 0;
#pragma omp target map(tofrom: q[0:6], v) map(tofrom: p)
  { p[0] *= 10; p++; v = p[1]; p[0] = 70; }
  show("tofrom: p moved", a, v, p - a);

  reset(a), p = a + 2, v = 0;
#pragma omp target map(tofrom: q[0:6], v) map(from: p)
  { p = q + 6; v = p[-1]; p[-2] = 50; }
  show("from: p one past", a, v, p - a);

  reset(a), p = a + 2, v = 0;
#pragma omp target map(tofrom: q[0:6], v) firstprivate(p)
  { p[0] *= 10; v = p[1] + (p != 0); p++; }
  show("firstprivate(p)", a, v, p - a);

  reset(a), p = a + 2, v = 0;
#pragma omp target map(tofrom: q[0:6], v) defaultmap(firstprivate: pointer)
  { p[0] *= 10; v = p[1] + (p != q); }
  show("defaultmap fp", a, v, p - a);

  reset(a), p = a + 2, v = 0;
#pragma omp target map(to: p[0:0]) map(tofrom: q[0:6], v)
  { p[0] *= 10; v = p[1]; }
  show("p[0:0]", a, v, p - a);

  // A length that is 0 only at run time: looked up after every map too.
  reset(a), p = a + 2, v = 0;
#pragma omp target map(to: p[0:zero]) map(tofrom: q[0:6], v)
  { p[0] *= 10; v = p[1]; }
  show("p[0:n], n == 0", a, v, p - a);

  reset(a), p = a + 2, v = 0;
#pragma omp target map(to: p[zero:zero]) map(tofrom: q[0:6], v)
  { p[0] *= 10; v = p[1]; }
  show("p[n:n], n == 0", a, v, p - a);

  // A row's section of an array of arrays, 0 long at run time, whose
  // storage a later item maps.
  {
    int m[3][4], (*rows)[4] = m;
    for (int i = 0; i < 12; ++i)
      m[i / 4][i % 4] = i;
    v = 0;
#pragma omp target map(to: m[1][zero:zero]) map(tofrom: rows[0:3], v)
    { v = m[1][2]; m[1][2] = 70; }
    printf("m[1][n:n], n == 0 v=%d m=%d\n", v, m[1][2]);
  }

  reset(a), p = b + 1, v = 0;
#pragma omp target map(tofrom: q[0:6], v) map(to: p)
  { v = p[0] + q[1]; q[2] = 1; }
  show("p outside", a, v, p - b);

  reset(a), p = a + 2, v = 0;
#pragma omp target enter data map(to: p) map(to: q[0:8])
#pragma omp target map(tofrom: v) map(to: p)
  { p[0] *= 10; v = p[1]; }
#pragma omp target map(tofrom: v) map(alloc: p)
  { p[1] *= 10; v += p[1]; }
#pragma omp target exit data map(from: q[0:8]) map(release: p)
  show("enter data", a, v, p - a);

  reset(a), p = a + 2, v = 0;
#pragma omp target data map(to: p)
  {
#pragma omp target data map(tofrom: q[0:8])
    {
#pragma omp target map(tofrom: v) map(to: p)
      { p[0] *= 10; v = p[1]; }
#pragma omp target map(tofrom: v)
      { p[1] *= 10; v += p[1]; }
    }
  }
  show("nested data", a, v, p - a);

  // The device copy of p read through another pointer, which attaches
  // nothing: what the data construct attached must already be right.
  int **pp = &p;
  reset(a), p = a + 2, v = 0;
#pragma omp target enter data map(to: p) map(to: q[0:8])
#pragma omp target map(tofrom: v) map(to: pp[0:1])
  { pp[0][0] *= 10; v = pp[0][1]; }
#pragma omp target exit data map(from: q[0:8]) map(release: p)
  show("enter data, pp", a, v, p - a);

  reset(a), p = a + 2, v = 0;
#pragma omp target data map(to: p) map(tofrom: q[0:8])
  {
#pragma omp target map(tofrom: v) map(to: pp[0:1])
    { pp[0][0] *= 10; v = pp[0][1]; }
  }
  show("data, pp", a, v, p - a);

  // A pointer the kernel moved within q's copy, restored by exit data:
  // its exit runs before q's frees that copy (m declared after q, so its
  // capture follows q's).
  int *m = a + 2;
  reset(a), v = 0;
#pragma omp target enter data map(to: m) map(to: q[0:8])
#pragma omp target map(tofrom: v) map(alloc: m)
  { m++; v = m[0]; m[1] = 60; }
#pragma omp target exit data map(from: q[0:8]) map(from: m)
  show("exit data, m moved", a, v, m - a);
  return 0;
}
