// o2c::TargetRegion: one target construct's device data environment, its
// kernel launch and its end (copies back, releases, or an early release of
// a nowait region's host task), over the steps of map_steps.h.
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
#include "device_use.h"
#include "faults.h"
#include "helpers.h"
#include "info.h"
#include "map_steps.h"
#include "present_table.h"
#include "released.h"
#include "staging.h"
#include "stream_work.h"

#include "omp2cuda/host_rt.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
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

TargetRegion::TargetRegion(const SourceLoc &L, int Dev, bool IfClause,
                           bool NoWaitClause)
    : Loc(L), NoWait(NoWaitClause) {
  Offload = selectDevice(Loc, Dev, IfClause, Device);
  // A kernel's region holds the device from its first map to its end; a
  // `target data` region only during its own steps (device_use.h).
  if (Offload && !(Loc.Directive && std::strcmp(Loc.Directive, "target data") == 0)) {
    Holding = true;
    HoldTook = detail::beginSharedUse();
  }
  if (Offload) {
    Stream = backend().acquireStream(Device, Loc);
    // After every target task released early (released.h), on the device.
    ReleasedSeen = detail::awaitReleased(Device, Stream, Loc);
    detail::noteConstruct();
  }
  detail::clearLaunches();
  ToDev0 = BytesToDev;
  ToHost0 = BytesToHost;
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
  detail::SharedUse Step;
  if (Finished) // the stream is gone; a stub bug, not the user's
    fatal(Loc, "map() after the region finished");
  void *D = enter(Loc, Device, Host, Bytes, Flags, Stream, &Entered);
  if (Bytes == 0) // a zero-length section took no reference
    return D;
  // The same storage mapped again by this construct (`map(to: pp[0:1])
  // map(tofrom: p)`, pp == &p): exits run in reverse, so the first item's
  // drops the last reference, where OpenMP copies back; it copies what any
  // of them asked for.
  constexpr unsigned Back = MapFrom | MapAlways;
  constexpr unsigned Parts = MapMember | MapStruct;
  if ((Flags & MapFrom) && !(Flags & Parts))
    for (Pending &P : Exits)
      if (P.Host == Host && P.Bytes == Bytes && !(P.Flags & Parts)) {
        P.Flags |= Flags & Back;
        break;
      }
  Exits.push_back({Host, Bytes, Flags});
  return D;
}

void *TargetRegion::translate(const void *Host) const {
  if (!Offload || !Host)
    return const_cast<void *>(Host);
  // The address goes to the kernel, or to readDevice on Stream: a first
  // copy still running on another stream (a `target data` around this
  // region) needs Stream to wait, not the host. LULESH waited on the host
  // about 38 times per iteration.
  PresentTable::Hit H = lookupForStream(Device, Host, Stream, Loc);
  return H.St == Status::Contained ? H.Dev : const_cast<void *>(Host);
}

const void *TargetRegion::presentCopy(const void *Host,
                                      std::size_t Bytes) const {
  if (!Offload || !Host)
    return nullptr;
  PresentTable::Hit H = lookupForStream(Device, Host, Stream, Loc, Bytes);
  return H.St == Status::Contained ? H.Dev : nullptr;
}

