// `declare target` variables that are members of namespaces (named, nested,
// unnamed, inline, `static`) and static data members of classes (defined out
// of the class): each one that device code uses
// has a copy on the device, as a file-scope one does. Regions, and the
// functions they call, use that copy; `target update` moves values between
// the copies, and `map` of such a variable finds it present. The program is
// written as OpenMP asks (every value crosses with an update), so the host
// build prints the same. stderr says where it ran. GCC 12 refuses static
// data members in a declare target block:
// exec-reference: clang
#include <omp.h>
#include <stdio.h>

#include "declare_target_namespaces.h"

#define N 64

// An inline variable (C++17) would be defined by every unit that includes
// the header, each with a device copy of its own: the header declares
// these, this unit defines them.
int lib::uses = 0;
lib::Span lib::span = {2, 6};

namespace cfg {
#pragma omp declare target
int counter = 0;
double scale = 3.0;
int weights[4] = {1, 2, 3, 4};
struct Range {
  double lo, hi;
};
Range limits = {-50.0, 50.0};
#pragma omp end declare target
namespace deep { int depth = 7; }
#pragma omp declare target(deep::depth)
} // namespace cfg

namespace {
#pragma omp declare target
static int hidden = 11;
#pragma omp end declare target
} // namespace

inline namespace v1 { int version = 1; }
#pragma omp declare target(version)

double gscale = 3.0;
#pragma omp declare target(gscale)

#pragma omp declare target
struct Grid {
  static int off;
  static double step;
  static int lut[3];
  // A member function a region calls: its uses are the device copies there.
  static double at(int i) { return lut[i % 3] * step + off; }
};
int Grid::off = 2;
double Grid::step = 0.5;
int Grid::lut[3] = {10, 20, 30};
#pragma omp end declare target

namespace cfg {
double clamp(double x) {
  return x < limits.lo ? limits.lo : x > limits.hi ? limits.hi : x;
}
#pragma omp declare target(clamp)
} // namespace cfg

int main() {
  double a[N];
  int on_device = 0;

  // Updates of the device copies, read back with target update (the
  // unnamed namespace's through a map: the host cannot update a variable
  // of internal linkage).
  int seen = 0;
#pragma omp target map(from: on_device)
  {
    cfg::counter += 5;
    hidden += 1;
    version += 1;
    cfg::deep::depth *= 2;
    lib::uses += lib::span.hi - lib::span.lo;
    on_device = !omp_is_initial_device();
  }
#pragma omp target map(from: seen)
  seen = hidden;
#pragma omp target update from(cfg::counter, version, cfg::deep::depth, lib::uses)
  printf("counter %d hidden %d version %d depth %d uses %d\n", cfg::counter,
         seen, version, cfg::deep::depth, lib::uses);

  // New host values reach the device only through target update: both the
  // namespace's and the file-scope variable.
  cfg::scale = 10.0;
  gscale = 10.0;
#pragma omp target update to(cfg::scale, gscale)
#pragma omp target teams distribute parallel for map(from: a)
  for (int i = 0; i < N; i++)
    a[i] = cfg::clamp(i * cfg::scale + gscale - cfg::weights[i % 4]);
  double s = 0;
  for (int i = 0; i < N; i++)
    s += a[i];
  printf("clamped sum %.1f\n", s);

  // A struct member and a static data member through a member function.
  cfg::limits.hi = 20.0;
  Grid::off = 4;
  Grid::lut[1] = 25;
#pragma omp target update to(cfg::limits, Grid::off, Grid::lut)
#pragma omp target teams distribute parallel for map(from: a)
  for (int i = 0; i < N; i++)
    a[i] = cfg::clamp(Grid::at(i) + Grid::step * i);
  s = 0;
  for (int i = 0; i < N; i++)
    s += a[i];
  printf("grid sum %.2f\n", s);

  // map of a declare target variable finds its device copy present.
#pragma omp target map(tofrom: cfg::counter)
  cfg::counter += 1;
#pragma omp target update from(cfg::counter)
  printf("counter %d\n", cfg::counter);

  fprintf(stderr, "ran on the %s\n", on_device ? "device" : "host");
  return 0;
}
