// The steps that target regions, data constructs and the device memory
// routines share (target_region.cpp): device selection, the two halves of a
// map over the present table, and the copies and synchronisations they
// queue. Private to the runtime.
#ifndef OMP2CUDA_HOST_RT_MAP_STEPS_H
#define OMP2CUDA_HOST_RT_MAP_STEPS_H

#include "attach_table.h"
#include "backend.h"
#include "faults.h"
#include "present_table.h"
#include "released.h"

#include "omp2cuda/host_rt.h"

#include <atomic>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace o2c::steps {

/// Bytes this thread queued for copying each way (for O2C_INFO): a region
/// runs wholly on one thread, so the difference over its life is its own.
extern thread_local std::size_t BytesToDev, BytesToHost;
/// Whether the present tables were made (detail::table's first call).
extern std::atomic<bool> TablesMade;

/// A fault injected by O2C_FAULT_* (faults.h): fatal, naming the variable.
[[noreturn]] void injected(const SourceLoc &Loc, detail::Fault K,
                           const std::string &What);

/// Copies and allocations, counted and open to injected faults.
void toDev(int Dev, void *D, const void *H, std::size_t Bytes, void *Stream,
           const SourceLoc &Loc);
void toHost(int Dev, void *H, const void *D, std::size_t Bytes, void *Stream,
            const SourceLoc &Loc);
/// Device memory through the cache (device_cache.h); not Cached: from the
/// backend, for omp_target_alloc, whose memory the program owns.
void *devAlloc(int Dev, std::size_t Bytes, const SourceLoc &Loc,
               bool Cached = true);
void devFree(int Dev, void *P, const SourceLoc &Loc);

/// Blocks until the work queued on Stream is complete. Entries whose first
/// copy ran there are ready from now on: they forget their events.
void syncStream(int Dev, void *Stream, const SourceLoc &Loc);
/// syncStream() when anything was queued on Stream since its last
/// synchronisation; otherwise there is nothing to wait for.
void syncIfQueued(int Dev, void *Stream, const SourceLoc &Loc);

/// A stream of the pool for one construct's steps, given back however they
/// end (a deferred task's error unwinds through here).
class StreamLease {
public:
  StreamLease(int Dev, const SourceLoc &Loc)
      : Dev(Dev), S(detail::backend().acquireStream(Dev, Loc)) {
    detail::awaitReleased(Dev, S, Loc);
  }
  ~StreamLease() { detail::backend().releaseStream(Dev, S); }
  StreamLease(const StreamLease &) = delete;
  StreamLease &operator=(const StreamLease &) = delete;
  void *get() const { return S; }

private:
  int Dev;
  void *S;
};

/// A host range and its device copy.
struct Range {
  const void *Host;
  std::size_t Bytes;
  void *Dev;
};

/// After device bytes arrived in [Host, Host + Bytes): attached pointers get
/// their host values back; one the device moved gets the host counterpart of
/// the mapped address it points to, in the present table or in Gone (copies
/// the same construct released).
void restoreHost(int Dev, const void *Host, std::size_t Bytes,
                 const std::vector<Range> &Gone = {});

/// What the device copies of the attached pointers whose storage is present
/// hold now (after work queued on Stream; the caller has synchronised the
/// work that may have moved them).
std::vector<detail::AttachTable::Read> readAttached(int Dev, void *Stream,
                                                    const SourceLoc &Loc);

/// Frees the copies of Going and those the attach table let go
/// (takeReleased), but for the ones an attached pointer's device copy
/// points into now (AttachTable::pin): one kernel may have copied another
/// attached pointer's value into it since the last reading (review rev44
/// pin1.cpp, pin2.cpp: `s2.p = s.p`, s.p pinned into w's freed copy, then
/// s.p forgotten or attached again, w's memory given to x).
void freeUnpinned(int Dev, void *Stream, const SourceLoc &Loc,
                  std::vector<detail::AttachTable::Copy> Going);

[[noreturn]] void fatalStr(const SourceLoc &Loc, const std::string &Msg);

