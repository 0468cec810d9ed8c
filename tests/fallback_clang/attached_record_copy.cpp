// A local copy of a record whose pointer a map attaches holds the device
// address too: a region that stores the copy's pointer where the host reads
// it stays on the host (scratch-ex11 r16.cpp: emu `same 0`, the host build
// `same 1`); one that only dereferences it is translated.
#include <cstdio>
#include <cstdlib>
struct S { int *p; int n; };
int main() {
  int *w = (int *)calloc(8, sizeof(int));
  int **stash = (int **)calloc(4, sizeof(int *));
  S q = {w, 8};
#pragma omp target enter data map(to: q, q.p[0:8])
#pragma omp target map(tofrom: stash[0:4])
  { S l = q; stash[1] = l.p; }
#pragma omp target
  { S l = q; l.p[3] = 7; }
#pragma omp target exit data map(from: q.p[0:8]) map(release: q)
  std::printf("same %d w3 %d\n", (int)(stash[1] == w), w[3]);
  free(stash);
  free(w);
  return 0;
}
