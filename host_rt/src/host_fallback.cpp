// o2c::HostFallback: a region left on the host while its data may live on
// the device (docs/host-fallback.md has the argument).
#include "attach_table.h"
#include "backend.h"
#include "device_state.h"
#include "device_use.h"
#include "present_table.h"
#include "released.h"

#include "omp2cuda/host_rt.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace o2c {

using detail::AttachTable;
using detail::attachments;
using detail::backend;
using detail::PresentTable;
using detail::table;
using Status = PresentTable::Status;

void leftOnHost(const SourceLoc &Loc, const char *Reason, bool IfClause,
                int Dev) {
  if (infoEnabled())
    std::fprintf(stderr, "o2c info: %s:%u: '%s': host fallback (%s)\n",
                 Loc.File ? Loc.File : "?", Loc.Line,
                 Loc.Directive ? Loc.Directive : "target",
                 Reason ? Reason : "no reason given");
  if (!IfClause || !detail::offloadMandatory())
    return;
  // The host by the program's choice (omp_get_initial_device()) is no
  // offload to refuse.
  int N = numDevices();
  if (N > 0 && (Dev < 0 ? defaultDevice() : Dev) == N)
    return;
  std::string Msg = "OMP_TARGET_OFFLOAD=MANDATORY, but omp2cuda left this "
                    "region on the host when it translated the program: ";
  fatal(Loc, (Msg + (Reason ? Reason : "no reason given")).c_str());
}

namespace {
std::uintptr_t addr(const void *P) { return reinterpret_cast<std::uintptr_t>(P); }

bool overlapsAny(const HostFallback::HostRange &C,
                 std::initializer_list<HostFallback::HostRange> Rs) {
  return std::any_of(Rs.begin(), Rs.end(), [&](const HostFallback::HostRange &X) {
    return X.Bytes && addr(X.Host) < addr(C.Host) + C.Bytes &&
           addr(C.Host) < addr(X.Host) + X.Bytes;
  });
}

/// Whether an aligned pointer-sized word of one of Rs holds an address in C
/// (perhaps a pointer, perhaps not: counting one too many only sends the
/// host's bytes).
bool heldByAny(const HostFallback::HostRange &C,
               std::initializer_list<HostFallback::HostRange> Rs) {
  for (const HostFallback::HostRange &R : Rs) {
    std::uintptr_t B = (addr(R.Host) + alignof(void *) - 1) &
                       ~std::uintptr_t(alignof(void *) - 1);
    for (; B + sizeof(void *) <= addr(R.Host) + R.Bytes; B += sizeof(void *)) {
      std::uintptr_t V;
      std::memcpy(&V, reinterpret_cast<const void *>(B), sizeof V);
      if (V >= addr(C.Host) && V < addr(C.Host) + C.Bytes)
        return true;
    }
  }
  return false;
}
} // namespace

