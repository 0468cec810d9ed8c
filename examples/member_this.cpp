// Members written in a region through the implicitly mapped `this`
// (OpenMP maps this[:1] tofrom): the host sees what the region wrote, also
// through a reference to the member (issue 14, point 3).
#include <cstdio>
#include <omp.h>

struct Totals {
  int v[4] = {1, 2, 3, 4};
  int total = 0;
  long count = 0;
  int on_device = 0;
  double scale = 2.0; // only read: stays a firstprivate value

  void sum();
  void bump();
};

void Totals::sum() {
#pragma omp target
  {
    total = v[1] + v[2] + 3;
    on_device = !omp_is_initial_device();
  }
}

void Totals::bump() {
#pragma omp target
  {
    long &c = count;
    c += static_cast<long>(scale * 10);
    v[0] = total;
  }
}

int main() {
  Totals t;
  t.sum();
  t.bump();
  t.bump();
  std::printf("total=%d count=%ld v0=%d\n", t.total, t.count, t.v[0]);
  std::fprintf(stderr, "ran on %s\n", t.on_device ? "the device" : "the host");
  return !(t.total == 8 && t.count == 40 && t.v[0] == 8);
}
