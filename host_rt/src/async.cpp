// Deferred target tasks (host_rt.h: AsyncTask) on the hidden helper team.
// The runtime knows nothing of the host OpenMP runtime: the generated code
// passes the completion (omp_fulfill_event) in as a callback, so the same
// library serves programs built with clang's libomp and GCC's libgomp.
#include "faults.h"
#include "helpers.h"

#include "omp2cuda/host_rt.h"

#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>

namespace o2c {

void AsyncTask::enterData(const SourceLoc &L, int Dev, bool If,
                          const void *Host, std::size_t Bytes, unsigned Flags) {
  add([=] { o2c::enterData(L, Dev, If, Host, Bytes, Flags); });
}

void AsyncTask::exitData(const SourceLoc &L, int Dev, bool If, const void *Host,
                         std::size_t Bytes, unsigned Flags) {
  add([=] { o2c::exitData(L, Dev, If, Host, Bytes, Flags); });
}

void AsyncTask::update(const SourceLoc &L, int Dev, bool If, const void *Host,
                       std::size_t Bytes, bool ToDevice, bool Present) {
  add([=] { o2c::update(L, Dev, If, Host, Bytes, ToDevice, Present); });
}

void AsyncTask::updateStrided(const SourceLoc &L, int Dev, bool If,
                              const void *Host, std::size_t ElemBytes,
                              std::size_t Count, std::size_t Stride,
                              bool ToDevice, bool Present) {
  add([=] {
    o2c::updateStrided(L, Dev, If, Host, ElemBytes, Count, Stride, ToDevice,
                       Present);
  });
}

void AsyncTask::run() {
  for (std::function<void()> &S : Steps)
    S();
}

namespace {
thread_local std::function<void()> *Tail = nullptr;

/// While alive, finishTail() is Slot on this thread.
class TailScope {
public:
  explicit TailScope(std::function<void()> *Slot) : Outer(Tail) { Tail = Slot; }
  ~TailScope() { Tail = Outer; }
  TailScope(const TailScope &) = delete;
  TailScope &operator=(const TailScope &) = delete;

private:
  std::function<void()> *Outer;
};

/// Runs a region's finish tail on a helper; "" or the error's line.
std::string runTail(std::function<void()> &Work) {
  try {
    detail::DeferredScope Scope;
    Work();
  } catch (const detail::TaskFault &F) {
    return F.Line;
  }
  return "";
}

/// Runs T on this helper thread; a runtime error in it (faults.h) stops it.
/// Returns the error's line, or "" when it completed.
std::string runDeferred(AsyncTask *T, detail::EarlyRelease *Release) {
  std::unique_ptr<AsyncTask> Own(T);
  try {
    detail::DeferredScope Scope;
    // Only a single target region knows when its device work is all queued.
    detail::ReleaseScope Early(
        Own->region() && detail::earlyReleaseAllowed() ? Release : nullptr);
    Own->run();
  } catch (const detail::TaskFault &F) {
    return F.Line;
  }
  return "";
}
} // namespace

namespace {
std::atomic<int> InlineLevel{-1}; // -1: not read yet
} // namespace

int detail::inlineIssue() {
  int L = InlineLevel.load(std::memory_order_relaxed);
  if (L < 0) {
    const char *E = std::getenv("O2C_INLINE_ISSUE");
    L = E && *E >= '0' && *E <= '2' && E[1] == '\0' ? *E - '0' : 1;
    InlineLevel.store(L, std::memory_order_relaxed);
  }
  return L;
}

void detail::setInlineIssue(int Level) { InlineLevel = Level; }

std::function<void()> *detail::finishTail() { return Tail; }

/// A target region's task issued here, on the thread that runs its host
/// task: mapping, launch and an early release queue device work and do not
/// wait for it, so they cost this thread what a synchronous region costs
/// before its synchronisation, and a successor released early is started
/// by this same thread (no hand-off to a helper and back on the dependence
/// chain, which dominated seed 001's B4 on a GPU). The rest, which waits
/// for the device, goes to a helper, so no more regions wait at once than
/// there are helpers is no longer a limit on how many run at once.
static void issueHere(AsyncTask *T, void (*Done)(std::uintptr_t),
                      std::uintptr_t Arg, detail::EarlyRelease Release) {
  // In flight for a host fallback's drainHelpers() until its tail is queued.
  struct Hold {
    Hold() { detail::holdHelpers(); }
    ~Hold() { detail::unholdHelpers(); }
  } Held;
  std::function<void()> Rest;
  std::string Err;
  {
    TailScope Scope(&Rest);
    Err = runDeferred(T, Release.Fn ? &Release : nullptr);
  }
  if (!Err.empty())
    detail::reportNow(Err); // does not return, as on a helper
  if (!Rest) { // nothing waits for the device
    Release.fire();
    if (Done)
      Done(Arg);
    return;
  }
  detail::submitToHelper([Rest, Done, Arg, Release]() mutable {
    std::string Err = runTail(Rest);
    if (!Err.empty())
      detail::reportNow(Err);
    Rest = nullptr; // its captures go before the task completes
    Release.fire(); // unless the region did already
    if (Done)
      Done(Arg);
  });
}

void detail::submitTask(AsyncTask *T, void (*Done)(std::uintptr_t),
                        std::uintptr_t Arg, OnError E, EarlyRelease Release) {
  // Only a single target region splits into an issue and a tail; data
  // constructs wait for their copies, and a task whose waiter records its
  // error (runAsync) runs whole on the helper as before.
  if (E == OnError::ReportNow && T->region() &&
      inlineIssue() >= (Release.Fn ? 2 : 1) && helperIndex() < 0)
    return issueHere(T, Done, Arg, Release);
  detail::submitToHelper([T, Done, Arg, E, Release]() mutable {
    std::string Err = runDeferred(T, Release.Fn ? &Release : nullptr);
    if (!Err.empty()) {
      if (E == OnError::ReportNow)
        detail::reportNow(Err); // does not return
      detail::recordDeferred(Err);
    }
    // Last: the host runtime may release successors (and let the program
    // end) as soon as the event is fulfilled.
    Release.fire(); // unless the region did already
    if (Done)
      Done(Arg);
  });
}

void detail::submitTask(AsyncTask *T, void (*Done)(std::uintptr_t),
                        std::uintptr_t Arg, OnError E) {
  submitTask(T, Done, Arg, E, EarlyRelease());
}

void startAsync(AsyncTask *T, void (*Done)(std::uintptr_t), std::uintptr_t Arg) {
  // The host task completes when Done fulfils its event, and nothing of the
  // host runtime runs our code at the taskwait or barrier that waits for
  // it: a failed task is reported here and ends the program, so nothing
  // ordered after it runs on the results it did not produce.
  detail::submitTask(T, Done, Arg, detail::OnError::ReportNow);
}

void startChained(AsyncTask *T, void (*Released)(std::uintptr_t),
                  std::uintptr_t RelArg, void (*Done)(std::uintptr_t),
                  std::uintptr_t Arg) {
  // As startAsync: a failed task ends the program from its helper, before
  // either event is fulfilled (an early release precedes only failures of
  // the device work itself: see docs/async.md).
  detail::EarlyRelease R;
  R.Fn = Released;
  R.Arg = RelArg;
  detail::submitTask(T, Done, Arg, detail::OnError::ReportNow, R);
}

void runAsync(AsyncTask *T) {
  if (detail::helperIndex() >= 0) { // a helper waiting for a helper: run here
    std::unique_ptr<AsyncTask> Own(T); // errors go to the outer task's runner
    Own->run();
    return;
  }
  struct Wait {
    std::mutex M;
    std::condition_variable CV;
    bool Finished = false;
  } W;
  detail::submitTask(
      T,
      [](std::uintptr_t P) {
        Wait &X = *reinterpret_cast<Wait *>(P);
        std::lock_guard<std::mutex> G(X.M);
        X.Finished = true;
        X.CV.notify_all(); // under the lock: W dies once the waiter wakes
      },
      reinterpret_cast<std::uintptr_t>(&W), detail::OnError::Record);
  {
    std::unique_lock<std::mutex> L(W.M);
    W.CV.wait(L, [&] { return W.Finished; });
  }
  // The host task completes here, on a thread of the encountering team: a
  // failed target task is reported before any taskwait, taskgroup or
  // barrier that waits for it returns.
  detail::reportDeferred();
}

void waitAllAsync() {
  if (detail::helperIndex() < 0) {
    detail::drainHelpers();
    detail::reportDeferred();
  }
}

} // namespace o2c
