/* Sections and elements of array members entered together on a data
   construct (helper twosec): `enter data map(to: s->x[0:4], s->y[0:4])`
   mapped x and y as two blocks, so that a region reaching them through s
   (translated to the block holding its pointee, x's) read and wrote s->y
   outside it (scratch-twosec s7.c: emu y1 -1, host 4; s6.c: emu d 6 4,
   host d 6 7). They now lie in one span of the struct, as libomptarget
   maps them: member items with sections in any order, a section of the
   last member that ends the span, nested struct members (s->a.x beside
   s->b), a whole member beside a section inside it (s->a, s->a.y[0:2]),
   an element (s.y[2]) on target data, exit data that copies one
   member back and releases the other, and sections entered by two
   constructs and exited by one. Each struct's first member is
   mapped: a pointer to the struct whose first bytes are not on the device
   stays the host's address in the kernel, as under libomptarget, where
   the device could not dereference it (the host build reads the host's
   data, the emulation too, but its writes are lost to the copy back). */
#include <stdio.h>
#include <stdlib.h>

struct S { int x[4]; int y[4]; };
struct M { int n; int x[4]; double pad; int y[4]; };
struct A { int x[4]; int y[4]; };
struct N { int n; struct A a; int b[4]; };

static void two_sections(void) {
  struct S *s = (struct S *)calloc(1, sizeof(struct S));
  int out = 0;
  for (int i = 0; i < 4; ++i) { s->x[i] = 3; s->y[i] = 4; }
#pragma omp target enter data map(to: s->x[0:4], s->y[0:4])
#pragma omp target map(from: out)
  { out = s->y[1]; s->x[1] = 6; s->y[2] = 7; }
#pragma omp target exit data map(from: s->x[0:4], s->y[0:4])
  printf("two_sections %d %d %d\n", out, s->x[1], s->y[2]);
  free(s);
}

static void mixed_order(void) {
  struct M *s = (struct M *)calloc(1, sizeof(struct M));
  int out = 0, lo = 1;
  s->n = 2;
  for (int i = 0; i < 4; ++i) { s->x[i] = 3 + i; s->y[i] = 40 + i; }
#pragma omp target enter data map(to: s->n, s->y[lo:3], s->x[0:4])
#pragma omp target map(from: out)
  { out = s->y[s->n] + s->x[3]; s->y[3] = 9; s->x[0] = 8; }
#pragma omp target exit data map(from: s->y[lo:3], s->n, s->x[0:4])
  printf("mixed_order %d %d %d %d\n", out, s->y[3], s->x[0], s->n);
  free(s);
}

static void element_on_data(void) {
  struct S s;
  int out = 0;
  for (int i = 0; i < 4; ++i) { s.x[i] = 3; s.y[i] = 4; }
  struct S *p = &s;
#pragma omp target data map(tofrom: s.x[0:4], s.y[2])
  {
#pragma omp target map(from: out)
    { out = p->y[2]; p->y[2] = 5; p->x[1] = 6; }
  }
  printf("element_on_data %d %d %d\n", out, s.y[2], s.x[1]);
}

static void nested(void) {
  struct N *s = (struct N *)calloc(1, sizeof(struct N));
  int out = 0;
  s->n = 1;
  for (int i = 0; i < 4; ++i) { s->a.x[i] = 3; s->a.y[i] = 4; s->b[i] = 5; }
#pragma omp target enter data map(to: s->n, s->a.x[0:4], s->a.y[0:4], s->b[0:4])
#pragma omp target map(from: out)
  { out = s->b[1] + s->a.y[s->n]; s->b[2] = 7; }
#pragma omp target exit data map(from: s->a.x[0:4], s->a.y[0:4], s->b[0:4], s->n)
  printf("nested %d %d\n", out, s->b[2]);
  s->b[2] = 5;
#pragma omp target enter data map(to: s->a, s->a.y[0:2], s->n)
#pragma omp target map(from: out)
  { out = s->a.y[s->n] + s->a.x[3]; s->a.y[3] = 8; }
#pragma omp target exit data map(from: s->a, s->a.y[0:2], s->n)
  printf("nested_whole %d %d\n", out, s->a.y[3]);
  free(s);
}

static void from_and_release(void) {
  struct S *s = (struct S *)calloc(1, sizeof(struct S));
  int out = 0;
  for (int i = 0; i < 4; ++i) { s->x[i] = 3; s->y[i] = 4; }
#pragma omp target enter data map(to: s->x[0:4], s->y[0:4])
#pragma omp target map(from: out)
  { s->y[1] = 7; out = s->x[1]; }
#pragma omp target exit data map(from: s->y[0:4]) map(release: s->x[0:4])
  printf("from_and_release %d %d %d\n", s->y[1], s->x[1], out);
  free(s);
}

/* Entered by two constructs, exited by one: each block goes (a span step
   on exit met both blocks and released neither, so the next enter found
   x present and kept its old copy). */
static void entered_apart(void) {
  struct S *s = (struct S *)calloc(1, sizeof(struct S));
  for (int it = 0; it < 2; ++it) {
    for (int i = 0; i < 4; ++i) { s->x[i] = 3 + it; s->y[i] = 4 + it; }
#pragma omp target enter data map(to: s->x[0:4])
#pragma omp target enter data map(to: s->y[0:4])
    int out = 0;
#pragma omp target map(from: out)
    { out = s->x[1]; s->x[2] = 9; }
#pragma omp target exit data map(from: s->x[0:4], s->y[0:4])
    printf("entered_apart %d %d %d\n", it, out, s->x[2]);
  }
  free(s);
}

int main(void) {
  two_sections();
  mixed_order();
  element_on_data();
  nested();
  from_and_release();
  entered_apart();
  return 0;
}
