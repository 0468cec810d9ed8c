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
      {"#pragma omp atomic compare capture\n    { v = x[0]; if (x[0] == 1) "
       "{ x[0] = i; } }",
       "with the 'capture' clause"},
      {"#pragma omp atomic compare\n    if (d[0] == 0.5) { d[0] = i; }",
       "'x == e' on a variable other than an integer"},
  };
  for (const Case &C : Cases) {
    std::string Code = R"src(
void f(int *x, double *d, int n) {
  int v = 0;
#pragma omp target teams distribute parallel for map(tofrom: x[0:1], d[0:1], v)
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