void *TargetRegion::deviceAddress(const void *Host) const {
  if (!Offload || !Host)
    return const_cast<void *>(Host);
  PresentTable::Hit H = awaitFirstCopy(Device, Host, 0, Stream, Loc);
  if (H.St != Status::Contained)
    return const_cast<void *>(Host);
  // awaitFirstCopy leaves a copy queued on this construct's own stream
  // alone (`target data map(to: a) use_device_ptr(a)`): the program may
  // hand the address to work on any stream, so that copy must be done too.
  syncIfQueued(Device, Stream, Loc);
  return H.Dev;
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

void TargetRegion::endHold() {
  if (!Holding)
    return;
  Holding = false;
  detail::endSharedUse(HoldTook);
}

bool TargetRegion::finish() {
  if (Finished)
    return true;
  detail::SharedUse Step; // a `target data` region's end is one of its steps
  try {
    finishSteps();
  } catch (...) { // a deferred task's fault: abandon() follows
    endHold();
    throw;
  }
  endHold();
  return true;
}

bool TargetRegion::finishSteps() {
  Finished = true;
  if (!Offload)
    return true;
  if (NoWait && detail::earlyRelease())
    return finishReleasing(*detail::earlyRelease());
  if (std::function<void()> *Tail = NoWait ? detail::finishTail() : nullptr) {
    // Issued inline (async.cpp): what waits for the device goes to a
    // helper, as the blocking steps below. A failure there ends the
    // program (the task's error is reported at once), so nothing here
    // needs abandon()'s clean-up.
    *Tail = [Loc = Loc, Device = Device, S = Stream, Exits = std::move(Exits),
             Team = std::move(TeamMemory), ToDev = BytesToDev - ToDev0,
             ToHost = BytesToHost - ToHost0,
             Launched = detail::takeLaunches()]() mutable {
      detail::SharedUse Step; // on a helper, after the region's own hold
      std::size_t Host0 = BytesToHost;
      detail::restoreLaunches(std::move(Launched));
      syncIfQueued(Device, S, Loc);
      Cleanup C;
      freeLater(Team, C);
      while (!Exits.empty()) {
        Pending P = Exits.back();
        Exits.pop_back();
        leave(Loc, Device, P.Host, P.Bytes, P.Flags, S, C);
      }
      complete(Loc, Device, S, C);
      infoDevice(Loc, Device, S, ToDev, ToHost + (BytesToHost - Host0));
      backend().releaseStream(Device, S);
    };
    Exits.clear();
    TeamMemory.clear();
    Stream = nullptr;
    return true;
  }
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
    C.FromLeft.clear();
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
    // An item whose storage another item's exit released copies back too.
    copyBackShared(Loc, Device, Stream, C);
  } catch (const detail::TaskFault &) { // a copy back failed
    C.CopiedBack = false;
    C.Received.clear();
    C.FromLeft.clear();
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
    for (const steps::Range &F : C.Freed)
      attachments(Device)->forget(F.Host, F.Bytes);
    C.Freed.clear();
    Ticket = detail::announceReleased(
        Device, backend().recordEvent(Device, Stream, Loc), ReleasedSeen);
    Release.fire(); // the host runtime may start the successors now
  }
  // What waits for the device: here, or on a helper when the task was
  // issued inline (async.cpp; the release above already let successors go).
  auto Rest = [Loc = Loc, Device = Device, S = Stream, Early, Ticket,
               Left = std::move(Left), C = std::move(C),
               ToDev = BytesToDev - ToDev0, ToHost = BytesToHost - ToHost0,
               Launched = detail::takeLaunches()]() mutable {
    detail::SharedUse Step; // on a helper, after the region's own hold
    std::size_t Host0 = BytesToHost;
    detail::restoreLaunches(std::move(Launched));
    try {
      syncStream(Device, S, Loc);
    } catch (const detail::TaskFault &) {
      if (Early)
        detail::retireReleased(Device, Ticket);
      throw; // ends the program (startChained reports at once)
    }
    if (Early)
      detail::retireReleased(Device, Ticket);
    for (const Pending &P : Left) // first copies queued here are done
      if (void *E = table(Device)->markReady(P.Host, S))
        backend().destroyEvent(Device, E);
    complete(Loc, Device, S, C);
    infoDevice(Loc, Device, S, ToDev, ToHost + (BytesToHost - Host0));
    backend().releaseStream(Device, S);
  };
  if (std::function<void()> *Tail = detail::finishTail()) {
    *Tail = std::move(Rest);
  } else {
    Rest(); // a failure leaves Stream to abandon()
  }
  Stream = nullptr;
  return true;
}

void TargetRegion::abandon() noexcept {
  Finished = true;
  if (!Offload)
    return;
  detail::SharedUse Step;
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
  endHold();
}

} // namespace o2c
