// Constructors and destructors device code reaches without naming them: a
// class's implicit constructor runs a member's template constructor, a
// default member initialiser calls a function, and a local's destructor
// runs where it dies. nvcc compiles implicit members for the device by
// itself; what they call must be device code too, or the GPU skips the call
// (OpenMP_VV alpaka_complex_template did, on an H100).
#include <cstdio>
#include <omp.h>

static int seven() { return 7; }

template <int D> struct Version {
  int called;
  template <bool B = (D == 0)> Version() { called = 1; }
};

template <int D> struct Holder {
  Version<D> v;
  int extra = seven();
};

struct Recorder {
  int *slot;
  int value;
  ~Recorder() { *slot = value; }
};

int main() {
  const int n = 64;
  int out[n][3];
  for (int i = 0; i < n; ++i)
    out[i][0] = out[i][1] = out[i][2] = -1;
#pragma omp target teams distribute parallel for map(tofrom: out)
  for (int i = 0; i < n; ++i) {
    Holder<0> h;
    out[i][0] = h.v.called;
    out[i][1] = h.extra + i;
    Recorder r{&out[i][2], 3 * i};
  }
  long sum = 0;
  for (int i = 0; i < n; ++i)
    sum += out[i][0] + out[i][1] + out[i][2];
  std::printf("implicit_members: sum %ld, first %d %d %d\n", sum, out[0][0],
              out[0][1], out[0][2]);
  int on = 0;
#pragma omp target map(tofrom: on)
  on = !omp_is_initial_device();
  std::fprintf(stderr, "implicit_members: ran on %s\n", on ? "the device" : "the host");
  return 0;
}
