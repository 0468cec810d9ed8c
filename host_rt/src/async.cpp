// Deferred target tasks (host_rt.h: AsyncTask) on the hidden helper team.
// The runtime knows nothing of the host OpenMP runtime: the generated code
// passes the completion (omp_fulfill_event) in as a callback, so the same
// library serves programs built with clang's libomp and GCC's libgomp.
#include "helpers.h"

#include "omp2cuda/host_rt.h"

#include <condition_variable>
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

void startAsync(AsyncTask *T, void (*Done)(std::uintptr_t), std::uintptr_t Arg) {
  detail::submitToHelper([T, Done, Arg] {
    T->run();
    delete T;
    // Last: the host runtime may release successors (and let the program
    // end) as soon as the event is fulfilled.
    if (Done)
      Done(Arg);
  });
}

void runAsync(AsyncTask *T) {
  if (detail::helperIndex() >= 0) { // a helper waiting for a helper: run here
    T->run();
    delete T;
    return;
  }
  struct Wait {
    std::mutex M;
    std::condition_variable CV;
    bool Finished = false;
  } W;
  startAsync(
      T,
      [](std::uintptr_t P) {
        Wait &X = *reinterpret_cast<Wait *>(P);
        std::lock_guard<std::mutex> G(X.M);
        X.Finished = true;
        X.CV.notify_all(); // under the lock: W dies once the waiter wakes
      },
      reinterpret_cast<std::uintptr_t>(&W));
  std::unique_lock<std::mutex> L(W.M);
  W.CV.wait(L, [&] { return W.Finished; });
}

void waitAllAsync() {
  if (detail::helperIndex() < 0)
    detail::drainHelpers();
}

} // namespace o2c
