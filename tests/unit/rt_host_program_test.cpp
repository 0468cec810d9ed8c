// o2c::runOnHostOnly (issue 8): a unit with a construct the translator could
// neither translate nor guard makes the whole program run on the host. The
// state is process-wide, so each case runs in a child process.
#include "RtTestUtil.h"
#include "omp2cuda/host_rt.h"

#include <catch2/catch.hpp>

#include <cstring>

using namespace o2c;

namespace {
const SourceLoc Loc = {"main.c", 9, 1, "target teams"};
const SourceLoc HeaderLoc = {"../inc/scale.h", 2, 1, "target"};
const char *Why = "the region at ../inc/scale.h:2 is in a header outside the "
                  "input root [omp2cuda-host-header]";

/// Exits the child with status 2 when Cond is false.
void require(bool Cond) {
  if (!Cond)
    _exit(2);
}
} // namespace

TEST_CASE("after runOnHostOnly the program has no device", "[rt][host-only]") {
  ChildResult C = runChild([] {
    require(numDevices() == 1); // the emu device, before
    HostProgram P(HeaderLoc, Why);
    require(numDevices() == 0);
    double A[4] = {1, 2, 3, 4};
    TargetRegion R(Loc);
    require(!R.offload()); // the stub runs the host fallback
    // Device 0 is now the initial device: memory it allocates is the host's.
    auto *M = static_cast<double *>(targetAlloc(sizeof A, 0));
    require(M != nullptr);
    std::memcpy(M, A, sizeof A);
    require(M[3] == 4.0);
    targetFree(M, 0);
    require(targetIsPresent(A, 0) == 1);
  });
  CHECK(C.Status == 0);
  CHECK(C.Err.empty());
}

TEST_CASE("runOnHostOnly while a device holds data is a run-time error",
          "[rt][host-only]") {
  static double A[4];
  ChildResult C = runChild([] {
    {
      TargetRegion R(Loc); // done: it leaves nothing on the device
      require(R.offload());
      R.mapSection(A, 0, 4, MapToFrom);
    }
    HostProgram P(HeaderLoc, Why);
    require(numDevices() == 0);
    enterData(Loc, -1, true, A, sizeof A, MapTo);
  });
  CHECK(C.Status == 0);
  CHECK(C.Err.empty());
  C = runChild([] {
    enterData(Loc, -1, true, A, sizeof A, MapTo);
    runOnHostOnly(HeaderLoc, Why);
  });
  CHECK(C.Status == 1);
  CHECK(C.Err.find("../inc/scale.h:2:1: omp2cuda runtime error: omp2cuda "
                   "runs every target region of this program on the host, "
                   "because ../inc/scale.h:2: the region") == 0);
  CHECK(C.Err.find("but the program put data on a device before this unit "
                   "started") !=
        std::string::npos);
}

TEST_CASE("OMP_TARGET_OFFLOAD=MANDATORY names why the program has no device",
          "[rt][host-only]") {
  ChildResult C = runChild([] {
    setenv("OMP_TARGET_OFFLOAD", "mandatory", 1);
    runOnHostOnly(HeaderLoc, Why);
    TargetRegion R(Loc);
  });
  CHECK(C.Status == 1);
  CHECK(C.Err.find("main.c:9:1: omp2cuda runtime error: "
                   "OMP_TARGET_OFFLOAD=MANDATORY but no offload device is "
                   "available (omp2cuda runs every target region of this "
                   "program on the host, because ../inc/scale.h:2: the region "
                   "at ../inc/scale.h:2 is in a header outside the input root "
                   "[omp2cuda-host-header])") == 0);
}
