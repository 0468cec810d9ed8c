// Errors of deferred target tasks, and fault injection for testing them.
//
// A `nowait` target task runs on a hidden helper thread, away from the code
// that created it. An error there (out of device memory, a failed copy or
// launch, a `present` map of absent data) must not end the program from
// under the threads still running, nor be lost: fatal() on a helper thread
// that runs a task throws TaskFault instead of exiting; the task's runner
// catches it, and the task's own cleanup (the TargetRegion destructor) drops
// the references the task took, so the present table stays consistent. The
// error is then reported where the task completes (async.cpp; docs/async.md,
// "Errors in target tasks").
#ifndef OMP2CUDA_HOST_RT_FAULTS_H
#define OMP2CUDA_HOST_RT_FAULTS_H

#include <string>

namespace o2c::detail {

/// What fatal() throws on a helper thread inside a task: the message line,
/// as fatal() would have printed it.
struct TaskFault {
  std::string Line;
};

/// While alive on a helper thread, fatal() throws TaskFault.
class DeferredScope {
public:
  DeferredScope();
  ~DeferredScope();
  DeferredScope(const DeferredScope &) = delete;
  DeferredScope &operator=(const DeferredScope &) = delete;

private:
  bool Outer;
};
/// Whether fatal() throws on this thread (a DeferredScope is alive).
bool inDeferredTask();

/// Keeps the error of a deferred task (the first one; later ones are
/// counted) until its waiter reports it.
void recordDeferred(const std::string &Line);
/// On a host thread: when a deferred task recorded an error, prints it and
/// exits with status 1. No-op on a helper.
void reportDeferred();
/// Prints Line and ends the program at once, from any thread: stdio is
/// flushed, no exit handlers or static destructors run (other threads are
/// still using the runtime).
[[noreturn]] void reportNow(const std::string &Line);
/// For tests: takes the recorded error ("" when none) without exiting.
std::string takeDeferred();

/// Fault injection (tests): O2C_FAULT_ALLOC=N, O2C_FAULT_COPY=N and
/// O2C_FAULT_LAUNCH=N make the Nth device allocation, copy or kernel launch
/// of the process fail as the device would report it.
enum class Fault { Alloc, Copy, Launch };
/// Counts one operation of kind K; true when it is the one to fail.
bool faultNow(Fault K);
/// The environment variable of K (for messages).
const char *faultVar(Fault K);
/// For tests: the Nth operation of kind K from now fails (0: none).
void setFault(Fault K, long N);

} // namespace o2c::detail

#endif // OMP2CUDA_HOST_RT_FAULTS_H
