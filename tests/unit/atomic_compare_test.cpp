// `#pragma omp atomic compare` (OpenMP 5.1) in device code: each min, max
// and equality form becomes one device atomic; what cannot stays on the
// host with the warning at the construct.
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("atomic compare: the min, max and equality forms",
          "[analysis][atomic]") {
  FileResult F = translateC(R"src(
void f(int *lo, double *hi, long long *owner, short *s, int n) {
#pragma omp target teams distribute parallel for map(tofrom: lo[0:1], hi[0:1], owner[0:1], s[0:1])
  for (int i = 0; i < n; ++i) {
#pragma omp atomic compare
    lo[0] = i < lo[0] ? i : lo[0];
#pragma omp atomic compare
    lo[0] = lo[0] > i ? i : lo[0];
#pragma omp atomic compare
    if (hi[0] < i * 0.5) { hi[0] = i * 0.5; }
#pragma omp atomic compare
    if (i * 0.5 > hi[0])
      hi[0] = i * 0.5;
#pragma omp atomic compare
    if (owner[0] == -1) { owner[0] = i; }
#pragma omp atomic compare
    owner[0] = owner[0] == 7 ? i : owner[0];
#pragma omp atomic compare
    s[0] = s[0] < (short)i ? (short)i : s[0];
  }
})src");
  REQUIRE(F.Ok);
  const Region &R = F.Regions.at(0).R;
  INFO(R.Reason);
  REQUIRE(R.Translate);
  const std::string &O = F.Output;
  CHECK(contains(O, "o2c_dev::atomicCombine<o2c_dev::RedMin>(&(lo[0]), "
                    "(int)(i));"));
  CHECK(contains(O, "o2c_dev::atomicCombine<o2c_dev::RedMax>(&(hi[0]), "
                    "(double)(i * 0.5));"));
  CHECK(contains(O, "o2c_dev::atomicCompareAssign(&(owner[0]), (long "
                    "long)(-1), (long long)(i));"));
  CHECK(contains(O, "o2c_dev::atomicCompareAssign(&(owner[0]), (long "
                    "long)(7), (long long)(i));"));
  CHECK(contains(O, "o2c_dev::atomicCombine<o2c_dev::RedMax>(&(s[0]), "
                    "(short)((short)i));"));
  // Two of each min/max form, one line each.
  size_t Mins = 0;
  for (size_t P = O.find("RedMin>"); P != std::string::npos;
       P = O.find("RedMin>", P + 1))
    ++Mins;
  CHECK(Mins == 2);
  CHECK(F.LeftOnHost == 0);
}

