// Constants device code reads as they are (issue 10): a `static constexpr`
// member, a namespace's `constexpr` and `const` numbers, a `static const
// double` member defined before its use. CUDA folds the value of a const
// or constexpr number initialised by a constant, so the functions the
// regions call read the host's variables with no device copy (a `static
// constexpr` member is inline: every unit defines it, and no unit could
// own its copy). A declare target inline constant a region reads is a
// kernel parameter. stderr says where it ran.
#include <omp.h>
#include <stdio.h>

#define N 64

struct Grid {
  static constexpr double h = 0.125;
  static constexpr int order = 3;
  static const double damp;
};
const double Grid::damp = 0.75;

namespace cfg {
constexpr float eps = 1e-3f;
const double shift = 0.25;
const int reps = 2;
enum Mode { Plain, Scaled };
constexpr Mode mode = Scaled;
} // namespace cfg

const double offset = 1.5;

#pragma omp declare target
struct Tol {
  static constexpr double rel = 0.5;
};
#pragma omp end declare target

double step(double x) {
  double y = x;
  for (int r = 0; r < cfg::reps; ++r)
    y = y * Grid::damp + Grid::h * Grid::order;
  if (cfg::mode == cfg::Scaled)
    y += cfg::shift;
  return y + cfg::eps + offset + sizeof(Grid::h);
}

int main() {
  double a[N];
  int on_device = 0;
  for (int i = 0; i < N; ++i)
    a[i] = i * 0.5;
#pragma omp target teams distribute parallel for map(tofrom: a)
  for (int i = 0; i < N; ++i)
    a[i] = step(a[i]);
#pragma omp target map(tofrom: a, on_device)
  {
    on_device = !omp_is_initial_device();
    a[0] = a[0] * Tol::rel;
  }
  double sum = 0;
  for (int i = 0; i < N; ++i)
    sum += a[i];
  printf("a[0] %.6f a[1] %.6f a[63] %.6f sum %.6f\n", a[0], a[1], a[N - 1],
         sum);
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return 0;
}
