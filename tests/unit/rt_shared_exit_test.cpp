// Items of one construct that name the same storage (OpenMP 5.2 §5.8.3): a
// from item copies back once the storage's count is zero, whichever item of
// the construct dropped the last reference (scratch-rev43 r2.cpp: `exit data
// map(from: p[0:4]) map(release: a[0:4])`, p == a, copied nothing back).
#include "omp2cuda/host_rt.h"

#include <catch2/catch.hpp>

using namespace o2c;

static const SourceLoc Loc = {"rt_shared_exit_test.cpp", 9, 1,
                              "target exit data"};

namespace {
/// Maps A (four ints) Refs times and has "the kernel" write Base + I to it.
void enterWritten(int *A, int Refs, int Base) {
  for (int I = 0; I < Refs; ++I)
    enterData(Loc, -1, true, A, 4 * sizeof(int), MapTo);
  TargetRegion R(Loc);
  int *D = R.translate(A);
  REQUIRE(D != A);
  for (int I = 0; I < 4; ++I)
    D[I] = Base + I;
}
} // namespace

TEST_CASE("an exit batch copies back a from item whose storage another item "
          "releases",
          "[rt][exit-batch][shared-storage]") {
  for (int Order = 0; Order < 2; ++Order)
    for (unsigned Drop : {unsigned(MapRelease), unsigned(MapDelete)}) {
      CAPTURE(Order, Drop);
      int A[4] = {};
      enterWritten(A, 1, 1);
      ExitBatch B;
      if (Order == 0) {
        B.exitData(Loc, -1, true, A, sizeof A, MapFrom);
        B.exitData(Loc, -1, true, A, sizeof A, Drop);
      } else {
        B.exitData(Loc, -1, true, A, sizeof A, Drop);
        B.exitData(Loc, -1, true, A, sizeof A, MapFrom);
      }
      B.run();
      CHECK(A[0] == 1);
      CHECK(A[3] == 4);
      CHECK(presentEntries(0) == 0);
    }
}

TEST_CASE("an exit batch copies back a from section inside storage another "
          "item releases, and nothing while the storage stays",
          "[rt][exit-batch][shared-storage]") {
  int A[4] = {};
  enterWritten(A, 1, 11);
  ExitBatch B;
  B.exitData(Loc, -1, true, A, sizeof A, MapRelease);
  B.exitData(Loc, -1, true, A + 1, 2 * sizeof(int), MapFrom);
  B.run();
  CHECK(A[0] == 0); // only the section copies back
  CHECK(A[1] == 12);
  CHECK(A[2] == 13);
  CHECK(A[3] == 0);
  CHECK(presentEntries(0) == 0);
  // Two references: the batch drops one (one per construct, however many of
  // its items name the storage), nothing copies back.
  enterWritten(A, 2, 21);
  ExitBatch B2;
  B2.exitData(Loc, -1, true, A, sizeof A, MapFrom);
  B2.exitData(Loc, -1, true, A, sizeof A, MapRelease);
  B2.run();
  CHECK(A[1] == 12);
  CHECK(presentRefCount(0, A) == 1);
  exitData(Loc, -1, true, A, sizeof A, MapFrom);
  CHECK(A[1] == 22);
  CHECK(presentEntries(0) == 0);
  // `delete` among them empties it: the from item copies back.
  enterWritten(A, 3, 31);
  ExitBatch B3;
  B3.exitData(Loc, -1, true, A, sizeof A, MapFrom);
  B3.exitData(Loc, -1, true, A, sizeof A, MapDelete);
  B3.run();
  CHECK(A[1] == 32);
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("a region's from section inside storage it allocates copies back "
          "at the region's end",
          "[rt][exit-batch][shared-storage]") {
  // target map(alloc: a[0:4]) map(from: p[1:2]), p == a: the section's exit
  // runs first and leaves the storage to the whole array's, which has no
  // from; and the same for `target data`.
  for (const char *Directive : {"target", "target data"}) {
    CAPTURE(Directive);
    const SourceLoc L = {"rt_shared_exit_test.cpp", 90, 1, Directive};
    int A[4] = {};
    {
      TargetRegion R(L);
      int *D = R.mapSection(A, 0, 4, 0);
      R.mapSection(A, 1, 2, MapFrom);
      for (int I = 0; I < 4; ++I)
        D[I] = 41 + I;
      R.finish();
    }
    CHECK(A[0] == 0);
    CHECK(A[1] == 42);
    CHECK(A[2] == 43);
    CHECK(A[3] == 0);
    CHECK(presentEntries(0) == 0);
  }
}
