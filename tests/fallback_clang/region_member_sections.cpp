/* Sections of pointer members on target regions (helper nf6, issue 10):
   map(tofrom: v.p[0:n]), v.in.p[lo:len], w->p[0:n], two members of one
   struct, this->v.p[0:n] of a struct member v. The stub maps the struct
   (v, or w[0:1]) and the section, and attaches the member; the kernel
   reads the device address in v.p and the host keeps its own afterwards.
   Member items and items inside array members (s.in.k, s.a[2:4],
   s.rows[r][0:n], s.rows[0:m][0:6], v->a[0:8]), which the struct's map
   covers; a reference member (left on the host). Each shape with the data not present and
   already present (enter data before, the kernel writes, exit data after),
   a global and a by-value parameter, members written by the region, and a
   region that moves the pointer inside its section. GCC 12 rejects member
   sections on target regions, so the host build is clang's. */
#include <cstdio>
#include <cstdlib>

struct In {
  int k;
  int *p;
};
struct V {
  int n;
  int *p;
  int *q;
  In in;
};

static V g;

// Struct members of `this`: the stub takes the member v, maps it whole.
struct H {
  V v;
  int m;
  void run(int k) {
#pragma omp target map(tofrom: v.p[0:m])
    for (int i = 0; i < m; ++i)
      v.p[i] += k + v.n;
#pragma omp target map(tofrom: this->v.in.p[1:3])
    for (int i = 1; i < 4; ++i)
      v.in.p[i] *= k;
  }
  void present(int k) {
#pragma omp target enter data map(to: this[0:1]) map(to: v.p[0:m])
#pragma omp target map(tofrom: v.p[0:m])
    for (int i = 0; i < m; ++i)
      v.p[i] -= k * i;
#pragma omp target exit data map(from: v.p[0:m]) map(release: this[0:1])
  }
};

static void print(const char *What, const int *p, int n) {
  std::printf("%s:", What);
  for (int i = 0; i < n; ++i)
    std::printf(" %d", p[i]);
  std::printf("\n");
}

static int *fresh(int n, int base) {
  int *p = (int *)calloc(n, sizeof(int));
  for (int i = 0; i < n; ++i)
    p[i] = base + i;
  return p;
}

static void byValue(V v, int n, int k) {
#pragma omp target teams distribute parallel for map(tofrom: v.p[0:n])
  for (int i = 0; i < n; ++i)
    v.p[i] = v.p[i] * 2 + k;
}

static void local() {
  V v;
  v.n = 8;
  v.p = fresh(8, 0);
  v.q = fresh(4, 50);
  v.in.k = 3;
  v.in.p = fresh(8, 20);
  int *const keep = v.p;
  // Not present.
#pragma omp target map(tofrom: v.p[0:8])
  for (int i = 0; i < v.n; ++i)
    v.p[i] += 10 + v.in.k;
  print("local", v.p, 8);
  std::printf("kept: %d\n", v.p == keep);
  // A nested member, a lower bound; the region writes a scalar member.
#pragma omp target map(tofrom: v.in.p[2:4])
  {
    for (int i = 2; i < 6; ++i)
      v.in.p[i] *= v.in.k;
    v.in.k = 9;
  }
  print("nested", v.in.p, 8);
  std::printf("k: %d\n", v.in.k);
  // Two members of one struct, a combined loop.
#pragma omp target teams distribute parallel for map(tofrom: v.p[0:8], v.q[0:4])
  for (int i = 0; i < 8; ++i)
    v.p[i] += v.q[i % 4];
  print("two", v.p, 8);
  // Already present: the kernel's writes come back at exit data.
#pragma omp target enter data map(to: v) map(to: v.p[0:8])
#pragma omp target map(tofrom: v.p[0:8])
  for (int i = 0; i < 8; ++i)
    v.p[i] = v.p[i] * 3 - i;
#pragma omp target exit data map(from: v.p[0:8]) map(release: v)
  print("present", v.p, 8);
  std::printf("kept: %d\n", v.p == keep);
  // The struct alone present: the region maps and attaches the section.
#pragma omp target enter data map(to: v)
#pragma omp target map(tofrom: v.q[0:4])
  for (int i = 0; i < 4; ++i)
    v.q[i] -= 7;
#pragma omp target exit data map(from: v)
  print("struct present", v.q, 4);
  // The region moves the pointer inside its section.
#pragma omp target map(tofrom: v.p[0:8])
  {
    v.p = v.p + 2;
    v.p[0] = 77;
  }
  std::printf("moved: %d\n", (int)(v.p - keep));
  print("moves", keep, 8);
  v.p = keep;
  byValue(v, v.n, 5);
  print("by value", v.p, 8);
  free(v.p);
  free(v.q);
  free(v.in.p);
}

