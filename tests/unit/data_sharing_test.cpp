// Where data-sharing slots go (issue 9 point 3, SharingSlots.h): static
// shared memory while the layout fits 48 KiB, else references into the
// team's block o2c_ds that the stub places (o2c::teamSlots); --data-sharing
// forces either.
#include "ToolTestUtil.h"

using namespace omp2cuda;
using namespace omp2cuda::test;

namespace {
/// The output without white space (it is clang-formatted).
std::string squeezed(const std::string &S) {
  std::string Out;
  for (char C : S)
    if (C != ' ' && C != '\n')
      Out += C;
  return Out;
}

FileResult translateWith(const std::string &Code, DataSharing Mode) {
  Options O;
  O.LineDirectives = false;
  O.Sharing = Mode;
  return translateCode(Code, "input.c", {"-xc", "-std=c11"}, O);
}

// A tile of N ints per team, shared by the team's threads.
std::string tileRegion(unsigned N) {
  return "#include <omp.h>\nint out[4];\nvoid f(void) {\n"
         "  #pragma omp target teams num_teams(4) map(from: out)\n  {\n"
         "    int tile[" +
         std::to_string(N) +
         "];\n"
         "    #pragma omp parallel\n    {\n"
         "      tile[omp_get_thread_num()] = 1;\n"
         "      #pragma omp barrier\n"
         "      if (omp_get_thread_num() == 0) out[omp_get_team_num()] = "
         "tile[1];\n    }\n  }\n}\n";
}

// A control loop: team-master locals and a firstprivate its threads share.
const char *const ControlRegion = R"src(
#include <omp.h>
long long steps[4];
void f(int scale) {
  #pragma omp target teams num_teams(1) map(from: steps) firstprivate(scale)
  {
    long long acc = 0;
    int round = 0;
    while (round < 4) {
      if (round == 2) scale = 5;
      #pragma omp parallel
      {
        #pragma omp atomic
        acc += scale;
      }
      steps[round] = acc;
      round++;
    }
  }
})src";
} // namespace

TEST_CASE("team slots that fit stay in static shared memory",
          "[data-sharing]") {
  FileResult F = translateWith(tileRegion(64), DataSharing::Auto);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  REQUIRE(F.Regions[0].R.Translate);
  CHECK(contains(F.Output, "__shared__ int tile[64];"));
  CHECK_FALSE(contains(F.Output, "o2c_ds"));
  CHECK(F.Regions[0].R.Spmd.SlotBytes == 0);
  CHECK(contains(F.Output, "O2C_LAUNCH(o2c_shape, 0,"));
}

TEST_CASE("a layout past 48 KiB goes to the team's block, placed at launch",
          "[data-sharing]") {
  FileResult F = translateWith(tileRegion(20000), DataSharing::Auto);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions[0].R.Translate);
  const std::string &Out = F.Output;
  CHECK(F.Regions[0].R.Spmd.SlotBytes == 80000);
  CHECK_FALSE(contains(Out, "__shared__ int tile"));
  CHECK(contains(Out, "auto &tile = o2c_dev::slot<int[20000]>(o2c_ds, 0);"));
  CHECK(contains(Out, "char *o2c_ds_global"));
  CHECK(contains(Out, "o2c_dev::teamSlots(o2c_ds_global, 80000)"));
  CHECK(contains(Out, "80000, o2c::SlotsIn::Auto);"));
  CHECK(contains(Out, "O2C_LAUNCH(o2c_shape, o2c_slots.Dynamic,"));
  CHECK(contains(Out, "o2c_slots.Global)"));
  // Static shared memory no longer counts the tile; the sharing stack does
  // not count team-local arrays (as before).
  CHECK(F.Regions[0].R.Spmd.SharedBytes < 1024);

  FileResult S = translateWith(tileRegion(20000), DataSharing::Shared);
  REQUIRE(S.Ok);
  CHECK(contains(S.Output, "80000, o2c::SlotsIn::Shared);"));
  // Forced shared: a layout that fits stays static.
  FileResult Small = translateWith(tileRegion(64), DataSharing::Shared);
  REQUIRE(Small.Ok);
  CHECK(contains(Small.Output, "__shared__ int tile[64];"));
}

