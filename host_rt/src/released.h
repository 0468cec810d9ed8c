// Dependences between target tasks as device events (issue 12 point 3,
// docs/async.md "Device events between target tasks").
//
// A deferred target task with `depend` clauses is two host tasks for the
// host OpenMP runtime: one with the construct's dependences, whose event the
// helper fulfils as soon as the task's device work is queued (released
// early), and one without dependences, fulfilled when that work completed,
// which taskwait, taskgroup and barriers wait for. A task released early
// has no host-side work left (no copy into host memory; only then is it
// released early) and its device work may still run: its completion event
// stays in this registry until its helper has synchronised, and every later
// piece of device work of the runtime, on any stream, waits for every event
// here before it starts. So whatever the host runtime released after the
// task (a dependent target task, a host task that offloads or copies) sees
// its results on the device, and nothing on the host could see them earlier.
#ifndef OMP2CUDA_HOST_RT_RELEASED_H
#define OMP2CUDA_HOST_RT_RELEASED_H

#include "omp2cuda/host_rt.h"

#include <cstddef>
#include <cstdint>

namespace o2c::detail {

/// How a deferred target task tells the host runtime that its successors
/// may go: Fn(Arg) once, early (device work queued) or at completion.
struct EarlyRelease {
  void (*Fn)(std::uintptr_t) = nullptr;
  std::uintptr_t Arg = 0;
  bool Fired = false;
  void fire() {
    if (Fired)
      return;
    Fired = true;
    if (Fn)
      Fn(Arg);
  }
};

/// The release of the target region that this helper thread runs as a
/// deferred task and that may release early; null otherwise.
EarlyRelease *earlyRelease();

/// While alive, earlyRelease() is R on this thread.
class ReleaseScope {
public:
  explicit ReleaseScope(EarlyRelease *R);
  ~ReleaseScope();
  ReleaseScope(const ReleaseScope &) = delete;
  ReleaseScope &operator=(const ReleaseScope &) = delete;

private:
  EarlyRelease *Outer;
};

/// Whether target tasks may be released early: not with O2C_DEVICE_DEPS=0,
/// nor when the program requires unified_shared_memory (a kernel may then
/// write host memory directly, which no copy shows).
bool earlyReleaseAllowed();

/// A task on Dev released early whose device work ends with Event (null on
/// a device whose work is complete when queued, as the emulated one's).
/// Seen: what awaitReleased() returned before the task queued its work;
/// the tasks it waited for are covered by Event from now on, so later work
/// waits for Event alone instead of the whole chain. Returns the ticket for
/// retireReleased().
std::uint64_t announceReleased(int Dev, void *Event, std::uint64_t Seen);
/// The task's stream is synchronised: drops its entry and destroys Event.
void retireReleased(int Dev, std::uint64_t Ticket);
/// Work queued on Stream from now on waits for every task released early
/// on Dev whose work may still run (backend waitEvent; the host does not
/// block). Returns the tickets seen (for announceReleased).
std::uint64_t awaitReleased(int Dev, void *Stream, const SourceLoc &Loc);

/// For tests and O2C_INFO: tasks released early so far, and those whose
/// helper has not yet synchronised.
std::size_t releasedEarly();
std::size_t releasedInFlight();
/// For tests: how many events awaitReleased(Dev, ...) would wait on now.
std::size_t releasedWaits(int Dev);

} // namespace o2c::detail

#endif // OMP2CUDA_HOST_RT_RELEASED_H
