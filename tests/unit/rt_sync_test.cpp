// Host synchronisations the runtime leaves out (docs/async.md, "Host
// synchronisations"), each against the rule that keeps it exact: a stream
// with nothing queued is not synchronised; `target enter data` leaves its
// first copies to the device queued, and every later user waits for their
// events (a map on another stream through the stream, a look-up whose
// address may leave the runtime and an exit that frees the copy on the
// host). The emulated device copies at once; O2C_EMU_EVENTS=1 makes it hand
// out event tokens so that the waits can be counted.
#include "omp2cuda/host_rt.h"
#include "stream_work.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <vector>

using namespace o2c;
using o2c::detail::counts;

namespace {
const SourceLoc Loc = {"rt_sync_test.cpp", 5, 1, "target enter data"};

struct Snapshot {
  unsigned long Syncs, Skipped, HostWaits, StreamWaits, Allocs, Frees;
  Snapshot()
      : Syncs(counts().Syncs), Skipped(counts().Skipped),
        HostWaits(counts().HostWaits), StreamWaits(counts().StreamWaits),
        Allocs(counts().Allocs), Frees(counts().Frees) {}
  unsigned long syncs() const { return counts().Syncs - Syncs; }
  unsigned long skipped() const { return counts().Skipped - Skipped; }
  unsigned long hostWaits() const { return counts().HostWaits - HostWaits; }
  unsigned long streamWaits() const {
    return counts().StreamWaits - StreamWaits;
  }
};

/// O2C_EMU_EVENTS=1 for one test.
struct EmuEvents {
  EmuEvents() { setenv("O2C_EMU_EVENTS", "1", 1); }
  ~EmuEvents() { unsetenv("O2C_EMU_EVENTS"); }
};

/// Synchronises the stream the pool hands out next, which an earlier test may
/// have given back with a first copy still queued.
void flushNextStream() {
  TargetRegion R(Loc);
  R.launched();
}

template <class T> std::size_t bytes(const std::vector<T> &V) {
  return V.size() * sizeof(T);
}
} // namespace

