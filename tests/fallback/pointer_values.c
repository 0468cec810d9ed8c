// Pointer variables whose value, not only their pointee, the program
// observes (review of issue 8's pointer order). A firstprivate pointer
// that the region stores or casts keeps the host's address (clang and gcc
// pass it as it is), one that is also dereferenced stays on the host. A
// pointer the kernel moves through another item that maps its storage
// comes back when the storage's last reference goes. Exit data gives back
// where the kernel moved a pointer whatever the order of its items, and a
// pointer not attached at entry (null, or pointing at unmapped memory)
// that the kernel moves into mapped data comes back as a host address.
// A region that dereferences a pointer held in a mapped record or array,
// or a declare target pointer, stays on the host.
#include <stdint.h>
#include <stdio.h>

struct S {
  int *p;
  int n;
};
int *gp;
#pragma omp declare target(gp)
static int second(const int *x) { return x[1]; }
struct S gs;
static void release(void) {
#pragma omp target exit data map(delete: gs, gs.p[0:8])
}

int main(void) {
  int a[8];
  int *p = a + 2, *out[2] = {0, 0};
  uintptr_t u = 0;
  for (int i = 0; i < 8; ++i)
    a[i] = i + 1;

#pragma omp target map(tofrom: a, out, u) firstprivate(p)
  { out[0] = p; u = (uintptr_t)p; }
  printf("firstprivate kept: %d %d\n", out[0] == p, u == (uintptr_t)p);

#pragma omp target map(tofrom: a, out) defaultmap(firstprivate: pointer)
  { out[1] = p; }
  printf("defaultmap kept: %d\n", out[1] == p);

  u = 0;
#pragma omp target map(tofrom: a, u) firstprivate(p)
  { p[0] *= 10; u = (uintptr_t)p; }
  printf("firstprivate both: %d %d\n", a[2], u == (uintptr_t)p);

  int *q = a, **pp = &p, v = 0;
  for (int i = 0; i < 8; ++i)
    a[i] = i + 1;
  p = a + 2;
#pragma omp target map(tofrom: q[0:8], v) map(tofrom: p) map(to: pp[0:1])
  { (*pp)[0] = 50; *pp += 1; v = **pp; }
  printf("moved through pp: %d %d %ld\n", a[2], v, (long)(p - a));
  p = a + 2;
#pragma omp target map(to: pp[0:1]) map(tofrom: q[0:8], v) map(tofrom: p)
  { *pp += 1; v = **pp; }
  printf("moved through pp: %d %ld\n", v, (long)(p - a));
  p = a + 2;
#pragma omp target map(tofrom: q[0:8], v) map(to: pp[0:1]) map(from: p)
  { *pp += 1; v = **pp; }
  printf("moved through pp: %d %ld\n", v, (long)(p - a));

  p = q + 2;
#pragma omp target enter data map(to: q[0:8]) map(to: p)
#pragma omp target map(tofrom: v) map(tofrom: p)
  { p += 2; v = *p; }
#pragma omp target exit data map(from: p) map(from: q[0:8])
  printf("exit data, p first: %ld %d\n", (long)(p - q), v);
  p = q + 2;
#pragma omp target enter data map(to: q[0:8]) map(to: p)
#pragma omp target map(tofrom: v) map(tofrom: p)
  { p[0] = 70; p += 1; v = *p; }
#pragma omp target exit data map(from: q[0:8]) map(from: p)
  printf("exit data, q first: %ld %d %d\n", (long)(p - q), v, q[2]);
  p = q + 2;
#pragma omp target enter data map(to: q[0:8]) map(to: p)
#pragma omp target map(tofrom: v) map(tofrom: p)
  { p += 3; v = *p; }
#pragma omp target exit data map(from: q[0:8], p)
  printf("exit data, one clause: %ld %d\n", (long)(p - q), v);

  int b[4] = {0, 0, 0, 0};
  p = b;
#pragma omp target map(tofrom: p) map(tofrom: q[0:8])
  { p = q + 5; *p = 55; }
  printf("unattached moved: %ld %d\n", (long)(p - q), q[5]);
  p = 0;
#pragma omp target map(tofrom: q[0:8]) map(tofrom: p)
  { p = q + 2; *p = 22; }
  printf("null moved: %ld %d\n", (long)(p - q), q[2]);
  p = 0;
#pragma omp target map(from: p) map(tofrom: q[0:8])
  { p = q + 6; }
  printf("null moved, from: %ld\n", (long)(p - q));
  p = b + 1;
#pragma omp target map(tofrom: p) map(tofrom: q[0:8])
  { q[0] = 5; }
  printf("unattached kept: %ld\n", (long)(p - b));

  struct S s = {a + 2, 0};
  int *arr[2] = {a + 2, a + 3};
  for (int i = 0; i < 8; ++i)
    a[i] = i + 1;
#pragma omp target map(tofrom: q[0:8], v)
  { s.p[0] = 30; v = s.p[1]; }
  printf("held in a record: %d %d\n", a[2], v);
#pragma omp target map(tofrom: q[0:8], v) firstprivate(s)
  { s.p[1] = 40; v = s.p[2]; }
  printf("held in a firstprivate record: %d %d\n", a[3], v);
#pragma omp target map(tofrom: q[0:8], v)
  { arr[1][1] = 50; v = arr[0][0]; }
  printf("held in an array: %d %d\n", a[4], v);
  gp = a + 5;
#pragma omp target update to(gp)
#pragma omp target map(tofrom: q[0:8], v)
  { gp[0] = 60; v = gp[1]; }
  printf("declare target pointer: %d %d\n", a[5], v);
#pragma omp target map(tofrom: q[0:8], v)
  {
    int *t = s.p + 4;
    t[0] = 70;
    v = t[1];
  }
  printf("copied from a record: %d %d\n", a[6], v);
#pragma omp target map(tofrom: q[0:8], v)
  { v = second(arr[0]); }
  printf("passed from an array: %d\n", v);
  // A data construct after the region attaches nothing there.
#pragma omp target map(tofrom: q[0:8], v)
  { s.p[2] = 80; v = s.p[3]; }
  printf("attached only later: %d %d\n", a[4], v);
#pragma omp target enter data map(to: s, s.p[0:4])
#pragma omp target exit data map(release: s, s.p[0:4])
  // Other copies of such a pointer: the whole record, an integer, its
  // address, the array itself.
#pragma omp target map(tofrom: q[0:8], s)
  {
    struct S loc = s;
    loc.p[0] = 90;
  }
#pragma omp target map(tofrom: q[0:8], s)
  {
    uintptr_t w = (uintptr_t)s.p;
    ((int *)w)[1] = 91;
  }
#pragma omp target map(tofrom: q[0:8], s)
  {
    int **pp = &s.p;
    (*pp)[2] = 92;
  }
#pragma omp target map(tofrom: q[0:8], arr)
  {
    int **pp = arr;
    pp[0][3] = 93;
  }
  printf("copied other ways: %d %d %d %d\n", s.p[0], s.p[1], s.p[2],
         arr[0][3]);
  // Attached no longer (or never): update, an exit data construct in a
  // target data construct or in a called function.
  s.p = a;
#pragma omp target update to(s.p[0:8])
#pragma omp target map(tofrom: a)
  { s.p[1] = 95; }
#pragma omp target data map(to: s, s.p[0:8])
  {
#pragma omp target exit data map(delete: s.p[0:8], s)
#pragma omp target map(tofrom: a)
    { s.p[2] = 96; }
  }
  gs.p = a;
#pragma omp target enter data map(to: gs, gs.p[0:8])
  release();
#pragma omp target map(tofrom: a)
  { gs.p[3] = 97; }
  printf("released: %d %d %d\n", a[1], a[2], a[3]);
  return 0;
}
