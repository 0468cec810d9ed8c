// Device copies of declare target variables (issue 10 point 2): the runtime
// holds each registered pair in the present table with an infinite
// reference count. Registration is process-wide, so each case runs in a
// child process (where the tables exist already: the registration after
// them is the path taken).
#include "RtTestUtil.h"
#include "omp2cuda/host_rt.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <cstring>

using namespace o2c;

namespace {
const SourceLoc Loc = {"globals.c", 12, 1, "target"};

/// Exits the child with status 2 when Cond is false.
void require(bool Cond) {
  if (!Cond)
    _exit(2);
}

// The variable and its mirror (under the emulation, ordinary memory).
double G[4] = {1, 2, 3, 4};
double Mirror[4] = {1, 2, 3, 4};
} // namespace

TEST_CASE("a declare target variable is present with an infinite count",
          "[rt][declare-target]") {
  ChildResult C = runChild([] {
    std::size_t Before = presentEntries(0);
    declareTarget(G, sizeof G, Mirror);
    require(presentEntries(0) == Before + 1);
    require(presentRefCount(0, G) == -1);
    require(targetIsPresent(&G[2], 0) == 1);
    G[0] = 10; // the host's copy changes; the device's does not
    {
      TargetRegion R(Loc);
      require(R.offload());
      double *D = R.mapArray(G, MapToFrom);
      require(D == Mirror); // present: no allocation, no copy
      require(D[0] == 1);
      D[1] = 20; // the kernel writes the device copy
      R.finish();
    }
    require(G[1] == 2); // no copy back: the count never reaches zero
    require(presentRefCount(0, G) == -1);
    // Only target update (or an `always` map) moves values.
    update(Loc, -1, true, G, sizeof G, false);
    require(G[0] == 1 && G[1] == 20);
    G[3] = 40;
    update(Loc, -1, true, &G[3], sizeof(double), true);
    require(Mirror[3] == 40);
    // exit data, even with delete, keeps the entry.
    exitData(Loc, -1, true, G, sizeof G, MapFrom | MapDelete);
    require(presentRefCount(0, G) == -1);
  });
  CHECK(C.Status == 0);
  CHECK(C.Err.empty());
}

TEST_CASE("a region left on the host sees the device copy and writes it back",
          "[rt][declare-target]") {
  ChildResult C = runChild([] {
    declareTarget(G, sizeof G, Mirror);
    Mirror[0] = 7; // written on the device
    {
      HostFallback H(Loc);
      require(G[0] == 7);
      G[1] = 8; // the host region writes it
    }
    require(Mirror[1] == 8);
    require(G[0] == 1); // the host's own bytes are given back
  });
  CHECK(C.Status == 0);
  CHECK(C.Err.empty());
}

TEST_CASE("a declare target variable does not stop runOnHostOnly",
          "[rt][declare-target]") {
  ChildResult C = runChild([] {
    declareTarget(G, sizeof G, Mirror);
    HostProgram P(Loc, "a construct in a header [omp2cuda-host-header]");
    require(numDevices() == 0);
  });
  CHECK(C.Status == 0);
  CHECK(C.Err.empty());
}

