// Equality between pointers of different map items (review a7-a9): each
// item's device copy is an allocation of its own, so a pointer moved past
// the end of one item's copy never meets the start of another's, where the
// host build's does (two sections of one array, adjacent arrays). Such
// regions stay on the host; comparisons within one item, with null, or of
// two unmoved addresses are translated (the twins below).
#include <stdio.h>

static int sum(const int *b, const int *e) {
  int s = 0;
  for (const int *x = b; x != e; ++x)
    s += *x;
  return s;
}
#pragma omp declare target(sum)

int main(void) {
  int a[4] = {1, 2, 3, 4}, c[4] = {0}, d[4] = {0};
  int *p = a, *q = a + 2, *u = c, *w = d;
  int r[4] = {0};

  // Left on the host: the walk from one section's base to the other's.
#pragma omp target map(tofrom: p[0:2], q[0:2], r)
  { int n = 0; for (int *x = p; x != q && n < 10; ++x) n++; r[0] = n; }
  printf("walk to the other section: %d\n", r[0]);

#pragma omp target map(tofrom: p[0:2], q[0:2], r)
  { r[0] = p + 2 == q; r[1] = p[0] + q[0]; r[2] = q - 2 != p; }
  printf("p + 2 == q: %d %d %d\n", r[0], r[1], r[2]);

  // Two arrays (and two sections of them): equal when the stack puts one
  // right after the other; the line prints whether the region agrees.
#pragma omp target map(tofrom: c, d, r)
  { r[0] = c + 4 == d; r[1] = d + 4 == c; }
#pragma omp target map(tofrom: u[0:4], w[0:4], r)
  { r[2] = u + 4 == w; r[3] = w + 4 == u; }
  printf("adjacent arrays agree: %d %d %d %d\n", r[0] == (c + 4 == d),
         r[1] == (d + 4 == c), r[2] == (u + 4 == w), r[3] == (w + 4 == u));

  // Translated: within one item, with null, unmoved addresses.
#pragma omp target map(tofrom: p[0:2], q[0:2], r)
  {
    int n = 0;
    for (int *x = p; x != p + 2 && n < 10; ++x)
      n += *x;
    r[0] = n;
    r[1] = (p == q) + 2 * (p != 0) + 4 * (q + 1 == &q[1]);
  }
  printf("within one item: %d %d\n", r[0], r[1]);

#pragma omp target map(tofrom: a, r)
  {
    const int *e = a + 4;
    int s = 0;
    for (const int *x = a; x != e; ++x)
      s += *x;
    r[0] = s;
    r[1] = sum(a, a + 4) + sum(a + 1, e);
  }
  printf("sum: %d %d\n", r[0], r[1]);
  return 0;
}
