// A copy freed while an attached pointer targets it keeps its device memory
// until the pointer is forgotten or attached elsewhere (helper ex7,
// attach_table.h hold()): `exit data map(from: t)` frees t's copy while the
// device copy of s.p, attached into t and moved by a kernel, still points
// into it; `enter data map(to: u)` could then be given t's old block by the
// device cache, and the later copy back of s.p read as u's host counterpart
// (emu printed `moved -6 into u 1` for move 2, scratch-ex6 r8.cpp). Also a
// kernel that points s.p at u's copy (which had t's address: s.p read back
// as t's host address), u larger and smaller than t, and a re-attach that
// lets t's memory go. clang's host build: `map(to: s.p)` beside `map(to: s)`
// is a C++ member map GCC 12 rejects.
#include <cstdio>
#include <cstdlib>

struct T {
  int v[8];
};
struct S {
  int *p;
  int n;
};
struct Small {
  int v[2];
};
struct Large {
  int v[64];
};

// s.p moved by a kernel into t, t freed, u entered, s copied back.
template <class U> static void reuseCase(const char *name, int move) {
  T t = {};
  U u = {};
  S s;
  s.p = &t.v[0];
  s.n = 8;
#pragma omp target enter data map(to: t) map(to: s) map(to: s.p)
#pragma omp target
  {
    s.p = s.p + move;
    t.v[2] = 42;
  }
#pragma omp target exit data map(from: t)
#pragma omp target enter data map(to: u)
#pragma omp target exit data map(from: s) map(from: s.p)
#pragma omp target exit data map(from: u)
  std::printf("reuse %s move %d: moved %d into u %d v %d\n", name, move,
              (int)(s.p - &t.v[0]), (int)(s.p == &u.v[0] + move), t.v[2]);
}

// A kernel points s.p into u's copy after t's copy went.
static void kernelCase(int move) {
  T t = {}, u = {};
  S s;
  s.p = &t.v[0];
  s.n = 8;
#pragma omp target enter data map(to: t) map(to: s) map(to: s.p)
#pragma omp target exit data map(from: t)
#pragma omp target enter data map(to: u)
#pragma omp target map(present, alloc: u)
  {
    s.p = &u.v[move];
    u.v[1] = 7;
  }
#pragma omp target exit data map(from: s) map(from: s.p)
#pragma omp target exit data map(from: u)
  std::printf("kernel move %d: into u %d into t %d v %d\n", move,
              (int)(s.p - &u.v[0]), (int)(s.p == &t.v[0] + move), u.v[1]);
}

// s.p attached again, into u: t's memory goes, and another copy may take it.
static void reattachCase(int move) {
  T t = {}, u = {}, w = {};
  S s;
  s.p = &t.v[0];
  s.n = 8;
#pragma omp target enter data map(to: s)
#pragma omp target enter data map(to: s.p[0:8])
#pragma omp target exit data map(from: s.p[0:8])
#pragma omp target enter data map(to: u)
  s.p = &u.v[0];
#pragma omp target enter data map(to: s.p[0:8])
#pragma omp target enter data map(to: w)
#pragma omp target
  {
    s.p = s.p + move;
    u.v[move] = 5;
    w.v[3] = 9;
  }
#pragma omp target exit data map(from: w)
#pragma omp target exit data map(from: u)
#pragma omp target exit data map(from: s) map(from: u)
  std::printf("reattach move %d: into u %d v %d w %d\n", move,
              (int)(s.p - &u.v[0]), u.v[move], w.v[3]);
}

// Many copies freed while s.p stays attached to the first of them.
static void loopCase() {
  T t = {};
  S s;
  s.p = &t.v[0];
  s.n = 8;
#pragma omp target enter data map(to: t) map(to: s) map(to: s.p)
#pragma omp target
  { s.p = s.p + 1; }
#pragma omp target exit data map(from: t)
  int sum = 0;
  for (int i = 0; i < 20; ++i) {
    T *x = (T *)calloc(1, sizeof(T));
#pragma omp target enter data map(to: x[0:1])
#pragma omp target map(present, alloc: x[0:1]) map(tofrom: sum)
    {
      x->v[0] = i;
      sum += i;
    }
#pragma omp target exit data map(from: x[0:1])
    sum += x->v[0];
    free(x);
  }
#pragma omp target exit data map(from: s) map(from: s.p)
  std::printf("loop: moved %d sum %d\n", (int)(s.p - &t.v[0]), sum);
}

int main() {
  reuseCase<T>("first", 0); // scratch-ex6 r8.cpp
  reuseCase<T>("first", 2);
  for (int move = 0; move <= 2; move += 2) {
    reuseCase<T>("same", move);
    reuseCase<Small>("small", move);
    reuseCase<Large>("large", move);
    kernelCase(move);
    reattachCase(move);
  }
  loopCase();
  return 0;
}
