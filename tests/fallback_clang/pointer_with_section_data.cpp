/* A pointer mapped together with its section by data constructs, map(p)
   map(p[0:n]) on target data and enter data (helper nf3): the pointer's
   storage is mapped too and attached to the section, so a region that
   reads the pointer's device copy (map(tofrom: p) alone) reaches the
   section's copy; the host changes the data between the constructs and
   updates it inside them. GCC 12 rejects map(to: bp) beside map(bp[0:8])
   of a member, so the host build is clang's. */
#include <cstdio>
#include <cstdlib>

struct B {
  int *bp;
  void run(int k) {
#pragma omp target data map(to: bp) map(tofrom: bp[0:8])
    {
#pragma omp target
      for (int i = 0; i < 8; ++i)
        bp[i] = bp[i] * 2 + k;
#pragma omp target map(tofrom: bp)
      for (int i = 0; i < 8; ++i)
        bp[i] += 1000;
      bp[0] = -5; // the host's copy only, until the update
#pragma omp target update to(bp[0:1])
#pragma omp target
      bp[1] = bp[0] * 10;
    }
  }
};

static void print(const char *What, const int *p, int n) {
  std::printf("%s:", What);
  for (int i = 0; i < n; ++i)
    std::printf(" %d", p[i]);
  std::printf("\n");
}

int main() {
  B b;
  b.bp = (int *)calloc(8, sizeof(int));
  int *const keep = b.bp;
  for (int i = 0; i < 8; ++i)
    b.bp[i] = i;
  b.run(1);
  print("run", b.bp, 8);
  for (int i = 0; i < 8; ++i)
    b.bp[i] += 100; // the host changes the data between the constructs
  b.run(2);
  print("run again", b.bp, 8);
  std::printf("pointer kept: %d\n", b.bp == keep);

  int n = 12;
  int *p = (int *)calloc(n, sizeof(int));
  int *const pk = p;
  for (int i = 0; i < n; ++i)
    p[i] = i * i;
#pragma omp target enter data map(to: p[0:n]) map(to: p)
#pragma omp target map(tofrom: p)
  for (int i = 0; i < n; ++i)
    p[i] = p[i] - i;
#pragma omp target
  p[3] = 77;
#pragma omp target exit data map(from: p[0:n])
#pragma omp target exit data map(release: p)
  print("enter", p, n);
  std::printf("pointer kept: %d\n", p == pk);
  free(p);
  free(b.bp);
  return 0;
}
