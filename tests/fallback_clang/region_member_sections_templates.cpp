/* Sections of pointer members on target regions in templates (helper nf6,
   issue 10): the pattern names the member by a dependent name (`v.p` of a
   `Vec<T> v`), which every instantiation must make a pointer member of the
   same holder. A struct member of `this` in a class template, not present
   and already present (entered outside the template: a data construct on a
   dependent member stays on the host); a local struct of a dependent type
   and a pointer to one, whose uses the pattern cannot tell apart from
   address uses (left on the host). The host build is clang's (GCC 12 rejects
   member sections on target regions). */
#include <cstdio>
#include <cstdlib>

template <class T> struct Vec {
  T *p;
  int n;
};

template <class T> struct Holder {
  Vec<T> v;
  void run(T k) {
#pragma omp target map(tofrom: v.p[0:v.n])
    for (int i = 0; i < 8; ++i)
      v.p[i] = v.p[i] * 2 + k;
  }
  void sub(T k) {
#pragma omp target map(tofrom: v.p[0:8])
    for (int i = 0; i < 8; ++i)
      v.p[i] -= k;
  }
  void runLocal(T k) {
    Vec<T> w = v;
#pragma omp target map(tofrom: w.p[0:8])
    for (int i = 0; i < 8; ++i)
      w.p[i] += k;
  }
};

template <class T> void scale(Vec<T> *pv, T k, int n) {
#pragma omp target teams distribute parallel for map(tofrom: pv->p[0:n])
  for (int i = 0; i < n; ++i)
    pv->p[i] *= k;
}

template <class T> static void print(const char *What, const T *p, int n) {
  std::printf("%s:", What);
  for (int i = 0; i < n; ++i)
    std::printf(" %g", (double)p[i]);
  std::printf("\n");
}

int main() {
  Holder<int> h;
  h.v.p = (int *)calloc(8, sizeof(int));
  h.v.n = 8;
  for (int i = 0; i < 8; ++i)
    h.v.p[i] = i;
  int *const keep = h.v.p;
  h.run(1);
  for (int i = 0; i < 8; ++i)
    h.v.p[i] += 10;
  h.run(2);
  print("run", h.v.p, 8);
  // Already present (a data construct of a template's dependent member
  // stays on the host, and would keep every region there).
#pragma omp target enter data map(to: h) map(to: h.v.p[0:8])
  h.sub(3);
#pragma omp target exit data map(from: h.v.p[0:8]) map(release: h)
  print("present", h.v.p, 8);
  h.runLocal(5);
  print("runLocal", h.v.p, 8);
  std::printf("kept: %d\n", h.v.p == keep);

  Holder<double> d;
  d.v.p = (double *)calloc(8, sizeof(double));
  d.v.n = 8;
  for (int i = 0; i < 8; ++i)
    d.v.p[i] = 0.5 * i;
  d.run(0.25);
#pragma omp target enter data map(to: d.v) map(to: d.v.p[0:8])
  d.sub(1.0);
#pragma omp target exit data map(from: d.v.p[0:8]) map(release: d.v)
  print("double", d.v.p, 8);

  scale(&h.v, 3, 6);
  print("scale", h.v.p, 8);
  std::printf("kept: %d\n", h.v.p == keep);
  free(h.v.p);
  free(d.v.p);
  return 0;
}
