// host_rt map semantics (OpenMP 5.x) over the emulated device. Its memory is
// separate from the host's, so every copy (or its absence) is visible: the
// tests read and write "device" memory directly through the returned
// pointers, as a kernel would.
#include "RtTestUtil.h"
#include "omp2cuda/host_rt.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <cstring>
#include <thread>
#include <vector>

using namespace o2c;

static const SourceLoc Loc = {"rt_test.cpp", 7, 3, "target teams"};

template <class T> static std::size_t bytes(const std::vector<T> &V) {
  return V.size() * sizeof(T);
}

TEST_CASE("a region's device copy is separate; from copies back at the end",
          "[rt]") {
  std::vector<double> A(100, 1.0);
  {
    TargetRegion R(Loc);
    REQUIRE(R.offload());
    CHECK(R.device() == 0);
    CHECK(R.stream() != nullptr); // a stream of the pool
    double *D = R.mapSection(A.data(), 0, 100, MapToFrom);
    CHECK(D != A.data());
    CHECK(D[5] == 1.0); // copied to the device
    D[5] = 7.0;         // the "kernel" writes the device copy
    CHECK(A[5] == 1.0); // the host copy is untouched until the region ends
    CHECK(presentEntries(0) == 1);
    CHECK(presentRefCount(0, A.data()) == 1);
    R.launched();
    CHECK(R.finish());
    CHECK(A[5] == 7.0);
    CHECK(presentEntries(0) == 0);
    CHECK(R.finish()); // idempotent; the destructor calls it once more
  }
  CHECK(A[5] == 7.0);
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("map(to:) does not copy back; map(from:) does not copy in", "[rt]") {
  std::vector<int> A(10, 3), B(1000);
  for (int I = 0; I < 1000; ++I)
    B[I] = 123456789 + I; // a pattern fresh memory does not hold
  TargetRegion R(Loc);
  int *DA = R.mapSection(A.data(), 0, 10, MapTo);
  int *DB = R.mapSection(B.data(), 0, 1000, MapFrom);
  CHECK(DA[0] == 3);
  bool AllCopied = true;
  for (int I = 0; I < 1000; ++I)
    AllCopied = AllCopied && DB[I] == B[I];
  CHECK_FALSE(AllCopied);
  DA[0] = 9;
  for (int I = 0; I < 1000; ++I)
    DB[I] = -I;
  R.finish();
  CHECK(A[0] == 3);
  CHECK(B[0] == 0);
  CHECK(B[999] == -999);
}

TEST_CASE("alloc copies neither way", "[rt]") {
  std::vector<int> A(4, 5);
  TargetRegion R(Loc);
  int *D = R.mapSection(A.data(), 0, 4, MapAlloc);
  D[0] = 1;
  R.finish();
  CHECK(A[0] == 5);
}

TEST_CASE("enter data, then a region on the same array: counts, no second "
          "copy, no copy back before the last release",
          "[rt]") {
  std::vector<double> A(50, 2.0);
  enterData(Loc, -1, true, A.data(), bytes(A), MapTo);
  CHECK(presentRefCount(0, A.data()) == 1);
  A[0] = 5.0; // a host change after the data went to the device
  {
    TargetRegion R(Loc);
    double *D = R.mapSection(A.data(), 0, 50, MapToFrom);
    CHECK(presentRefCount(0, A.data()) == 2);
    CHECK(presentEntries(0) == 1);
    CHECK(D[0] == 2.0); // present: not copied again
    D[1] = 6.0;
    R.finish();
  }
  CHECK(presentRefCount(0, A.data()) == 1);
  CHECK(A[1] == 2.0); // not the last reference: no copy back
  CHECK(A[0] == 5.0);
  {
    // The device content, seen through an always-from map.
    TargetRegion R(Loc);
    R.mapSection(A.data(), 0, 50, MapFrom | MapAlways);
    R.finish();
    CHECK(A[1] == 6.0);
    CHECK(A[0] == 2.0);
    CHECK(presentRefCount(0, A.data()) == 1); // always does not unmap
  }
  A[1] = -1.0;
  exitData(Loc, -1, true, A.data(), bytes(A), MapFrom);
  CHECK(presentEntries(0) == 0);
  CHECK(A[1] == 6.0); // the last release copies back
}

TEST_CASE("exit data copies back only at the last release", "[rt]") {
  std::vector<int> A(8, 1);
  enterData(Loc, -1, true, A.data(), bytes(A), MapTo);
  enterData(Loc, -1, true, A.data(), bytes(A), MapToFrom);
  CHECK(presentRefCount(0, A.data()) == 2);
  TargetRegion R(Loc);
  static_cast<int *>(R.translate(A.data()))[3] = 42;
  R.finish();
  exitData(Loc, -1, true, A.data(), bytes(A), MapFrom);
  CHECK(presentRefCount(0, A.data()) == 1);
  CHECK(A[3] == 1);
  exitData(Loc, -1, true, A.data(), bytes(A), MapFrom);
  CHECK(presentEntries(0) == 0);
  CHECK(A[3] == 42);
}

TEST_CASE("always modifier copies on a present entry, both ways", "[rt]") {
  std::vector<double> A(8, 1.0);
  enterData(Loc, -1, true, A.data(), bytes(A), MapTo);
  A[2] = 4.0;
  {
    TargetRegion R(Loc);
    double *D = R.mapSection(A.data(), 0, 8, MapTo);
    CHECK(D[2] == 1.0); // plain to: present, no copy
    R.finish();
  }
  {
    TargetRegion R(Loc);
    double *D = R.mapSection(A.data(), 0, 8, MapTo | MapAlways);
    CHECK(D[2] == 4.0);
    D[3] = 9.0;
    R.finish();
  }
  CHECK(A[3] == 1.0); // to only
  {
    TargetRegion R(Loc);
    R.mapSection(A.data(), 0, 8, MapFrom | MapAlways);
    R.finish();
  }
  CHECK(A[3] == 9.0); // from|always copies though the count stays 1
  A[3] = 0.0;
  {
    // always,tofrom: the host value goes in first and comes back unchanged.
    TargetRegion R(Loc);
    CHECK(R.mapSection(A.data(), 0, 8, MapToFrom | MapAlways)[3] == 0.0);
  }
  CHECK(A[3] == 0.0);
  CHECK(presentRefCount(0, A.data()) == 1);
  exitData(Loc, -1, true, A.data(), bytes(A), MapRelease);
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("delete drops every reference; release drops one", "[rt]") {
  std::vector<int> A(4, 1);
  enterData(Loc, -1, true, A.data(), bytes(A), MapTo);
  enterData(Loc, -1, true, A.data(), bytes(A), MapTo);
  enterData(Loc, -1, true, A.data(), bytes(A), MapTo);
  CHECK(presentRefCount(0, A.data()) == 3);
  exitData(Loc, -1, true, A.data(), bytes(A), MapRelease);
  CHECK(presentRefCount(0, A.data()) == 2);
  TargetRegion R(Loc);
  static_cast<int *>(R.translate(A.data()))[0] = 7;
  R.finish();
  exitData(Loc, -1, true, A.data(), bytes(A), MapDelete);
  CHECK(presentEntries(0) == 0);
  CHECK(A[0] == 1); // delete does not copy back
  // Exit actions on data that is no longer present do nothing.
  exitData(Loc, -1, true, A.data(), bytes(A), MapFrom);
  exitData(Loc, -1, true, A.data(), bytes(A), MapDelete);
  CHECK(A[0] == 1);
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("delete with from copies back (exit data map(from) + delete)",
          "[rt]") {
  std::vector<int> A(4, 1);
  enterData(Loc, -1, true, A.data(), bytes(A), MapTo);
  enterData(Loc, -1, true, A.data(), bytes(A), MapTo);
  TargetRegion R(Loc);
  static_cast<int *>(R.translate(A.data()))[2] = 8;
  R.finish();
  exitData(Loc, -1, true, A.data(), bytes(A), MapFrom | MapDelete);
  CHECK(presentEntries(0) == 0);
  CHECK(A[2] == 8);
}

TEST_CASE("a section inside a mapped array reuses its entry at the right "
          "offset",
          "[rt]") {
  std::vector<float> A(64);
  for (int I = 0; I < 64; ++I)
    A[I] = static_cast<float>(I);
  enterData(Loc, -1, true, A.data(), bytes(A), MapTo);
  A[20] = -1.0f; // changed on the host only
  TargetRegion R(Loc);
  float *Whole = R.translate(A.data());
  REQUIRE(Whole != A.data());
  // mapSection returns the device pointer for the base, so the kernel uses
  // the user's own subscripts.
  float *Sub = R.mapSection(A.data(), 16, 8, MapToFrom);
  CHECK(Sub == Whole);
  CHECK(Sub[20] == 20.0f); // present: the host change was not copied
  CHECK(presentEntries(0) == 1);
  CHECK(presentRefCount(0, A.data() + 16) == 2);
  void *Raw = R.map(A.data() + 16, 8 * sizeof(float), MapTo);
  CHECK(Raw == Whole + 16);
  // The same storage again in the same construct: no second reference
  // (OpenMP 5.2 §5.8.3).
  CHECK(presentRefCount(0, A.data()) == 2);
  Sub[17] = 99.0f;
  Sub[40] = 77.0f; // outside the section
  R.finish();
  CHECK(presentRefCount(0, A.data()) == 1);
  CHECK(A[17] == 17.0f); // entry still held: no copy back
  exitData(Loc, -1, true, A.data() + 16, 8 * sizeof(float), MapFrom);
  CHECK(presentEntries(0) == 0);
  CHECK(A[17] == 99.0f); // only the section comes back...
  CHECK(A[20] == 20.0f);
  CHECK(A[40] == 40.0f); // ...not the rest of the entry
}

TEST_CASE("exit actions run in reverse order", "[rt]") {
  // map(tofrom: A[0:10]) map(to: A[2:3]): the whole array's from must run
  // last, when its count reaches zero, or the data would be lost.
  std::vector<int> A(10, 0);
  {
    TargetRegion R(Loc);
    int *D = R.mapSection(A.data(), 0, 10, MapToFrom);
    CHECK(R.mapSection(A.data(), 2, 3, MapTo) == D);
    CHECK(presentRefCount(0, A.data()) == 1); // one per construct
    D[9] = 5;
  }
  CHECK(A[9] == 5);
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("translate: interior pointers, end pointers, unmapped pointers",
          "[rt]") {
  std::vector<long> A(32, 0);
  TargetRegion R(Loc);
  long *D = R.mapSection(A.data(), 0, 32, MapTo);
  CHECK(R.translate(A.data()) == D);
  CHECK(R.translate(A.data() + 20) == D + 20);
  CHECK(R.translate(A.data() + 31) == D + 31);
  // The end pointer of a mapped array translates like its elements.
  CHECK(R.translate(A.data() + 32) == D + 32);
  // Interior byte addresses too.
  CHECK(R.translate(reinterpret_cast<char *>(A.data()) + 3) ==
        reinterpret_cast<char *>(D) + 3);
  int Local = 0;
  CHECK(R.translate(&Local) == &Local);
  CHECK(R.translate(static_cast<long *>(nullptr)) == nullptr);
  // A zero-length section: look-up only, no reference, no allocation.
  CHECK(R.map(A.data() + 4, 0, MapToFrom) == D + 4);
  CHECK(R.map(&Local, 0, MapToFrom) == &Local);
  CHECK(presentEntries(0) == 1);
  CHECK(presentRefCount(0, A.data()) == 1);
  CHECK(presentRefCount(0, A.data() + 32) == 0); // not inside
  R.finish();
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("mapObject and mapArray", "[rt]") {
  struct Pair {
    int X, Y;
  } P = {1, 2};
  int Arr[5] = {1, 2, 3, 4, 5};
  {
    TargetRegion R(Loc);
    Pair *DP = R.mapObject(P, MapToFrom);
    int *DA = R.mapArray(Arr, MapTo);
    CHECK(static_cast<void *>(DP) != &P);
    CHECK(DP->Y == 2);
    CHECK(DA[4] == 5);
    CHECK(presentEntries(0) == 2);
    DP->X = 10;
    DA[0] = 10;
  }
  CHECK(P.X == 10);
  CHECK(Arr[0] == 1);
}

TEST_CASE("overlapping maps are runtime errors", "[rt]") {
  static double A[32];
  auto Overlap = [](long long Lo, long long Len) {
    return runChild([Lo, Len] {
      enterData(Loc, -1, true, A + 8, sizeof(double) * 8, MapTo); // [8,16)
      TargetRegion R(Loc);
      R.mapSection(A, Lo, Len, MapTo);
    });
  };
  for (auto LoLen : {std::pair<long long, long long>{12, 8}, // extends after
                     {4, 8},                                 // before
                     {0, 32},                                // encloses
                     {15, 2}}) {
    ChildResult C = Overlap(LoLen.first, LoLen.second);
    INFO("section [" << LoLen.first << ", +" << LoLen.second << ")");
    CHECK(C.Status == 1);
    CHECK(C.Err.find("rt_test.cpp:7:3: omp2cuda runtime error: ") == 0);
    CHECK(C.Err.find("overlaps") != std::string::npos);
    CHECK(C.Err.find("(in '#pragma omp target teams')") != std::string::npos);
  }
  // Adjacent ranges and sections inside are fine.
  for (auto LoLen :
       {std::pair<long long, long long>{0, 8}, {16, 16}, {8, 8}, {9, 3}}) {
    INFO("section [" << LoLen.first << ", +" << LoLen.second << ")");
    CHECK(Overlap(LoLen.first, LoLen.second).Status == 0);
  }
}

TEST_CASE("present modifier", "[rt]") {
  ChildResult C = runChild([] {
    int X = 0;
    TargetRegion R(Loc);
    R.mapObject(X, MapTo | MapPresent);
  });
  CHECK(C.Status == 1);
  CHECK(C.Err.find("'present'") != std::string::npos);
  CHECK(exitStatusOf([] {
          int X[4] = {};
          TargetRegion R(Loc);
          R.map(X, 0, MapTo | MapPresent);
        }) == 1);
  std::vector<int> A(4, 1);
  enterData(Loc, -1, true, A.data(), bytes(A), MapTo);
  {
    TargetRegion R(Loc);
    R.mapSection(A.data(), 1, 2, MapTo | MapPresent);
    CHECK(presentRefCount(0, A.data()) == 2);
  }
  exitData(Loc, -1, true, A.data(), bytes(A), MapRelease);
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("update copies a present range, ignores an absent one", "[rt]") {
  std::vector<int> A(6, 1);
  update(Loc, -1, true, A.data(), bytes(A), true); // absent: nothing
  CHECK(presentEntries(0) == 0);
  enterData(Loc, -1, true, A.data(), bytes(A), MapTo);
  int *D = TargetRegion(Loc).translate(A.data());
  A[1] = 2;
  update(Loc, -1, true, A.data() + 1, sizeof(int), /*ToDevice=*/true);
  CHECK(D[1] == 2);
  D[4] = 4;
  D[5] = 5;
  update(Loc, -1, true, A.data() + 4, sizeof(int), /*ToDevice=*/false);
  CHECK(A[4] == 4);
  CHECK(A[5] == 1);                                  // only the named section
  update(Loc, -1, false, A.data(), bytes(A), false); // if(false)
  CHECK(A[5] == 1);
  CHECK(presentRefCount(0, A.data()) == 1); // update takes no reference
  exitData(Loc, -1, true, A.data(), bytes(A), MapDelete);
  std::vector<int> Other(2, 0);
  update(Loc, -1, true, Other.data(), bytes(Other), false);
  CHECK(Other[0] == 0);
}

TEST_CASE("strided update moves the section's elements only", "[rt]") {
  std::vector<int> A(10);
  for (int I = 0; I < 10; ++I)
    A[I] = I;
  enterData(Loc, -1, true, A.data(), bytes(A), MapTo);
  int *D = TargetRegion(Loc).translate(A.data());
  for (int I = 0; I < 10; ++I) {
    A[I] = 100 + I;
    D[I] = -I;
  }
  // to(A[1:3:3]): elements 1, 4, 7.
  updateStrided(Loc, -1, true, A.data() + 1, sizeof(int), 3, 3, true);
  CHECK(D[1] == 101);
  CHECK(D[4] == 104);
  CHECK(D[7] == 107);
  CHECK(D[2] == -2);
  CHECK(D[8] == -8);
  // from(A[0:5:2]): elements 0, 2, 4, 6, 8.
  updateStrided(Loc, -1, true, A.data(), sizeof(int), 5, 2, false);
  CHECK(A[0] == 0);
  CHECK(A[8] == -8);
  CHECK(A[4] == 104); // written by the update to the device above
  CHECK(A[9] == 109); // between or after the elements: untouched
  CHECK(A[3] == 103);
  // A span that runs past the mapped array is not present: nothing moves.
  updateStrided(Loc, -1, true, A.data() + 1, sizeof(int), 4, 3, false);
  CHECK(A[1] == 101);
  A[0] = 55;
  updateStrided(Loc, -1, false, A.data(), sizeof(int), 5, 2, true); // if(false)
  CHECK(D[0] == 0);
  exitData(Loc, -1, true, A.data(), bytes(A), MapDelete);
}

TEST_CASE("update with the present modifier: absent data is a runtime error",
          "[rt]") {
  std::vector<int> A(4, 1);
  enterData(Loc, -1, true, A.data(), bytes(A), MapTo);
  update(Loc, -1, true, A.data(), bytes(A), false, /*Present=*/true); // fine
  exitData(Loc, -1, true, A.data(), bytes(A), MapDelete);
  for (bool Strided : {false, true}) {
    ChildResult C = runChild([&] {
      if (Strided)
        updateStrided(Loc, -1, true, A.data(), sizeof(int), 2, 2, true, true);
      else
        update(Loc, -1, true, A.data(), bytes(A), true, /*Present=*/true);
    });
    CHECK(C.Status == 1);
    CHECK(C.Err.find("'present' update of data that is not on the device") !=
          std::string::npos);
  }
}

TEST_CASE("device selection: if(false), initial device, OMP_TARGET_OFFLOAD",
          "[rt]") {
  ScopedEnv NoPolicy("OMP_TARGET_OFFLOAD", nullptr);
  ScopedEnv NoDefault("OMP_DEFAULT_DEVICE", nullptr);
  CHECK(numDevices() == 1);
  CHECK(defaultDevice() == 0);
  int X = 1;
  {
    TargetRegion R(Loc, -1, false);
    CHECK_FALSE(R.offload());
    CHECK(R.mapObject(X, MapToFrom) == &X);
    CHECK(R.translate(&X) == &X);
    CHECK(presentEntries(0) == 0);
    CHECK(R.finish());
  }
  CHECK_FALSE(TargetRegion(Loc, numDevices(), true).offload());
  CHECK(TargetRegion(Loc, 0, true).offload());
  enterData(Loc, -1, false, &X, sizeof X, MapTo); // if(false): nothing
  enterData(Loc, numDevices(), true, &X, sizeof X, MapTo);
  CHECK(presentEntries(0) == 0);
  {
    ScopedEnv E("OMP_TARGET_OFFLOAD", "disabled"); // case-insensitive
    // As if the host were the only device (OpenMP 5.1 §6.17): no offload
    // device, so the host is device 0, and so is the default device.
    CHECK(numDevices() == 0);
    CHECK(initialDevice() == 0);
    CHECK(defaultDevice() == 0);
    void *P = targetAlloc(8, 0); // the host's memory
    REQUIRE(P != nullptr);
    CHECK(targetIsPresent(&X, 0) == 1);
    targetFree(P, 0);
    CHECK_FALSE(TargetRegion(Loc).offload());
    CHECK_FALSE(TargetRegion(Loc, 0).offload());
    enterData(Loc, -1, true, &X, sizeof X, MapTo);
    CHECK(presentEntries(0) == 0);
    // Even a device that does not exist: the host was chosen.
    CHECK_FALSE(TargetRegion(Loc, 9).offload());
  }
  {
    ScopedEnv E("OMP_TARGET_OFFLOAD", "Mandatory");
    CHECK(numDevices() == 1);
    CHECK(defaultDevice() == 0);
    CHECK(TargetRegion(Loc).offload()); // the emu device is usable
    CHECK_FALSE(TargetRegion(Loc, -1, false).offload());
    CHECK(exitStatusOf([] { TargetRegion R(Loc, 3); }) == 1);
  }
  {
    ScopedEnv E("OMP_TARGET_OFFLOAD", "DEFAULT");
    CHECK(TargetRegion(Loc).offload());
  }
  ChildResult C = runChild([] { TargetRegion R(Loc, 5, true); });
  CHECK(C.Status == 1);
  CHECK(C.Err.find("device number 5 does not exist") != std::string::npos);
  CHECK(exitStatusOf([] { TargetRegion R(Loc, -3, true); }) == 1);
  CHECK(exitStatusOf([] {
          int Y = 0;
          enterData(Loc, 2, true, &Y, sizeof Y, MapTo);
        }) == 1);
}

TEST_CASE("OMP_DEFAULT_DEVICE picks the device of a region without a device "
          "clause",
          "[rt]") {
  ScopedEnv NoPolicy("OMP_TARGET_OFFLOAD", nullptr);
  {
    ScopedEnv E("OMP_DEFAULT_DEVICE", "1"); // the host
    CHECK(defaultDevice() == 1);
    CHECK_FALSE(TargetRegion(Loc).offload());
    CHECK(TargetRegion(Loc, 0).offload()); // a device clause wins
  }
  {
    ScopedEnv E("OMP_DEFAULT_DEVICE", "initial");
    CHECK(defaultDevice() == numDevices());
    CHECK_FALSE(TargetRegion(Loc).offload());
  }
  {
    ScopedEnv E("OMP_DEFAULT_DEVICE", "0");
    CHECK(TargetRegion(Loc).offload());
  }
  {
    ScopedEnv E("OMP_DEFAULT_DEVICE", "7");
    CHECK(exitStatusOf([] { TargetRegion R(Loc); }) == 1);
  }
}

TEST_CASE("runtime error message format and exit status", "[rt]") {
  static const SourceLoc L = {"dir/prog.c", 42, 9,
                              "target teams distribute parallel for"};
  ChildResult C = runChild([] { fatal(L, "something failed"); });
  CHECK(C.Status == 1);
  CHECK(C.Err == "dir/prog.c:42:9: omp2cuda runtime error: something failed "
                 "(in '#pragma omp target teams distribute parallel for')\n");
  CHECK(exitStatusOf([] {
          int X = 0;
          TargetRegion R(Loc);
          R.finish();
          R.mapObject(X, MapTo);
        }) == 1);
}

TEST_CASE("OMP_TARGET_OFFLOAD=MANDATORY refuses a region the translator "
          "left on the host (issue 13 point 8)",
          "[rt]") {
  static const SourceLoc L = {"dir/prog.c", 7, 1, "target teams"};
  static const char *Why = "it calls 'ext', whose definition is not in this "
                           "file [omp2cuda-host-call]";
  ChildResult C = runChild([] {
    setenv("OMP_TARGET_OFFLOAD", "mandatory", 1);
    leftOnHost(L, Why);
  });
  CHECK(C.Status == 1);
  CHECK(C.Err == "dir/prog.c:7:1: omp2cuda runtime error: "
                 "OMP_TARGET_OFFLOAD=MANDATORY, but omp2cuda left this region "
                 "on the host when it translated the program: it calls 'ext', "
                 "whose definition is not in this file [omp2cuda-host-call] "
                 "(in '#pragma omp target teams')\n");
  // The program's own choice of the host, and the other policies, pass.
  CHECK(exitStatusOf([] {
          setenv("OMP_TARGET_OFFLOAD", "MANDATORY", 1);
          leftOnHost(L, Why, false);
          leftOnHost(L, Why, true, numDevices());
          setenv("OMP_DEFAULT_DEVICE", "initial", 1);
          leftOnHost(L, Why);
        }) == 0);
  for (const char *P : {"DEFAULT", "DISABLED", ""}) {
    ScopedEnv E("OMP_TARGET_OFFLOAD", P);
    leftOnHost(L, Why);
  }
  CHECK(exitStatusOf([] {
          setenv("OMP_TARGET_OFFLOAD", "MANDATORY", 1);
          leftOnHost(L, Why, true, 0);
        }) == 1);
}

TEST_CASE("device properties of the emulated device", "[rt]") {
  {
    ScopedEnv E("O2C_EMU_WORKERS", "3");
    DeviceProps P = deviceProps(0);
    CHECK(P.MultiProcessors == 3);
    CHECK(P.MaxThreadsPerBlock == 1024);
    CHECK(P.WarpSize == 32);
  }
  {
    ScopedEnv E("O2C_EMU_WORKERS", nullptr);
    CHECK(deviceProps(0).MultiProcessors >= 1);
  }
  CHECK(exitStatusOf([] { deviceProps(1); }) == 1);
  CHECK(presentEntries(5) == 0);
  CHECK(presentRefCount(-2, nullptr) == 0);
}

TEST_CASE("concurrent regions from many host threads", "[rt]") {
  // A shared read-only array whose count goes 0 -> n -> 0 concurrently, and
  // a private array per thread. Runs under the sanitizer build too.
  constexpr int Threads = 8, Iters = 500;
  std::vector<int> Shared(256, 3);
  std::atomic<int> Errors{0};
  std::vector<std::thread> Ts;
  for (int T = 0; T < Threads; ++T)
    Ts.emplace_back([&, T] {
      std::vector<int> Mine(64, T);
      for (int I = 0; I < Iters; ++I) {
        TargetRegion R(Loc);
        int *S = R.mapSection(Shared.data(), 0, 256, MapTo);
        int *M = R.mapSection(Mine.data(), 0, 64, MapToFrom);
        if (S[I % 256] != 3 || M[0] != T + I)
          ++Errors;
        M[0] = T + I + 1;
        if (presentRefCount(0, Shared.data()) < 1)
          ++Errors;
      }
      if (Mine[0] != T + Iters)
        ++Errors;
    });
  for (auto &T : Ts)
    T.join();
  CHECK(Errors == 0);
  CHECK(presentEntries(0) == 0);
}

namespace {
/// The device copy of a present host range, as a kernel would see it.
template <class T> T *deviceCopy(T *Host, std::size_t N) {
  TargetRegion R(Loc);
  T *D = R.mapSection(Host, 0, N, MapAlloc);
  R.finish();
  return D;
}
} // namespace

TEST_CASE("a region left on the host sees and updates every present entry",
          "[rt][fallback]") {
  // Data the host region reaches only through pointers it does not name
  // (a struct, a lambda) is synced all the same: the whole present table.
  std::vector<int> A(16, 1), B(8, 2);
  enterData(Loc, -1, true, A.data(), bytes(A), MapTo);
  enterData(Loc, -1, true, B.data(), bytes(B), MapTo);
  int *DA = deviceCopy(A.data(), A.size());
  int *DB = deviceCopy(B.data(), B.size());
  DA[3] = 30; // the device computed these; the host copies are stale
  DB[5] = 50;
  struct Holder {
    int *P;
  } H{A.data()};
  auto Twice = [Q = B.data()](int I) { return 2 * Q[I]; };
  {
    HostFallback F(Loc);
    CHECK(A[3] == 30);
    CHECK(B[5] == 50);
    H.P[4] = Twice(5); // the host region's work
  }
  CHECK(DA[4] == 100); // back on the device
  CHECK(DB[5] == 50);
  exitData(Loc, -1, true, A.data(), bytes(A), MapFrom);
  exitData(Loc, -1, true, B.data(), bytes(B), MapFrom);
  CHECK(A[4] == 100);
  CHECK(A[3] == 30);
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("the host fallback never writes host memory that did not change",
          "[rt][fallback]") {
  // A string literal mapped `to` lives in read-only memory: the fallback's
  // sync must compare before it writes (a write would crash here).
  static const char *Lit = "read-only text";
  std::size_t N = std::strlen(Lit) + 1;
  ChildResult C = runChild([&] {
    enterData(Loc, -1, true, Lit, N, MapTo);
    {
      HostFallback F(Loc);
      if (std::strcmp(Lit, "read-only text") != 0)
        std::exit(2);
    }
    exitData(Loc, -1, true, Lit, N, MapRelease);
  });
  CHECK(C.Status == 0);
  CHECK(C.Err.empty());
}

TEST_CASE("without present data the host fallback does nothing", "[rt][fallback]") {
  std::vector<int> A(4, 7);
  {
    HostFallback F(Loc);
    A[0] = 8;
  }
  CHECK(A[0] == 8);
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("bytes a host region did not write keep the host's own values",
          "[rt][fallback]") {
  // An alloc'd entry holds device garbage, and the host wrote a `to` entry
  // after mapping it: the region may read the device's values, but after it
  // the host has its own again (found by the fallback fuzzer).
  std::vector<int> A{1, 2, 3, 4}, B{5, 6, 7, 8};
  enterData(Loc, -1, true, A.data(), bytes(A), MapAlloc);
  enterData(Loc, -1, true, B.data(), bytes(B), MapTo);
  int *DA = deviceCopy(A.data(), A.size());
  DA[0] = -9;
  DA[1] = -9;
  B[0] = 50; // the host's own, newer value
  {
    HostFallback F(Loc);
    CHECK(A[0] == -9); // what the device holds
    A[1] = 20;         // the region's write
  }
  CHECK(A[0] == 1);
  CHECK(A[1] == 20);
  CHECK(A[2] == 3);
  CHECK(B[0] == 50);
  CHECK(deviceCopy(A.data(), A.size())[1] == 20);
  exitData(Loc, -1, true, A.data(), bytes(A), MapDelete);
  exitData(Loc, -1, true, B.data(), bytes(B), MapDelete);
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("a host region's firstprivate variables keep the host's values",
          "[rt][fallback]") {
  // The region's private copy starts from the host's original; the device's
  // copy keeps its own value, even when the region changes its entry (fuzz
  // seed 7771, program 115; hunt fp5).
  std::vector<int> A{1, 2, 3, 4};
  enterData(Loc, -1, true, A.data(), bytes(A), MapTo);
  int *DA = deviceCopy(A.data(), A.size());
  DA[1] = -5;
  DA[2] = -6;
  A[1] = 70; // the host's newer value, which the region reads
  {
    HostFallback F(Loc, true, -1, {}, {}, {{&A[1], sizeof(int)}});
    CHECK(A[1] == 70);
    CHECK(A[2] == -6); // the device's, as before
    A[0] = 9;          // the region's write to the entry
  }
  CHECK(A[1] == 70);
  CHECK(A[2] == 3);
  CHECK(DA[0] == 9);
  CHECK(DA[1] == -5); // not the host's firstprivate value
  CHECK(DA[2] == -6);
  {
    // A region that writes nothing sends nothing.
    HostFallback F(Loc, true, -1, {}, {}, {{A.data(), bytes(A)}});
    CHECK(A[2] == 3);
  }
  CHECK(DA[1] == -5);
  exitData(Loc, -1, true, A.data(), bytes(A), MapDelete);
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("a region left on the host that would not offload syncs nothing",
          "[rt][fallback]") {
  std::vector<int> A(4, 1);
  enterData(Loc, -1, true, A.data(), bytes(A), MapTo);
  deviceCopy(A.data(), A.size())[0] = 7;
  A[1] = 5; // the host's own data, which an if(false) region uses
  {
    HostFallback F(Loc, /*IfClause=*/false);
    CHECK(A[0] == 1);
  }
  {
    HostFallback F(Loc, true, /*Device=*/numDevices()); // the host itself
    CHECK(A[0] == 1);
  }
  CHECK(A[1] == 5);
  exitData(Loc, -1, true, A.data(), bytes(A), MapDelete);
}

TEST_CASE("a host region's map(always, to:) items keep the host's bytes",
          "[rt][fallback]") {
  std::vector<int> B{5, 6, 7, 8};
  enterData(Loc, -1, true, B.data(), bytes(B), MapTo);
  B[0] = 50; // the host's, sent by the region's `always, to` map
  {
    HostFallback F(Loc, true, -1, {{B.data(), sizeof(int)}});
    CHECK(B[0] == 50);
  }
  CHECK(deviceCopy(B.data(), B.size())[0] == 50);
  exitData(Loc, -1, true, B.data(), bytes(B), MapDelete);
}
