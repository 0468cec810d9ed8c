// The steps that target regions, data constructs and the device memory
// routines share (map_steps.h): the counted copies and allocations, and the
// two halves of a map over the present table; the backend only moves bytes.
//
// A `nowait` region runs the same steps as any other, on a hidden helper
// thread (async.cpp, docs/async.md): everything here is safe to call from
// several threads at once (the present and attach tables have their locks,
// the backends theirs).
#include "attach_table.h"
#include "backend.h"
#include "declared_vars.h"
#include "device_cache.h"
#include "device_state.h"
#include "faults.h"
#include "helpers.h"
#include "info.h"
#include "map_steps.h"
#include "present_table.h"
#include "released.h"
#include "staging.h"
#include "stream_work.h"
#include "struct_span.h"

#include "omp2cuda/host_rt.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

namespace o2c {

using detail::AttachTable;
using detail::backend;
using detail::counts;
using detail::PresentTable;
using detail::attachments;
using detail::info;
using detail::infoDevice;
using detail::reattach;
using detail::runtimeLoc;
using detail::table;

using Status = PresentTable::Status;
using namespace steps;

const SourceLoc &detail::runtimeLoc() {
  static const SourceLoc L = {"<omp2cuda runtime>", 0, 0, "target"};
  return L;
}

namespace steps {
thread_local std::size_t BytesToDev = 0, BytesToHost = 0;

[[noreturn]] void injected(const SourceLoc &Loc, detail::Fault K,
                           const std::string &What) {
  fatal(Loc, (What + " (injected by " + detail::faultVar(K) + ")").c_str());
}

void toDev(int Dev, void *D, const void *H, std::size_t Bytes, void *Stream,
           const SourceLoc &Loc) {
  if (D == H) // a zero-copy map's device copy is the host's bytes
    return;
  if (detail::faultNow(detail::Fault::Copy))
    injected(Loc, detail::Fault::Copy,
             "copying " + std::to_string(Bytes) + " bytes to the device failed");
  BytesToDev += Bytes;
  if (!detail::stagedToDevice(Dev, D, H, Bytes, Stream, Loc))
    backend().toDevice(Dev, D, H, Bytes, Stream, Loc);
  detail::noteQueued(Dev, Stream);
}
void toHost(int Dev, void *H, const void *D, std::size_t Bytes, void *Stream,
            const SourceLoc &Loc) {
  if (D == H)
    return;
  if (detail::faultNow(detail::Fault::Copy))
    injected(Loc, detail::Fault::Copy,
             "copying " + std::to_string(Bytes) + " bytes to the host failed");
  BytesToHost += Bytes;
  backend().toHost(Dev, H, D, Bytes, Stream, Loc);
  detail::noteQueued(Dev, Stream);
}
void *devAlloc(int Dev, std::size_t Bytes, const SourceLoc &Loc, bool Cached) {
  if (detail::faultNow(detail::Fault::Alloc))
    injected(Loc, detail::Fault::Alloc,
             "out of device memory: allocating " + std::to_string(Bytes) +
                 " bytes failed");
  return Cached ? detail::cacheAlloc(Dev, Bytes, Loc)
                : detail::uncachedAlloc(Dev, Bytes, Loc);
}
void devFree(int Dev, void *P, const SourceLoc &Loc) {
  detail::cacheFree(Dev, P, Loc);
}

void syncStream(int Dev, void *Stream, const SourceLoc &Loc) {
  ++counts().Syncs;
  backend().synchronize(Dev, Stream, Loc);
  if (detail::noteSynced(Dev, Stream))
    for (void *E : detail::table(Dev)->streamSynced(Stream))
      backend().destroyEvent(Dev, E);
}
void syncIfQueued(int Dev, void *Stream, const SourceLoc &Loc) {
  if (detail::queuedOn(Dev, Stream))
    syncStream(Dev, Stream, Loc);
  else
    ++counts().Skipped;
}
/// Work queued on Stream from now on waits for Event (a first copy).
void streamWait(int Dev, void *Stream, void *Event, const SourceLoc &Loc) {
  ++counts().StreamWaits;
  backend().waitEvent(Dev, Stream, Event, Loc);
}

} // namespace steps

namespace steps {

/// Waits for the first copy of the entry holding [Host, Host + Bytes) when
/// another stream queued it and it may still run; returns the look-up
/// (PresentTable::lookupOn). The wait is the host's, not only Stream's: the
/// device address may leave the runtime (use_device_ptr/addr hands it to
/// the program, which may give it to a region with is_device_ptr or to a
/// CUDA library on a stream of its own). The entry then forgets the event.
PresentTable::Hit awaitFirstCopy(int Dev, const void *Host, std::size_t Bytes,
                                 void *Stream, const SourceLoc &Loc) {
  return table(Dev)->lookupOn(Host, Bytes, Stream, [&](void *Ready) {
    ++counts().HostWaits;
    backend().eventSynchronize(Dev, Ready, Loc);
    backend().destroyEvent(Dev, Ready);
    return true;
  });
}

PresentTable::Hit lookupForStream(int Dev, const void *Host, void *Stream,
                                  const SourceLoc &Loc, std::size_t Bytes) {
  return table(Dev)->lookupOn(Host, Bytes, Stream, [&](void *Ready) {
    streamWait(Dev, Stream, Ready, Loc);
  });
}

void laterCopyEvent(int Dev, const void *Host, void *DevAddr, void *Stream,
                    const SourceLoc &Loc) {
  if (DevAddr == Host) // zero-copy: nothing was copied
    return;
  auto &B = backend();
  void *Ev = B.recordEvent(Dev, Stream, Loc);
  void *Old = nullptr;
  if (!table(Dev)->laterCopy(Host, Ev, Stream, &Old)) {
    syncStream(Dev, Stream, Loc);
    B.destroyEvent(Dev, Ev);
    return;
  }
  if (Old)
    B.destroyEvent(Dev, Old);
  detail::noteQueued(Dev, Stream, /*FirstCopy=*/true);
}

void *enter(const SourceLoc &Loc, int Dev, const void *Host, std::size_t Bytes,
            unsigned Flags, void *Stream, PresentTable::Counted *Done) {
  if (Flags & MapMember) // inside the span mapped just before (struct_span.h)
    return enterMember(Loc, Dev, Host, Bytes, Flags, Stream);
  if (Flags & MapStruct) // the span copies nothing; its members do
    Flags &= ~unsigned(MapTo | MapFrom | MapAlways | MapPresent);
  PresentTable &T = *table(Dev);
  if (Bytes == 0) {
    // Look up only: a zero-length section never allocates. Its address goes
    // to the construct's kernel (or nowhere: enter data, the attachments):
    // a first copy still queued on another stream needs Stream to wait, not
    // the host, as for TargetRegion::translate. An address that may leave
    // the runtime (use_device_ptr) comes from deviceAddress, which waits.
    PresentTable::Hit H = lookupForStream(Dev, Host, Stream, Loc);
    if (H.St == Status::Contained)
      return H.Dev;
    if (Flags & MapPresent)
      fatal(Loc, "'present' map of a zero-length section whose address is not "
                 "on the device");
    return const_cast<void *>(Host);
  }
  if (Flags & MapPresent) {
    // Checked before acquiring so that a missing map allocates nothing;
    // a range that vanishes in between is a race in the program.
    if (T.lookup(Host, Bytes).St != Status::Contained)
      fatal(Loc, "'present' map of data that is not on the device");
  }
  auto &B = backend();
  bool Created = false;
  PresentTable::Hit H = T.acquire(
      Host, Bytes, Stream,
      [&](void **D, void **Ready, bool *Copied) {
        Created = true;
        *Copied = Flags & MapTo;
        if (detail::zeroCopyMaps()) {
          *D = const_cast<void *>(Host);
          detail::linkMapped(Dev, Host, Bytes, *D, Stream, Loc);
          return;
        }
        *D = devAlloc(Dev, Bytes, Loc);
        try {
          if (Flags & MapTo)
            toDev(Dev, *D, Host, Bytes, Stream, Loc);
          detail::linkMapped(Dev, Host, Bytes, *D, Stream, Loc);
          if (Flags & MapTo) {
            *Ready = B.recordEvent(Dev, Stream, Loc);
            detail::noteQueued(Dev, Stream, /*FirstCopy=*/true);
          }
        } catch (const detail::TaskFault &) { // no entry was made: free it
          devFree(Dev, *D, Loc);
          throw;
        }
      },
      [&](void *Ready) { streamWait(Dev, Stream, Ready, Loc); }, Done);
  if (H.St == Status::Overlap)
    fatal(Loc, "the mapped range overlaps data that is already on the device "
               "without lying inside it (OpenMP: a list item must be contained "
               "in, or disjoint from, every mapped storage block)");
  // Storage an earlier item of the construct counted, to a count of one
  // (so it created it): its bytes copy as if this item had created it,
  // unless that creation copied them already.
  const bool Fresh = Created || (H.Again && H.Ref == 1 && !H.Copied);
  if (Flags & MapStruct)
    noteSpan(Host, Bytes, Created, Fresh);
  bool Copy = H.St == Status::Contained && (Flags & MapTo) &&
              ((Flags & MapAlways) || Fresh);
  try {
    if (Copy)
      toDev(Dev, H.Dev, Host, Bytes, Stream, Loc);
    if (Created || Copy)
      reattach(Dev, Host, Bytes, H.Dev, Stream, Loc);
    if (Copy)
      laterCopyEvent(Dev, Host, H.Dev, Stream, Loc);
  } catch (const detail::TaskFault &) {
    if (H.Again) // the earlier item's reference is its own to give back
      throw;
    // A deferred task failed after it took its reference: give it back, so
    // that the present table stays as it was.
    PresentTable::Drop D = T.release(Host, Bytes, false, nullptr);
    if (D.DoneEvent)
      B.destroyEvent(Dev, D.DoneEvent);
    if (D.Last && D.Dev != Host)
      devFree(Dev, D.Alloc, Loc);
    throw;
  }
  return H.Dev;
}

void leave(const SourceLoc &Loc, int Dev, const void *Host, std::size_t Bytes,
           unsigned Flags, void *Stream, Cleanup &C, bool Synced) {
  if (Flags & MapMember)
    return leaveMember(Loc, Dev, Host, Bytes, Flags, Stream, C);
  if (Flags & MapStruct) // the members copied back what was mapped from
    Flags &= ~unsigned(MapFrom);
  PresentTable::Drop D = table(Dev)->release(
      Host, Bytes, Flags & MapDelete, Synced ? Stream : nullptr, &C.Lowered);
  // The last reference to a copy whose first copy may still run on a stream
  // nobody synchronised (a `target enter data`'s): wait before it is freed.
  // Unsynced (finishReleasing), Stream's own synchronisation comes first and
  // covers it: the region's maps made Stream wait for every first copy they
  // used, and the memory is freed only after that synchronisation.
  if (D.PendingCopy && Synced) {
    ++counts().HostWaits;
    backend().eventSynchronize(Dev, D.DoneEvent, Loc);
  }
  if (D.DoneEvent)
    C.Events.push_back(D.DoneEvent);
  bool Back = (Flags & MapFrom) && (D.Last || (Flags & MapAlways));
  if ((Flags & MapFrom) && !Back)
    C.FromLeft.push_back({Host, Bytes}); // another item may drop the last
  // Part of it on the device (OpenMP 5.2 §5.8.3: then all of it must be).
  // A span of struct members (MapStruct) may name members not entered
  // with it (`exit data map(release: s.a, s.c)` after s.a, s.b entered),
  // each of which is entirely present or absent. Else the exit would leave
  // the block mapped, perhaps until after the program frees its host
  // memory, whose bytes later constructs then read and write (the host's
  // s.p moved by a region left on the host: scratch-twosec r15.cpp).
  if (D.Overlap && !(Flags & MapStruct))
    fatal(Loc, "the range leaving the device overlaps data that is on the "
               "device without lying inside it (OpenMP: a list item must be "
               "contained in, or disjoint from, every mapped storage block)");
  if (!D.Found)
    return; // not present: nothing to do (OpenMP 5.1 §2.21.7.1)
  if (D.Last) { // first: a failed copy back still frees it
    if (D.Dev != Host) // a zero-copy entry's bytes are the host's
      C.Copies.push_back({D.AllocHost, D.AllocBytes, D.Alloc});
    C.Freed.push_back({Host, Bytes, D.Dev});
  }
  if (Back) {
    toHost(Dev, const_cast<void *>(Host), D.Dev, Bytes, Stream, Loc);
    C.CopiedBack = true;
    C.Received.push_back({Host, Bytes});
  }
}

void copyBackShared(const SourceLoc &Loc, int Dev, void *Stream, Cleanup &C) {
  auto At = [](const void *P) { return reinterpret_cast<std::uintptr_t>(P); };
  for (const auto &Left : C.FromLeft) {
    // Named, not bound: C++17 lambdas cannot capture structured bindings.
    const void *Host = Left.first;
    std::size_t Bytes = Left.second;
    // Zero-copy entries are not among Copies: their bytes are the host's.
    auto In =
        std::find_if(C.Copies.begin(), C.Copies.end(), [&](const Range &F) {
          return At(Host) >= At(F.Host) &&
                 At(Host) + Bytes <= At(F.Host) + F.Bytes;
        });
    if (In == C.Copies.end())
      continue; // still present, or never was: nothing to copy
    // Another item's copy back received these bytes already (map(from:
    // p[0:4]) map(from: a[1:2])): its attached pointers are restored once.
    if (std::any_of(C.Received.begin(), C.Received.end(), [&](const auto &R) {
          return At(Host) >= At(R.first) &&
                 At(Host) + Bytes <= At(R.first) + R.second;
        }))
      continue;
    toHost(Dev, const_cast<void *>(Host),
           static_cast<char *>(In->Dev) + (At(Host) - At(In->Host)), Bytes,
           Stream, Loc);
    C.CopiedBack = true;
    C.Received.push_back({Host, Bytes});
  }
  C.FromLeft.clear();
}

void complete(const SourceLoc &Loc, int Dev, void *Stream, Cleanup &C) {
  copyBackShared(Loc, Dev, Stream, C);
  if (C.CopiedBack)
    syncStream(Dev, Stream, Loc);
  for (const auto &[Host, Bytes] : C.Received)
    restoreHost(Dev, Host, Bytes, C.Freed);
  for (const Range &F : C.Freed)
    attachments(Dev)->forget(F.Host, F.Bytes);
  for (void *E : C.Events)
    backend().destroyEvent(Dev, E);
  for (void *P : C.Allocs)
    devFree(Dev, P, Loc);
  // After every forget above: a batch's pointers into its own copies do not
  // hold them.
  std::vector<AttachTable::Copy> Loose;
  for (const Range &F : C.Copies)
    if (!attachments(Dev)->hold(F.Host, F.Bytes, F.Dev))
      Loose.push_back({F.Host, F.Bytes, F.Dev});
  // A copy an attached pointer's device copy points into without being
  // attached to it (a kernel's s.p = q.p) stays while it may (pin()).
  freeUnpinned(Dev, Stream, Loc, std::move(Loose));
}

void freeUnpinned(int Dev, void *Stream, const SourceLoc &Loc,
                  std::vector<AttachTable::Copy> Going) {
  for (const AttachTable::Copy &R : attachments(Dev)->takeReleased())
    Going.push_back(R);
  if (Going.empty())
    return;
  std::vector<AttachTable::Read> Values = readAttached(Dev, Stream, Loc);
  std::vector<bool> Kept(Going.size(), false);
  if (!Values.empty())
    Kept = attachments(Dev)->pin(Going, std::move(Values));
  for (std::size_t K = 0; K < Going.size(); ++K)
    if (!Kept[K])
      devFree(Dev, Going[K].Dev, Loc);
  // What pin() let go: no pointer read points into it any more.
  for (const AttachTable::Copy &R : attachments(Dev)->takeReleased())
    devFree(Dev, R.Dev, Loc);
}

} // namespace steps

} // namespace o2c
