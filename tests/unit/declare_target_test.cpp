// Device copies of declare target variables (issue 10 point 2): which
// globals get one, what the kernels and the functions compiled for both
// sides name, and which uses keep a region on the host.
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("a declare target variable used in a region is its device copy",
          "[analysis][declaretarget]") {
  FileResult F = translateC(R"src(
#pragma omp declare target
double scale = 2.0;
static int hits;
#pragma omp end declare target
void f(double *a, int n) {
  #pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] *= scale;
  #pragma omp target
  hits++;
})src");
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  // No kernel parameter, no map: the kernel names the mirror.
  for (const RegionReport &R : F.Regions)
    for (const Capture &C : R.R.Captures)
      CHECK(C.Name != "scale");
  CHECK(contains(F.Output, "static __device__ double omp2cuda_dev_scale = 2.0;"));
  CHECK(contains(F.Output, "static __device__ int omp2cuda_dev_hits;"));
  CHECK(contains(F.Output, "a[i] *= omp2cuda_dev_scale;"));
  CHECK(contains(F.Output, "omp2cuda_dev_hits++;"));
  CHECK(contains(F.Output, "o2c::DeviceCopy omp2cuda_copy_scale(&scale, "
                      "sizeof(scale), &omp2cuda_dev_scale);"));
  // The host fallback keeps the variable.
  CHECK(contains(F.Output, "  hits++; }"));
}

TEST_CASE("a function a region calls picks the copy of its side",
          "[analysis][declaretarget]") {
  FileResult F = translateC(R"src(
int table[4] = {1, 2, 3, 4};
#pragma omp declare target(table)
static int look(int i) { return table[i % 4]; }
void f(int *a, int n) {
  #pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = look(i);
})src");
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  CHECK(contains(F.Output, "static __device__ int omp2cuda_dev_table[4] = {1, 2, 3, 4};"));
  CHECK(contains(F.Output, "return O2C_DEVICE_COPY(table, omp2cuda_dev_table)[i % 4];"));
  // The mirror comes before the function, the registration after the
  // directive that makes the variable declare target.
  CHECK(F.Output.find("omp2cuda_dev_table[4] =") < F.Output.find("static int look"));
  CHECK(F.Output.find("#pragma omp declare target(table)") <
        F.Output.find("o2c::DeviceCopy omp2cuda_copy_table"));
}

