// --full-grid (issue 11): which combined loops may launch past num_teams
// (Region::GridObserver, GridObservers.cpp), and the stub that does.
#include "ToolTestUtil.h"

using namespace omp2cuda;
using namespace omp2cuda::test;

namespace {
FileResult translateWith(const std::string &Code, bool FullGrid) {
  Options O;
  O.LineDirectives = false;
  O.FullGrid = FullGrid;
  return translateCode(Code, "input.c", {"-xc", "-std=c11"}, O);
}

const char *const Regions = R"src(
#include <omp.h>
int team(void) { return omp_get_team_num(); }
void f(double *A, int *B, int n) {
  double s = 0, w = 2;
  int c = 0, k = 0, t[4] = {1, 2, 3, 4};
  #pragma omp target teams distribute parallel for num_teams(4) thread_limit(64) firstprivate(w, t) map(tofrom: A[0:n])
  for (int i = 0; i < n; i++) A[i] = w * t[i % 4];
  #pragma omp target teams distribute parallel for num_teams(4) map(tofrom: B[0:n])
  for (int i = 0; i < n; i++) B[i] = team();
  #pragma omp target teams distribute parallel for num_teams(4) firstprivate(c) map(tofrom: B[0:n])
  for (int i = 0; i < n; i++) B[i] = ++c;
  #pragma omp target teams distribute parallel for num_teams(4) reduction(+: s) map(to: A[0:n])
  for (int i = 0; i < n; i++) s += A[i];
  #pragma omp target teams distribute parallel for num_teams(4) reduction(+: k) map(to: B[0:n])
  for (int i = 0; i < n; i++) k += B[i];
  #pragma omp target teams distribute parallel for num_teams(4) firstprivate(t) map(tofrom: B[0:n])
  for (int i = 0; i < n; i++) { t[0] = i; B[i] = t[0]; }
  #pragma omp target teams distribute parallel for firstprivate(c) map(tofrom: B[0:n])
  for (int i = 0; i < n; i++) B[i] = ++c;
  A[0] = s + k;
})src";
} // namespace

TEST_CASE("what lets a combined loop tell how many teams ran it",
          "[full-grid]") {
  FileResult F = translateWith(Regions, false);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 7);
  for (const RegionReport &Rep : F.Regions)
    REQUIRE(Rep.R.Translate);
  // Reads of firstprivate scalars and arrays: it cannot.
  CHECK(F.Regions[0].R.GridObserver.empty());
  CHECK(contains(F.Regions[1].R.GridObserver, "omp_get_team_num"));
  CHECK(contains(F.Regions[2].R.GridObserver, "may assign 'c'"));
  CHECK(contains(F.Regions[3].R.GridObserver, "reduction of a 'double'"));
  CHECK(F.Regions[4].R.GridObserver.empty()); // an integer sum is exact
  CHECK(contains(F.Regions[5].R.GridObserver, "may assign 't'"));
  // No num_teams: nothing caps the grid, nothing to lift.
  CHECK(F.Regions[6].R.GridObserver.empty());
  // Without --full-grid the clause caps every grid.
  CHECK_FALSE(contains(F.Output, "uncappedTeams"));
}

TEST_CASE("--full-grid lifts num_teams only where the loop cannot tell",
          "[full-grid]") {
  FileResult F = translateWith(Regions, true);
  REQUIRE(F.Ok);
  const std::string &Out = F.Output;
  // Regions 0 and 4 (lines 7 and 15 of the input).
  CHECK(contains(Out, "o2c::uncappedTeams((long long)(4)), (long long)(64)"));
  size_t Uses = 0;
  for (size_t P = Out.find("o2c::uncappedTeams("); P != std::string::npos;
       P = Out.find("o2c::uncappedTeams(", P + 1))
    ++Uses;
  CHECK(Uses == 2);
  CHECK(contains(F.Regions[0].LaunchShape,
                 "teams: one thread per iteration (--full-grid, not 4)"));
  CHECK(contains(F.Regions[2].LaunchShape,
                 "teams: 4 (kept by --full-grid: it may assign 'c'"));
  CHECK(contains(F.Regions[6].LaunchShape,
                 "teams: one thread per iteration, else occupancy-based"));
}

TEST_CASE("--full-grid lifts num_teams over the device queries",
          "[full-grid]") {
  // omp_is_initial_device() and omp_get_device_num() answer alike in any
  // grid (omp.h's begin declare variant call of the first hid it from an
  // allow-list); omp_get_num_teams() does not.
  FileResult F = translateWith(R"src(
#include <omp.h>
void f(int *B, int n) {
  #pragma omp target teams distribute parallel for num_teams(4) map(tofrom: B[0:n])
  for (int i = 0; i < n; i++) B[i] = omp_is_initial_device() + omp_get_device_num();
  #pragma omp target teams distribute parallel for num_teams(4) map(tofrom: B[0:n])
  for (int i = 0; i < n; i++) B[i] = omp_get_num_teams();
})src",
                               true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  CHECK(F.Regions[0].R.GridObserver.empty());
  CHECK(contains(F.Regions[0].LaunchShape,
                 "teams: one thread per iteration (--full-grid, not 4)"));
  CHECK(F.Regions[1].R.GridObserver == "it calls 'omp_get_num_teams'");
}
