// A pointer member is attached only by a map item through that very member
// (`s.q[0:8]` attaches s.q, not s.p, nor s2.q, nor sa[1].q): a region
// that dereferences another pointer held in the mapped record stays on the
// host, and the program prints what the host build prints. (GCC 12 fails
// on `map(sp[0:1], sp->q[0:8])`: the host build is clang's.)
#include <stdio.h>

struct S {
  int *p;
  int *q;
  int n;
};
struct W {
  struct S in;
  int *r;
};

static void reset(int *a, int *b) {
  for (int i = 0; i < 8; ++i)
    a[i] = b[i] = 0;
}

int main(void) {
  int a[8], b[8];
  reset(a, b);
  struct S s = {a, b, 8};
  struct S *sp = &s;
#pragma omp target data map(tofrom: s, s.q[0:8])
  {
#pragma omp target map(tofrom: a)
    {
      s.p[1] = 5;
      s.q[1] = 6;
    }
  }
  printf("data, dot: %d %d\n", a[1], b[1]);
#pragma omp target data map(tofrom: sp[0:1], sp->q[0:8])
  {
#pragma omp target map(tofrom: a)
    {
      sp->p[2] = 7;
      sp->q[2] = 8;
    }
  }
  printf("data, arrow: %d %d\n", a[2], b[2]);
#pragma omp target map(tofrom: a) map(tofrom: s, s.q[0:8])
  {
    s.p[3] = 9;
    s.q[3] = 10;
  }
  printf("own clause: %d %d\n", a[3], b[3]);
#pragma omp target enter data map(to: s, s.q[0:8])
#pragma omp target map(tofrom: a)
  {
    s.p[4] = 11;
    s.q[4] = 12;
  }
#pragma omp target exit data map(from: s.q[0:8], s)
  printf("enter data: %d %d\n", a[4], b[4]);

  int c[8] = {0}, d[8] = {0};
  struct S s1 = {a, b, 8}, s2 = {c, d, 8};
#pragma omp target data map(tofrom: s1, s1.q[0:8], s2)
  {
#pragma omp target map(tofrom: d)
    {
      s1.q[5] = 13;
      s2.q[5] = 14;
    }
  }
  printf("two records: %d %d\n", b[5], d[5]);

  struct S sa[2] = {{a, b, 8}, {c, d, 8}};
#pragma omp target data map(tofrom: sa[0:2], sa[0].q[0:8])
  {
#pragma omp target map(tofrom: d)
    {
      sa[0].q[6] = 15;
      sa[1].q[6] = 16;
    }
  }
  printf("array of records: %d %d\n", b[6], d[6]);

  struct W w = {{a, b, 8}, c};
#pragma omp target data map(tofrom: w, w.in.q[0:8])
  {
#pragma omp target map(tofrom: a)
    {
      w.in.p[7] = 17;
      w.in.q[7] = 18;
    }
  }
  printf("nested: %d %d\n", a[7], b[7]);
  reset(a, b);
#pragma omp target data map(tofrom: w, w.in.q[0:8])
  {
#pragma omp target map(tofrom: c)
    {
      w.r[0] = 19;
      w.in.q[0] = 20;
    }
  }
  printf("nested, outer member: %d %d\n", c[0], b[0]);

  // An iterator over the whole array attaches every element; one over
  // part of it leaves rows[3] the host's address.
  int e[4] = {0}, f[4] = {0}, g[4] = {0}, h[4] = {0};
  int *rows[4] = {e, f, g, h};
#pragma omp target map(iterator(it = 0:4), tofrom: rows[it][:1]) map(to: rows)
  {
    for (int i = 0; i < 4; i++)
      rows[i][0] = 30 + i;
  }
  printf("iterator, every row: %d %d %d %d\n", e[0], f[0], g[0], h[0]);
#pragma omp target map(iterator(it = 0:3), tofrom: rows[it][:1])              \
    map(to: rows) map(tofrom: h[0:1])
  {
    for (int i = 0; i < 4; i++)
      rows[i][0] = 40 + i;
  }
  printf("iterator, three rows: %d %d %d %d\n", e[0], f[0], g[0], h[0]);
  return 0;
}