TEST_CASE("a variable named in a clause is mapped as before",
          "[analysis][declaretarget]") {
  FileResult F = translateC(R"src(
#pragma omp declare target
double v[8];
#pragma omp end declare target
void f(void) {
  #pragma omp target map(tofrom: v)
  v[0] = 1;
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  CHECK(F.Regions[0].R.Translate);
  REQUIRE(F.Regions[0].R.Captures.size() == 1);
  // The runtime finds it present: its device address is the mirror's.
  CHECK(F.Regions[0].R.Captures[0].How == Passing::MappedObject);
  CHECK_FALSE(contains(F.Output, "omp2cuda_dev_v"));
}

TEST_CASE("globals without a device copy keep the region on the host",
          "[analysis][declaretarget]") {
  FileResult F = translateC(R"src(
int plain;
double linked[4];
#pragma omp declare target link(linked)
static int get_plain(void) { return plain; }
static double get_linked(void) { return linked[0]; }
void f(double *a) {
  #pragma omp target map(tofrom: a[0:2])
  a[0] = get_plain();
  #pragma omp target map(tofrom: a[0:2]) map(to: linked)
  a[1] = get_linked();
})src");
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 1);
  REQUIRE(F.Regions.size() == 2);
  CHECK(F.Regions[0].R.Why == DiagId::HostCall);
  CHECK(contains(F.Regions[0].R.Reason, "only 'declare target' variables get a device copy"));
  // Nothing was planned for regions left on the host.
  CHECK_FALSE(contains(F.Output, "__device__ int omp2cuda_dev_plain"));
  CHECK_FALSE(contains(F.Output, "o2c::DeviceCopy"));
  // A link variable: a device pointer to the storage a map gives it, which
  // the runtime sets (issue 10 point 2).
  CHECK(F.Regions[1].R.Translate);
  CHECK(contains(F.Output, "static __device__ double (*omp2cuda_link_linked)[4];"));
  CHECK(contains(F.Output, "return O2C_DEVICE_COPY(linked, (*omp2cuda_link_linked))[0];"));
  CHECK(contains(F.Output, "static const o2c::DeviceLink omp2cuda_copy_linked(&linked, "
                      "sizeof(linked), &omp2cuda_link_linked);"));
}

TEST_CASE("declare target functions of other files: --rdc",
          "[analysis][declaretarget]") {
  const char *Code = R"src(
#pragma omp declare target
double other(double x);
#pragma omp end declare target
double host_only(double x);
double mine(double x) { return x + 1; }
#pragma omp declare target enter(mine)
void f(double *a) {
  #pragma omp target map(tofrom: a[0:2])
  a[0] = other(a[0]);
  #pragma omp target map(tofrom: a[0:2])
  a[1] = host_only(a[1]);
})src";
  auto Run = [&](bool Rdc) {
    Options O;
    O.LineDirectives = false;
    O.Rdc = Rdc;
    return translateCode(Code, "input.c", {"-xc", "-std=c11"}, O);
  };
  FileResult Plain = Run(false);
  REQUIRE(Plain.Ok);
  REQUIRE(Plain.Regions.size() == 2);
  CHECK_FALSE(Plain.Regions[0].R.Translate);
  CHECK(contains(Plain.Regions[0].R.Reason, "whose definition is not in this file; it "
                                       "is 'declare target'"));
  CHECK(contains(Plain.Regions[0].R.Reason, "--rdc"));
  CHECK_FALSE(contains(Plain.Output, "__host__ __device__ double mine"));

  FileResult Rdc = Run(true);
  REQUIRE(Rdc.Ok);
  REQUIRE(Rdc.Regions.size() == 2);
  CHECK(Rdc.Regions[0].R.Translate);
  CHECK(contains(Rdc.Output, "__host__ __device__ double other(double x);"));
  // Not declare target: no promise of a device definition.
  CHECK_FALSE(Rdc.Regions[1].R.Translate);
  CHECK(contains(Rdc.Regions[1].R.Reason, "'host_only', whose definition is not in "
                                     "this file"));
  CHECK_FALSE(contains(Rdc.Output, "__host__ __device__ double host_only"));
  // Every declare target function of the file runs on the device, called
  // here or not; kernels have internal linkage for the device link.
  CHECK(contains(Rdc.Output, "__host__ __device__ double mine(double x)"));
  CHECK(contains(Rdc.Output, "static __global__ void omp2cuda_f_L"));
  // The link's marks (device_copy.h): the emulation's link fails, as
  // CUDA's device link does, when no file compiles `other` for the device.
  CHECK(contains(Rdc.Output, "O2C_RDC_DEFINES(o2c_rdc_mine)\n"));
  CHECK(contains(Rdc.Output, "O2C_RDC_CALLS(o2c_rdc_other)\n"));
  CHECK_FALSE(contains(Rdc.Output, "o2c_rdc_host_only"));
  CHECK_FALSE(contains(Plain.Output, "O2C_RDC_"));
}

TEST_CASE("--rdc marks name overloads as the host links them",
          "[analysis][declaretarget][rdc]") {
  Options O;
  O.LineDirectives = false;
  O.Rdc = true;
  FileResult F = translateCode(R"src(
#pragma omp declare target
double other(double x);
int other(int x);
void spread(int *a, int n) {
  #pragma omp distribute
  for (int i = 0; i < n; ++i) a[i] += i;
}
struct P {
  int v;
  P(int x);
  ~P();
};
#pragma omp end declare target
void f(double *a) {
  #pragma omp target map(tofrom: a[0:2])
  { P p(1); a[0] = other(a[0]) + p.v; }
})src",
                               "input.cpp", {"-xc++", "-std=c++17"}, O);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  CHECK(F.Regions[0].R.Translate);
  CHECK(contains(F.Output, "O2C_RDC_CALLS(o2c_rdc__Z5otherd)\n"));
  CHECK_FALSE(contains(F.Output, "o2c_rdc__Z5otheri"));
  // Constructors and destructors by their complete-object names.
  CHECK(contains(F.Output, "O2C_RDC_CALLS(o2c_rdc__ZN1PC1Ei)\n"));
  CHECK(contains(F.Output, "O2C_RDC_CALLS(o2c_rdc__ZN1PD1Ev)\n"));
  // Not compiled for the device (omp2cuda-rdc-function): no mark, so a
  // caller's link fails.
  CHECK_FALSE(contains(F.Output, "o2c_rdc__Z6spreadPii"));
}

