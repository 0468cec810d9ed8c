// host_rt map semantics (OpenMP 5.x) over the emulated device, whose memory
// is separate from the host's, so every copy (or its absence) is visible.
#include "RtTestUtil.h"
#include "omp2cuda/host_rt.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <vector>

using namespace o2c;

static const SourceLoc Loc = {"rt_test.cpp", 1, 1, "target"};

TEST_CASE("a region maps, the device copy is separate, from copies back", "[rt]") {
  std::vector<double> A(100, 1.0);
  {
    TargetRegion R(Loc);
    REQUIRE(R.offload());
    double *D = R.mapSection(A.data(), 0, 100, MapToFrom);
    CHECK(D != A.data());
    CHECK(D[5] == 1.0); // copied to the device
    D[5] = 7.0;         // "kernel" writes the device copy
    CHECK(A[5] == 1.0); // host unchanged until the region ends
    CHECK(presentEntries(0) == 1);
    R.finish();
  }
  CHECK(A[5] == 7.0);
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("map(to:) does not copy back; map(from:) does not copy in", "[rt]") {
  std::vector<int> A(10, 3), B(10, 4);
  TargetRegion R(Loc);
  int *DA = R.mapSection(A.data(), 0, 10, MapTo);
  int *DB = R.mapSection(B.data(), 0, 10, MapFrom);
  CHECK(DA[0] == 3);
  DA[0] = 9;
  DB[0] = 8;
  R.finish();
  CHECK(A[0] == 3);
  CHECK(B[0] == 8);
}

TEST_CASE("reference counts: enter data, region, exit data", "[rt]") {
  std::vector<double> A(50, 2.0);
  enterData(Loc, -1, true, A.data(), 50 * sizeof(double), MapTo);
  CHECK(presentRefCount(0, A.data()) == 1);
  A[0] = 5.0; // host change after the data went to the device
  {
    TargetRegion R(Loc);
    double *D = R.mapSection(A.data(), 0, 50, MapToFrom);
    CHECK(presentRefCount(0, A.data()) == 2);
    CHECK(D[0] == 2.0); // present: no second copy to the device
    D[1] = 6.0;
    R.finish();
  }
  CHECK(presentRefCount(0, A.data()) == 1);
  CHECK(A[1] == 2.0); // not the last reference: no copy back
  exitData(Loc, -1, true, A.data(), 50 * sizeof(double), MapFrom);
  CHECK(presentEntries(0) == 0);
  CHECK(A[1] == 6.0);
  CHECK(A[0] == 2.0); // the device value wins at the last release
}

TEST_CASE("always modifier and update", "[rt]") {
  std::vector<double> A(8, 1.0);
  enterData(Loc, -1, true, A.data(), sizeof(double) * 8, MapTo);
  A[2] = 4.0;
  {
    TargetRegion R(Loc);
    double *D = R.mapSection(A.data(), 0, 8, MapTo | MapAlways);
    CHECK(D[2] == 4.0);
    D[3] = 9.0;
    R.finish();
  }
  update(Loc, -1, true, A.data(), sizeof(double) * 8, /*ToDevice=*/false);
  CHECK(A[3] == 9.0);
  exitData(Loc, -1, true, A.data(), sizeof(double) * 8, MapDelete);
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("sections inside a mapped array reuse it; translate finds interior pointers",
          "[rt]") {
  std::vector<float> A(64, 0.0f);
  enterData(Loc, -1, true, A.data(), sizeof(float) * 64, MapAlloc);
  TargetRegion R(Loc);
  float *Whole = static_cast<float *>(R.translate(A.data()));
  float *Sub = R.mapSection(A.data(), 16, 8, MapTo);
  CHECK(Whole != A.data());
  CHECK(Sub == Whole); // base pointer of the section is the array's
  CHECK(R.translate(A.data() + 20) == Whole + 20);
  int Local = 0;
  CHECK(R.translate(&Local) == &Local); // unmapped: unchanged
  R.finish();
  exitData(Loc, -1, true, A.data(), sizeof(float) * 64, MapRelease);
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("partial overlap with a mapped range is a runtime error", "[rt]") {
  int Status = exitStatusOf([] {
    static double A[32];
    enterData(Loc, -1, true, A, sizeof(double) * 16, MapTo);
    TargetRegion R(Loc);
    R.mapSection(A, 8, 16, MapTo); // [8,24) overlaps [0,16) and extends it
  });
  CHECK(Status == 1);
}

TEST_CASE("device selection: if(false), initial device, DISABLED", "[rt]") {
  CHECK(numDevices() == 1);
  CHECK_FALSE(TargetRegion(Loc, -1, false).offload());
  CHECK_FALSE(TargetRegion(Loc, numDevices(), true).offload());
  CHECK(TargetRegion(Loc, 0, true).offload());
  setenv("OMP_TARGET_OFFLOAD", "disabled", 1);
  CHECK_FALSE(TargetRegion(Loc).offload());
  unsetenv("OMP_TARGET_OFFLOAD");
  CHECK(exitStatusOf([] { TargetRegion R(Loc, 5, true); }) == 1);
}

TEST_CASE("present modifier on absent data is an error; a host region maps nothing",
          "[rt]") {
  CHECK(exitStatusOf([] {
          int X = 0;
          TargetRegion R(Loc);
          R.mapObject(X, MapTo | MapPresent);
        }) == 1);
  int Y = 1;
  TargetRegion H(Loc, -1, false);
  CHECK(H.mapObject(Y, MapToFrom) == &Y);
  CHECK(presentEntries(0) == 0);
}