HostFallback::HostFallback(const SourceLoc &L, bool IfClause, int Dev,
                           std::initializer_list<HostRange> HostCurrent,
                           std::initializer_list<HostRange> HostFrom,
                           std::initializer_list<HostRange> Firstprivate,
                           std::initializer_list<HostRange> Reached)
    : Loc(L), From(HostFrom) {
  int N = numDevices();
  int D = Dev < 0 ? defaultDevice() : Dev;
  if (!IfClause || N <= 0 || D < 0 || D >= N)
    return;
  // Deferred target tasks already running may still write the device
  // copies this region syncs: they depend on nothing left, so waiting for
  // them cannot deadlock (docs/async.md).
  waitAllAsync();
  // Other threads' device work waits from here to the copy back, and this
  // waits for theirs under way (device_use.h): what the sync reads and what
  // goes back whole must be no other thread's half-done work.
  Exclusive = detail::beginExclusiveUse();
  std::vector<PresentTable::Mapping> All = table(D)->mappings();
  if (All.empty()) {
    endExclusive();
    return;
  }
  Device = D;
  void *S = backend().acquireStream(Device, Loc);
  detail::awaitReleased(Device, S, Loc); // as every stream that starts work
  // A data construct's first copies run on its own stream and may not be
  // done: the device copies read below must be complete.
  table(D)->awaitFirstCopies(S, [&](void *Ready) {
    backend().waitEvent(Device, S, Ready, Loc);
  });
  for (const PresentTable::Mapping &M : All) {
    if (M.Dev == M.Host) // zero-copy: the host's bytes are the device's
      continue;
    const auto *H = static_cast<const unsigned char *>(M.Host);
    Range R{M.Host, M.Dev, std::vector<unsigned char>(M.Bytes),
            std::vector<unsigned char>(H, H + M.Bytes), false, {}};
    backend().toHost(Device, R.Seen.data(), M.Dev, M.Bytes, S, Loc);
    Synced.push_back(std::move(R));
  }
  backend().synchronize(Device, S, Loc);
  backend().releaseStream(Device, S);
  // What the region's `always, to` maps send first: the host's bytes.
  for (const HostRange &C : HostCurrent)
    keepHostBytes(C, /*Send=*/true);
  // A firstprivate copy starts from the host's original (fuzz seed 7771,
  // program 115: a present `dt` the host doubles each step); the device's
  // copy is no business of the region's.
  // One the region also reaches through a map item or a pointer may be
  // written there with the host's own value, which no comparison sees (rv40
  // f21: `px[0] = 2` with px == &x, x == 2 on the host): the device gets the
  // host's bytes, the host build's one object's value.
  // An attached pointer into it reaches it too (`s.p[0] = 2` with s.p ==
  // &x attached, scratch-fb2 v12), and so may any pointer-sized word of
  // another firstprivate object (a lambda's reference capture, a struct's
  // pointer member, v13).
  for (const HostRange &C : Firstprivate)
    keepHostBytes(C, /*Send=*/overlapsAny(C, Reached) ||
                         attachments(Device)->pointsInto(C.Host, C.Bytes) ||
                         heldByAny(C, Firstprivate));
  hostViewOfAttached();
  // Only the bytes that differ are written: equal runs may be read-only.
  for (const Range &R : Synced) {
    auto *H = static_cast<unsigned char *>(R.Host);
    std::size_t I = 0, Bytes = R.Seen.size();
    while (I < Bytes) {
      if (H[I] == R.Seen[I]) {
        ++I;
        continue;
      }
      std::size_t E = I;
      while (E < Bytes && H[E] != R.Seen[E])
        ++E;
      std::memcpy(H + I, R.Seen.data() + I, E - I);
      I = E;
    }
  }
}

/// The host's bytes of C stay what the region sees. Send: the device must
/// get them afterwards (an `always, to` map); else the device's bytes there
/// are kept for the copy back (a firstprivate variable).
void HostFallback::keepHostBytes(const HostRange &C, bool Send) {
  for (Range &R : Synced) {
    auto B = std::max(addr(C.Host), addr(R.Host));
    auto E = std::min(addr(C.Host) + C.Bytes, addr(R.Host) + R.Seen.size());
    if (B >= E)
      continue;
    std::size_t Off = B - addr(R.Host), Len = E - B;
    if (!Send)
      R.DevKept.emplace_back(Off, std::vector<unsigned char>(
                                      R.Seen.begin() + Off,
                                      R.Seen.begin() + Off + Len));
    for (std::size_t I = Off; I < Off + Len; ++I) {
      R.Dirty = R.Dirty || (Send && R.Seen[I] != R.Orig[I]);
      R.Seen[I] = R.Orig[I];
    }
  }
}

/// Attached pointers hold host addresses on the host (docs/host-fallback.md):
/// one the device left at its attached value keeps the host's current value,
/// which the program may have changed since the attach (`s1.p = other;`
/// after the data construct; review rv alias); one the device moved (`s.p =
/// s.p + 1` in a translated region) holds the host counterpart of where it
/// points, as a `from` copy would give it (hunt mv2).
void HostFallback::hostViewOfAttached() {
  for (Range &R : Synced)
    for (const AttachTable::Slot &A :
         attachments(Device)->within(R.Host, R.Seen.size())) {
      std::size_t Off = A.Ptr - addr(R.Host);
      unsigned char *At = R.Seen.data() + Off;
      void *V;
      std::memcpy(&V, At, sizeof V);
      if (V == A.DevValue)
        std::memcpy(At, R.Orig.data() + Off, sizeof V);
      else if (void *H = table(Device)->hostOf(V))
        std::memcpy(At, &H, sizeof H);
      else if (void *F = attachments(Device)->hostOfFreed(V))
        std::memcpy(At, &F, sizeof F);
    }
}