TEST_CASE("--rdc marks: what device code calls, no more and no less",
          "[analysis][declaretarget][rdc]") {
  Options O;
  O.LineDirectives = false;
  O.Rdc = true;
  FileResult F = translateCode(R"src(
int getenv_like(const char *);
int helper(int x) { return 3 * x; }
static int local(int x) { return x; }
#pragma omp declare target
int f(int x);
int g(int x) { return f(x) + getenv_like("X"); }
#pragma omp end declare target
int use(int n) {
  int s = 0;
  #pragma omp target map(tofrom: s)
  s = helper(n) + local(n);
  return s;
})src",
                               "input.c", {"-xc", "-std=c11"}, O);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  CHECK(F.Regions[0].R.Translate);
  // helper has no directive here, but the region compiles it for the
  // device: another file may declare it declare target and call it
  // (review: its link failed on o2c_rdc_helper where CUDA's links).
  CHECK(contains(F.Output, "O2C_RDC_DEFINES(o2c_rdc_helper)\n"));
  CHECK_FALSE(contains(F.Output, "o2c_rdc_local"));
  // g cannot run on the device: f, which only g calls, is called by no
  // device code (review: a call mark for it failed the link).
  CHECK_FALSE(contains(F.Output, "o2c_rdc_f)"));
  CHECK_FALSE(contains(F.Output, "__host__ __device__ int f("));
}

TEST_CASE("a region left on the host plans no device copy",
          "[analysis][declaretarget]") {
  FileResult F = translateC(R"src(
#pragma omp declare target
int counter = 7;
#pragma omp end declare target
int plain;
static int both(void) { return counter + plain; }
void f(int *a) {
  #pragma omp target map(from: a[0:1])
  a[0] = both();
})src");
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 1);
  CHECK_FALSE(contains(F.Output, "omp2cuda_dev_counter"));
  CHECK_FALSE(contains(F.Output, "O2C_DEVICE_COPY"));
}

