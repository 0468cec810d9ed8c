// Items of one construct that name the same storage (p == a): under OpenMP
// 5.2 §5.8.3 a from item copies back once the storage's count is zero,
// whichever item of the construct dropped the last reference (helper ex8;
// scratch-rev43 r2.cpp: `exit data map(from: p[0:4]) map(release: a[0:4])`
// printed 0 0 0 0, the release having removed the storage before the from
// item was seen). exit data (both orders, a section inside, delete,
// nowait), a target region's and a target data's own end (`map(alloc:
// a[0:4]) map(from: p[1:2])`), nowait regions and struct members. Only
// what OpenMP copies back is printed. Storage entered by several
// constructs, which such an exit data decrements once (OpenMP 5.2), is
// same_storage_items.c's.
#include <cstdio>
#include <cstdlib>

struct S {
  int x[4];
  int y;
};

static void show(const char *W, int *a) {
  printf("%s %d %d\n", W, a[1], a[2]);
  for (int i = 0; i < 4; ++i)
    a[i] = 0;
}

static void exits(int *a, int *p) {
  // 1. exit data, from first then release (same range)
#pragma omp target enter data map(to: a[0:4])
#pragma omp target map(present, alloc: a[0:4])
  for (int i = 0; i < 4; ++i) a[i] = i + 1;
#pragma omp target exit data map(from: p[0:4]) map(release: a[0:4])
  show("exit from+release", a);
  // 2. release first then from
#pragma omp target enter data map(to: a[0:4])
#pragma omp target map(present, alloc: a[0:4])
  for (int i = 0; i < 4; ++i) a[i] = i + 11;
#pragma omp target exit data map(release: a[0:4]) map(from: p[0:4])
  show("exit release+from", a);
  // 3. from of a sub-range, release of the whole
#pragma omp target enter data map(to: a[0:4])
#pragma omp target map(present, alloc: a[0:4])
  for (int i = 0; i < 4; ++i) a[i] = i + 21;
#pragma omp target exit data map(from: p[1:2]) map(release: a[0:4])
  show("exit from sub+release", a);
  // 4. delete and from of the same storage
#pragma omp target enter data map(to: a[0:4])
#pragma omp target enter data map(to: a[0:4])
#pragma omp target map(present, alloc: a[0:4])
  for (int i = 0; i < 4; ++i) a[i] = i + 31;
#pragma omp target exit data map(from: p[0:4]) map(delete: a[0:4])
  show("exit from+delete", a);
}

static void regions(int *a, int *p) {
#pragma omp target map(from: p[0:4]) map(alloc: a[0:4])
  for (int i = 0; i < 4; ++i) a[i] = i + 1;
  show("target from+alloc", a);
#pragma omp target map(alloc: a[0:4]) map(from: p[0:4])
  for (int i = 0; i < 4; ++i) a[i] = i + 11;
  show("target alloc+from", a);
#pragma omp target map(alloc: a[0:4]) map(from: p[1:2])
  for (int i = 0; i < 4; ++i) a[i] = i + 21;
  show("target alloc+from sub", a);
#pragma omp target map(tofrom: a[0:4]) map(to: p[1:2])
  for (int i = 0; i < 4; ++i) a[i] += 10;
  show("target tofrom+to sub", a);
#pragma omp target map(to: p[1:2]) map(tofrom: a[0:4])
  for (int i = 0; i < 4; ++i) a[i] += 10;
  show("target to sub+tofrom", a);
#pragma omp target data map(alloc: a[0:4]) map(from: p[1:2])
  {
#pragma omp target map(present, alloc: a[0:4])
    for (int i = 0; i < 4; ++i) a[i] = i + 31;
  }
  show("data alloc+from sub", a);
#pragma omp target data map(from: p[0:4]) map(alloc: a[0:4])
  {
#pragma omp target map(present, alloc: a[0:4])
    for (int i = 0; i < 4; ++i) a[i] = i + 41;
  }
  show("data from+alloc", a);
}

static void nowaitAndMembers(int *a, int *p) {
#pragma omp target nowait map(alloc: a[0:4]) map(from: p[1:2])
  for (int i = 0; i < 4; ++i) a[i] = i + 1;
#pragma omp taskwait
  show("nowait alloc+from sub", a);
#pragma omp target enter data map(to: a[0:4])
#pragma omp target map(present, alloc: a[0:4])
  for (int i = 0; i < 4; ++i) a[i] = i + 11;
#pragma omp target exit data map(release: a[0:4]) map(from: p[1:2]) nowait
#pragma omp taskwait
  show("exit nowait release+from sub", a);
  S *s = (S *)calloc(1, sizeof(S));
  S *q = s;
#pragma omp target enter data map(to: s[0:1])
#pragma omp target map(present, alloc: s[0:1])
  for (int i = 0; i < 4; ++i) s->x[i] = i + 21;
#pragma omp target exit data map(release: s[0:1]) map(from: q->x[1:2])
  show("struct release+from member", s->x);
#pragma omp target enter data map(to: s[0:1])
#pragma omp target map(present, alloc: s[0:1])
  { for (int i = 0; i < 4; ++i) s->x[i] = i + 31; s->y = 7; }
#pragma omp target exit data map(from: q->y, q->x[1:2]) map(release: s[0:1])
  printf("y %d\n", s->y);
  show("struct from members+release", s->x);
  S t = {{0, 0, 0, 0}, 0};
  S *r = &t;
#pragma omp target enter data map(to: t)
#pragma omp target map(present, alloc: t)
  { for (int i = 0; i < 4; ++i) t.x[i] = i + 41; t.y = 8; }
#pragma omp target exit data map(from: t.y, t.x[1:2]) map(release: r[0:1])
  printf("y %d\n", t.y);
  show("struct members+release ptr", t.x);
  free(s);
}

int main() {
  int *a = (int *)calloc(4, sizeof(int));
  int *p = a;
  exits(a, p);
  regions(a, p);
  nowaitAndMembers(a, p);
  free(a);
  return 0;
}
