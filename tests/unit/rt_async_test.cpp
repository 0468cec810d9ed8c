// Deferred target tasks (docs/async.md): the hidden helper team, the stream
// pool and the runtime state under concurrent use. The emu backend's device
// memory is separate host memory, so every copy is visible.
#include "omp2cuda/host_rt.h"

#include "helpers.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

using namespace o2c;

static const SourceLoc ALoc = {"rt_async_test.cpp", 1, 1, "target"};

TEST_CASE("deferred tasks run on helper threads, then their completion",
          "[rt][async]") {
  std::atomic<int> Ran{0}, Done{0}, OffHelper{0};
  std::mutex M;
  std::set<int> Helpers;
  std::vector<std::thread> Hosts;
  for (int H = 0; H < 8; ++H)
    Hosts.emplace_back([&] {
      for (int I = 0; I < 200; ++I) {
        auto *T = new AsyncTask(ALoc);
        T->add([&] {
          int Me = detail::helperIndex();
          if (Me < 0)
            ++OffHelper;
          std::lock_guard<std::mutex> G(M);
          Helpers.insert(Me);
          ++Ran;
        });
        startAsync(
            T,
            [](std::uintptr_t P) {
              ++*reinterpret_cast<std::atomic<int> *>(P);
            },
            reinterpret_cast<std::uintptr_t>(&Done));
      }
    });
  for (std::thread &T : Hosts)
    T.join();
  waitAllAsync();
  CHECK(Ran == 1600);
  CHECK(Done == 1600);
  CHECK(OffHelper == 0);
  CHECK(detail::helperTasksInFlight() == 0);
  CHECK(*Helpers.begin() >= 0);
  CHECK(*Helpers.rbegin() < detail::helperThreads());
}

TEST_CASE("an idle helper steals from another helper's queue", "[rt][async]") {
  // One submitting thread fills one queue; slow tasks leave the others idle
  // helpers time to steal.
  std::mutex M;
  std::set<int> Helpers;
  for (int I = 0; I < 32; ++I) {
    auto *T = new AsyncTask(ALoc);
    T->add([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
      std::lock_guard<std::mutex> G(M);
      Helpers.insert(detail::helperIndex());
    });
    startAsync(T, nullptr, 0);
  }
  waitAllAsync();
  CHECK(Helpers.size() > 1);
}

TEST_CASE("runAsync returns once the task completed", "[rt][async]") {
  std::vector<int> A(1000, 1);
  auto *T = new AsyncTask(ALoc);
  T->add([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    for (int &X : A)
      X = 2;
  });
  runAsync(T);
  CHECK(A[0] == 2);
  CHECK(A[999] == 2);
}

TEST_CASE("recorded data constructs run in order on the helper",
          "[rt][async]") {
  std::vector<double> A(64, 1.0);
  auto *T = new AsyncTask(ALoc);
  T->enterData(ALoc, -1, true, A.data(), A.size() * sizeof(double), MapTo);
  T->add([&] { CHECK(presentRefCount(0, A.data()) == 1); });
  T->update(ALoc, -1, true, A.data(), A.size() * sizeof(double), false);
  T->exitData(ALoc, -1, true, A.data(), A.size() * sizeof(double), MapFrom);
  runAsync(T);
  CHECK(presentRefCount(0, A.data()) == 0);
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("the stream pool hands out distinct streams and grows",
          "[rt][async]") {
  // More regions open at once than the pool's first 32 streams.
  std::vector<std::unique_ptr<TargetRegion>> Open;
  std::set<void *> Streams;
  for (int I = 0; I < 80; ++I) {
    Open.push_back(std::make_unique<TargetRegion>(ALoc));
    REQUIRE(Open.back()->offload());
    Streams.insert(Open.back()->stream());
  }
  CHECK(Streams.size() == 80);
  CHECK(Streams.count(nullptr) == 0);
  Open.clear(); // finished: every stream goes back to the pool
  TargetRegion R(ALoc);
  CHECK(Streams.count(R.stream()) == 1);
}

TEST_CASE("deferred regions from many host threads keep the present table "
          "consistent",
          "[rt][async]") {
  constexpr int Threads = 16, Iters = 40, N = 256;
  std::vector<int> Shared(N, 0);
  std::vector<std::vector<int>> Own(Threads, std::vector<int>(N, 0));
  // Shared stays mapped by a data construct on the host thread; each target
  // task maps it again (count up and down) and its own array tofrom.
  enterData(ALoc, -1, true, Shared.data(), N * sizeof(int), MapTo);
  std::vector<std::thread> Hosts;
  for (int H = 0; H < Threads; ++H)
    Hosts.emplace_back([&, H] {
      for (int I = 0; I < Iters; ++I) {
        int *Mine = Own[static_cast<std::size_t>(H)].data();
        auto *T = new AsyncTask(ALoc);
        T->add([Mine, &Shared] {
          TargetRegion R(ALoc, -1, true, true);
          int *D = R.mapSection(Mine, 0, N, MapToFrom);
          int *S = R.mapSection(Shared.data(), 0, N, MapTo);
          for (int K = 0; K < N; ++K)
            D[K] += 1 + S[K];
          R.finish();
        });
        runAsync(T); // this thread's tasks one after another, in order
      }
    });
  for (std::thread &T : Hosts)
    T.join();
  waitAllAsync();
  CHECK(presentRefCount(0, Shared.data()) == 1);
  CHECK(presentEntries(0) == 1);
  exitData(ALoc, -1, true, Shared.data(), N * sizeof(int), MapRelease);
  CHECK(presentEntries(0) == 0);
  for (const std::vector<int> &V : Own)
    CHECK(V[N - 1] == Iters);
}
