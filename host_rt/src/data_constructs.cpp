// The stand-alone data constructs (`target enter data`, `exit data`,
// `update`, attach) and the OpenMP device memory routines (omp_target_alloc
// & co.), over the map steps that target regions use (map_steps.h).
#include "attach_table.h"
#include "backend.h"
#include "device_state.h"
#include "device_use.h"
#include "info.h"
#include "map_steps.h"
#include "present_table.h"
#include "released.h"
#include "stream_work.h"

#include "omp2cuda/host_rt.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace o2c {

using detail::attachments;
using detail::backend;
using detail::counts;
using detail::infoDevice;
using detail::isHostDevice;
using detail::isOffloadDevice;
using detail::PresentTable;
using detail::reattach;
using detail::runtimeLoc;
using detail::table;
using Status = PresentTable::Status;
using namespace steps;

namespace {
/// A stand-alone data construct's steps on a stream of the pool, with its
/// O2C_INFO line.
template <class Fn> void onStream(const SourceLoc &Loc, int D, Fn &&Steps) {
  detail::SharedUse Step; // not while a region left on the host runs
  std::size_t ToD = BytesToDev, ToH = BytesToHost;
  StreamLease S(D, Loc);
  detail::noteConstruct();
  Steps(S.get());
  infoDevice(Loc, D, S.get(), BytesToDev - ToD, BytesToHost - ToH);
}
} // namespace

void enterData(const SourceLoc &Loc, int Dev, bool IfClause, const void *Host,
               std::size_t Bytes, unsigned Flags) {
  // One item: a batch of one (EnterBatch::run).
  EnterBatch B;
  B.enterData(Loc, Dev, IfClause, Host, Bytes, Flags);
  B.run();
}

void exitData(const SourceLoc &Loc, int Dev, bool IfClause, const void *Host,
              std::size_t Bytes, unsigned Flags) {
  int D;
  if (!selectDevice(Loc, Dev, IfClause, D) || Bytes == 0)
    return;
  onStream(Loc, D, [&](void *S) {
    // leave() tells the present table that S holds no work still running
    // (not counted as skipped when S is clear: no exit data synchronised
    // here before).
    if (detail::queuedOn(D, S))
      syncStream(D, S, Loc);
    Cleanup C;
    leave(Loc, D, Host, Bytes, Flags, S, C);
    complete(Loc, D, S, C);
  });
}

void EnterBatch::run() const {
  // The items share the construct's device and if clause.
  int D;
  if (Items.empty() ||
      !selectDevice(Items.front().Loc, Items.front().Dev, Items.front().If, D))
    return;
  onStream(Items.front().Loc, D, [&](void *S) {
    PresentTable::Counted Done;
    std::size_t Counting = 0;
    bool Wait = false;
    for (const Item &I : Items) {
      enter(I.Loc, D, I.Host, I.Bytes, I.Flags, S, &Done);
      // A member step counts nothing: its span holds the reference.
      Counting += I.Bytes != 0 && !(I.Flags & MapMember);
      // What may be left on S are first copies to the device (this
      // construct's, or an earlier enter data's): each entry keeps its
      // copy's event, and every later use waits for it (docs/async.md,
      // "Host synchronisations"). The host may change its bytes at once
      // when the copy no longer reads them. An `always` copy into present
      // data has no such event: it completes here.
      Wait = Wait || (I.Flags & MapAlways) ||
             !backend().copyLeavesHostFree(I.Host);
    }
    // An item whose storage an earlier one counted may have copied into it
    // (a count of one): no event covers that copy either.
    if (Wait || Done.size() < Counting)
      syncIfQueued(D, S, Items.front().Loc);
    else
      ++counts().Skipped;
  });
  for (const Attach &A : Attaches)
    attach(A.Loc, A.Dev, A.If, A.PtrHost, A.Section, A.Offset);
}

void ExitBatch::run() const {
  // The items share the construct's device and if clause.
  int D;
  auto Empty = [](const Item &I) { return I.Bytes == 0; };
  if (std::all_of(Items.begin(), Items.end(), Empty) ||
      !selectDevice(Items.front().Loc, Items.front().Dev, Items.front().If, D))
    return;
  const SourceLoc &Loc = Items.front().Loc;
  onStream(Loc, D, [&](void *S) {
    if (detail::queuedOn(D, S))
      syncStream(D, S, Loc);
    // One Cleanup: complete() restores the attached pointers among every
    // item's bytes while no copy is freed yet (the released ones as Gone).
    Cleanup C;
    for (const Item &I : Items)
      if (I.Bytes != 0)
        leave(I.Loc, D, I.Host, I.Bytes, I.Flags, S, C);
    complete(Loc, D, S, C);
  });
}

