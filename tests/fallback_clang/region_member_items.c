// A target region's member items map the members, not the whole struct
// (OpenMP: a structure element is mapped alone; several of one struct as
// one span from the first to the end of the last, as libomptarget does).
// Each case printed a wrong answer or stopped when the region mapped all
// of the struct: its copy back wrote the other members with stale values
// (scratch-mspan r1.c), and a member already on the device made the
// region's map overlap it (ov2.c, d1.c d8/d9). Members of what a pointer
// points to (`w->x`) too. A region that names the struct whole still maps
// it whole. (GCC 12 rejects some member maps: the
// host build is clang's.)
#include <stdio.h>
#include <stdlib.h>

struct S {
  int x;
  int pad[64];
  int y;
};
struct In {
  int a;
  double b;
};
struct T {
  double d[3];
  int x;
  char c; // never mapped
  int y;
  struct In in;
  int arr[8];
};

static int sum(const struct T *t) { return t->x + t->y + t->in.a; }

int main(void) {
  // The host writes s.y while target tasks that map s.x run (r1.c).
  struct S s = {0, {0}, 0};
  const int N = 200;
  for (int r = 0; r < N; ++r) {
#pragma omp target map(tofrom: s.x) nowait depend(inout: s)
    s.x += 1;
    s.y += 1;
  }
#pragma omp taskwait
  printf("r1: x=%d y=%d\n", s.x, s.y);

  // Between two regions of a target data on s.x (its block is present).
  s.x = s.y = 0;
#pragma omp target data map(tofrom: s.x)
  {
#pragma omp target map(tofrom: s.x)
    s.x += 1;
    s.y = 7;
#pragma omp target map(tofrom: s.x)
    s.x += 10;
  }
  printf("data: x=%d y=%d\n", s.x, s.y);

  // A member an enter data put on the device (ov2.c), with and without
  // the present modifier.
  s.x = 1;
  s.y = 2;
#pragma omp target enter data map(to: s.y)
#pragma omp target map(alloc: s.y)
  s.y += 1;
#pragma omp target map(present, alloc: s.y)
  s.y += 10;
#pragma omp target exit data map(from: s.y)
  printf("ov2: y=%d\n", s.y);

  // Members of target data, read by a region that maps them (d1.c d8, d9).
  struct T t = {{1, 2, 3}, 5, 'a', 6, {7, 0.5}, {0}};
  int out[4] = {0};
#pragma omp target data map(to: t.x, t.y)
  {
#pragma omp target map(from: out) map(alloc: t.x, t.y)
    for (int i = 0; i < 4; ++i)
      out[i] = 100 * t.x + t.y + i;
  }
  printf("d8: %d %d %d %d\n", out[0], out[1], out[2], out[3]);
#pragma omp target data map(to: t.x)
  {
#pragma omp target map(from: out) map(alloc: t.x)
    for (int i = 0; i < 4; ++i)
      out[i] = 100 * t.x - i;
  }
  printf("d9: %d %d %d %d\n", out[0], out[1], out[2], out[3]);

  // An unmapped member inside the span keeps the host's value; the kernel
  // reads each member at its own offset, a nested one too.
#pragma omp target enter data map(to: t.x, t.y)
  t.c = 'Q';
#pragma omp target map(alloc: t.x, t.y)
  t.x = 2 * t.y + 1;
#pragma omp target exit data map(from: t.x, t.y)
  t.y = 9;
#pragma omp target map(tofrom: t.x, t.in.a)
  {
    t.x += t.in.a;
    t.in.a += 1;
  }
  printf("span: x=%d y=%d a=%d c=%c\n", t.x, t.y, t.in.a, t.c);

  // A member array, in a loop construct; a nested struct member whole.
#pragma omp target teams distribute parallel for map(tofrom: t.arr)
  for (int i = 0; i < 8; ++i)
    t.arr[i] = i * i;
#pragma omp target map(tofrom: t.in) map(to: t.x)
  {
#pragma omp parallel for num_threads(2)
    for (int i = 0; i < 4; ++i)
      if (i == 0)
        t.in.b = t.in.a * 2.0 + t.x;
  }
  printf("arr: %d %d %d b=%.1f\n", t.arr[1], t.arr[3], t.arr[7], t.in.b);

  // The region names the struct whole: it is mapped whole.
  int got = 0;
#pragma omp target map(tofrom: t.x) map(from: got)
  got = sum(&t);
  printf("whole: %d\n", got);

  // Members of what a pointer points to (`w->x`), the same way.
  struct S *w = (struct S *)calloc(1, sizeof(struct S));
  w->x = 1;
  w->y = 2;
#pragma omp target enter data map(to: w->y)
#pragma omp target map(alloc: w->y)
  w->y += 10;
#pragma omp target exit data map(from: w->y)
  for (int r = 0; r < N; ++r) {
#pragma omp target map(tofrom: w->x) nowait depend(inout: w)
    w->x += 1;
    w->y += 1;
  }
#pragma omp taskwait
#pragma omp target map(tofrom: w->x, w->y)
  w->x += w->y;
  printf("arrow: x=%d y=%d\n", w->x, w->y);
  free(w);
  return 0;
}
