// o2c::HostFallback's Reached argument: a firstprivate variable the region
// also reaches through a map item or a pointer goes to the device with the
// host's bytes, since a write there of the host's own value cannot be told
// from no write (review rv40 f21, f22; docs/host-fallback.md).
#include "omp2cuda/host_rt.h"

#include <catch2/catch.hpp>

#include <vector>

using namespace o2c;

namespace {
const SourceLoc Loc = {"rt_fallback_reached_test.cpp", 9, 1, "target"};

int *deviceCopy(int *Host, std::size_t N) {
  TargetRegion R(Loc);
  int *D = R.mapSection(Host, 0, N, MapAlloc);
  R.finish();
  return D;
}
} // namespace

TEST_CASE("a firstprivate variable the region reaches otherwise gets the "
          "host's bytes on the device",
          "[rt][fallback]") {
  std::vector<int> A{1, 1, 1, 1};
  enterData(Loc, -1, true, A.data(), A.size() * sizeof(int), MapTo);
  int *DA = deviceCopy(A.data(), A.size());
  A[0] = 2; // the host's newer values: the device holds 1
  A[2] = 2;
  A[3] = 2;
  {
    // A[0] is firstprivate and mapped by the region (A[0:1]); A[2] is
    // firstprivate and pointed to by a firstprivate pointer; A[3] is
    // firstprivate and reached by nothing else.
    HostFallback F(
        Loc, true, -1, {}, {},
        {{&A[0], sizeof(int)}, {&A[2], sizeof(int)}, {&A[3], sizeof(int)}},
        {{&A[0], sizeof(int)}, {&A[2], 1}});
    CHECK(A[0] == 2); // the host's values, for the private copies
    CHECK(A[2] == 2);
    CHECK(A[3] == 2);
    A[0] = 2; // the region's writes through its aliases: the host's values
    A[2] = 2;
  }
  CHECK(DA[0] == 2);
  CHECK(DA[1] == 1);
  CHECK(DA[2] == 2);
  CHECK(DA[3] == 1); // reached by nothing: the device keeps its own
  exitData(Loc, -1, true, A.data(), A.size() * sizeof(int), MapDelete);
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("pointeeRange is where a pointer points, for pointers only",
          "[rt][fallback]") {
  int X = 0;
  int *P = &X;
  double D = 0;
  void (*Fn)() = nullptr;
  CHECK(pointeeRange(&P).Host == &X);
  CHECK(pointeeRange(&P).Bytes == 1);
  CHECK(pointeeRange(&D).Bytes == 0);
  CHECK(pointeeRange(&Fn).Bytes == 0);
  CHECK(scalarRange(&D).Host == &D);
  CHECK(scalarRange(&D).Bytes == sizeof(double));
  struct S {
    int a;
  } Sv{1};
  CHECK(scalarRange(&Sv).Bytes == 0);
}

TEST_CASE("a firstprivate variable an attached pointer points into gets the "
          "host's bytes on the device",
          "[rt][fallback]") {
  // `s.p[0] = 2` with s.p == &x attached, x == 2 on the host and 1 on the
  // device (scratch-fb2 v12: host 2 2, emu 2 1 before).
  int X = 1, Y = 1;
  struct S {
    int *P;
  } Sv{&X};
  enterData(Loc, -1, true, &X, sizeof X, MapTo);
  enterData(Loc, -1, true, &Y, sizeof Y, MapTo);
  enterData(Loc, -1, true, &Sv, sizeof Sv, MapTo);
  attach(Loc, -1, true, &Sv.P, &X, 0);
  int *DX = deviceCopy(&X, 1), *DY = deviceCopy(&Y, 1);
  X = 2;
  Y = 2;
  {
    HostFallback F(Loc, true, -1, {}, {}, {{&X, sizeof X}, {&Y, sizeof Y}});
    CHECK(X == 2);
    *Sv.P = 2; // the region's write through the attached pointer
  }
  CHECK(*DX == 2);
  CHECK(*DY == 1); // reached by nothing: the device keeps its own
  exitData(Loc, -1, true, &Sv, sizeof Sv, MapDelete);
  exitData(Loc, -1, true, &X, sizeof X, MapDelete);
  exitData(Loc, -1, true, &Y, sizeof Y, MapDelete);
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("a firstprivate variable another firstprivate object holds the "
          "address of gets the host's bytes on the device",
          "[rt][fallback]") {
  // A lambda's reference capture (scratch-fb2 v13: `set(2)` with `[&x]`,
  // host 2 2, emu 2 1 before): here a struct with a pointer member.
  int X = 1, Y = 1;
  struct Holder {
    int *P;
  } H{&X};
  enterData(Loc, -1, true, &X, sizeof X, MapTo);
  enterData(Loc, -1, true, &Y, sizeof Y, MapTo);
  int *DX = deviceCopy(&X, 1), *DY = deviceCopy(&Y, 1);
  X = 2;
  Y = 2;
  {
    HostFallback F(Loc, true, -1, {}, {},
                   {{&X, sizeof X}, {&Y, sizeof Y}, {&H, sizeof H}});
    *H.P = 2;
  }
  CHECK(*DX == 2);
  CHECK(*DY == 1);
  exitData(Loc, -1, true, &X, sizeof X, MapDelete);
  exitData(Loc, -1, true, &Y, sizeof Y, MapDelete);
  CHECK(presentEntries(0) == 0);
}