void update(const SourceLoc &Loc, int Dev, bool IfClause, const void *Host,
            std::size_t Bytes, bool ToDevice, bool Present) {
  int D;
  if (!selectDevice(Loc, Dev, IfClause, D) || Bytes == 0)
    return;
  detail::SharedUse Step;
  PresentTable::Hit H = table(D)->lookup(Host, Bytes);
  if (H.St != Status::Contained && Present)
    fatal(Loc, "'present' update of data that is not on the device");
  if (H.St != Status::Contained)
    return; // OpenMP 5.1 §2.21.6: data that is not present is not updated
  onStream(Loc, D, [&](void *S) {
    awaitFirstCopy(D, Host, Bytes, S, Loc);
    if (ToDevice) {
      toDev(D, H.Dev, Host, Bytes, S, Loc);
      reattach(D, Host, Bytes, H.Dev, S, Loc);
    } else {
      toHost(D, const_cast<void *>(Host), H.Dev, Bytes, S, Loc);
    }
    syncStream(D, S, Loc);
    if (!ToDevice)
      restoreHost(D, Host, Bytes);
  });
}

void updateStrided(const SourceLoc &Loc, int Dev, bool IfClause,
                   const void *Host, std::size_t ElemBytes, std::size_t Count,
                   std::size_t Stride, bool ToDevice, bool Present) {
  int D;
  if (!selectDevice(Loc, Dev, IfClause, D) || Count == 0 || ElemBytes == 0)
    return;
  if (Stride == 0)
    fatal(Loc, "the stride of a target update section must be positive");
  std::size_t Step = Stride * ElemBytes;
  std::size_t Span = (Count - 1) * Step + ElemBytes;
  detail::SharedUse Use;
  PresentTable::Hit H = table(D)->lookup(Host, Span);
  if (H.St != Status::Contained && Present)
    fatal(Loc, "'present' update of data that is not on the device");
  if (H.St != Status::Contained)
    return; // as update(): data that is not present is not updated
  // Only the section's own elements move: what lies between them on the
  // other side keeps its value.
  StreamLease Lease(D, Loc);
  void *S = Lease.get();
  awaitFirstCopy(D, Host, Span, S, Loc);
  auto *HostBytes = static_cast<char *>(const_cast<void *>(Host));
  auto *DevBytes = static_cast<char *>(H.Dev);
  for (std::size_t I = 0; I < Count; ++I) {
    if (ToDevice)
      toDev(D, DevBytes + I * Step, HostBytes + I * Step, ElemBytes,
                         S, Loc);
    else
      toHost(D, HostBytes + I * Step, DevBytes + I * Step, ElemBytes,
                       S, Loc);
  }
  if (ToDevice)
    reattach(D, Host, Span, H.Dev, S, Loc);
  syncStream(D, S, Loc);
  if (!ToDevice)
    restoreHost(D, Host, Span);
}

namespace {
/// Points the device copy of the pointer stored at PtrHost at the device
/// copy of Section, minus Offset bytes (the section's lower bound), when
/// both are on the device.
void attachOn(const SourceLoc &Loc, int Dev, void *Stream, const void *PtrHost,
              const void *Section, std::ptrdiff_t Offset) {
  detail::SharedUse Step;
  PresentTable::Hit P = awaitFirstCopy(Dev, PtrHost, sizeof(void *), Stream, Loc);
  PresentTable::Hit S = awaitFirstCopy(Dev, Section, 0, Stream, Loc);
  if (P.St != Status::Contained)
    return; // OpenMP 5.1 §2.21.7.2: only a present pointer is attached
  if (S.St != Status::Contained) {
    // Null, or pointing at unmapped memory: the device copy keeps the
    // host's value, but a kernel may move the pointer into mapped data,
    // whose host counterpart the copy back must then give (restoreHost
    // visits only recorded slots). An earlier attachment stays.
    void *HostValue = *static_cast<void *const *>(PtrHost);
    if (attachments(Dev)->within(PtrHost, sizeof(void *)).empty())
      attachments(Dev)->add(PtrHost, HostValue, HostValue);
    return;
  }
  void *DevValue = static_cast<char *>(S.Dev) - Offset;
  if (P.Dev == PtrHost) {
    // A zero-copy pointer is the host's own: it already points where the
    // device must look, unless the section has a copy of its own (a declare
    // target variable), which it cannot point at without the host seeing it.
    if (DevValue != *static_cast<void *const *>(PtrHost))
      fatal(Loc, "attaching a pointer in unified shared memory to a declare "
                 "target variable's device copy is not supported");
    return;
  }
  attachments(Dev)->add(PtrHost, *static_cast<void *const *>(PtrHost), DevValue);
  toDev(Dev, P.Dev, &DevValue, sizeof(void *), Stream, Loc);
  syncStream(Dev, Stream, Loc);
  // A copy the pointer's earlier attachment held (attach_table.h) goes now,
  // unless another attached pointer points into it.
  freeUnpinned(Dev, Stream, Loc, {});
}
} // namespace

