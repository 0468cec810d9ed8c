// List items of one construct that name the same storage (p == a) raise and
// lower its reference count once (OpenMP 5.2 §5.8.3): a region's `alloc` and
// `to` items copy it as new storage, two `enter data` items hold one
// reference that one `exit data` item drops (copying back), and a
// two-item `exit data` drops one of two references; so do items of iterator
// loops.
#include <stdio.h>
#include <stdlib.h>

static void show(const char *What, const int *V) {
  printf("%s: %d %d %d %d\n", What, V[0], V[1], V[2], V[3]);
}

int main(void) {
  int *a = (int *)malloc(4 * sizeof(int));
  int *p = a;
  int out[4] = {0, 0, 0, 0};
  for (int i = 0; i < 4; ++i)
    a[i] = i + 1;

#pragma omp target map(alloc : a[0:4]) map(to : p[0:4]) map(from : out)
  for (int i = 0; i < 4; ++i)
    out[i] = p[i] * 10;
  show("alloc and to", out);

#pragma omp target enter data map(to : a[0:4]) map(to : p[0:4])
#pragma omp target map(present, alloc : a[0:4])
  for (int i = 0; i < 4; ++i)
    a[i] += 100;
#pragma omp target exit data map(from : a[0:4])
  show("one reference", a);

#pragma omp target enter data map(to : a[0:4])
#pragma omp target enter data map(to : p[0:4])
#pragma omp target exit data map(release : a[0:4]) map(release : p[0:4])
  // Still present: one reference is left.
#pragma omp target map(present, alloc : a[0:4])
  for (int i = 0; i < 4; ++i)
    a[i] += 1000;
#pragma omp target exit data map(from : a[0:4])
  show("last exit", a);

#pragma omp target enter data map(to : a[0:4]) map(alloc : p[0:4]) nowait
#pragma omp taskwait
#pragma omp target map(present, alloc : p[0:4])
  for (int i = 0; i < 4; ++i)
    p[i] *= 2;
#pragma omp target exit data map(from : p[0:4])
  show("nowait", a);

  int *q[2] = {a, p};
#pragma omp target enter data map(iterator(it = 0:2), to : q[it][0:4])
#pragma omp target map(present, alloc : a[0:4])
  for (int i = 0; i < 4; ++i)
    a[i] -= 2;
#pragma omp target exit data map(from : a[0:4])
  show("iterator", a);
  free(a);
  return 0;
}
