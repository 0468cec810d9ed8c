// Hidden helper threads (seed 001 §3.2): the threads that run deferred
// (`nowait`) target tasks, so that the encountering thread only creates the
// task and goes on. A team of O2C_HELPER_THREADS threads (default 8) is
// created on first use; each has its own queue, a task goes to the queue
// chosen from the submitting thread's id, and an idle helper steals from the
// others before it blocks on the pool's condition variable.
#ifndef OMP2CUDA_HOST_RT_HELPERS_H
#define OMP2CUDA_HOST_RT_HELPERS_H

#include "released.h"

#include <cstddef>
#include <cstdint>
#include <functional>

namespace o2c {
class AsyncTask;
}

namespace o2c::detail {

/// What the helper does with a target task that failed (faults.h): report
/// it and end the program at once, or record it for the thread that waits
/// for the task (which calls reportDeferred()).
enum class OnError { ReportNow, Record };
/// Queues T on a helper, which runs it, deletes it and calls Done(Arg).
/// Release, when given, is fired once: by T's target region as soon as its
/// device work is queued (released.h), else just before Done.
void submitTask(AsyncTask *T, void (*Done)(std::uintptr_t), std::uintptr_t Arg,
                OnError E, EarlyRelease Release);
void submitTask(AsyncTask *T, void (*Done)(std::uintptr_t), std::uintptr_t Arg,
                OnError E);

/// Which deferred target regions are issued (mapped, launched, released
/// early) on the thread that runs their host task, with only what waits
/// for the device left to a helper (async.cpp): O2C_INLINE_ISSUE=0 none,
/// 1 (default) those without `depend`, 2 those with `depend` too (off by
/// default: clang-19's libomp then trips an assertion now and then,
/// docs/async.md "Issue inline, wait on a helper").
int inlineIssue();
/// For tests: overrides O2C_INLINE_ISSUE.
void setInlineIssue(int Level);

/// While a deferred target region is issued inline on this thread: where
/// its finish() leaves the rest (synchronise, copy back, free, release the
/// stream) for a helper thread. Null otherwise: finish() does it itself.
std::function<void()> *finishTail();

/// Queues Work for a helper thread. Work must not throw.
void submitToHelper(std::function<void()> Work);

/// The helper's index (0-based) when called on a helper thread, else -1.
int helperIndex();

/// Number of helper threads (O2C_HELPER_THREADS, default 8; the team is
/// created by the first submitToHelper).
int helperThreads();

/// A task issued outside the helpers (async.cpp issueHere) counts as in
/// flight from holdHelpers() to unholdHelpers(): drainHelpers() (a host
/// fallback) waits for it as for a queued one.
void holdHelpers();
void unholdHelpers();

/// Blocks until every task submitted so far has completed (and those they
/// submit in turn). Never called from a helper thread.
void drainHelpers();

/// Tasks submitted and not yet completed.
std::size_t helperTasksInFlight();

/// The first size of each device's stream pool (O2C_STREAMS, default 32);
/// a pool doubles when all its streams are taken.
int streamPoolSize();

/// A positive count from the environment variable Name, else Default.
int envCount(const char *Name, int Default, int Max);

} // namespace o2c::detail

#endif // OMP2CUDA_HOST_RT_HELPERS_H
