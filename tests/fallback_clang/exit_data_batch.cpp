// Exit data of several items is one batch (helper ex6): every item copies
// back before any copy goes, so a pointer attached into another whole
// object of the construct (s.p into t) that a kernel moved reads as its
// host counterpart in any clause order, also with delete or release beside
// from, for a plain pointer variable, at the end of a target data region,
// deferred (nowait), and after a region left on the host moved it (the
// device copy of s.p then holds t's device address). Before the batch the
// emulation printed a device address as `moved`; also where t exits in a
// construct of its own before s (separateCase). clang's host build:
// `map(to: s.p)` beside `map(to: s)` is a C++ member map GCC 12 rejects.
#include <cstdio>
#include <cstdlib>

struct T {
  int v[8];
};
struct S {
  int *p;
  int n;
};

static void wholeCase(int order, int move) {
  T t = {};
  S s;
  s.p = &t.v[0];
  s.n = 8;
#pragma omp target enter data map(to: t) map(to: s) map(to: s.p)
#pragma omp target
  {
    s.p = s.p + move;
    t.v[2] = 42;
  }
  if (order == 0) {
#pragma omp target exit data map(from: t) map(from: s) map(from: s.p)
  } else if (order == 1) {
#pragma omp target exit data map(from: s.p) map(from: s) map(from: t)
  } else if (order == 2) {
#pragma omp target exit data map(from: s) map(from: t) map(from: s.p)
  } else {
#pragma omp target exit data map(from: s.p, t) map(from: s) nowait
#pragma omp taskwait
  }
  std::printf("whole order %d move %d: moved %d v %d\n", order, move,
              (int)(s.p - &t.v[0]), t.v[2]);
}

// delete and release beside from: t's copy goes without a copy back (its
// values are the device's, which only the host build shares), so only
// where s.p points is printed.
static void deleteCase(int order) {
  T t = {};
  S s;
  s.p = &t.v[0];
  s.n = 8;
#pragma omp target enter data map(to: t) map(to: s) map(to: s.p)
#pragma omp target
  { s.p = s.p + 3; }
  if (order == 0) {
#pragma omp target exit data map(delete: t) map(from: s) map(from: s.p)
  } else if (order == 1) {
#pragma omp target exit data map(from: s.p) map(from: s) map(release: t)
  } else {
#pragma omp target exit data map(release: t) map(from: s.p, s)
  }
  std::printf("delete order %d: moved %d\n", order, (int)(s.p - &t.v[0]));
}

// A pointer variable attached into a whole object.
static void pointerCase(int order, int move) {
  T *t = (T *)calloc(1, sizeof(T));
  T &tr = *t;
  int *p = &tr.v[0];
  (void)tr;
#pragma omp target enter data map(to: t[0:1]) map(to: p)
#pragma omp target
  {
    p = p + move;
    p[1] = 30 + move;
  }
  if (order == 0) {
#pragma omp target exit data map(from: t[0:1]) map(from: p)
  } else {
#pragma omp target exit data map(from: p) map(from: t[0:1])
  }
  std::printf("pointer order %d move %d: moved %d v %d %d\n", order, move,
              (int)(p - &t->v[0]), t->v[1], t->v[move + 1]);
  free(t);
}

// The end of a target data region ends its items as one.
static void dataCase(int move) {
  T t = {};
  S s;
  s.p = &t.v[0];
  s.n = 8;
#pragma omp target data map(tofrom: t) map(tofrom: s) map(tofrom: s.p)
  {
#pragma omp target
    {
      s.p = s.p + move;
      t.v[2] = 42;
    }
  }
  std::printf("data move %d: moved %d v %d\n", move, (int)(s.p - &t.v[0]),
              t.v[2]);
}

// A region left on the host moves s.p: the device copy of s.p gets the
// device address of where it points in t (a translated region then writes
// through it), and the exit gives the host its host counterpart again.
static void fallbackCase(int order, int move) {
  T t = {};
  S s;
  s.p = &t.v[0];
  s.n = 8;
#pragma omp target enter data map(to: t) map(to: s) map(to: s.p[0:4])
  // omp2cuda: host
#pragma omp target
  {
    s.p = s.p + move;
    t.v[1] = 11;
  }
#pragma omp target
  {
    s.p[0] = 50 + move;
    s.p = s.p + 1;
  }
  if (order == 0) {
#pragma omp target exit data map(from: t) map(from: s) map(from: s.p[0:4])
  } else {
#pragma omp target exit data map(from: s.p[0:4]) map(from: s) map(from: t)
  }
  std::printf("fallback order %d move %d: moved %d v %d %d %d\n", order, move,
              (int)(s.p - &t.v[0]), t.v[0], t.v[1], t.v[move]);
}

// t exits in a construct of its own before s: s.p's device copy points
// into a copy already freed, whose host counterpart the runtime remembers
// while attachments remain (it printed a device address). Kernel or region
// left on the host moving s.p; then a region left on the host reads s.p.
static void separateCase(int fallback, int move) {
  T t = {};
  S s;
  s.p = &t.v[0];
  s.n = 8;
  int seen = -1;
#pragma omp target enter data map(to: t) map(to: s) map(to: s.p)
  if (fallback) {
    // omp2cuda: host
#pragma omp target
    {
      s.p = s.p + move;
      t.v[2] = 42;
    }
  } else {
#pragma omp target
    {
      s.p = s.p + move;
      t.v[2] = 42;
    }
  }
#pragma omp target exit data map(from: t)
  // omp2cuda: host
#pragma omp target map(from: seen)
  { seen = (int)(s.p - &t.v[0]); }
#pragma omp target exit data map(from: s) map(from: s.p)
  std::printf("separate fallback %d move %d: seen %d moved %d v %d\n",
              fallback, move, seen, (int)(s.p - &t.v[0]), t.v[2]);
}

// The same through structured regions: the inner target data's end frees
// t's copy before the outer one copies s back.
static void nestedDataCase(int move) {
  T t = {};
  S s;
  s.p = &t.v[0];
  s.n = 8;
#pragma omp target data map(tofrom: s) map(tofrom: s.p)
  {
#pragma omp target data map(tofrom: t)
    {
#pragma omp target enter data map(to: s.p[0:1])
#pragma omp target
      {
        s.p = s.p + move;
        t.v[2] = 42;
      }
#pragma omp target exit data map(release: s.p[0:1])
    }
  }
  std::printf("nested data move %d: moved %d v %d\n", move,
              (int)(s.p - &t.v[0]), t.v[2]);
}

int main() {
  for (int order = 0; order < 4; ++order)
    for (int move = 0; move < 3; move += 2)
      wholeCase(order, move);
  for (int order = 0; order < 3; ++order)
    deleteCase(order);
  for (int order = 0; order < 2; ++order)
    for (int move = 0; move < 4; move += 3)
      pointerCase(order, move);
  dataCase(0);
  dataCase(2);
  for (int order = 0; order < 2; ++order)
    for (int move = 0; move < 3; move += 2)
      fallbackCase(order, move);
  for (int fallback = 0; fallback < 2; ++fallback)
    for (int move = 0; move < 3; move += 2)
      separateCase(fallback, move);
  nestedDataCase(0);
  nestedDataCase(2);
  return 0;
}