TEST_CASE("atomic compare: what stays on the host, located",
          "[analysis][atomic]") {
  struct Case {
    const char *Body;
    const char *Why;
  };
  const Case Cases[] = {
      {"#pragma omp atomic compare capture\n    { dv = d[0]; if (d[0] == "
       "0.5) { d[0] = i; } }",
       "'x == e' on a variable other than an integer"},
      {"#pragma omp atomic compare\n    if (d[0] == 0.5) { d[0] = i; }",
       "'x == e' on a variable other than an integer"},
  };
  for (const Case &C : Cases) {
    std::string Code = R"src(
void f(int *x, double *d, int n) {
  int v = 0; double dv = 0;
#pragma omp target teams distribute parallel for map(tofrom: x[0:1], d[0:1], v, dv)
  for (int i = 0; i < n; ++i) {
    )src" + std::string(C.Body) +
                       "\n  }\n}\n";
    FileResult F = translateC(Code);
    INFO(Code);
    REQUIRE(F.Ok);
    const Region &R = F.Regions.at(0).R;
    CHECK_FALSE(R.Translate);
    CHECK(R.Why == DiagId::HostGeneral);
    CHECK(R.Reason.find(C.Why) != std::string::npos);
    CHECK(R.WhyPos.Line == 6); // the atomic construct
    CHECK(F.LeftOnHost == 1);
  }
}

TEST_CASE("atomic compare capture: the texts", "[analysis][atomic]") {
  FileResult F = translateC(R"src(
void f(int *x, double *d, long long *t, int *out, int n) {
#pragma omp target teams distribute parallel for map(tofrom: x[0:1], d[0:1], t[0:1], out[0:2*n])
  for (int i = 0; i < n; ++i) {
    int v = 0, r = 0;
    double w = 0;
    long long g = -1;
#pragma omp atomic compare capture
    { v = x[0]; if (i < x[0]) { x[0] = i; } }
#pragma omp atomic compare capture
    { d[0] = d[0] < i ? i : d[0]; w = d[0]; }
#pragma omp atomic compare capture weak
    { v = x[0]; x[0] = x[0] == 3 ? i : x[0]; }
#pragma omp atomic compare capture
    { if (x[0] == 4) { x[0] = i; } v = x[0]; }
#pragma omp atomic compare capture
    if (t[0] == 0) { t[0] = i; } else { g = t[0]; }
#pragma omp atomic compare capture
    { r = x[0] == 5; if (r) { x[0] = i; } }
#pragma omp atomic compare capture fail(relaxed)
    { r = t[0] == 6; if (r) { t[0] = i; } else { g = t[0]; } }
    out[2 * i] = v + r + (int)w + (int)g;
  }
})src");
  REQUIRE(F.Ok);
  const Region &R = F.Regions.at(0).R;
  INFO(R.Reason);
  REQUIRE(R.Translate);
  const std::string &O = F.Output;
  // min, old value.
  CHECK(contains(O, "v = o2c_dev::atomicFetchCombine<o2c_dev::RedMin>(&(x[0]), "
                    "(int)(i));"));
  // max, new value.
  CHECK(contains(O, "w = o2c_dev::atomicCombineFetch<o2c_dev::RedMax>(&(d[0]), "
                    "(double)(i));"));
  // x == e, old value (weak: a strong CAS).
  CHECK(contains(O, "const int o2c_e = (int)(3), o2c_d = (int)(i); const int "
                    "o2c_old = o2c_dev::atomicCompareAssign(&(x[0]), o2c_e, "
                    "o2c_d); v = o2c_old; }"));
  // x == e, new value.
  CHECK(contains(O, "v = o2c_old == o2c_e ? o2c_d : o2c_old; }"));
  // else { v = x; }: only when the comparison failed.
  CHECK(contains(O, "if (!(o2c_old == o2c_e)) g = o2c_old; }"));
  // r = x == e.
  CHECK(contains(O, "r = o2c_old == o2c_e; }"));
  CHECK(contains(O, "r = o2c_old == o2c_e; if (!(o2c_old == o2c_e)) g = "
                    "o2c_old; }"));
  CHECK(F.LeftOnHost == 0);
}

TEST_CASE("atomic compare: an if-form writing a team local shares it",
          "[analysis][atomic]") {
  // The SPMD form's sharing rules looked only at atomics whose statement is
  // an expression: f, declared with another variable (so not promoted with
  // its declaration), stayed each thread's own and the claim was lost.
  FileResult F = translateC(R"src(
void g(int *row_first) {
#pragma omp target teams distribute num_teams(2) map(from: row_first[0:4])
  for (int r = 0; r < 4; r++) {
    int f = -1, mine = 0;
#pragma omp parallel for reduction(+ : mine)
    for (int j = 0; j < 64; j++) {
      int was;
#pragma omp atomic compare capture
      { was = f; if (f == -1) { f = r; } }
      mine += was == -1;
    }
    row_first[r] = f * 10 + mine;
  }
})src");
  REQUIRE(F.Ok);
  const Region &R = F.Regions.at(0).R;
  INFO(R.Reason);
  REQUIRE(R.Translate);
  CHECK(contains(F.Output, "__shared__ int f;"));
}
