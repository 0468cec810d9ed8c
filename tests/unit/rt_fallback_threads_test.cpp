// o2c::HostFallback against other threads' device work (host_rt/src/
// device_use.h, docs/host-fallback.md "Other threads"): the fallback syncs
// after a running kernel's region ended, other threads' device work waits
// for the fallback's copy back, and a `target data` region's body holds
// nothing.
#include "omp2cuda/host_rt.h"

#include "device_use.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

using namespace o2c;

namespace {
const SourceLoc Loc = {"rt_fallback_threads_test.cpp", 20, 1, "target"};
const SourceLoc DataLoc = {"rt_fallback_threads_test.cpp", 21, 1, "target data"};

void waitFor(const std::atomic<bool> &Flag) {
  while (!Flag.load())
    std::this_thread::yield();
}

void pause() { std::this_thread::sleep_for(std::chrono::milliseconds(50)); }
} // namespace

TEST_CASE("a region left on the host syncs after another thread's kernel "
          "region ended",
          "[rt][fallback][threads]") {
  std::vector<int> A{1, 1, 1, 1};
  enterData(Loc, -1, true, A.data(), A.size() * sizeof(int), MapTo);
  std::atomic<bool> Holding{false}, Wrote{false};
  unsigned long Waits0 = detail::useWaits().Exclusive;
  std::thread Kernel([&] {
    TargetRegion R(Loc);
    int *D = R.mapSection(A.data(), 0, 4, MapToFrom);
    Holding = true;
    pause(); // the fallback below starts meanwhile
    D[0] = 5; // the kernel's write (emulated device memory)
    D[3] = 5;
    Wrote = true;
    R.finish(); // copies back: A[0] == 5 on the host
  });
  waitFor(Holding);
  {
    HostFallback F(Loc, true, -1);
    CHECK(Wrote.load()); // it waited for the region
    CHECK(A[0] == 5);
    A[1] = 7; // the region's own write, copied back whole
  }
  Kernel.join();
  CHECK(detail::useWaits().Exclusive == Waits0 + 1);
  update(Loc, -1, true, A.data(), A.size() * sizeof(int), false);
  CHECK(A == std::vector<int>{5, 7, 1, 5});
  exitData(Loc, -1, true, A.data(), A.size() * sizeof(int), MapDelete);
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("other threads' device work waits for a region left on the host",
          "[rt][fallback][threads]") {
  std::vector<int> A{1, 1, 1, 1}, B{2, 2};
  enterData(Loc, -1, true, A.data(), A.size() * sizeof(int), MapTo);
  enterData(Loc, -1, true, B.data(), B.size() * sizeof(int), MapTo);
  std::atomic<bool> Started{false}, Done{false};
  unsigned long Waits0 = detail::useWaits().Shared;
  std::thread Other;
  {
    HostFallback F(Loc, true, -1);
    Other = std::thread([&] {
      Started = true;
      TargetRegion R(Loc); // waits here
      int *D = R.mapSection(A.data(), 0, 4, MapToFrom);
      D[2] = 9;
      R.finish();
      B[0] = 3;
      update(Loc, -1, true, B.data(), B.size() * sizeof(int), true);
      Done = true;
    });
    waitFor(Started);
    pause();
    CHECK_FALSE(Done.load());
    A[1] = 7; // copied back whole when the fallback ends
  }
  Other.join();
  CHECK(detail::useWaits().Shared == Waits0 + 1);
  update(Loc, -1, true, A.data(), A.size() * sizeof(int), false);
  CHECK(A == std::vector<int>{1, 7, 9, 1}); // neither write lost
  B[0] = 0;
  update(Loc, -1, true, B.data(), B.size() * sizeof(int), false);
  CHECK(B[0] == 3);
  exitData(Loc, -1, true, A.data(), A.size() * sizeof(int), MapDelete);
  exitData(Loc, -1, true, B.data(), B.size() * sizeof(int), MapDelete);
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("a target data region holds nothing across its body",
          "[rt][fallback][threads]") {
  std::vector<int> A{1, 1};
  TargetRegion Data(DataLoc);
  Data.mapSection(A.data(), 0, 2, MapToFrom);
  // A region left on the host in the body, on this thread and on another:
  // neither waits for the data region.
  { HostFallback F(Loc, true, -1); A[0] = 4; }
  std::thread Other([&] { HostFallback F(Loc, true, -1); A[1] = 6; });
  Other.join();
  Data.finish();
  CHECK(A == std::vector<int>{4, 6});
  CHECK(presentEntries(0) == 0);
}