/// What the device copy of R gets: the host's bytes, except where the host
/// kept its own firstprivate values and the region did not write, and with
/// attached pointers holding device addresses: the attached value, or,
/// for one the host moved to other mapped data (`s.p = s.p + 1` in this
/// region, hunt mv3), that data's device address. A pointer to unmapped
/// host memory stays as the host wrote it, as any unattached pointer would.
std::vector<unsigned char> HostFallback::deviceImage(const Range &R) const {
  const auto *H = static_cast<const unsigned char *>(R.Host);
  std::vector<unsigned char> Img(H, H + R.Seen.size());
  for (const auto &[Off, DevBytes] : R.DevKept)
    for (std::size_t I = 0; I < DevBytes.size(); ++I)
      if (Img[Off + I] == R.Orig[Off + I])
        Img[Off + I] = DevBytes[I];
  for (const AttachTable::Slot &A :
       attachments(Device)->within(R.Host, R.Seen.size())) {
    std::size_t Off = A.Ptr - addr(R.Host);
    void *V;
    std::memcpy(&V, Img.data() + Off, sizeof V);
    void *D = V;
    if (V == A.HostValue)
      D = A.DevValue;
    else if (PresentTable::Hit Hit = table(Device)->lookup(V, 0);
             Hit.St == Status::Contained)
      D = Hit.Dev;
    std::memcpy(Img.data() + Off, &D, sizeof D);
  }
  return Img;
}

bool HostFallback::copiedBack(std::uintptr_t A) const {
  for (const HostRange &F : From) {
    auto B = reinterpret_cast<std::uintptr_t>(F.Host);
    if (A >= B && A - B < F.Bytes)
      return true;
  }
  return false;
}

void HostFallback::endExclusive() {
  if (Exclusive)
    detail::endExclusiveUse();
  Exclusive = false;
}

HostFallback::~HostFallback() {
  if (Synced.empty()) {
    endExclusive();
    return;
  }
  PresentTable *T = table(Device);
  void *S = backend().acquireStream(Device, Loc);
  detail::awaitReleased(Device, S, Loc); // as every stream that starts work
  std::vector<std::vector<unsigned char>> Sent; // alive until synchronized
  for (const Range &R : Synced) {
    // The entry may have gone while the region ran (exit data in it): the
    // host's bytes are the program's from then on.
    PresentTable::Hit H = T->lookup(R.Host, R.Seen.size());
    if (H.St != Status::Contained || H.Dev != R.Dev)
      continue;
    if (R.Dirty || std::memcmp(R.Host, R.Seen.data(), R.Seen.size()) != 0) {
      Sent.push_back(deviceImage(R));
      backend().toDevice(Device, R.Dev, Sent.back().data(), R.Seen.size(), S,
                         Loc);
    }
  }
  backend().synchronize(Device, S, Loc);
  // Bytes the region did not write get back what the host held before the
  // sync: the device's value was only lent to the region (an alloc'd
  // entry's garbage, a `to` entry the host has written since must not stay),
  // except where the region's `always, from` maps copy the device's back.
  for (const Range &R : Synced) {
    PresentTable::Hit H = T->lookup(R.Host, R.Seen.size());
    if (H.St != Status::Contained || H.Dev != R.Dev)
      continue;
    auto *Host = static_cast<unsigned char *>(R.Host);
    auto Base = reinterpret_cast<std::uintptr_t>(R.Host);
    for (std::size_t I = 0; I < R.Seen.size(); ++I)
      if (Host[I] == R.Seen[I] && Host[I] != R.Orig[I] && !copiedBack(Base + I))
        Host[I] = R.Orig[I];
  }
  backend().releaseStream(Device, S);
  endExclusive();
}

} // namespace o2c
