/* A pointer mapped together with its section, map(p) map(p[0:n]) (helper
   nf3): the pointer's own storage is mapped too and attached to the
   section, as clang maps the pair; the kernel takes the section's device
   address. Members used through `this`, locals, either order, every map
   type of the pointer, nowait, the host changing the data between the
   regions, and a region that assigns the pointer (left on the host).
   GCC 12 rejects map(to: bp) beside map(bp[0:8]) of a member, so the host
   build is clang's. */
#include <cstdio>
#include <cstdlib>

struct B {
  int *bp;
  int n;
  void run(int k) {
#pragma omp target map(to: bp) map(tofrom: bp[0:8])
    for (int i = 0; i < 8; ++i)
      bp[i] = bp[i] * 2 + k;
  }
  void runBack(int k) {
#pragma omp target map(tofrom: bp[0:n]) map(tofrom: bp)
    for (int i = 0; i < n; ++i)
      bp[i] += k + i;
  }
  void runLater(int k) {
#pragma omp target map(alloc: bp) map(tofrom: bp[:n]) nowait
    for (int i = 0; i < n; ++i)
      bp[i] -= k;
#pragma omp taskwait
  }
  void moves(int k) {
    // Assigns the pointer: left on the host.
#pragma omp target map(to: bp) map(tofrom: bp[0:8])
    {
      bp = bp + 1;
      bp[0] += k;
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
  int *mem = (int *)calloc(8, sizeof(int));
  b.bp = mem;
  b.n = 8;
  for (int i = 0; i < 8; ++i)
    b.bp[i] = i;
  b.run(1);
  print("run", b.bp, 8);
  for (int i = 0; i < 8; ++i)
    b.bp[i] += 100; // the host changes the data between the regions
  b.run(3);
  print("run again", b.bp, 8);
  b.runBack(2);
  print("runBack", b.bp, 8);
  std::printf("pointer kept: %d\n", b.bp == mem);
  b.n = 5;
  b.runLater(4);
  print("runLater", b.bp, 8);
  b.moves(9);
  std::printf("moved: %d\n", (int)(b.bp - mem));
  print("moves", mem, 8);

  int *p = (int *)calloc(16, sizeof(int));
  int *const keep = p;
  int n = 16;
  for (int i = 0; i < n; ++i)
    p[i] = 3 * i;
#pragma omp target map(tofrom: p) map(tofrom: p[0:n])
  for (int i = 0; i < n; ++i)
    p[i] = p[i] * p[i] - i;
  print("local", p, 16);
  std::printf("pointer kept: %d\n", p == keep);
  p[5] = -7;
#pragma omp target enter data map(to: p)
#pragma omp target map(present, alloc: p) map(tofrom: p[0:n])
  for (int i = 0; i < n; ++i)
    p[i] = p[i] + 1;
#pragma omp target exit data map(release: p)
  print("present", p, 16);
  std::printf("pointer kept: %d\n", p == keep);
  // Assigns the pointer through a reference: left on the host.
#pragma omp target map(to: p) map(tofrom: p[0:n])
  {
    int *&r = p;
    r = r + 2;
    r[0] = 42;
  }
  std::printf("moved: %d\n", (int)(p - keep));
  p = keep;
  print("moved", p, 16);
  free(p);
  free(mem);
  return 0;
}