/// Resolves the device of a construct: true and Dev set when it offloads,
/// false when it runs on the host.
bool selectDevice(const SourceLoc &Loc, int Requested, bool IfClause, int &Dev);

/// As awaitFirstCopy, for an address that only work queued on Stream will
/// use (a kernel argument, a readDevice on Stream): Stream waits for the
/// copy, the host goes on.
detail::PresentTable::Hit lookupForStream(int Dev, const void *Host,
                                          void *Stream, const SourceLoc &Loc,
                                          std::size_t Bytes = 0);
/// Waits on the host for the first copy of the entry holding [Host, Host +
/// Bytes) when another stream queued it; returns the look-up.
detail::PresentTable::Hit awaitFirstCopy(int Dev, const void *Host,
                                         std::size_t Bytes, void *Stream,
                                         const SourceLoc &Loc);

/// After a copy into the present entry holding Host (device address
/// DevAddr) queued on Stream: work on other streams waits for it as for a
/// first copy (PresentTable::laterCopy), or Stream is synchronised now
/// (review rev44: `target data map(alloc: a[0:n]) map(to: p[0:n])`, p == a,
/// or `map(always, to: ...)` of present data, and a region inside it on
/// another stream read before the copy landed, on CUDA).
void laterCopyEvent(int Dev, const void *Host, void *DevAddr, void *Stream,
                    const SourceLoc &Loc);

/// Entry half of a map: returns the device address of Host. Done: the
/// entries the construct's earlier items counted (PresentTable::Counted); an
/// item whose storage is among them does not count it again, and copies to
/// the device when the count is one (OpenMP 5.2 §5.8.3: `map(alloc: a[0:4])
/// map(to: p[0:4])`, p == a, copies).
void *enter(const SourceLoc &Loc, int Dev, const void *Host, std::size_t Bytes,
            unsigned Flags, void *Stream,
            detail::PresentTable::Counted *Done = nullptr);

/// What an exit action leaves to do once the stream is synchronised.
struct Cleanup {
  std::vector<void *> Allocs;
  /// The device copies that go (whole entries, Dev their allocation): the
  /// attach table may hold one that attached pointers target.
  std::vector<Range> Copies;
  std::vector<void *> Events;
  bool CopiedBack = false;
  /// Host ranges that received device bytes (for the attached pointers
  /// among them).
  std::vector<std::pair<const void *, std::size_t>> Received;
  /// The copies that go, with their device addresses: for the attached
  /// pointers among them, and for a pointer received above that the kernel
  /// moved into one of them (which the present table no longer holds).
  std::vector<Range> Freed;
  /// Items with From that copied nothing back: the storage's count had not
  /// reached zero at their exit, or another item of the construct naming
  /// the same storage had dropped its last reference already. One whose
  /// storage goes with this construct copies back from the copy that goes
  /// (copyBackShared): OpenMP 5.2 §5.8.3 copies a from item back once its
  /// storage's count is zero, whichever item of the construct dropped it.
  std::vector<std::pair<const void *, std::size_t>> FromLeft;
  /// The entries the construct's exits lowered so far: each loses one
  /// reference per construct (PresentTable::Counted).
  detail::PresentTable::Counted Lowered;
};

/// Exit half of a map: drops the reference and copies back as OpenMP
/// prescribes. Synced: Stream is synchronised (its earlier work is
/// complete); else its first copies stay pending (markReady after).
void leave(const SourceLoc &Loc, int Dev, const void *Host, std::size_t Bytes,
           unsigned Flags, void *Stream, Cleanup &C, bool Synced = true);

/// Queues the copies back of C.FromLeft whose storage goes with the
/// construct (lies in one of C.Copies), after every item's exit; clears
/// FromLeft. complete() calls it first.
void copyBackShared(const SourceLoc &Loc, int Dev, void *Stream, Cleanup &C);

/// Copies back what copyBackShared finds, waits for the copies back, then
/// frees what the exit actions released.
void complete(const SourceLoc &Loc, int Dev, void *Stream, Cleanup &C);

} // namespace o2c::steps

#endif // OMP2CUDA_HOST_RT_MAP_STEPS_H