// The failing line on standard error: the child's only way to say which.
#define LINK_REQUIRE(Cond)                                                     \
  do {                                                                         \
    if (!(Cond)) {                                                             \
      std::fprintf(stderr, "line %d: %s\n", __LINE__, #Cond);                  \
      _exit(2);                                                                \
    }                                                                          \
  } while (0)

namespace {
// A `declare target link` variable and its device pointer.
double L[8] = {1, 2, 3, 4, 5, 6, 7, 8};
double (*LinkPtr)[8] = nullptr;
int Other[4];
} // namespace

TEST_CASE("a link variable's device pointer follows the storage maps create",
          "[rt][declare-target]") {
  ChildResult C = runChild([] {
    declareTargetLink(L, sizeof L, &LinkPtr);
    LINK_REQUIRE(presentRefCount(0, L) == 0); // not mapped by the declaration
    LINK_REQUIRE(LinkPtr == nullptr);
    void *First = nullptr;
    {
      TargetRegion R(Loc);
      LINK_REQUIRE(R.offload());
      double *D = R.mapArray(L, MapToFrom);
      LINK_REQUIRE(static_cast<void *>(*LinkPtr) == D); // set by the map
      LINK_REQUIRE((*LinkPtr)[2] == 3);
      (*LinkPtr)[2] = 30; // device code writes through the pointer
      First = D;
      R.finish();
    }
    LINK_REQUIRE(L[2] == 30); // the map brought it back
    // Unrelated data leaves it alone.
    {
      TargetRegion R(Loc);
      LINK_REQUIRE(R.offload());
      R.mapArray(Other, MapTo);
      LINK_REQUIRE(static_cast<void *>(*LinkPtr) == First);
      R.finish();
    }
    // A section from L[2]: the pointer is the variable's first byte (as
    // mapSection's result is the section's base), so that (*LinkPtr)[i] is
    // element i of the mapped storage.
    {
      TargetRegion R(Loc);
      LINK_REQUIRE(R.offload());
      double *D = R.mapSection(L, 2, 4, MapTo);
      LINK_REQUIRE(static_cast<void *>(*LinkPtr) == D);
      LINK_REQUIRE((*LinkPtr)[5] == 6);
      R.finish();
    }
  });
  INFO(C.Err);
  CHECK(C.Status == 0);
  CHECK(C.Err.empty());
}

namespace {
int indirectA(int X) { return X + 1; }
int indirectB(int X) { return X * 2; }
const void *IndirectDevice[2] = {nullptr, nullptr};
} // namespace

TEST_CASE("declare target indirect host addresses reach the device table",
          "[rt][declare-target][indirect]") {
  ChildResult C = runChild([] {
    static const void *const Hosts[] = {
        reinterpret_cast<const void *>(&indirectA),
        reinterpret_cast<const void *>(&indirectB)};
    // Filled at once when the tables exist (as in this child), else when
    // they are made: by the first construct in any case.
    declareIndirect(Hosts, 2, IndirectDevice);
    {
      TargetRegion R(Loc);
      require(R.offload());
      R.mapArray(G, MapTo); // the first map makes the tables
      R.finish();
    }
    require(IndirectDevice[0] == Hosts[0]);
    require(IndirectDevice[1] == Hosts[1]);
    static const void *Later[1] = {nullptr};
    static const void *const LaterHosts[] = {
        reinterpret_cast<const void *>(&indirectB)};
    declareIndirect(LaterHosts, 1, Later);
    require(Later[0] == LaterHosts[0]);
  });
  INFO(C.Err);
  CHECK(C.Status == 0);
}

namespace {
int HostVar = 3;
} // namespace

TEST_CASE("a host global under unified shared memory: the device pointer "
          "holds its host address",
          "[rt][declare-target][usm]") {
  ChildResult C = runChild([] {
    // Filled when the tables are made (or at once when they exist).
    static int *Before = nullptr;
    declareHostGlobal(&HostVar, sizeof HostVar, &Before);
    {
      TargetRegion R(Loc);
      require(R.offload());
      R.mapArray(G, MapTo); // the first map makes the tables
      R.finish();
    }
    require(Before == &HostVar);
    // Registered after the tables: filled at once.
    static int *After = nullptr;
    declareHostGlobal(&HostVar, sizeof HostVar, &After);
    require(After == &HostVar);
    // Not in the present table: the host variable is used in place.
    require(presentRefCount(0, &HostVar) == 0);
  });
  INFO(C.Err);
  CHECK(C.Status == 0);
}

TEST_CASE("a map of a host global that device code uses in place is an "
          "error, never a second copy",
          "[rt][declare-target][usm]") {
  ChildResult C = runChild([] {
    static int *Ptr = nullptr;
    declareHostGlobal(&HostVar, sizeof HostVar, &Ptr);
    TargetRegion R(Loc);
    require(R.offload());
    R.mapObject(HostVar, MapToFrom);
    R.finish();
  });
  CHECK(C.Status != 0);
  CHECK(C.Err.find("uses in place") != std::string::npos);
}