TEST_CASE("a link variable a region names is mapped tofrom, not firstprivate",
          "[analysis][declaretarget]") {
  FileResult F = translateC(R"src(
int count;
#pragma omp declare target link(count)
void f(void) {
  #pragma omp target
  count += 1;
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  CHECK(F.Regions[0].R.Translate);
  const Capture *C = findCapture(F.Regions[0].R, "count");
  REQUIRE(C);
  CHECK(C->How == Passing::MappedObject);
  REQUIRE(C->Map);
  CHECK(C->Map->Type == MapType::ToFrom);
}

TEST_CASE("under unified shared memory, a function a region calls uses a "
          "host global in place through a device pointer",
          "[analysis][declaretarget][usm]") {
  FileResult F = translateC(R"src(
#pragma omp requires unified_shared_memory
namespace ns { long calls; }
struct S { static int count; virtual ~S() { count += 1; } };
int S::count = 0;
int mapped;
void note() { ns::calls += 1; mapped += 1; }
void tick() { ns::calls += 1; }
void f(int *out) {
#pragma omp target map(from: out[0:1])
  { S *s = new S(); delete s; tick(); out[0] = 1; }
#pragma omp target map(tofrom: mapped)
  { note(); }
}
)src", /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  CHECK(F.Regions[0].R.Translate);
  // The pointer before the file-scope declaration holding the variable.
  CHECK(contains(F.Output, "static __device__ long *omp2cuda_usm_ns_calls;\n"
                      "namespace ns"));
  CHECK(contains(F.Output, "static __device__ int *omp2cuda_usm_S_count;\nstruct S"));
  CHECK(contains(F.Output, "O2C_DEVICE_COPY(count, (*omp2cuda_usm_S_count)) += 1"));
  CHECK(contains(F.Output, "O2C_DEVICE_COPY(ns::calls, (*omp2cuda_usm_ns_calls))"));
  CHECK(contains(F.Output, "static const o2c::HostGlobal omp2cuda_usm_S_count_host("
                      "&S::count, sizeof(S::count), &omp2cuda_usm_S_count);"));
  // A variable a construct maps would have two copies: host.
  const Region &Mapped = F.Regions[1].R;
  CHECK(!Mapped.Translate);
  CHECK(Mapped.Why == DiagId::HostCall);
  CHECK(contains(Mapped.Reason, "the global 'mapped' (an OpenMP construct names it"));
}

TEST_CASE("without unified shared memory a host global keeps the region on "
          "the host",
          "[analysis][declaretarget][usm]") {
  FileResult F = translateC(R"src(
struct S { static int count; virtual ~S() { count += 1; } };
int S::count = 0;
void f() {
#pragma omp target
  { S *s = new S(); delete s; }
}
)src", /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  CHECK(!F.Regions[0].R.Translate);
  CHECK(contains(F.Regions[0].R.Reason,
            "only 'declare target' variables get a device copy"));
}

TEST_CASE("a namespace's declare target variable has a device copy in its "
          "namespace",
          "[analysis][declaretarget]") {
  FileResult F = translateC(R"src(
namespace cfg {
#pragma omp declare target
int counter = 0;
double w[2] = {1.5, 2.5};
#pragma omp end declare target
namespace deep { int depth = 7; }
#pragma omp declare target(deep::depth)
}
namespace { int hidden = 3; }
#pragma omp declare target enter(hidden)
namespace one { int solo = 4; }
#pragma omp declare target link(one::solo)
int counter = 9;
#pragma omp declare target(counter)
int get() { return cfg::counter + one::solo; }
#pragma omp declare target(get)
int main() {
#pragma omp target map(tofrom: one::solo)
  { cfg::counter += 5; cfg::deep::depth += hidden + counter + get(); }
#pragma omp target update from(cfg::counter)
  return cfg::counter + (int)cfg::w[0];
})src", /*Cxx=*/true);
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  REQUIRE(!F.Regions.empty());
  for (const Capture &C : F.Regions[0].R.Captures)
    CHECK(C.Name != "counter");
  // The copy right after the variable, inside its namespace; a one-line
  // namespace keeps it inside.
  CHECK(contains(F.Output, "int counter = 0;\n// omp2cuda: the device copy of "
                      "'cfg::counter' (declare target, input.cpp:4)\n"
                      "static __device__ int omp2cuda_dev_counter = 0;"));
  CHECK(contains(F.Output, "namespace deep { int depth = 7;\n"));
  CHECK(F.Output.find("static __device__ int omp2cuda_dev_depth = 7;\n }") !=
        std::string::npos);
  // Kernels name it qualified; the file-scope `counter` keeps its own.
  CHECK(contains(F.Output, "::cfg::omp2cuda_dev_counter += 5;"));
  CHECK(contains(F.Output, "::cfg::deep::omp2cuda_dev_depth += ::omp2cuda_dev_hidden "
                      "+ omp2cuda_dev_counter"));
  CHECK(contains(F.Output, "return O2C_DEVICE_COPY(cfg::counter, "
                      "::cfg::omp2cuda_dev_counter) + O2C_DEVICE_COPY(one::solo, "
                      "(*::one::omp2cuda_link_solo));"));
  // Registered under the qualified host name, with a flat identifier.
  CHECK(contains(F.Output, "o2c::DeviceCopy omp2cuda_copy_cfg_counter(&::cfg::counter, "
                      "sizeof(::cfg::counter), &::cfg::omp2cuda_dev_counter);"));
  CHECK(contains(F.Output, "o2c::DeviceCopy omp2cuda_copy_counter(&counter, "
                      "sizeof(counter), &omp2cuda_dev_counter);"));
  CHECK(contains(F.Output, "o2c::DeviceCopy omp2cuda_copy_hidden(&::hidden, "));
  CHECK(contains(F.Output, "o2c::DeviceLink omp2cuda_copy_one_solo(&::one::solo, "
                      "sizeof(::one::solo), &::one::omp2cuda_link_solo);"));
}

TEST_CASE("a static data member's device copy goes before its class",
          "[analysis][declaretarget]") {
  FileResult F = translateC(R"src(
namespace geo {
#pragma omp declare target
struct Grid {
  static int off;
  static double step;
  static double at(int i) { return step * i + off; }
};
int Grid::off = 2;
double Grid::step = 0.5;
#pragma omp end declare target
}
int main() {
  double r = 0;
#pragma omp target map(from: r)
  r = geo::Grid::at(3) + geo::Grid::off;
  return (int)r;
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  CHECK(contains(F.Output, "static __device__ int omp2cuda_dev_geo_Grid_off = 2;\n"
                      "// omp2cuda: the device copy of 'geo::Grid::step' "));
  CHECK(contains(F.Output, "static __device__ double omp2cuda_dev_geo_Grid_step = 0.5;\n"
                      "namespace geo {"));
  CHECK(contains(F.Output, "return O2C_DEVICE_COPY(step, omp2cuda_dev_geo_Grid_step) "
                      "* i + O2C_DEVICE_COPY(off, omp2cuda_dev_geo_Grid_off);"));
  CHECK(contains(F.Output, "geo::Grid::at(3) + omp2cuda_dev_geo_Grid_off;"));
  CHECK(contains(F.Output, "o2c::DeviceCopy omp2cuda_copy_geo_Grid_off("
                      "&::geo::Grid::off, sizeof(::geo::Grid::off), "
                      "&omp2cuda_dev_geo_Grid_off);"));
}

TEST_CASE("a declare target variable without a device copy keeps the region "
          "on the host",
          "[analysis][declaretarget]") {
  FileResult F = translateC(R"src(
class Hidden {
#pragma omp declare target
  static int secret;
#pragma omp end declare target
public:
  static int run() {
    int out = 0;
#pragma omp target map(from: out)
    out = secret;
    return out;
  }
};
int Hidden::secret = 1;
template <typename T> struct Tally {
#pragma omp declare target
  static T total;
#pragma omp end declare target
};
template <typename T> T Tally<T>::total = 5;
struct Box {
  struct Pair { int a, b; };
#pragma omp declare target
  static Pair p;
  static int named;
#pragma omp end declare target
};
Box::Pair Box::p = {1, 2};
int Box::named = sizeof(Pair);
int main() {
  int t = 0;
#pragma omp target map(from: t)
  t = Tally<int>::total;
#pragma omp target map(from: t)
  t = Box::p.a;
#pragma omp target map(from: t)
  t = Box::named;
  return t + Hidden::run();
})src", /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 4);
  std::vector<std::string> Why = {"private or protected member",
                                  "member of a template",
                                  "its type cannot be spelled"};
  for (size_t I = 0; I < 3; ++I) {
    INFO(F.Regions[I].R.Reason);
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(F.Regions[I].R.Why == DiagId::HostType);
    CHECK(contains(F.Regions[I].R.Reason, "is declare target but gets no device copy"));
    CHECK(contains(F.Regions[I].R.Reason, Why[I]));
  }
  // sizeof(Pair), which the copy before the class cannot name, is 8.
  CHECK(F.Regions[3].R.Translate);
  CHECK(contains(F.Output, "static __device__ int omp2cuda_dev_Box_named = 8LL;"));
}

TEST_CASE("a declare target variable the host would evaluate keeps the "
          "region on the host",
          "[analysis][declaretarget]") {
  FileResult F = translateC(R"src(
#pragma omp declare target
int n = 8;
#pragma omp end declare target
#define BUMP n += 1
void f(int *a) {
  #pragma omp target teams distribute parallel for map(tofrom: a[0:8])
  for (int i = 0; i < n; ++i)
    a[i] = n;
  #pragma omp target
  BUMP;
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  // The loop's bounds: the host's `n`, where the body would use the
  // device's.
  CHECK_FALSE(F.Regions[0].R.Translate);
  CHECK(F.Regions[0].R.Why == DiagId::HostType);
  CHECK(contains(F.Regions[0].R.Reason, "in the bounds of the distributed loop"));
  // A macro's body, which no edit reaches.
  CHECK_FALSE(F.Regions[1].R.Translate);
  CHECK(F.Regions[1].R.Why == DiagId::HostMacro);
  CHECK(contains(F.Regions[1].R.Reason, "named in a macro's body"));
}

TEST_CASE("a static data member named through an object keeps the region "
          "on the host",
          "[analysis][declaretarget]") {
  FileResult F = translateC(R"src(
#pragma omp declare target
struct K { static int off; int v; int get() const { return v + off + this->off; } };
int K::off = 1;
#pragma omp end declare target
int main() {
  K k; k.v = 2;
#pragma omp target map(tofrom: k)
  { k.off += 5; }
#pragma omp target map(tofrom: k)
  { k.v = k.get(); }
  return k.v;
})src", /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  // The kernel would reach the host's K::off, not its device copy.
  CHECK_FALSE(F.Regions[0].R.Translate);
  CHECK(F.Regions[0].R.Why == DiagId::HostType);
  CHECK(contains(F.Regions[0].R.Reason, "'K::off' is a static data member named "
                                   "through an object"));
  CHECK_FALSE(F.Regions[1].R.Translate);
  CHECK(F.Regions[1].R.Why == DiagId::HostCall);
  CHECK(contains(F.Regions[1].R.Reason, "through an object"));
}

TEST_CASE("an inline declare target variable keeps the region on the host",
          "[analysis][declaretarget]") {
  // Every unit that includes the header defines these: a device copy of
  // this unit would be one of several registered for the same host
  // variable, each unit's code using its own.
  FileResult F = translateC(R"src(
namespace cfg {
#pragma omp declare target
inline int x = 1;
#pragma omp end declare target
}
#pragma omp declare target
struct K { inline static int off = 5; };
inline int gx = 2;
int plain = 3;
#pragma omp end declare target
int main() {
  int r = 0;
#pragma omp target map(from: r)
  r = cfg::x;
#pragma omp target map(from: r)
  r = K::off;
#pragma omp target map(from: r)
  r = gx;
#pragma omp target map(from: r)
  r = plain;
  return r;
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 4);
  for (size_t I = 0; I < 3; ++I) {
    INFO(F.Regions[I].R.Reason);
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(F.Regions[I].R.Why == DiagId::HostType);
    CHECK(contains(F.Regions[I].R.Reason, "it is an inline variable"));
  }
  CHECK(F.Regions[3].R.Translate);
  CHECK(contains(F.Output, "static __device__ int omp2cuda_dev_plain = 3;"));
  CHECK_FALSE(contains(F.Output, "omp2cuda_dev_gx"));
  CHECK_FALSE(contains(F.Output, "omp2cuda_dev_K_off"));
}

TEST_CASE("a device copy's initialiser that names declarations or macros "
          "is the host's value",
          "[analysis][declaretarget]") {
  // The copy goes after the first declaration (here before the names the
  // definition uses), and a macro may be redefined before it.
  FileResult F = translateC(R"src(
namespace cfg {
#pragma omp declare target
extern int x;
extern double tab[2];
#pragma omp end declare target
}
#define WIDTH 7
namespace cfg {
struct B { static const int base = 3; };
constexpr double f = 1.5;
#pragma omp declare target
int x = B::base * 2;
double tab[2] = {f, f * 2};
double nz = -f * 0;
int w = WIDTH;
unsigned long long big = ~0ULL * (WIDTH - 6);
int neg = -WIDTH;
int grid[2][2] = {{WIDTH}, {1, 2}};
#pragma omp end declare target
}
#undef WIDTH
#define WIDTH 2
#pragma omp declare target
int *ptr = WIDTH ? nullptr : nullptr;
#pragma omp end declare target
int main() {
  int *q = nullptr;
#pragma omp target map(from: q)
  { cfg::x += cfg::w + cfg::neg + (int)cfg::big + cfg::grid[0][0]; cfg::tab[1] += cfg::nz; }
#pragma omp target map(from: q)
  q = ptr;
  return WIDTH;
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  CHECK(F.Regions[0].R.Translate);
  CHECK(contains(F.Output, "__device__ int omp2cuda_dev_x = 6LL;"));
  CHECK(contains(F.Output, "__device__ double omp2cuda_dev_tab[2] = {1.5, 3};"));
  CHECK(contains(F.Output, "__device__ int omp2cuda_dev_w = 7LL;"));
  CHECK(contains(F.Output, "__device__ double omp2cuda_dev_nz = -0.0;"));
  CHECK(contains(F.Output, "__device__ unsigned long long omp2cuda_dev_big = "
                      "18446744073709551615ULL;"));
  CHECK(contains(F.Output, "__device__ int omp2cuda_dev_neg = (-6LL - 1);"));
  CHECK(contains(F.Output,
            "__device__ int omp2cuda_dev_grid[2][2] = {{7LL}, {1LL, 2LL}};"));
  // No literal spells a pointer's value: the macro refuses.
  CHECK_FALSE(F.Regions[1].R.Translate);
  CHECK(F.Regions[1].R.Why == DiagId::HostType);
  CHECK(contains(F.Regions[1].R.Reason, "its initialiser uses a macro"));
}

TEST_CASE("a static data member typed by its class's typedef has a device "
          "copy of the type it names",
          "[analysis][declaretarget]") {
  FileResult F = translateC(R"src(
namespace n {
typedef long idx;
struct K {
  using idx_t = long;
  typedef double real;
  static idx off;
  static idx_t on;
  static real sc[2];
};
idx K::off = 4;
K::idx_t K::on = 5;
K::real K::sc[2] = {1.5, 2.5};
#pragma omp declare target(K::off, K::on, K::sc)
}
int main() {
#pragma omp target
  { n::K::off += 3; n::K::on += 1; n::K::sc[1] *= 2; }
  return 0;
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  CHECK(F.Regions[0].R.Translate);
  CHECK(contains(F.Output, "static __device__ long omp2cuda_dev_n_K_off = 4;"));
  CHECK(contains(F.Output, "static __device__ long omp2cuda_dev_n_K_on = 5;"));
  CHECK(contains(F.Output,
            "static __device__ double omp2cuda_dev_n_K_sc[2] = {1.5, 2.5};"));
}

TEST_CASE("a function a region calls reads constants without device copies",
          "[analysis][declaretarget][constants]") {
  // nvcc folds the value of a const or constexpr number initialised by a
  // constant before the use: no device copy, so no refusal of an inline
  // `static constexpr` member.
  FileResult F = translateC(R"src(
#include <algorithm>
struct K { static constexpr double k = 2.5; static const int n = 3;
           static const double sd; static const double late; };
const double K::sd = 1.5;
namespace cfg { constexpr float eps = 1e-6f; const double cd = 0.25; }
const double gd = 0.75;
double f1(double x) { return x * K::k + cfg::eps + sizeof(K::k); }
double f2(double x) { return x + cfg::cd + gd + K::sd + K::n; }
double f3(double x) { return std::min(K::k, x); }
int f4(int x) { return std::max(K::n, x); }
const double *f5() { return &gd; }
double f6(double x) { return x + K::late; }
const double K::late = 2.5;
double f7(double x) { return x + K::late; }
int main() {
  double a[8] = {0};
#pragma omp target map(tofrom: a)
  a[1] = f1(a[1]);
#pragma omp target map(tofrom: a)
  a[2] = f2(a[2]);
#pragma omp target map(tofrom: a)
  a[3] = f3(a[3]);
#pragma omp target map(tofrom: a)
  a[4] = f4(4);
#pragma omp target map(tofrom: a)
  a[5] = *f5();
#pragma omp target map(tofrom: a)
  a[6] = f6(a[6]);
#pragma omp target map(tofrom: a)
  a[7] = f7(a[7]);
  return 0;
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 7);
  CHECK(F.Regions[0].R.Translate);
  CHECK(F.Regions[1].R.Translate);
  CHECK(F.Regions[6].R.Translate);
  CHECK(contains(F.Output, "__host__ __device__ double f1(double x) { return x * "
                      "K::k + cfg::eps + sizeof(K::k); }"));
  CHECK(contains(F.Output, "return x + cfg::cd + gd + K::sd + K::n; }"));
  CHECK_FALSE(contains(F.Output, "omp2cuda_dev_"));
  // A reference or an address is the host's variable; a value nvcc has
  // not seen yet (defined after the function) is no constant to it.
  for (size_t I : {2, 3, 4, 5}) {
    INFO(F.Regions[I].R.Reason);
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(F.Regions[I].R.Why == DiagId::HostCall);
  }
  CHECK(contains(F.Regions[2].R.Reason, "uses the global 'k' (device code may "
                                   "read its value but not take its address"));
  CHECK(contains(F.Regions[3].R.Reason, "uses the global 'n' (device code may"));
  CHECK(contains(F.Regions[4].R.Reason, "uses the global 'gd' (device code may"));
  CHECK(contains(F.Regions[5].R.Reason, "uses the global 'late' (only 'declare "
                                   "target' variables get a device copy)"));
}

TEST_CASE("a C function a region calls reads const numbers as they are",
          "[analysis][declaretarget][constants]") {
  FileResult F = translateC(R"src(
const double gd = 0.75;
static const float sf = 0.5f;
const int gi = 3;
volatile const double vd = 1.0;
const long double ld = 2.0L;
static double f(double x) { return x * gd + sf + gi; }
static double g(double x) { return x + vd; }
static double h(double x) { return x + ld; }
void run(double *a) {
#pragma omp target map(tofrom: a[0:3])
  a[0] = f(2.0);
#pragma omp target map(tofrom: a[0:3])
  a[1] = g(2.0);
#pragma omp target map(tofrom: a[0:3])
  a[2] = h(2.0);
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 3);
  CHECK(F.Regions[0].R.Translate);
  CHECK(contains(F.Output, "return x * gd + sf + gi; }"));
  // Volatile and long double: no value nvcc folds.
  CHECK_FALSE(F.Regions[1].R.Translate);
  CHECK(contains(F.Regions[1].R.Reason, "uses the global 'vd'"));
  CHECK_FALSE(F.Regions[2].R.Translate);
  CHECK(contains(F.Regions[2].R.Reason, "uses the global 'ld'"));
}

TEST_CASE("weak constants and builtins nvcc does not fold are not read "
          "as they are",
          "[analysis][declaretarget][constants]") {
  // Review rC of c20: a weak definition's value may be another unit's on
  // the host (a kernel stored 2.5 where the host read 3.5); nvcc failed on
  // `__builtin_fmax` ("identifier is undefined in device code").
  FileResult F = translateC(R"src(
extern const double w __attribute__((weak));
const double w = 1.5;
const double m = __builtin_fmax(1.0, 2.0);
const double a = __builtin_fabs(-2.0);
static double f(double x) { return x + w; }
static double g(double x) { return x + m; }
static double h(double x) { return x + a; }
void run(double *v) {
#pragma omp target map(tofrom: v[0:3])
  v[0] = f(2.0);
#pragma omp target map(tofrom: v[0:3])
  v[1] = g(2.0);
#pragma omp target map(tofrom: v[0:3])
  v[2] = h(2.0);
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 3);
  CHECK_FALSE(F.Regions[0].R.Translate);
  CHECK(contains(F.Regions[0].R.Reason, "uses the global 'w'"));
  CHECK_FALSE(F.Regions[1].R.Translate);
  CHECK(contains(F.Regions[1].R.Reason, "uses the global 'm'"));
  CHECK(F.Regions[2].R.Translate);
}

TEST_CASE("an inline declare target constant a region reads is captured",
          "[analysis][declaretarget][constants]") {
  // The unit may own no device copy of an inline variable; a constant's
  // value is the copy's, so the kernel takes it as a parameter.
  FileResult F = translateC(R"src(
#pragma omp declare target
struct K { static constexpr double k = 2.5; inline static int off = 5; };
namespace cfg { inline constexpr double ie = 0.5; }
#pragma omp end declare target
int main() {
  double a[4] = {0};
#pragma omp target map(tofrom: a)
  a[1] = K::k + cfg::ie;
#pragma omp target map(tofrom: a)
  a[2] = K::off;
  return 0;
})src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  CHECK(F.Regions[0].R.Translate);
  CHECK(contains(F.Output, "omp2cuda_main_L8_launch(K::k, ::cfg::ie, a)"));
  CHECK_FALSE(contains(F.Output, "omp2cuda_dev_K_k"));
  // A variable the program may change still has one copy per unit.
  CHECK_FALSE(F.Regions[1].R.Translate);
  CHECK(contains(F.Regions[1].R.Reason, "it is an inline variable"));
}
