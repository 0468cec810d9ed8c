// The if clause guards a data construct's items (helper ex8): Clang
// evaluates the map items, and the device clause, only where the condition
// holds, and an item may be valid only then. `exit data map(from:
// s->p[0:s->n]) if(go)` with s null crashed the emulated build (the items'
// addresses and lengths were read before the condition; scratch-rev43
// e1.cpp). enter data, update (strided too), exit data (one item, a batch,
// nowait, with depend, with device), target data (with use_device_ptr,
// with device), target regions and iterator items; each with the struct
// absent (if false) and present (if true). No target region has a device
// clause here: clang's host build reads it even where the if clause is
// false. clang only: GCC 12 rejects the iterator modifier.
#include <cstdio>
#include <cstdlib>

struct S {
  int *p;
  int n;
};
struct R {
  int **r;
  int n;
};

static void constructs(S *s, R *t, int *b) {
  bool go = s != nullptr;
#pragma omp target enter data map(to: s->p[0:s->n]) if(go)
#pragma omp target enter data map(to: s->p[0:s->n], b[0:4]) if(go)
#pragma omp target update to(s->p[0:s->n]) if(go)
#pragma omp target update to(s->p[0:s->n:2]) if(go)
#pragma omp target update from(s->p[0:s->n], b[0:2]) if(go)
#pragma omp target exit data map(release: s->p[0:s->n]) if(go)
#pragma omp target exit data map(release: s->p[0:s->n]) map(release: b[0:4]) if(go)
#pragma omp target enter data map(to: s->p[0:s->n]) if(go) nowait
#pragma omp taskwait
#pragma omp target map(tofrom: s->p[0:s->n]) if(go)
  b[1] += 6;
#pragma omp target exit data map(from: s->p[0:s->n]) if(go) nowait
#pragma omp taskwait
#pragma omp target data map(tofrom: s->p[0:s->n]) if(go)
  {
#pragma omp target map(present, alloc: b[0:4]) if(go)
    b[0] += 5;
  }
#pragma omp target data map(tofrom: b[0:4]) if(go) device(s->n - 4)
  {
#pragma omp target map(present, alloc: b[0:4]) if(go)
    b[3] += 1;
  }
#pragma omp target data map(tofrom: s->p[0:s->n]) if(go) use_device_ptr(b)
  {
    if (!b)
      printf("use_device_ptr gave null\n");
  }
#pragma omp target enter data map(to: s->p[0:s->n]) if(go)
#pragma omp target exit data map(from: s->p[0:s->n]) map(release: b[0:4]) if(go) depend(inout: b) nowait
#pragma omp taskwait
#pragma omp target enter data map(to: s->p[0:s->n]) if(go)
#pragma omp target exit data map(from: s->p[0:s->n]) map(release: b[0:4]) if(go) device(s->n - 4)
  bool on = t != nullptr;
#pragma omp target enter data map(iterator(it = 0:2), to: t->r[it][0:t->n]) if(on)
#pragma omp target exit data map(iterator(it = 0:2), from: t->r[it][0:t->n]) if(on)
#pragma omp target enter data map(iterator(it = 0:2), to: t->r[it][0:t->n]) if(on) device(t->n - 2)
#pragma omp target exit data map(iterator(it = 0:2), release: t->r[it][0:t->n]) if(on) device(t->n - 2)
}

int main() {
  int *b = (int *)calloc(4, sizeof(int));
  int *rows[2] = {b, b + 2};
  S s = {b, 4};
  R t = {rows, 2};
  constructs(nullptr, nullptr, b);
  printf("absent: %d %d %d %d\n", b[0], b[1], b[2], b[3]);
  constructs(&s, &t, b);
  printf("present: %d %d %d %d\n", b[0], b[1], b[2], b[3]);
  free(b);
  return 0;
}