TEST_CASE("--data-sharing=global moves every slot of a control loop",
          "[data-sharing]") {
  FileResult A = translateWith(ControlRegion, DataSharing::Auto);
  REQUIRE(A.Ok);
  REQUIRE(A.Regions[0].R.Translate);
  REQUIRE(A.Regions[0].R.Spmd.ControlLoop);
  CHECK(contains(A.Output, "__shared__ long long acc;"));
  CHECK(contains(A.Output, "__shared__ int o2c_teamfp_scale;"));

  FileResult G = translateWith(ControlRegion, DataSharing::Global);
  REQUIRE(G.Ok);
  REQUIRE(G.Regions[0].R.Translate);
  const std::string &Out = G.Output;
  CHECK_FALSE(contains(Out, "__shared__ long long acc"));
  CHECK_FALSE(contains(Out, "__shared__ int o2c_teamfp_scale"));
  CHECK(contains(squeezed(Out), "auto&acc=o2c_dev::slot<longlong>(o2c_ds,0);"));
  CHECK(contains(squeezed(Out),
                 "auto&o2c_teamfp_scale=o2c_dev::slot<int>(o2c_ds,16);"));
  CHECK(contains(Out, "o2c::SlotsIn::Global);"));
  // Each slot has its own 16-byte-aligned offset.
  CHECK(G.Regions[0].R.Spmd.SlotBytes == 32);
  // The control loop's own state stays in static shared memory.
  CHECK(contains(Out, "__shared__ int o2c_cl_next[2];"));
}

TEST_CASE("a team-master variable allocated in the team's memory is the "
          "team's slot",
          "[data-sharing][allocate]") {
  // Parallel code only reads base; scale only the team master uses.
  const char *Code = R"src(#include <omp.h>
int out[256];
void f(void) {
  #pragma omp target teams num_teams(4) map(from: out)
  {
    int base = omp_get_team_num();
    #pragma omp allocate(base) allocator(omp_pteam_mem_alloc)
    int scale = 3;
    #pragma omp allocate(scale) allocator(omp_cgroup_mem_alloc)
    int plain = 2;
    #pragma omp parallel for
    for (int i = 0; i < 64; ++i)
      out[base * 64 + i] = i * plain;
    out[base] += scale;
  }
})src";
  FileResult A = translateWith(Code, DataSharing::Auto);
  REQUIRE(A.Ok);
  INFO(A.Regions.at(0).R.Reason);
  REQUIRE(A.Regions[0].R.Translate);
  CHECK(contains(A.Output, "__shared__ int base;"));
  CHECK(contains(A.Output, "__shared__ int scale;"));
  // Without the allocator the thread's own copy, computed redundantly.
  CHECK_FALSE(contains(A.Output, "__shared__ int plain;"));
  // The same budget rules as any slot.
  FileResult G = translateWith(Code, DataSharing::Global);
  REQUIRE(G.Ok);
  REQUIRE(G.Regions[0].R.Translate);
  CHECK(contains(squeezed(G.Output), "auto&base=o2c_dev::slot<int>(o2c_ds,0);"));
  CHECK(contains(squeezed(G.Output),
                 "auto&scale=o2c_dev::slot<int>(o2c_ds,16);"));
}

TEST_CASE("the control loop's team-master variable allocated in the team's "
          "memory is the team's slot",
          "[data-sharing][allocate]") {
  // round only the team master uses: the thread's own, unless allocated.
  std::string Code = ControlRegion;
  const std::string Decl = "    int round = 0;\n";
  size_t At = Code.find(Decl);
  REQUIRE(At != std::string::npos);
  FileResult Plain = translateWith(Code, DataSharing::Auto);
  REQUIRE(Plain.Ok);
  REQUIRE(Plain.Regions.at(0).R.Spmd.ControlLoop);
  CHECK_FALSE(contains(Plain.Output, "__shared__ int round;"));
  Code.insert(At + Decl.size(),
              "    #pragma omp allocate(round) allocator(omp_pteam_mem_alloc)\n");
  FileResult A = translateWith(Code, DataSharing::Auto);
  REQUIRE(A.Ok);
  INFO(A.Regions.at(0).R.Reason);
  REQUIRE(A.Regions[0].R.Translate);
  REQUIRE(A.Regions[0].R.Spmd.ControlLoop);
  CHECK(contains(A.Output, "__shared__ int round;"));
}
