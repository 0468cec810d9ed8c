// Deferred target tasks (host_rt.h: AsyncTask) on the hidden helper team.
// The runtime knows nothing of the host OpenMP runtime: the generated code
// passes the completion (omp_fulfill_event) in as a callback, so the same
// library serves programs built with clang's libomp and GCC's libgomp.
#include "faults.h"
#include "helpers.h"

#include "omp2cuda/host_rt.h"

#include <condition_variable>
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

void detail::submitTask(AsyncTask *T, void (*Done)(std::uintptr_t),
                        std::uintptr_t Arg, OnError E, EarlyRelease Release) {
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
