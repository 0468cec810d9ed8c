// Members a region only reads, while *this is present and a region before
// wrote their device copies: the kernel reads the device copy's values,
// as OpenMP's implicit map of this[:1] gives (before: the host's).
#include <cstdio>
#include <cstdlib>
struct C {
  double scale;
  int k;
  void set() {
#pragma omp target map(tofrom: this[0:1])
    { scale = 3; k = 4; }
  }
  void set2() {
#pragma omp target
    { scale = 5; k = 6; }
  }
  void use(int *out) {
#pragma omp target map(tofrom: *this) map(from: out[0:2])
    { out[0] = (int)(scale * 10); out[1] = k; }
  }
  void use2(int *out) {
#pragma omp target map(from: out[0:2])
    { out[0] = (int)(scale * 10); out[1] = k; }
  }
  int n;
  void grow() {
#pragma omp target
    n = 40;
  }
  // The loop bound is the device copy's n: 40 iterations, not the host's 8.
  void fill(int *out) {
#pragma omp target teams distribute parallel for map(tofrom: out[0:64])
    for (int i = 0; i < n; ++i)
      out[i] += i;
  }
};
int main() {
  C *c = (C *)calloc(1, sizeof(C));
  c->scale = 1; c->k = 1; c->n = 8;
  int *o = (int *)calloc(8, sizeof(int));
#pragma omp target enter data map(to: c[0:1])
  c->set();
  c->use(o);
  c->use2(o + 2);
  c->set2();
  c->use(o + 4);
  c->use2(o + 6);
  int *f = (int *)calloc(64, sizeof(int));
  c->grow();
  c->fill(f);
  long sum = 0;
  for (int i = 0; i < 64; ++i) sum += f[i];
  printf("fill %ld\n", sum);
#pragma omp target exit data map(from: c[0:1])
  for (int i = 0; i < 8; ++i) printf("%d ", o[i]);
  printf("| %g %d\n", c->scale, c->k);
  return 0;
}