static void arrow() {
  V *w = (V *)calloc(1, sizeof(V));
  w->n = 6;
  w->p = fresh(6, 100);
  w->in.p = fresh(6, 200);
  int *const keep = w->p;
#pragma omp target map(tofrom: w->p[0:w->n])
  for (int i = 0; i < w->n; ++i)
    w->p[i] -= i * i;
  print("arrow", w->p, 6);
  std::printf("kept: %d\n", w->p == keep);
#pragma omp target map(tofrom: w->in.p[1:4])
  for (int i = 1; i < 5; ++i)
    w->in.p[i] += w->n;
  print("arrow nested", w->in.p, 6);
#pragma omp target enter data map(to: w[0:1]) map(to: w->p[0:6])
#pragma omp target map(tofrom: w->p[0:6])
  for (int i = 0; i < 6; ++i)
    w->p[i] *= 2;
#pragma omp target exit data map(from: w->p[0:6]) map(release: w[0:1])
  print("arrow present", w->p, 6);
  std::printf("kept: %d\n", w->p == keep);
  free(w->p);
  free(w->in.p);
  free(w);
}

// Items inside array members: the struct's map covers them.
struct A {
  int n;
  int a[8];
  int rows[4][6];
  In in;
};

static void arrays() {
  A *v = (A *)calloc(1, sizeof(A));
  A &u = *v;
  A s = {};
  s.n = 3;
  for (int i = 0; i < 8; ++i)
    s.a[i] = i;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 6; ++j)
      s.rows[i][j] = 10 * i + j;
  int r = 2, n = 6, m = 4;
#pragma omp target map(tofrom: s.a[2:4])
  for (int i = 2; i < 6; ++i)
    s.a[i] *= s.n;
#pragma omp target map(tofrom: s.rows[r][0:n])
  for (int j = 0; j < n; ++j)
    s.rows[r][j] += 100;
#pragma omp target teams distribute parallel for map(tofrom: s.rows[0:m][0:6])
  for (int i = 0; i < 4; ++i)
    s.rows[i][0] = -s.rows[i][1];
#pragma omp target map(to: s.in.k)
  s.in.k = s.a[1] + s.a[2];
  u.a[3] = 5;
#pragma omp target map(tofrom: v->a[0:8])
  v->a[3] *= 9;
  // Already present.
#pragma omp target enter data map(to: s)
#pragma omp target map(tofrom: s.a[0:8])
  for (int i = 0; i < 8; ++i)
    s.a[i] += 1000;
#pragma omp target exit data map(from: s)
  print("arrays", s.a, 8);
  for (int i = 0; i < 4; ++i)
    print("row", s.rows[i], 6);
  std::printf("k: %d, n: %d, a[3]: %d\n", s.in.k, s.n, v->a[3]);
  free(v);
}

// A reference member's object is not in the struct: left on the host.
struct R {
  int n;
  In &in;
};

static void references() {
  In i0;
  i0.k = 1;
  i0.p = fresh(4, 60);
  R r{2, i0};
#pragma omp target map(tofrom: r.in.p[0:4])
  r.in.p[1] = 5;
#pragma omp target map(tofrom: r.in.k)
  r.in.k = 7;
  print("reference", i0.p, 4);
  std::printf("k: %d\n", i0.k);
  free(i0.p);
}

static void global() {
  g.n = 5;
  g.p = fresh(5, 40);
#pragma omp target map(tofrom: g.p[0:g.n])
  for (int i = 0; i < g.n; ++i)
    g.p[i] = -g.p[i];
  print("global", g.p, 5);
  free(g.p);
}

static void members() {
  H h;
  h.m = 6;
  h.v.n = 2;
  h.v.p = fresh(6, 1);
  h.v.in.p = fresh(6, 30);
  int *const keep = h.v.p;
  h.run(3);
  print("member", h.v.p, 6);
  print("member nested", h.v.in.p, 6);
  h.present(4);
  print("member present", h.v.p, 6);
  std::printf("kept: %d\n", h.v.p == keep);
  free(h.v.p);
  free(h.v.in.p);
}

int main() {
  local();
  members();
  arrays();
  references();
  arrow();
  global();
  return 0;
}
