// Exit data with several items: every item's address and bytes are read
// before any exits (an exit may give the host's pointer a new value, the
// host counterpart of where a kernel moved its device copy), and a
// pointer's storage (or the struct holding it) exits before the section it
// points into, whatever the clause order.
#include <cstdio>
#include <cstdlib>

struct S {
  int *p;
  int n;
};

static void structCase(int order, int move) {
  S s;
  s.n = 8;
  s.p = (int *)calloc(8, sizeof(int));
  int *const keep = s.p;
#pragma omp target enter data map(to: s) map(to: s.p[0:8])
#pragma omp target
  {
    s.p = s.p + move;
    s.p[0] = 40 + move;
    s.p[1] += s.n;
  }
  if (order == 0) {
#pragma omp target exit data map(from: s.p) map(from: s.p[0:8])
  } else if (order == 1) {
#pragma omp target exit data map(from: s.p[0:8]) map(from: s.p)
  } else if (order == 2) {
#pragma omp target exit data map(from: s.p[0:8]) map(from: s)
  } else {
#pragma omp target exit data map(from: s) map(from: s.p[0:8])
  }
  std::printf("struct order %d move %d: moved %d", order, move,
              (int)(s.p - keep));
  for (int i = 0; i < 8; ++i)
    std::printf(" %d", keep[i]);
  std::printf("\n");
  if (order < 2) {
#pragma omp target exit data map(release: s)
  }
  free(keep);
}

static void pointerCase(int order, int move) {
  int *p = (int *)calloc(8, sizeof(int));
  int *const keep = p;
#pragma omp target enter data map(to: p[0:8]) map(to: p)
#pragma omp target
  {
    p = p + move;
    p[0] = 50 + move;
  }
  if (order == 0) {
#pragma omp target exit data map(from: p) map(from: p[0:8])
  } else {
#pragma omp target exit data map(from: p[0:8]) map(from: p)
  }
  std::printf("pointer order %d move %d: moved %d", order, move,
              (int)(p - keep));
  for (int i = 0; i < 8; ++i)
    std::printf(" %d", keep[i]);
  std::printf("\n");
  free(keep);
}

// The section's length is read before n copies back.
static void lengthCase() {
  int n = 6;
  int *a = (int *)calloc(8, sizeof(int));
#pragma omp target enter data map(to: n) map(to: a[0:n])
#pragma omp target map(tofrom: n)
  {
    for (int i = 0; i < n; ++i)
      a[i] = i + 1;
    n = 2;
  }
#pragma omp target exit data map(from: n) map(from: a[0:n])
  std::printf("length: n %d", n);
  for (int i = 0; i < 8; ++i)
    std::printf(" %d", a[i]);
  std::printf("\n");
  free(a);
}

// release and delete with two references: nothing copies back until the
// last exit, which finds the items at their held addresses.
static void releaseCase(int move) {
  S s;
  s.n = 8;
  s.p = (int *)calloc(8, sizeof(int));
  int *const keep = s.p;
#pragma omp target enter data map(to: s) map(to: s.p[0:8])
#pragma omp target enter data map(to: s) map(to: s.p[0:8])
#pragma omp target
  {
    s.p = s.p + move;
    s.p[0] = 60 + move;
  }
#pragma omp target exit data map(release: s.p[0:8]) map(release: s)
#pragma omp target exit data map(from: s.p[0:8]) map(from: s)
  std::printf("release move %d: moved %d", move, (int)(s.p - keep));
  for (int i = 0; i < 8; ++i)
    std::printf(" %d", keep[i]);
  std::printf("\n");
  s.p = keep;
#pragma omp target enter data map(to: s) map(to: s.p[0:8])
#pragma omp target exit data map(delete: s.p[0:8]) map(delete: s)
  // Deleted: a new entry copies the host's values again.
  keep[1] = 70;
#pragma omp target enter data map(to: s) map(to: s.p[0:8])
#pragma omp target
  {
    s.p[2] = s.p[1] + 1;
  }
#pragma omp target exit data map(from: s.p[0:8]) map(release: s)
  std::printf("delete: %d %d\n", keep[1], keep[2]);
  free(keep);
}

// A struct, its pointer member and the section it points into, in one
// construct: the member's storage exits first, while the section is there.
static void holderCase(int order) {
  int *q = (int *)calloc(8, sizeof(int));
  S s;
  s.n = 8;
  s.p = q;
#pragma omp target enter data map(to: q[0:8]) map(to: s) map(to: s.p)
#pragma omp target map(to: q[0:8])
  {
    s.p = s.p + 2;
    q[2] = 42;
  }
  if (order == 0) {
#pragma omp target exit data map(from: s) map(from: s.p) map(from: q[0:8])
  } else {
#pragma omp target exit data map(from: q[0:8]) map(from: s.p) map(from: s)
  }
  std::printf("holder order %d: moved %d v %d\n", order, (int)(s.p - q), q[2]);
  free(q);
}

int main() {
  for (int order = 0; order < 4; ++order)
    for (int move = 0; move < 3; move += 2)
      structCase(order, move);
  for (int order = 0; order < 2; ++order)
    for (int move = 0; move < 4; move += 3)
      pointerCase(order, move);
  lengthCase();
  releaseCase(0);
  releaseCase(2);
  holderCase(0);
  holderCase(1);
  return 0;
}
