// The CUDA backend on this machine: without a GPU every region runs on the
// host, and OMP_TARGET_OFFLOAD=MANDATORY is an error; with a GPU a map
// round trip moves the data.
#include "RtTestUtil.h"
#include "omp2cuda/host_rt.h"

#include <catch2/catch.hpp>

#include <cstdlib>

using namespace o2c;

static const SourceLoc Loc = {"rt_cuda_test.cpp", 1, 1, "target"};

TEST_CASE("cuda backend: device count decides offloading", "[rt][cuda]") {
  if (numDevices() == 0) {
    CHECK_FALSE(TargetRegion(Loc).offload());
    CHECK(exitStatusOf([] {
            setenv("OMP_TARGET_OFFLOAD", "MANDATORY", 1);
            TargetRegion R(Loc);
          }) == 1);
  } else {
    double A[4] = {1, 2, 3, 4};
    {
      TargetRegion R(Loc);
      REQUIRE(R.offload());
      R.mapSection(A, 0, 4, MapToFrom);
      R.finish();
    }
    CHECK(A[3] == 4.0);
    CHECK(presentEntries(0) == 0);
  }
}
