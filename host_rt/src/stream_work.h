// What each stream has queued since it was last synchronised, and the
// runtime's counts of host synchronisations (O2C_STATS, docs/async.md).
//
// A stream of the pool is lent to one construct at a time, but a construct
// may give it back with work still queued (a `target enter data` whose only
// copies go to the device: the present table's first-copy events order every
// later user). So whether a synchronisation is needed is a property of the
// stream, not of the construct that holds it: every copy and launch the
// runtime queues marks its stream, and a synchronisation clears the mark. A
// stream with no mark has nothing outstanding, and synchronising it would
// wait for nothing.
#ifndef OMP2CUDA_HOST_RT_STREAM_WORK_H
#define OMP2CUDA_HOST_RT_STREAM_WORK_H

#include <atomic>
#include <vector>

namespace o2c::detail {

/// Work (a copy, a kernel) was queued on Stream of device Dev. FirstCopy: a
/// present-table entry's first copy, whose event the entry keeps until a
/// synchronisation of Stream shows it complete.
void noteQueued(int Dev, void *Stream, bool FirstCopy = false);

/// Whether anything was queued on Stream since its last synchronisation.
bool queuedOn(int Dev, void *Stream);

/// Stream was synchronised: it is clear again. Returns whether first copies
/// were queued on it since its last synchronisation (their entries can
/// forget their events).
bool noteSynced(int Dev, void *Stream);

/// A stream with work queued, as it stood at one moment: Syncs is how many
/// synchronisations it had had then.
struct StreamMark {
  int Dev;
  void *Stream;
  unsigned long Syncs;
};

/// Every stream with work queued now (on any device). Work queued before
/// this call is complete once each of them has been synchronised since
/// (syncedSince): a stream without queued work has nothing running.
std::vector<StreamMark> busyStreams();

/// Whether every stream of Marks has been synchronised since it was marked.
bool syncedSince(const std::vector<StreamMark> &Marks);

/// The backend calls the runtime makes (counted_backend.h), each named for
/// the CUDA runtime call the cuda backend makes for it, so that a run on
/// the emulated device shows what the same run costs a GPU in API calls.
/// StreamCreate and EventCreate come from the cuda backend's pools only.
enum class Api : unsigned {
  Malloc,            // alloc, tryAlloc
  Free,              // free
  MemcpyToDevice,    // toDevice (cudaMemcpyAsync)
  MemcpyToHost,      // toHost (cudaMemcpyAsync)
  StreamSynchronize, // synchronize
  GetLastError,      // checkLaunch
  EventRecord,       // recordEvent
  StreamWaitEvent,   // waitEvent
  EventDestroy,      // destroyEvent (to the pool, under cuda)
  EventSynchronize,  // eventSynchronize
  EventQuery,        // eventDone
  PointerAttributes, // copyLeavesHostFree
  StreamCreate,      // a stream pool grows
  EventCreate,       // the event pool is empty
  Count
};
const char *apiName(Api K);
/// Counts one call, as made for a deferred (nowait) task or not.
void noteApi(Api K);

/// The runtime's counts since the start of the process, for O2C_STATS=1
/// (printed at exit) and the tests.
struct Counts {
  std::atomic<unsigned long> Constructs{0}; // constructs that used a device
  std::atomic<unsigned long> Syncs{0};      // stream synchronisations
  std::atomic<unsigned long> Skipped{0};    // ... found unnecessary
  std::atomic<unsigned long> HostWaits{0};  // host waits for one event
  std::atomic<unsigned long> StreamWaits{0}; // streams made to wait
  std::atomic<unsigned long> Allocs{0}, Frees{0}; // device memory (backend)
  std::atomic<unsigned long> Reused{0}; // allocations the cache served
  std::atomic<unsigned long> Staged{0}; // copies through staging buffers
  // Per deferred task or not ([1]: in a DeferredScope, faults.h): target
  // regions and data constructs, and the backend calls made for them.
  std::atomic<unsigned long> ConstructsBy[2] = {};
  std::atomic<unsigned long> ApiCalls[2][static_cast<unsigned>(Api::Count)] = {};
  // Hidden helper threads: tasks handed to them, times one went to sleep
  // and was woken for work; the runtime's locks taken, and found held.
  std::atomic<unsigned long> HelperTasks{0}, HelperWakes{0};
  std::atomic<unsigned long> LockTakes{0}, LockWaits{0};
};
/// Counts a construct that used a device (Constructs and ConstructsBy).
void noteConstruct();
Counts &counts();

} // namespace o2c::detail

#endif // OMP2CUDA_HOST_RT_STREAM_WORK_H
