// Pointers that no clause names (and pointers a map or defaultmap maps and
// attaches) whose value, not only their pointee, a region observes. The
// region's p is the device copy's address where the host build's is the
// host's: a region that only stores, casts or compares p gets the host's
// value, one that also dereferences it stays on the host, and comparisons
// with null, equality with pointers the runtime looks up alike, order and
// distance with pointers derived from p itself, copies into locals and
// calls into functions that only dereference keep the region on the
// device. An order or a distance between pointers looked up apart (one
// may lie outside the mapping that holds the other) is the host's.
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#pragma omp declare target
static int *keep;
static int sum3(const int *v) { return v[0] + v[1] + v[2]; }
static void remember(int *v) { keep = v; }
static int same(const int *x, const int *y) { return x == y; }
static int *itself(int *x) { return x; }
static int darr[8];
#pragma omp end declare target

struct Holder {
  int *p;
  int n;
};

int main(void) {
  int q[8];
  int *p = q + 1, *r = q + 3, *out[2] = {0, 0};
  uintptr_t u = 0;
  int v = 0, w = 0;
  for (int i = 0; i < 8; ++i)
    q[i] = i + 1;

#pragma omp target data map(tofrom: q)
  {
#pragma omp target map(from: out, u)
    { out[1] = p; u = (uintptr_t)p; }
    printf("value only: %d %d\n", out[1] == p, u == (uintptr_t)p);

#pragma omp target map(from: out)
    { p[0] = 20; out[0] = p; }
    printf("both: %d\n", out[0] == p);

#pragma omp target map(from: out)
    { p[1] += 1; out[0] = &p[2]; }
    printf("address of an element: %d\n", out[0] == p + 2);

#pragma omp target map(from: v, w)
    {
      int *e = p + 3, n = 0;
      if (p != 0 && r != p && e > p)
        for (int *s = p; s != e; ++s)
          n += *s;
      v = n + (int)(e - p);
      w = sum3(p);
    }
    printf("compared and called: %d %d\n", v, w);

#pragma omp target map(from: out, v)
    { out[0] = p; v = (r == p + 2) * 10 + r[0]; }
    printf("kept, and compared with one translated: %d %d\n", out[0] == p, v);

#pragma omp target map(from: v)
    { remember(p); v = p[0]; }
    printf("kept by a call: %d %d\n", keep == p, v);
  }
  printf("q: %d %d %d %d\n", q[1], q[2], q[3], q[4]);

  // r lies outside the section that holds p: the runtime finds p's
  // pointee and not r's, so only the host's values give the host's distance and order.
  p = q + 1, r = q + 6, v = 0;
#pragma omp target map(tofrom: q[0:4]) map(from: v)
  { v = (int)(r - p); }
  printf("distance past the section: %d\n", v);
#pragma omp target map(tofrom: q[0:4]) map(from: v)
  { p[0] += 1; v = r > p; }
  printf("order past the section: %d %d\n", v, q[1]);

  int *m = q + 2;
  out[0] = 0;
#pragma omp target map(tofrom: q, out) map(tofrom: m)
  { m[0] = 30; out[0] = m; }
  printf("mapped pointer: %d %d\n", out[0] == m, q[2]);

  out[0] = 0;
#pragma omp target map(tofrom: q, out) defaultmap(tofrom: pointer)
  { r[0] = 40; out[0] = r; }
  printf("defaultmap pointer: %d %d\n", out[0] == r, q[6]);

  // A section's base is the device copy's address whatever the region
  // does with it: compared with pointers that keep the host's value (b
  // and c escape), one rebuilt from an integer, or another item's base.
  int *a = q, *b = q, *c = q + 3, *lo = q, *hi = q + 4;
  int s1 = -1, s2 = -1, s3 = -1;
  long df = -1;
  uintptr_t uq = (uintptr_t)q;
#pragma omp target map(tofrom: a[0:8]) map(from: s1, s2, s3, df)
  { a[0] = 5; s1 = (a == b); s2 = (c > a); df = c - a; s3 = (b + 3 == c); }
  printf("section base and host values: %d %d %d %ld %d\n", s1, s2, s3, df,
         q[0]);
#pragma omp target map(tofrom: a[0:8]) map(from: s1) map(to: uq)
  { a[1] = 7; s1 = ((int *)uq == a); }
  printf("section base and an integer: %d %d\n", s1, q[1]);
#pragma omp target map(tofrom: lo[0:4], hi[0:4]) map(from: df, s1)
  { lo[0] = 1; hi[0] = 2; df = hi - lo; s1 = (hi > lo); }
  printf("two items' bases: %ld %d %d %d\n", df, s1, q[0], q[4]);

  // A mapped array's address is the device copy's too: stored into a
  // record or an array that goes back to the host (directly, through a
  // callee's result, or loaded back from a member the region puts back),
  // cast to an integer, compared with a host-valued pointer (here, or in a
  // callee). Kept where the host never reads it, it is the device's alone.
  int arr[8] = {0}, other[8] = {0}, *hp = arr, *ptrs[2] = {other, other};
  uintptr_t ua[1] = {0};
  struct Holder h = {other, 8}, h2 = {other, 8}, fh = {other, 8};
#pragma omp target map(tofrom: arr, h)
  { h.p = arr; arr[1] = 5; }
  printf("array stored in a record: %d %d %d\n", h.p == arr, arr[1], other[1]);
  h.p = other;
#pragma omp target map(tofrom: arr, h, h2)
  { int *t = h.p; h.p = arr; h.p[2] = 6; h2.p = h.p; h.p = t; }
  printf("loaded back and stored: %d %d %d\n", h2.p == arr, h.p == other,
         arr[2]);
#pragma omp target map(tofrom: arr, ptrs)
  { ptrs[0] = itself(arr); arr[3] = 7; }
  printf("a callee's result stored: %d %d\n", ptrs[0] == arr, arr[3]);
#pragma omp target map(tofrom: arr, ua)
  { ua[0] = (uintptr_t)arr; }
  printf("array as an integer: %d\n", ua[0] == (uintptr_t)arr);
#pragma omp target map(tofrom: arr) map(from: s1, s2, df)
  { arr[4] = 8; s1 = (hp == arr); s2 = (hp < arr + 4); df = arr - hp; }
  printf("array and host values: %d %d %ld %d\n", s1, s2, df, arr[4]);
#pragma omp target map(tofrom: arr) map(from: s1)
  { s1 = same(arr, hp); }
  printf("compared in a callee: %d\n", s1);
#pragma omp target map(tofrom: arr) firstprivate(fh)
  { fh.p = arr; fh.p[5] = 9; }
  printf("firstprivate record: %d %d\n", fh.p == other, arr[5]);

  // So is a mapped object's, and its members' (&x, &h.n).
  int x = 0;
#pragma omp target map(tofrom: x, h)
  { h.p = &x; x = 3; }
  printf("object's address stored: %d %d\n", h.p == &x, x);
#pragma omp target map(tofrom: h2, h)
  { h.p = &h2.n; h2.n = 4; }
  printf("member's address stored: %d %d\n", h.p == &h2.n, h2.n);
  long lv[1] = {0};
#pragma omp target map(tofrom: arr, lv)
  { int *ap = arr; memcpy(lv, &ap, sizeof ap); }
  printf("copied by its address: %d\n", lv[0] == (long)(uintptr_t)arr);
  // A declare target array's is its device copy's.
#pragma omp target map(tofrom: h)
  { h.p = darr; darr[1] = 6; }
  printf("declare target array stored: %d\n", h.p == darr);
  return 0;
}
