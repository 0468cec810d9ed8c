// The registry of target tasks released early (released.h). One lock: a
// task announces and retires its event once each, and every piece of
// device work reads the list once; the list holds only the tasks whose
// helper has not yet synchronised, a handful at a time.
#include "released.h"

#include "backend.h"
#include "counted_lock.h"
#include "device_state.h"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <vector>

namespace o2c::detail {

namespace {

thread_local EarlyRelease *Current = nullptr;

struct Released {
  int Dev;
  std::uint64_t Ticket;
  void *Event;
  // A later task's stream waited for Event before its own work, and that
  // task is still here: waiting for its event waits for this one too.
  bool Covered;
};

struct Registry {
  CountedMutex M;
  std::vector<Released> Live;
  std::uint64_t Next = 1;
  std::size_t Total = 0;
};

// Never destroyed: a helper may retire its task while static destructors
// run (fatal() exits through them).
Registry &registry() {
  static Registry *R = new Registry;
  return *R;
}

} // namespace

EarlyRelease *earlyRelease() { return Current; }

ReleaseScope::ReleaseScope(EarlyRelease *R) : Outer(Current) { Current = R; }
ReleaseScope::~ReleaseScope() { Current = Outer; }

bool earlyReleaseAllowed() {
  static const bool Env = [] {
    const char *E = std::getenv("O2C_DEVICE_DEPS");
    return !(E && std::strcmp(E, "0") == 0);
  }();
  return Env && !unifiedMemoryRequired() && !hostAccessibleNoted();
}

std::uint64_t announceReleased(int Dev, void *Event, std::uint64_t Seen) {
  Registry &R = registry();
  std::lock_guard<CountedMutex> G(R.M);
  // Only an event covers: a null one (work complete when queued) covers
  // nothing still running anyway, but keep the rule simple.
  if (Event)
    for (Released &X : R.Live)
      if (X.Dev == Dev && X.Ticket < Seen)
        X.Covered = true;
  std::uint64_t T = R.Next++;
  R.Live.push_back({Dev, T, Event, false});
  ++R.Total;
  return T;
}

void retireReleased(int Dev, std::uint64_t Ticket) {
  Registry &R = registry();
  void *Ev = nullptr;
  {
    std::lock_guard<CountedMutex> G(R.M);
    for (std::size_t I = 0; I < R.Live.size(); ++I)
      if (R.Live[I].Ticket == Ticket) {
        Ev = R.Live[I].Event;
        R.Live.erase(R.Live.begin() + static_cast<std::ptrdiff_t>(I));
        break;
      }
  }
  // Out of the list first: no stream can start waiting on it any more (a
  // stream already waiting keeps its wait: CUDA releases the event after).
  if (Ev)
    backend().destroyEvent(Dev, Ev);
}

std::uint64_t awaitReleased(int Dev, void *Stream, const SourceLoc &Loc) {
  Registry &R = registry();
  std::lock_guard<CountedMutex> G(R.M); // the events stay alive meanwhile
  // A chain of tasks in flight costs one wait, not one per link.
  for (const Released &X : R.Live)
    if (X.Dev == Dev && X.Event && !X.Covered)
      backend().waitEvent(Dev, Stream, X.Event, Loc);
  return R.Next;
}

std::size_t releasedEarly() {
  Registry &R = registry();
  std::lock_guard<CountedMutex> G(R.M);
  return R.Total;
}

std::size_t releasedInFlight() {
  Registry &R = registry();
  std::lock_guard<CountedMutex> G(R.M);
  return R.Live.size();
}

std::size_t releasedWaits(int Dev) {
  Registry &R = registry();
  std::lock_guard<CountedMutex> G(R.M);
  std::size_t N = 0;
  for (const Released &X : R.Live)
    N += X.Dev == Dev && X.Event && !X.Covered;
  return N;
}

} // namespace o2c::detail