TEST_CASE("nothing queued, nothing to wait for: alloc enter data and a "
          "target data around present data do not synchronise",
          "[rt][sync]") {
  std::vector<double> A(64, 1.0);
  flushNextStream();
  Snapshot S;
  enterData(Loc, -1, true, A.data(), bytes(A), MapAlloc);
  CHECK(S.syncs() == 0);
  {
    // `target data map(alloc: a)` around present data: no copy, no kernel.
    TargetRegion Data(Loc);
    Data.mapSection(A.data(), 0, 64, MapAlloc);
    CHECK(Data.finish());
    CHECK(S.syncs() == 0);
  }
  {
    // A region that launched a kernel waits for it.
    TargetRegion R(Loc);
    double *D = R.mapSection(A.data(), 0, 64, MapAlloc);
    D[3] = 5.0;
    R.launched();
    CHECK(R.finish());
    CHECK(S.syncs() == 1);
  }
  // Nothing to copy back: the exit frees without a synchronisation.
  exitData(Loc, -1, true, A.data(), bytes(A), MapDelete);
  CHECK(S.syncs() == 1);
  CHECK(S.skipped() >= 2); // the enter data and the target data
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("enter data map(to:) does not block; later users wait for its "
          "first copy",
          "[rt][sync]") {
  EmuEvents Events;
  std::vector<double> A(64, 2.0);
  // A region that holds another stream of the pool from the start.
  TargetRegion Other(Loc);
  Snapshot S;
  enterData(Loc, -1, true, A.data(), bytes(A), MapTo);
  CHECK(S.syncs() == 0);
  // The host may change its bytes at once: the copy no longer reads them.
  A[0] = -1.0;
  // A map on another stream: the stream waits for the copy's event.
  double *D = Other.mapSection(A.data(), 0, 64, MapTo);
  CHECK(S.streamWaits() == 1);
  CHECK(D[0] == 2.0); // the device has the bytes of the enter data
  // A kernel argument: only the region's stream uses it, so the stream
  // waits again and the host does not.
  CHECK(Other.translate(A.data()) == D);
  CHECK(S.streamWaits() == 2);
  CHECK(S.hostWaits() == 0);
  // An address that may leave the runtime (use_device_ptr): the host waits,
  // and the entry forgets the event.
  CHECK(Other.deviceAddress(A.data()) == D);
  CHECK(S.hostWaits() == 1);
  CHECK(Other.deviceAddress(A.data() + 1) == D + 1);
  CHECK(Other.translate(A.data() + 2) == D + 2);
  CHECK(S.hostWaits() == 1);
  CHECK(S.streamWaits() == 2);
  Other.launched();
  CHECK(Other.finish());
  exitData(Loc, -1, true, A.data(), bytes(A), MapDelete);
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("a zero-length section of data whose first copy is queued: "
          "the region's stream waits for it, the host does not",
          "[rt][sync]") {
  EmuEvents Events;
  std::vector<double> A(64, 4.0);
  // A region that holds another stream of the pool from the start.
  TargetRegion Other(Loc);
  Snapshot S;
  enterData(Loc, -1, true, A.data(), bytes(A), MapTo);
  // map(to: p[3:0]) in a target region: the address goes to its kernel,
  // which runs on the region's stream.
  auto *D = static_cast<double *>(Other.map(A.data() + 3, 0, MapTo));
  CHECK(S.hostWaits() == 0);
  CHECK(S.streamWaits() == 1);
  CHECK(D != A.data() + 3); // the device copy's address
  CHECK(Other.translate(A.data()) == D - 3);
  CHECK(*D == 4.0);
  CHECK(S.hostWaits() == 0);
  Other.launched();
  CHECK(Other.finish());
  exitData(Loc, -1, true, A.data(), bytes(A), MapDelete);
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("use_device_ptr: the device address is handed out once the "
          "construct's own copies are done",
          "[rt][sync]") {
  std::vector<double> A(64, 3.0);
  TargetRegion Data(Loc);
  double *D = Data.mapSection(A.data(), 0, 64, MapTo);
  Snapshot S;
  // The copy is on Data's own stream: no first-copy wait applies, but the
  // program may give the address to work on another stream.
  CHECK(Data.deviceAddress(A.data()) == D);
  CHECK(S.syncs() == 1);
  CHECK(D[0] == 3.0);
  // Nothing queued since: the next one synchronises nothing.
  CHECK(Data.deviceAddress(A.data() + 1) == D + 1);
  CHECK(S.syncs() == 1);
  // translate(), for a kernel on that stream, never synchronises.
  CHECK(Data.translate(A.data()) == D);
  CHECK(S.syncs() == 1);
  CHECK(Data.finish());
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("the next synchronisation of the stream retires the first "
          "copy's event",
          "[rt][sync]") {
  EmuEvents Events;
  std::vector<int> A(32, 7);
  enterData(Loc, -1, true, A.data(), bytes(A), MapTo);
  Snapshot S;
  {
    // The pool hands out the stream given back last: the enter data's, so
    // this region's kernel is ordered after the copy on it, and its
    // synchronisation covers the copy too.
    TargetRegion R(Loc);
    int *D = R.mapSection(A.data(), 0, 32, MapAlloc);
    CHECK(D[31] == 7);
    R.launched();
    CHECK(R.finish());
  }
  CHECK(S.syncs() == 1);
  CHECK(S.streamWaits() == 0);
  {
    TargetRegion Hold(Loc); // so that R runs on another stream
    TargetRegion R(Loc);
    R.mapSection(A.data(), 0, 32, MapAlloc);
    CHECK(R.translate(A.data()) != nullptr);
    CHECK(S.streamWaits() == 0);
    CHECK(S.hostWaits() == 0);
  }
  exitData(Loc, -1, true, A.data(), bytes(A), MapDelete);
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("exit data frees a copy still on its way only after it arrived",
          "[rt][sync]") {
  EmuEvents Events;
  std::vector<int> A(32, 1), B(32, 2);
  SECTION("on the stream that holds the copy: synchronised first") {
    enterData(Loc, -1, true, A.data(), bytes(A), MapTo);
    Snapshot S;
    exitData(Loc, -1, true, A.data(), bytes(A), MapDelete);
    CHECK(S.syncs() == 1);
    CHECK(S.hostWaits() == 0);
  }
  SECTION("on another stream: the host waits for the copy's event") {
    enterData(Loc, -1, true, B.data(), bytes(B), MapTo);
    TargetRegion Hold(Loc); // takes the enter data's stream
    Snapshot S;
    exitData(Loc, -1, true, B.data(), bytes(B), MapDelete);
    CHECK(S.hostWaits() == 1);
  }
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("enter data that must complete before it returns still "
          "synchronises",
          "[rt][sync]") {
  EmuEvents Events;
  std::vector<double> A(16, 3.0);
  enterData(Loc, -1, true, A.data(), bytes(A), MapTo);
  A[2] = 9.0;
  // `always` into present data: a copy no event stands for.
  Snapshot S;
  enterData(Loc, -1, true, A.data(), bytes(A), MapTo | MapAlways);
  CHECK(S.syncs() == 1);
  {
    TargetRegion R(Loc);
    CHECK(R.translate(A.data())[2] == 9.0);
  }
  // A copy back (exit data map(from:)) is complete when exit data returns.
  {
    TargetRegion R(Loc);
    R.mapSection(A.data(), 0, 16, MapAlloc)[5] = 4.0;
    R.launched();
  }
  exitData(Loc, -1, true, A.data(), bytes(A), MapFrom);
  exitData(Loc, -1, true, A.data(), bytes(A), MapFrom);
  CHECK(A[5] == 4.0);
  CHECK(presentEntries(0) == 0);
}
