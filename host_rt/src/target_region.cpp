// Device selection and OpenMP 5.x map semantics over the present tables;
// the backend only moves bytes.
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

const SourceLoc &detail::runtimeLoc() {
  static const SourceLoc L = {"<omp2cuda runtime>", 0, 0, "target"};
  return L;
}

using Status = PresentTable::Status;
using namespace steps;

namespace steps {
thread_local std::size_t BytesToDev = 0, BytesToHost = 0;

[[noreturn]] void injected(const SourceLoc &Loc, detail::Fault K,
                           const std::string &What) {
  fatal(Loc, (What + " (injected by " + detail::faultVar(K) + ")").c_str());
}

void toDev(int Dev, void *D, const void *H, std::size_t Bytes, void *Stream,
           const SourceLoc &Loc) {
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

/// The present table of Dev, null for a number that is no device. The tables
/// are never destroyed: fatal() exits through static destructors, possibly
/// while another thread holds a table's lock.
namespace steps {
std::atomic<bool> TablesMade{false};
} // namespace steps

PresentTable *detail::table(int Dev) {
  struct Tables {
    int N;
    PresentTable *T;
  };
  static const Tables Ts = [] {
    TablesMade = true;
    int N = backend().numDevices();
    Tables New{N, new PresentTable[static_cast<std::size_t>(N)]};
    for (int D = 0; D < N; ++D)
      detail::enterDeclared(D, New.T[D]);
    return New;
  }();
  return Dev >= 0 && Dev < Ts.N ? &Ts.T[Dev] : nullptr;
}

/// The attached pointers of Dev (see attach_table.h); never destroyed, as
/// the present tables.
AttachTable *detail::attachments(int Dev) {
  static AttachTable *Ts = new AttachTable[static_cast<std::size_t>(
      std::max(backend().numDevices(), 1))];
  return &Ts[Dev];
}

/// After host bytes [Host, Host + Bytes) were queued for copying to DevBase
/// on Stream: the attached pointers among them get their device values back.
/// A pointer the host has since pointed elsewhere keeps the host's value, as
/// any unattached pointer would.
void detail::reattach(int Dev, const void *Host, std::size_t Bytes,
                      void *DevBase, void *Stream, const SourceLoc &Loc) {
  std::vector<AttachTable::Slot> Slots = attachments(Dev)->within(Host, Bytes);
  bool Queued = false;
  for (const AttachTable::Slot &S : Slots) {
    if (*reinterpret_cast<void *const *>(S.Ptr) != S.HostValue)
      continue;
    std::size_t Off = S.Ptr - reinterpret_cast<std::uintptr_t>(Host);
    toDev(Dev, static_cast<char *>(DevBase) + Off, &S.DevValue,
                       sizeof(void *), Stream, Loc);
    Queued = true;
  }
  if (Queued) // the values live in Slots
    syncStream(Dev, Stream, Loc);
}

namespace steps {

/// After device bytes arrived in [Host, Host + Bytes): attached pointers that
/// now hold their device values get the host's back; one the device moved
/// (p = p + 2 in a kernel) to another mapped address gets that address's
/// host counterpart.
void restoreHost(int Dev, const void *Host, std::size_t Bytes) {
  for (const AttachTable::Slot &S : attachments(Dev)->within(Host, Bytes)) {
    void **P = reinterpret_cast<void **>(S.Ptr);
    if (*P == S.DevValue)
      *P = S.HostValue;
    else if (void *H = table(Dev)->hostOf(*P))
      *P = H;
  }
}

bool equalsIgnoreCase(const char *A, const char *B) {
  for (; *A && *B; ++A, ++B)
    if (std::toupper(static_cast<unsigned char>(*A)) !=
        std::toupper(static_cast<unsigned char>(*B)))
      return false;
  return *A == *B;
}

enum class Policy { Default, Mandatory, Disabled };

Policy offloadPolicy() {
  const char *E = std::getenv("OMP_TARGET_OFFLOAD");
  if (E && equalsIgnoreCase(E, "MANDATORY"))
    return Policy::Mandatory;
  if (E && equalsIgnoreCase(E, "DISABLED"))
    return Policy::Disabled;
  return Policy::Default; // unset, DEFAULT, or a value OpenMP does not know
}

} // namespace steps

bool detail::offloadMandatory() {
  return offloadPolicy() == Policy::Mandatory;
}

namespace steps {

[[noreturn]] void fatalStr(const SourceLoc &Loc, const std::string &Msg) {
  fatal(Loc, Msg.c_str());
}

bool selectDevice(const SourceLoc &Loc, int Requested, bool IfClause, int &Dev) {
  Dev = Requested == -1 ? defaultDevice() : Requested;
  // if(false) and DISABLED are the program's own choice of the host, so
  // MANDATORY has nothing to object to.
  if (!IfClause)
    return info(Loc, "host (the if clause is false)"), false;
  Policy P = offloadPolicy();
  if (P == Policy::Disabled)
    return info(Loc, "host (OMP_TARGET_OFFLOAD=DISABLED)"), false;
  int N = numDevices();
  if (N == 0) {
    if (P == Policy::Mandatory)
      fatalStr(Loc, "OMP_TARGET_OFFLOAD=MANDATORY but no offload device is "
                    "available (" +
                        detail::noDeviceReason() + ")");
    // A program written for a GPU still runs where there is none: the host
    // fallback is OpenMP's answer to an unavailable device.
    return info(Loc, "host (no device: " + detail::noDeviceReason() + ")"),
           false;
  }
  if (Dev == N) // omp_get_initial_device(): the host, by the program's choice
    return info(Loc, "host (the device clause names the host)"), false;
  if (Dev < 0 || Dev > N)
    fatalStr(Loc, "device number " + std::to_string(Dev) + " does not exist (" +
                      std::to_string(N) + " " + backend().name() +
                      " device(s); the host is device " + std::to_string(N) +
                      ")");
  return true;
}

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

void *enter(const SourceLoc &Loc, int Dev, const void *Host, std::size_t Bytes,
            unsigned Flags, void *Stream) {
  if (Flags & MapMember) // inside the span mapped just before (struct_span.h)
    return enterMember(Loc, Dev, Host, Bytes, Flags, Stream);
  if (Flags & MapStruct) // the span copies nothing; its members do
    Flags &= ~unsigned(MapTo | MapFrom | MapAlways | MapPresent);
  PresentTable &T = *table(Dev);
  if (Bytes == 0) {
    // Look up only: a zero-length section never allocates.
    PresentTable::Hit H = awaitFirstCopy(Dev, Host, 0, Stream, Loc);
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
      [&](void **D, void **Ready) {
        Created = true;
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
      [&](void *Ready) { streamWait(Dev, Stream, Ready, Loc); });
  if (H.St == Status::Overlap)
    fatal(Loc, "the mapped range overlaps data that is already on the device "
               "without lying inside it (OpenMP: a list item must be contained "
               "in, or disjoint from, every mapped storage block)");
  if (Flags & MapStruct)
    noteSpan(Host, Bytes, Created);
  bool Always = H.St == Status::Contained && (Flags & MapAlways) && (Flags & MapTo);
  try {
    if (Always)
      toDev(Dev, H.Dev, Host, Bytes, Stream, Loc);
    if (Created || Always)
      reattach(Dev, Host, Bytes, H.Dev, Stream, Loc);
  } catch (const detail::TaskFault &) {
    // A deferred task failed after it took its reference: give it back, so
    // that the present table stays as it was.
    PresentTable::Drop D = T.release(Host, Bytes, false, nullptr);
    if (D.DoneEvent)
      B.destroyEvent(Dev, D.DoneEvent);
    if (D.Last)
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
  PresentTable::Drop D = table(Dev)->release(Host, Bytes, Flags & MapDelete,
                                             Synced ? Stream : nullptr);
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
  if (!D.Found)
    return; // not present: nothing to do (OpenMP 5.1 §2.21.7.1)
  if (D.Last) { // first: a failed copy back still frees it
    C.Allocs.push_back(D.Alloc);
    C.Freed.push_back({Host, Bytes});
  }
  if ((Flags & MapFrom) && (D.Last || (Flags & MapAlways))) {
    toHost(Dev, const_cast<void *>(Host), D.Dev, Bytes, Stream, Loc);
    C.CopiedBack = true;
    C.Received.push_back({Host, Bytes});
  }
}

void complete(const SourceLoc &Loc, int Dev, void *Stream, Cleanup &C) {
  if (C.CopiedBack)
    syncStream(Dev, Stream, Loc);
  for (const auto &[Host, Bytes] : C.Received)
    restoreHost(Dev, Host, Bytes);
  for (const auto &[Host, Bytes] : C.Freed)
    attachments(Dev)->forget(Host, Bytes);
  for (void *E : C.Events)
    backend().destroyEvent(Dev, E);
  for (void *P : C.Allocs)
    devFree(Dev, P, Loc);
}

} // namespace steps

int numDevices() {
  return detail::hostOnly() ? 0 : backend().numDevices();
}

namespace steps {
// omp_set_default_device(); -1 means "not set": OMP_DEFAULT_DEVICE decides.
std::atomic<int> DefaultDeviceOverride{-1};
} // namespace steps

void setDefaultDevice(int Dev) { DefaultDeviceOverride = Dev; }

int defaultDevice() {
  if (int D = DefaultDeviceOverride; D >= 0)
    return D;
  const char *E = std::getenv("OMP_DEFAULT_DEVICE");
  if (!E || !*E)
    return 0;
  if (equalsIgnoreCase(E, "initial"))
    return numDevices();
  char *End = nullptr;
  long V = std::strtol(E, &End, 10);
  if (End == E || *End != '\0' || V < INT_MIN || V > INT_MAX)
    return 0; // not a number: as if unset
  return static_cast<int>(V);
}

void fatal(const SourceLoc &Loc, const char *Msg) {
  std::string Line = std::string(Loc.File ? Loc.File : "<unknown>") + ":" +
                     std::to_string(Loc.Line) + ":" + std::to_string(Loc.Col) +
                     ": omp2cuda runtime error: " + (Msg ? Msg : "") +
                     " (in '#pragma omp " +
                     (Loc.Directive ? Loc.Directive : "target") + "')";
  // On a helper thread: the task stops here and the error waits for the
  // next synchronisation point (faults.h).
  if (detail::inDeferredTask())
    throw detail::TaskFault{Line + " in a deferred target task (nowait)"};
  std::fflush(stdout);
  std::fputs((Line + "\n").c_str(), stderr);
  std::fflush(stderr);
  // exit, not abort: the status says "runtime error" to scripts and tests.
  std::exit(1);
}

TargetRegion::TargetRegion(const SourceLoc &L, int Dev, bool IfClause,
                           bool NoWaitClause)
    : Loc(L), NoWait(NoWaitClause) {
  Offload = selectDevice(Loc, Dev, IfClause, Device);
  if (Offload) {
    Stream = backend().acquireStream(Device, Loc);
    // After every target task released early (released.h), on the device.
    ReleasedSeen = detail::awaitReleased(Device, Stream, Loc);
    ++counts().Constructs;
  }
  detail::clearLaunches();
  ToDev0 = BytesToDev;
  ToHost0 = BytesToHost;
}

bool offloads(const SourceLoc &Loc, int Device, bool IfClause, int &Dev) {
  return selectDevice(Loc, Device, IfClause, Dev);
}

TargetRegion::~TargetRegion() {
  // Unwinding from a deferred task's error: nothing more may fail here.
  if (!detail::inDeferredTask()) {
    finish();
  } else if (std::uncaught_exceptions() > 0) {
    abandon();
  } else {
    try { // a destructor must not throw: keep the error for the task's runner
      finish();
    } catch (const detail::TaskFault &F) {
      detail::recordDeferred(F.Line);
      abandon();
    }
  }
}

void *TargetRegion::map(const void *Host, std::size_t Bytes, unsigned Flags) {
  if (!Offload)
    return const_cast<void *>(Host);
  if (Finished) // the stream is gone; a stub bug, not the user's
    fatal(Loc, "map() after the region finished");
  void *D = enter(Loc, Device, Host, Bytes, Flags, Stream);
  if (Bytes != 0) // a zero-length section took no reference
    Exits.push_back({Host, Bytes, Flags});
  return D;
}

void *TargetRegion::translate(const void *Host) const {
  if (!Offload || !Host)
    return const_cast<void *>(Host);
  PresentTable::Hit H = awaitFirstCopy(Device, Host, 0, Stream, Loc);
  return H.St == Status::Contained ? H.Dev : const_cast<void *>(Host);
}

void TargetRegion::readDevice(void *H, const void *D, std::size_t Bytes) const {
  // On the region's own stream, before anything of the region is queued
  // there: the device copy as earlier constructs left it.
  toHost(Device, H, D, Bytes, Stream, Loc);
  syncStream(Device, Stream, Loc);
}

void TargetRegion::launched() {
  if (!Offload || Finished)
    return;
  if (detail::faultNow(detail::Fault::Launch))
    injected(Loc, detail::Fault::Launch, "the kernel launch failed");
  detail::noteQueued(Device, Stream);
  backend().checkLaunch(Device, Stream, Loc);
}

void *TargetRegion::teamMemory(std::size_t Bytes) {
  if (!Offload || Finished)
    fatal(Loc, "teamMemory() outside an offloaded region");
  TeamMemory.push_back(devAlloc(Device, Bytes, Loc, true));
  return TeamMemory.back();
}

/// The region's teamMemory() blocks go with the exits' allocations, after
/// the device work that uses them.
static void freeLater(std::vector<void *> &TeamMemory, Cleanup &C) {
  C.Allocs.insert(C.Allocs.end(), TeamMemory.begin(), TeamMemory.end());
  TeamMemory.clear();
}

bool TargetRegion::finish() {
  if (Finished)
    return true;
  Finished = true;
  if (!Offload)
    return true;
  if (NoWait && detail::earlyRelease())
    return finishReleasing(*detail::earlyRelease());
  // A `target data` region lives on: what it copies back now must follow
  // the target tasks released early since it began (after `taskwait
  // depend(...)`, which waits only for their release).
  if (!NoWait)
    detail::awaitReleased(Device, Stream, Loc);
  // A region whose maps found everything present and that launched nothing
  // (a `target data` around data mapped before) has nothing to wait for.
  syncIfQueued(Device, Stream, Loc);
  Cleanup C;
  freeLater(TeamMemory, C);
  // Each exit leaves the list before it runs: after an error, abandon()
  // drops only the references not yet dropped.
  try {
    while (!Exits.empty()) {
      Pending P = Exits.back();
      Exits.pop_back();
      leave(Loc, Device, P.Host, P.Bytes, P.Flags, Stream, C);
    }
  } catch (const detail::TaskFault &) { // a deferred task's copy back failed
    C.CopiedBack = false;
    C.Received.clear();
    try {
      complete(Loc, Device, Stream, C);
    } catch (const detail::TaskFault &) {
    }
    throw;
  }
  complete(Loc, Device, Stream, C);
  infoDevice(Loc, Device, Stream, BytesToDev - ToDev0, BytesToHost - ToHost0);
  backend().releaseStream(Device, Stream);
  Stream = nullptr;
  return true;
}

bool TargetRegion::finishReleasing(detail::EarlyRelease &Release) {
  // The exit actions before the stream is synchronised (their copies are
  // queued after the kernel): whether one copies into host memory decides
  // whether the task's successors may go before its work completed.
  Cleanup C;
  freeLater(TeamMemory, C);
  std::vector<Pending> Left;
  try {
    while (!Exits.empty()) {
      Pending P = Exits.back();
      Exits.pop_back();
      Left.push_back(P);
      leave(Loc, Device, P.Host, P.Bytes, P.Flags, Stream, C, false);
    }
  } catch (const detail::TaskFault &) { // a copy back failed
    C.CopiedBack = false;
    C.Received.clear();
    try {
      syncStream(Device, Stream, Loc);
      complete(Loc, Device, Stream, C);
    } catch (const detail::TaskFault &) {
    }
    throw;
  }
  std::uint64_t Ticket = 0;
  // Any copy into host memory during the region (its exits', a start
  // value's) keeps the release for completion.
  bool Early = !C.CopiedBack && BytesToHost == ToHost0;
  if (Early) {
    // Device copies that go are forgotten now: a successor may map the
    // same host bytes anew and attach pointers in them before we free.
    for (const auto &[Host, Bytes] : C.Freed)
      attachments(Device)->forget(Host, Bytes);
    C.Freed.clear();
    Ticket = detail::announceReleased(
        Device, backend().recordEvent(Device, Stream, Loc), ReleasedSeen);
    Release.fire(); // the host runtime may start the successors now
  }
  try {
    syncStream(Device, Stream, Loc);
  } catch (const detail::TaskFault &) {
    if (Early)
      detail::retireReleased(Device, Ticket);
    throw; // ends the program (startChained reports at once)
  }
  if (Early)
    detail::retireReleased(Device, Ticket);
  for (const Pending &P : Left) // first copies queued here are done
    if (void *E = table(Device)->markReady(P.Host, Stream))
      backend().destroyEvent(Device, E);
  complete(Loc, Device, Stream, C);
  infoDevice(Loc, Device, Stream, BytesToDev - ToDev0, BytesToHost - ToHost0);
  backend().releaseStream(Device, Stream);
  Stream = nullptr;
  return true;
}

void TargetRegion::abandon() noexcept {
  Finished = true;
  if (!Offload)
    return;
  // The region failed: its device results are not copied back (they may be
  // garbage); its references are dropped and what reaches zero is freed.
  // Errors here are the failed device's echo of the first: ignored.
  Cleanup C;
  freeLater(TeamMemory, C);
  while (!Exits.empty()) {
    Pending P = Exits.back();
    Exits.pop_back();
    try {
      leave(Loc, Device, P.Host, P.Bytes, P.Flags & ~unsigned(MapFrom), Stream,
            C);
    } catch (const detail::TaskFault &) {
    }
  }
  try {
    complete(Loc, Device, Stream, C);
  } catch (const detail::TaskFault &) {
  }
  if (Stream)
    backend().releaseStream(Device, Stream);
  Stream = nullptr;
  detail::clearLaunches();
}

} // namespace o2c
