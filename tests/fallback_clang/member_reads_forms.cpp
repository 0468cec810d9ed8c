// Members a region only reads go to the kernel as the device copy's values
// (o2c_start_<name>): the forms around that rule, each once wrong (review of
// stop 43). An `always, to` map of *this refreshes the device copy before
// the value is read; a deferred target task sizes its maps with the value
// at the encounter; the stub counts a loop's trip with the kernel's value
// whatever the bound's spelling (a macro, `s -> n`).
#include <cstdio>
#include <cstdlib>
#include <unistd.h>

struct Always {
  int k;
  int n;
  void use(int *out) {
#pragma omp target map(always, to: this[0:1]) map(from: out[0:1])
    { out[0] = k; }
  }
  void fill(int *out) {
#pragma omp target teams distribute parallel for map(always, to: this[0:1]) map(tofrom: out[0:64])
    for (int i = 0; i < n; ++i)
      out[i] += 1;
  }
};

struct Deferred {
  int n;
  int d;
  void run(int *p) {
#pragma omp task depend(out: d)
    usleep(200000);
#pragma omp target nowait depend(in: d) map(tofrom: p[0:n])
    for (int i = 0; i < 4; ++i)
      p[i] += 1;
    n = 2; // after the encounter: the map above was sized with 4
#pragma omp taskwait
  }
};

#define COUNT n
struct Macro {
  int n;
  void grow() {
#pragma omp target
    n = 40;
  }
  void fill(int *out) {
#pragma omp target teams distribute parallel for map(tofrom: out[0:64])
    for (int i = 0; i < COUNT; ++i)
      out[i] += i;
  }
};

struct S { int n; };
struct Spaced {
  int n;
  int k;
  void set() {
#pragma omp target
    { n = 6; k = 5; }
  }
  void fill(int *out, S *s) {
#pragma omp target teams distribute parallel for map(tofrom: out[0:64]) map(to: s[0:1])
    for (int i = 0; i < s -> n + k; ++i)
      out[i] += n;
  }
};

static long sum(const int *a) {
  long s = 0;
  for (int i = 0; i < 64; ++i)
    s += a[i];
  return s;
}

int main() {
  Always *a = (Always *)calloc(1, sizeof(Always));
  a->k = 1; a->n = 4;
#pragma omp target enter data map(to: a[0:1])
  a->k = 7; a->n = 10;
  int o[1] = {0};
  int *f = (int *)calloc(64, sizeof(int));
  a->fill(f);
  a->use(o);
  std::printf("always: %d %ld\n", o[0], sum(f));
#pragma omp target exit data map(delete: a[0:1])

  Deferred *d = (Deferred *)calloc(1, sizeof(Deferred));
  d->n = 4;
#pragma omp target enter data map(to: d[0:1])
  int p[4] = {0, 0, 0, 0};
#pragma omp parallel num_threads(2)
#pragma omp single
  d->run(p);
  std::printf("deferred: %d %d %d %d\n", p[0], p[1], p[2], p[3]);
#pragma omp target exit data map(delete: d[0:1])

  Macro *m = (Macro *)calloc(1, sizeof(Macro));
  int *g = (int *)calloc(64, sizeof(int));
#pragma omp target enter data map(to: m[0:1])
  m->grow();
  m->fill(g);
  std::printf("macro: %ld\n", sum(g));
#pragma omp target exit data map(delete: m[0:1])

  Spaced *sp = (Spaced *)calloc(1, sizeof(Spaced));
  sp->n = 2; sp->k = 1;
  S s{2};
  int *h = (int *)calloc(64, sizeof(int));
#pragma omp target enter data map(to: sp[0:1])
  sp->set();
  sp->fill(h, &s);
  std::printf("spaced: %ld\n", sum(h));
#pragma omp target exit data map(delete: sp[0:1])
  free(a); free(d); free(m); free(sp); free(f); free(g); free(h);
  return 0;
}
