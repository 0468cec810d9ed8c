// Orphaned distribute loops: a called function's loop that the teams of the
// calling region share (src/analysis/OrphanedDistribute.cpp, the call
// context in src/analysis/CallChecker.cpp).
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

namespace {

const char *Share = R"src(
#pragma omp declare target
void share(int *a, int n) {
  #pragma omp distribute
  for (int i = 0; i < n; ++i)
    a[i] += i;
}
#pragma omp end declare target
)src";

} // namespace

TEST_CASE("an orphaned distribute called from team-master code runs the "
          "team's share on the device",
          "[analysis][orphaned][distribute]") {
  FileResult F = translateC(std::string(Share) + R"src(
void f(int *a, int n) {
  #pragma omp target teams num_teams(3) map(tofrom: a[0:n])
  {
    int m = n / 2;
    share(a, m);
    share(a + m, n - m);
  }
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  INFO(F.Regions[0].R.Reason);
  CHECK(F.Regions[0].R.Translate);
  CHECK(contains(F.Output, "__host__ __device__ void share"));
  // The host's loop as written, the device's copy beside it.
  CHECK(contains(F.Output, "if (o2c_dev::omp_is_initial_device()) {"));
  CHECK(contains(F.Output, "#pragma omp distribute\n  for (int i = 0; i < n; "
                           "++i)\n    a[i] += i;\n} else {"));
  CHECK(contains(F.Output, "for (int i = o2c_dev::omp_get_team_num(); i < n;"));
  CHECK(contains(F.Output, "i = o2c_dev::strideNext(i, n, "
                           "o2c_dev::omp_get_num_teams())) {"));
}

TEST_CASE("an orphaned distribute reached from anything but team-master "
          "code stays on the host, located",
          "[analysis][orphaned][distribute]") {
  SECTION("inside a parallel region, the first call") {
    FileResult F = translateC(std::string(Share) + R"src(
void f(int *a, int n) {
  #pragma omp target teams map(tofrom: a[0:n])
  {
    #pragma omp parallel
    share(a, n);
  }
})src");
    REQUIRE(F.Ok);
    const Region &R = F.Regions.at(0).R;
    CHECK(!R.Translate);
    CHECK(R.Why == DiagId::HostCall);
    CHECK(contains(R.Reason, "whose '#pragma omp distribute' (line 4) binds "
                             "to the teams of the calling region"));
    CHECK(R.WhyPos.Line == 4);
    CHECK(!contains(F.Output, "__host__ __device__"));
  }
  SECTION("inside a parallel region, after a team-master call") {
    FileResult F = translateC(std::string(Share) + R"src(
void f(int *a, int n) {
  #pragma omp target teams map(tofrom: a[0:n])
  share(a, n);
  #pragma omp target teams map(tofrom: a[0:n])
  {
    #pragma omp parallel
    share(a, n);
  }
})src");
    REQUIRE(F.Ok);
    REQUIRE(F.Regions.size() == 2);
    CHECK(F.Regions[0].R.Translate);
    const Region &R = F.Regions[1].R;
    CHECK(!R.Translate);
    CHECK(contains(R.Reason, "calls 'share', which holds a 'distribute' "
                             "loop (line 4): on the device only team-master code"));
    CHECK(R.WhyPos.Line == 16); // the call
  }
  SECTION("a region without teams, or the body of its distribute loop") {
    FileResult F = translateC(std::string(Share) + R"src(
void f(int *a, int n) {
  #pragma omp target map(tofrom: a[0:n])
  share(a, n);
  #pragma omp target teams distribute map(tofrom: a[0:n])
  for (int j = 0; j < 2; ++j)
    share(a, n);
})src");
    REQUIRE(F.Ok);
    REQUIRE(F.Regions.size() == 2);
    CHECK(!F.Regions[0].R.Translate);
    CHECK(!F.Regions[1].R.Translate);
  }
}

TEST_CASE("the clauses an orphaned distribute's device copy takes",
          "[analysis][orphaned][distribute]") {
  FileResult F = translateC(R"src(#include <omp.h>
#pragma omp declare target
int grid(double *m, int r, int c) {
  int t = -1;
  #pragma omp distribute collapse(2) private(t) dist_schedule(static)
  for (int i = 0; i < r; ++i)
    for (int j = 0; j < c; ++j) {
      t = i * c + j;
      m[t] += 1;
    }
  return t;
}
int last(int *a, int n) {
  int l = 0;
  #pragma omp distribute lastprivate(l)
  for (int i = 0; i < n; ++i)
    l = a[i];
  return l;
}
void chunked(int *a, int n) {
  #pragma omp distribute dist_schedule(static, n / 4)
  for (int i = 0; i < n; ++i)
    a[i] += i;
}
void para(int *a, int n) {
  #pragma omp distribute parallel for simd
  for (int i = n - 1; i >= 0; --i)
    a[i] += omp_get_thread_num();
}
#pragma omp end declare target
void f(double *m, int *a, int n) {
  #pragma omp target teams map(tofrom: m[0:n * n])
  m[0] = grid(m, n, n);
  #pragma omp target teams map(tofrom: a[0:n])
  a[0] = last(a, n);
  #pragma omp target teams map(tofrom: a[0:n])
  para(a, n);
  #pragma omp target teams map(tofrom: a[0:n])
  chunked(a, n);
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 4);
  INFO(F.Regions[0].R.Reason);
  CHECK(F.Regions[0].R.Translate);
  // One private copy per team.
  CHECK(contains(F.Output, "int t;\n"));
  // dist_schedule(static): one block per team, sizes within one.
  CHECK(contains(F.Output, "const o2c_dev::Block<unsigned long long> o2c_blk0 "
                           "= o2c_dev::staticBlock<unsigned long long>(0, "
                           "o2c_trip0, o2c_dev::omp_get_team_num(), "
                           "o2c_dev::omp_get_num_teams());\n"));
  const Region &Last = F.Regions[1].R;
  CHECK(!Last.Translate);
  CHECK(contains(Last.Reason, "has the clause 'lastprivate'"));
  CHECK(Last.WhyPos.Line == 15);
  const Region &Para = F.Regions[2].R;
  CHECK(!Para.Translate);
  CHECK(contains(Para.Reason, "calls the OpenMP API inside the loop of its "
                              "parallel part"));
  // The clause's chunks, round-robin over the teams.
  INFO(F.Regions[3].R.Reason);
  CHECK(F.Regions[3].R.Translate);
  CHECK(contains(F.Output, "const long long o2c_chunk0_ = n / 4;"));
  // A team's first chunk and the step are taken in 64 bits and stop at the
  // trip count: a 32-bit product could wrap.
  CHECK(contains(F.Output,
                 "for (unsigned int o2c_iv0_c = o2c_dev::strideStart<unsigned "
                 "int>(0, (unsigned long long)(o2c_dev::omp_get_team_num()) * "
                 "o2c_chunk0, o2c_trip0); o2c_iv0_c < o2c_trip0; o2c_iv0_c = "
                 "o2c_dev::strideNext(o2c_iv0_c, o2c_trip0, (unsigned long "
                 "long)(o2c_dev::omp_get_num_teams()) * o2c_chunk0)) {"));
}

TEST_CASE("an orphaned distribute's private global stays on the host",
          "[distribute]") {
  // The copied body names the global through its device copy, not the
  // copy's own declaration: every team would write the one global.
  FileResult F = translateC(R"src(
#pragma omp declare target
int g = 0;
void share(int *a, int n) {
  #pragma omp distribute private(g)
  for (int i = 0; i < n; i++) {
    g = i * 2;
    a[i] += g;
  }
}
#pragma omp end declare target
void f(int *a) {
  #pragma omp target teams num_teams(4) map(tofrom: a[0:64])
  share(a, 64);
}
)src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  INFO(F.Regions[0].R.Reason);
  CHECK_FALSE(F.Regions[0].R.Translate);
  CHECK(contains(F.Regions[0].R.Reason, "private('g') of a global variable"));
}
