/* A pointer mapped together with its section, map(p) map(p[0:n]), in
   templates (helper nf3): a class template's member and a function
   template's parameter, two instantiations each, the host changing the data
   between the regions; a region whose instantiation assigns the pointer
   stays on the host. GCC 12 rejects map(to: bp) beside map(bp[0:8]) of a
   member, so the host build is clang's. */
#include <cstdio>
#include <cstdlib>

template <class T> struct B {
  T *bp;
  void run(T k) {
#pragma omp target map(to: bp) map(tofrom: bp[0:8])
    for (int i = 0; i < 8; ++i)
      bp[i] = bp[i] * 2 + k;
  }
  void moves(T k) {
#pragma omp target map(to: bp) map(tofrom: bp[0:8])
    {
      bp += 2;
      bp[0] = k;
    }
  }
};

template <class T> void g(T *p, int n) {
#pragma omp target map(tofrom: p[0:n]) map(to: p)
  for (int i = 0; i < n; ++i)
    p[i] += 1;
}

int main() {
  B<int> b;
  b.bp = (int *)calloc(8, sizeof(int));
  int *const keep = b.bp;
  B<double> c;
  c.bp = (double *)calloc(8, sizeof(double));
  for (int i = 0; i < 8; ++i) {
    b.bp[i] = i;
    c.bp[i] = i * 0.5;
  }
  b.run(1);
  c.run(2.5);
  for (int i = 0; i < 8; ++i) {
    b.bp[i] += 10; // the host changes the data between the regions
    c.bp[i] -= 1;
  }
  b.run(3);
  c.run(0.25);
  g(b.bp, 8);
  g(c.bp, 4);
  for (int i = 0; i < 8; ++i)
    std::printf("%d %g\n", b.bp[i], c.bp[i]);
  b.moves(-4);
  std::printf("moved: %d\n", (int)(b.bp - keep));
  for (int i = 0; i < 8; ++i)
    std::printf("%d ", keep[i]);
  std::printf("\n");
  free(keep);
  free(c.bp);
  return 0;
}