void TargetRegion::attach(const void *PtrHost, const void *Section,
                          std::ptrdiff_t Offset) {
  if (Offload && !Finished)
    attachOn(Loc, Device, Stream, PtrHost, Section, Offset);
}

void attach(const SourceLoc &Loc, int Dev, bool IfClause, const void *PtrHost,
            const void *Section, std::ptrdiff_t Offset) {
  int D;
  if (!selectDevice(Loc, Dev, IfClause, D))
    return;
  StreamLease S(D, Loc);
  attachOn(Loc, D, S.get(), PtrHost, Section, Offset);
}

// ---- the OpenMP device memory routines (omp_target_alloc & co.) -----------

namespace {
/// Device memory from targetAlloc not yet freed.
std::atomic<long> LiveAllocs{0};
} // namespace

bool detail::deviceHoldsData() {
  if (LiveAllocs.load() > 0)
    return true;
  if (!TablesMade.load()) // nothing mapped, and the backend stays unstarted
    return false;
  // A declare target variable's device copy holds what its initialiser
  // says, as the host's does, until the program moves data.
  for (int D = 0, N = backend().numDevices(); D < N; ++D)
    for (const PresentTable::Mapping &M : table(D)->mappings())
      if (!M.Declared)
        return true;
  return false;
}

void *targetAlloc(std::size_t Bytes, int Dev) {
  if (isHostDevice(Dev))
    return std::malloc(Bytes ? Bytes : 1);
  if (!isOffloadDevice(Dev))
    return nullptr;
  void *P = devAlloc(Dev, Bytes, runtimeLoc(), /*Cached=*/false);
  if (P)
    ++LiveAllocs;
  return P;
}

void targetFree(void *P, int Dev) {
  if (!P)
    return;
  if (isHostDevice(Dev)) {
    std::free(P);
  } else if (isOffloadDevice(Dev)) {
    ++counts().Frees;
    backend().free(Dev, P, runtimeLoc());
    --LiveAllocs;
  }
}

int targetIsPresent(const void *P, int Dev) {
  if (isHostDevice(Dev))
    return 1;
  if (!isOffloadDevice(Dev))
    return 0;
  return table(Dev)->lookup(P, 0).St == Status::Contained;
}

int targetMemcpy(void *Dst, const void *Src, std::size_t Length,
                 std::size_t DstOffset, std::size_t SrcOffset, int DstDev,
                 int SrcDev) {
  char *D = static_cast<char *>(Dst) + DstOffset;
  const char *S = static_cast<const char *>(Src) + SrcOffset;
  if (!validCopyDevices(DstDev, SrcDev))
    return 1;
  bool DH = isHostDevice(DstDev), SH = isHostDevice(SrcDev);
  const SourceLoc &L = runtimeLoc();
  if (DH && SH) {
    std::memmove(D, S, Length);
    return 0;
  }
  if (!DH && SH) {
    void *St = backend().acquireStream(DstDev, L);
    detail::awaitReleased(DstDev, St, L);
    toDev(DstDev, D, S, Length, St, L);
    syncStream(DstDev, St, L);
    backend().releaseStream(DstDev, St);
    return 0;
  }
  if (DH && !SH) {
    void *St = backend().acquireStream(SrcDev, L);
    detail::awaitReleased(SrcDev, St, L);
    toHost(SrcDev, D, S, Length, St, L);
    syncStream(SrcDev, St, L);
    backend().releaseStream(SrcDev, St);
    return 0;
  }
  // Device to device: through the host, which works for every backend.
  std::vector<char> Tmp(Length);
  targetMemcpy(Tmp.data(), S, Length, 0, 0, numDevices(), SrcDev);
  return targetMemcpy(D, Tmp.data(), Length, 0, 0, DstDev, numDevices());
}

DeviceProps deviceProps(int Device) {
  if (Device < 0 || Device >= numDevices())
    fatalStr(runtimeLoc(), "deviceProps: device " + std::to_string(Device) +
                               " does not exist");
  return backend().props(Device);
}

std::size_t presentEntries(int Device) {
  PresentTable *T = table(Device);
  return T ? T->size() : 0;
}

long presentRefCount(int Device, const void *Host) {
  PresentTable *T = table(Device);
  return T ? T->refCount(Host) : 0;
}

} // namespace o2c
