// A firstprivate member array of a deferred target task takes its values at
// the encounter (review ra21). GCC 12 stops with an internal compiler error
// on this region: the host build is clang's.
#include <cstdio>

struct Holder {
  int arr[2] = {1, 2};
  int r[4] = {0, 0, 0, 0};
  void run() {
    int *rr = r;
#pragma omp parallel num_threads(2)
#pragma omp single
    for (int k = 0; k < 4; k++) {
#pragma omp target nowait firstprivate(arr) map(tofrom: rr[0:4]) depend(inout: rr[0])
      rr[k] = arr[0] * 10 + arr[1];
      arr[0] = k + 5;
      arr[1] = k + 6;
    }
  }
};

int main() {
  Holder h;
  h.run();
  std::printf("%d %d %d %d\n", h.r[0], h.r[1], h.r[2], h.r[3]);
  return 0;
}
