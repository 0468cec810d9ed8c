// Lambdas that a target region captures and calls, which themselves capture
// pointers into mapped arrays, by copy (`[p]`) and by reference (`[&]`).
// OpenMP 5.0 (2.19.7.1) attaches such pointers to the device copies of what
// they point into; omp2cuda does not, so each of these regions stays on the
// host with a warning at the capture ([omp2cuda-host-call]). They run inside
// a device data environment between translated regions that write the same
// arrays on the device: the host fallback must see the device's values and
// hand its own back, so the output equals the host build's.
#include <cstdio>

int main() {
  const int n = 256;
  double a[n], b[n];
  for (int i = 0; i < n; ++i) {
    a[i] = i;
    b[i] = 0;
  }
  double *pa = a, *pb = b;
  auto scaled = [pa](int i) { return 2 * pa[i]; };  // pointer by copy
  auto store = [&](int i, double v) { pb[i] = v; }; // pointer by reference
#pragma omp target data map(tofrom: a[0:n], b[0:n])
  {
#pragma omp target teams distribute parallel for
    for (int i = 0; i < n; ++i)
      a[i] += 1; // on the device
#pragma omp target teams distribute parallel for map(tofrom: a[0:n], b[0:n])
    for (int i = 0; i < n; ++i)
      store(i, scaled(i) + 0.5); // on the host: the captured pointers
#pragma omp target teams distribute parallel for
    for (int i = 0; i < n; ++i)
      b[i] += a[i]; // on the device again
  }
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += a[i] + b[i];
  std::printf("lambda_pointers: a[7]=%.1f b[7]=%.1f sum=%.1f\n", a[7], b[7], s);
  return 0;
}
