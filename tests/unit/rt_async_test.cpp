// Deferred target tasks (docs/async.md): the hidden helper team, the stream
// pool and the runtime state under concurrent use. The emu backend's device
// memory is separate host memory, so every copy is visible.
#include "omp2cuda/async.h"
#include "omp2cuda/host_rt.h"

#include "RtTestUtil.h"
#include "faults.h"
#include "helpers.h"
#include "stream_work.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <string>
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

/// A task that counts its live instances, to see when it is freed.
static AsyncTask *countedTask(const std::shared_ptr<int> &Alive,
                              std::atomic<int> &Ran) {
  auto *T = new AsyncTask(ALoc);
  T->add([Alive, &Ran] { ++Ran; }); // holds a reference while T lives
  return T;
}

TEST_CASE("a host task's copy of an OwnedTask owns the target task, so a "
          "discarded host task frees it",
          "[rt][async][cancel]") {
  // The generated host task takes the OwnedTask firstprivate: the host
  // runtime copies it when the task is created and destroys the copy when
  // the task is freed, run or discarded by a cancellation (docs/async.md).
  auto Alive = std::make_shared<int>(0);
  std::atomic<int> Ran{0};
  SECTION("discarded: the copy frees it unrun") {
    OwnedTask Orig(countedTask(Alive, Ran));
    {
      OwnedTask Copy(Orig); // the task's firstprivate copy
      CHECK(Alive.use_count() == 2);
    } // the discarded task's copy is destroyed
    CHECK(Alive.use_count() == 1);
    CHECK(Ran == 0);
  } // Orig gave it away: nothing freed twice
  SECTION("run: the task runs once and is freed once") {
    OwnedTask Orig(countedTask(Alive, Ran));
    {
      OwnedTask Copy(Orig);
      runTask(Copy);
    }
    CHECK(Ran == 1);
    CHECK(Alive.use_count() == 1);
  }
  SECTION("never copied (discarded at creation): the original frees it") {
    { OwnedTask Orig(countedTask(Alive, Ran)); }
    CHECK(Alive.use_count() == 1);
    CHECK(Ran == 0);
  }
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

// ---- errors in deferred target tasks (faults.h) ------------------------------

namespace {
static const SourceLoc FLoc = {"faults.c", 7, 1,
                               "target teams distribute parallel for"};

/// Runs Body as a deferred target task, as runAsync does, and waits for the
/// helpers without reporting (that would end the test program): the
/// recorded error, "" when none, and whether the task completed.
std::string runFailing(std::function<void()> Body, bool &Completed) {
  std::atomic<bool> Done{false};
  auto *T = new AsyncTask(FLoc);
  T->add(std::move(Body));
  detail::submitTask(
      T,
      [](std::uintptr_t P) { *reinterpret_cast<std::atomic<bool> *>(P) = true; },
      reinterpret_cast<std::uintptr_t>(&Done), detail::OnError::Record);
  detail::drainHelpers();
  Completed = Done;
  return detail::takeDeferred();
}
} // namespace

TEST_CASE("out of device memory in a deferred task is kept for the next "
          "synchronisation point, and its references are dropped",
          "[rt][async][faults]") {
  constexpr int N = 64;
  std::vector<double> A(N, 1.0), B(N, 2.0), Held(N, 3.0);
  // Held stays mapped by a data construct: the failing task maps it again.
  enterData(FLoc, -1, true, Held.data(), N * sizeof(double), MapTo);
  std::size_t Before = presentEntries(0);
  bool AfterMaps = false, Completed = false;
  detail::setFault(detail::Fault::Alloc, 2); // A allocates, B fails
  std::string Err = runFailing(
      [&] {
        TargetRegion R(FLoc, -1, true, true);
        R.mapSection(Held.data(), 0, N, MapToFrom);
        R.mapSection(A.data(), 0, N, MapToFrom);
        R.mapSection(B.data(), 0, N, MapToFrom);
        AfterMaps = true; // not reached: the task stops at the error
        R.finish();
      },
      Completed);
  detail::setFault(detail::Fault::Alloc, 0);
  CHECK(Completed);
  CHECK_FALSE(AfterMaps);
  CHECK(Err.rfind("faults.c:7:1: omp2cuda runtime error: out of device "
                  "memory: allocating 512 bytes failed (injected by "
                  "O2C_FAULT_ALLOC) (in '#pragma omp target teams distribute "
                  "parallel for') in a deferred target task (nowait)",
                  0) == 0);
  CHECK(presentEntries(0) == Before);
  CHECK(presentRefCount(0, A.data()) == 0);
  CHECK(presentRefCount(0, B.data()) == 0);
  CHECK(presentRefCount(0, Held.data()) == 1);
  exitData(FLoc, -1, true, Held.data(), N * sizeof(double), MapRelease);
  CHECK(presentEntries(0) == 0);
  CHECK(detail::takeDeferred().empty()); // taken once
}

TEST_CASE("a failed copy or launch in a deferred task copies nothing back",
          "[rt][async][faults]") {
  constexpr int N = 32;
  for (detail::Fault K : {detail::Fault::Copy, detail::Fault::Launch}) {
    std::vector<int> A(N, 5);
    bool Completed = false;
    // The copy back is the second copy; the launch the first launch.
    detail::setFault(K, K == detail::Fault::Copy ? 2 : 1);
    std::string Err = runFailing(
        [&] {
          TargetRegion R(FLoc, -1, true, true);
          int *D = R.mapSection(A.data(), 0, N, MapToFrom);
          // The same storage again: counted and copied once.
          int *Unused = R.mapSection(A.data(), 0, N, MapTo);
          (void)Unused;
          for (int I = 0; I < N; ++I) // the "kernel"
            D[I] = 9;
          R.launched();
          R.finish();
        },
        Completed);
    detail::setFault(K, 0);
    CHECK(Completed);
    CHECK(Err.find(K == detail::Fault::Copy
                       ? "copying 128 bytes to the host failed (injected by "
                         "O2C_FAULT_COPY)"
                       : "the kernel launch failed (injected by "
                         "O2C_FAULT_LAUNCH)") != std::string::npos);
    CHECK(Err.find("faults.c:7:1:") == 0);
    CHECK(A[0] == 5); // a failed region's results never reach the host
    CHECK(A[N - 1] == 5);
    CHECK(presentEntries(0) == 0);
  }
}

TEST_CASE("the first of several deferred errors is reported, the others "
          "counted",
          "[rt][async][faults]") {
  detail::setFault(detail::Fault::Launch, 1);
  bool Completed = false;
  std::vector<int> A(4, 0);
  auto Body = [&] {
    TargetRegion R(FLoc, -1, true, true);
    R.mapSection(A.data(), 0, 4, MapToFrom);
    R.launched();
    R.finish();
  };
  std::string First = runFailing(Body, Completed);
  CHECK(First.find("the kernel launch failed") != std::string::npos);
  detail::setFault(detail::Fault::Launch, 0);
  // A task that does not fail records nothing.
  CHECK(runFailing(Body, Completed).empty());
  CHECK(Completed);
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("a runtime error outside a deferred task still ends the program "
          "at once",
          "[rt][async][faults]") {
  ChildResult R = runChild([] {
    detail::setFault(detail::Fault::Alloc, 1);
    std::vector<int> A(4, 0);
    TargetRegion Reg(FLoc);
    Reg.mapSection(A.data(), 0, 4, MapTo);
  });
  CHECK(R.Status == 1);
  CHECK(R.Err.find("faults.c:7:1: omp2cuda runtime error: out of device "
                   "memory") == 0);
  CHECK(R.Err.find("deferred") == std::string::npos);
}


// ---- dependences between target tasks as device events (released.h) --------

namespace {
/// A chain of target tasks as the generated code makes them with `depend`
/// and detach: each task's release (the host task with the dependences) is
/// where the host runtime would start its successor, which here is the next
/// task of the chain; its completion (the sibling without dependences) is
/// counted. Each task's "kernel" checks that its predecessor's ran, then
/// adds one to every element of the device copy of Y.
struct Chain {
  int *Y = nullptr;
  int N = 0, Length = 0;
  std::atomic<int> Started{0}, Wrong{0}, Released{0}, Completed{0};
  std::atomic<int> ReleasedBeforeCompletion{0}, InFlightAtRelease{0};
  std::atomic<bool> MapBack{false};

  void start(int K) {
    auto *T = new AsyncTask(ALoc);
    T->markRegion(); // what o2c::targetTask does
    T->add([this, K] {
      TargetRegion R(ALoc, -1, true, true);
      int *D = R.mapSection(Y, 0, N, MapMode);
      ++Started;
      for (int I = 0; I < N; ++I) { // the kernel
        if (D[I] != K)
          ++Wrong; // the predecessor's kernel has not run
        D[I] += 1;
      }
      R.launched();
      R.finish();
    });
    Step *S = new Step{this, K};
    startChained(T, &Step::released, reinterpret_cast<std::uintptr_t>(S),
                 &Step::done, reinterpret_cast<std::uintptr_t>(S));
  }

  unsigned MapMode = MapToFrom;

  struct Step {
    Chain *C;
    int K;
    bool Done = false;
    std::atomic<bool> WasReleased{false};
    static void released(std::uintptr_t P) {
      Step &S = *reinterpret_cast<Step *>(P);
      Chain &C = *S.C;
      S.WasReleased = true;
      ++C.Released;
      if (detail::releasedInFlight() > 0)
        ++C.InFlightAtRelease; // its event is there for successors to wait on
      if (S.K + 1 < C.Length)
        C.start(S.K + 1); // the host runtime releases the successor
    }
    static void done(std::uintptr_t P) {
      Step *S = reinterpret_cast<Step *>(P);
      if (S->WasReleased)
        ++S->C->ReleasedBeforeCompletion;
      ++S->C->Completed;
      delete S;
    }
  };
};
} // namespace

TEST_CASE("a target task with no host-side work left releases its successor "
          "before it completed, and the successor's work follows its own",
          "[rt][async][chain]") {
  constexpr int N = 512, Length = 200;
  std::vector<int> Y(N, 0);
  // Y stays mapped by a data construct: the tasks copy nothing back.
  enterData(ALoc, -1, true, Y.data(), N * sizeof(int), MapTo);
  std::size_t Early0 = detail::releasedEarly();
  Chain C;
  C.Y = Y.data();
  C.N = N;
  C.Length = Length;
  C.start(0);
  // Every task is queued from its predecessor's release, so the helpers
  // may run dry before the chain is complete: wait for the last one.
  while (C.Completed < Length)
    waitAllAsync();
  CHECK(C.Started == Length);
  CHECK(C.Wrong == 0);
  CHECK(C.Released == Length);
  CHECK(C.ReleasedBeforeCompletion == Length);
  CHECK(C.InFlightAtRelease == Length);
  CHECK(detail::releasedEarly() - Early0 == Length);
  CHECK(detail::releasedInFlight() == 0);
  CHECK(presentRefCount(0, Y.data()) == 1);
  exitData(ALoc, -1, true, Y.data(), N * sizeof(int), MapFrom);
  CHECK(presentEntries(0) == 0);
  CHECK(Y[0] == Length);
  CHECK(Y[N - 1] == Length);
}

TEST_CASE("a target task that copies into host memory releases its "
          "successor only once the copy is there",
          "[rt][async][chain]") {
  constexpr int N = 256, Length = 50;
  std::vector<int> Y(N, 0);
  std::size_t Early0 = detail::releasedEarly();
  Chain C;
  C.Y = Y.data();
  C.N = N;
  C.Length = Length;
  C.start(0); // each task maps Y tofrom itself: its exit copies back
  while (C.Completed < Length)
    waitAllAsync();
  CHECK(C.Wrong == 0); // each successor copied in its predecessor's result
  CHECK(C.Released == Length);
  CHECK(C.InFlightAtRelease == 0);
  CHECK(detail::releasedEarly() == Early0);
  CHECK(presentEntries(0) == 0);
  CHECK(Y[0] == Length);
  CHECK(Y[N - 1] == Length);
}

TEST_CASE("a data construct's deferred task releases its successors when it "
          "completed",
          "[rt][async][chain]") {
  std::vector<double> A(64, 1.0);
  struct Seen {
    std::atomic<int> Steps{0}, StepsAtRelease{-1};
  } S;
  std::size_t Early0 = detail::releasedEarly();
  auto *T = new AsyncTask(ALoc);
  T->enterData(ALoc, -1, true, A.data(), A.size() * sizeof(double), MapTo);
  T->add([&] { ++S.Steps; });
  T->add([&] { ++S.Steps; });
  startChained(
      T,
      [](std::uintptr_t P) {
        Seen &X = *reinterpret_cast<Seen *>(P);
        X.StepsAtRelease = X.Steps.load();
      },
      reinterpret_cast<std::uintptr_t>(&S), nullptr, 0);
  waitAllAsync();
  CHECK(S.StepsAtRelease == 2);
  CHECK(detail::releasedEarly() == Early0);
  CHECK(presentRefCount(0, A.data()) == 1);
  exitData(ALoc, -1, true, A.data(), A.size() * sizeof(double), MapRelease);
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("a chain of target tasks in flight costs its successor one "
          "device wait",
          "[rt][async][chain]") {
  // Stand-in events, of the emulated device's kind (O2C_EMU_EVENTS): its
  // waitEvent ignores them and destroyEvent frees them, so only the
  // registry's bookkeeping is seen.
  void *EA = new char('a'), *EB = new char('b'), *EC = new char('c');
  std::uint64_t Before = detail::awaitReleased(0, nullptr, ALoc);
  std::uint64_t A = detail::announceReleased(0, EA, Before);
  CHECK(detail::releasedWaits(0) == 1);
  // B's stream waited for A before its work: B's event covers A's.
  std::uint64_t SeenByB = detail::awaitReleased(0, nullptr, ALoc);
  std::uint64_t B = detail::announceReleased(0, EB, SeenByB);
  CHECK(detail::releasedWaits(0) == 1);
  // C started before A was announced: it covers nothing, B does not cover it.
  std::uint64_t C = detail::announceReleased(0, EC, Before);
  CHECK(detail::releasedWaits(0) == 2);
  CHECK(detail::releasedWaits(1) == 0); // another device's work waits for none
  // A task whose helper synchronised leaves; the rest still count.
  detail::retireReleased(0, B);
  CHECK(detail::releasedWaits(0) == 1); // C; A's work is complete (B was)
  detail::retireReleased(0, A);
  detail::retireReleased(0, C);
  CHECK(detail::releasedWaits(0) == 0);
  CHECK(detail::releasedInFlight() == 0);
}

// ---- issue inline, wait on a helper (async.cpp: issueHere) -----------------

TEST_CASE("a deferred target region is issued on the thread that runs its "
          "host task and waits for the device on a helper",
          "[rt][async][inline]") {
  constexpr int N = 64;
  std::vector<int> Y(N, 1);
  struct Seen {
    std::atomic<int> IssuedOn{-2}, DoneOn{-2}, Done{0};
  } S;
  detail::Counts &K = detail::counts();
  auto Calls = [&](detail::Api A, int Deferred) {
    return K.ApiCalls[Deferred][static_cast<unsigned>(A)].load();
  };
  unsigned long Syncs0 = Calls(detail::Api::StreamSynchronize, 1);
  unsigned long Back0 = Calls(detail::Api::MemcpyToHost, 1);
  unsigned long Deferred0 = K.ConstructsBy[1].load();
  auto *T = new AsyncTask(ALoc);
  T->markRegion(); // what o2c::targetTask does
  T->add([&] {
    TargetRegion R(ALoc, -1, true, true);
    int *D = R.mapSection(Y.data(), 0, N, MapToFrom);
    S.IssuedOn = detail::helperIndex();
    for (int I = 0; I < N; ++I) // the kernel
      D[I] *= 3;
    R.launched();
    R.finish(); // leaves the copy back and the unmap to a helper
    CHECK(presentRefCount(0, Y.data()) == 1); // not yet unmapped here
  });
  startAsync(
      T,
      [](std::uintptr_t P) {
        Seen &X = *reinterpret_cast<Seen *>(P);
        X.DoneOn = detail::helperIndex();
        ++X.Done;
      },
      reinterpret_cast<std::uintptr_t>(&S));
  CHECK(S.IssuedOn == -1); // here, not on a helper
  waitAllAsync();
  CHECK(S.Done == 1);
  CHECK(S.DoneOn >= 0); // completed by a helper
  CHECK(Y[0] == 3);
  CHECK(Y[N - 1] == 3);
  CHECK(presentEntries(0) == 0);
  // Counted as a deferred task's: one construct, its synchronisation and
  // its copy back, whichever thread made them.
  CHECK(K.ConstructsBy[1].load() - Deferred0 == 1);
  CHECK(Calls(detail::Api::StreamSynchronize, 1) - Syncs0 >= 1);
  CHECK(Calls(detail::Api::MemcpyToHost, 1) - Back0 == 1);
}

TEST_CASE("a chain of target tasks issued inline is started by the thread "
          "that released it, with no helper in between",
          "[rt][async][inline][chain]") {
  constexpr int N = 32, Length = 50;
  std::vector<int> Y(N, 0);
  enterData(ALoc, -1, true, Y.data(), N * sizeof(int), MapTo);
  int Level0 = detail::inlineIssue();
  detail::setInlineIssue(2); // tasks with depend too (O2C_INLINE_ISSUE=2)
  unsigned long Tasks0 = detail::counts().HelperTasks.load();
  Chain C;
  C.Y = Y.data();
  C.N = N;
  C.Length = Length;
  C.start(0); // each release starts the next task here, inline
  // Every task was issued before start() returned; helpers only wait.
  CHECK(C.Started == Length);
  CHECK(C.Released == Length);
  while (C.Completed < Length)
    waitAllAsync();
  CHECK(C.Wrong == 0);
  CHECK(C.ReleasedBeforeCompletion == Length);
  // One hand-off per task (its wait), none for its issue.
  CHECK(detail::counts().HelperTasks.load() - Tasks0 == Length);
  detail::setInlineIssue(Level0);
  exitData(ALoc, -1, true, Y.data(), N * sizeof(int), MapFrom);
  CHECK(presentEntries(0) == 0);
  CHECK(Y[0] == Length);
}

TEST_CASE("the runtime counts its backend calls, sync and deferred apart, "
          "and its locks",
          "[rt][async][counts]") {
  detail::Counts &K = detail::counts();
  auto Calls = [&](detail::Api A, int Deferred) {
    return K.ApiCalls[Deferred][static_cast<unsigned>(A)].load();
  };
  std::vector<double> A(16, 2.0);
  unsigned long Sync0 = K.ConstructsBy[0].load();
  unsigned long H2D0 = Calls(detail::Api::MemcpyToDevice, 0);
  unsigned long D2H0 = Calls(detail::Api::MemcpyToHost, 0);
  unsigned long Launch0 = Calls(detail::Api::GetLastError, 0);
  unsigned long Locks0 = K.LockTakes.load();
  {
    TargetRegion R(ALoc);
    R.mapSection(A.data(), 0, 16, MapToFrom);
    R.launched();
  }
  CHECK(K.ConstructsBy[0].load() - Sync0 == 1);
  CHECK(Calls(detail::Api::MemcpyToDevice, 0) - H2D0 == 1);
  CHECK(Calls(detail::Api::MemcpyToHost, 0) - D2H0 == 1);
  CHECK(Calls(detail::Api::GetLastError, 0) - Launch0 == 1);
  CHECK(K.LockTakes.load() > Locks0); // the present table's, at least
  CHECK(std::string(detail::apiName(detail::Api::StreamWaitEvent)) ==
        "cudaStreamWaitEvent");
}

TEST_CASE("target regions issued inline from many host threads keep the "
          "present table consistent",
          "[rt][async][inline]") {
  constexpr int Threads = 16, Iters = 40, N = 128;
  std::vector<int> Shared(N, 1);
  std::vector<std::vector<int>> Own(Threads, std::vector<int>(N, 0));
  enterData(ALoc, -1, true, Shared.data(), N * sizeof(int), MapTo);
  std::atomic<int> Done{0};
  std::vector<std::thread> Hosts;
  for (int H = 0; H < Threads; ++H)
    Hosts.emplace_back([&, H] {
      int *Mine = Own[static_cast<std::size_t>(H)].data();
      for (int I = 0; I < Iters; ++I) {
        auto *T = new AsyncTask(ALoc);
        T->markRegion();
        T->add([Mine, &Shared] {
          TargetRegion R(ALoc, -1, true, true);
          int *D = R.mapSection(Mine, 0, N, MapToFrom);
          int *S = R.mapSection(Shared.data(), 0, N, MapTo);
          for (int K = 0; K < N; ++K)
            D[K] += S[K];
          R.launched();
          R.finish();
        });
        std::atomic<bool> Finished{false};
        startAsync(
            T,
            [](std::uintptr_t P) {
              *reinterpret_cast<std::atomic<bool> *>(P) = true;
            },
            reinterpret_cast<std::uintptr_t>(&Finished));
        while (!Finished) // this thread's tasks in order (each maps Mine)
          std::this_thread::yield();
        ++Done;
      }
    });
  for (std::thread &T : Hosts)
    T.join();
  waitAllAsync();
  CHECK(Done == Threads * Iters);
  CHECK(presentRefCount(0, Shared.data()) == 1);
  CHECK(presentEntries(0) == 1);
  exitData(ALoc, -1, true, Shared.data(), N * sizeof(int), MapRelease);
  CHECK(presentEntries(0) == 0);
  for (const std::vector<int> &V : Own)
    CHECK(V[N - 1] == Iters);
}
