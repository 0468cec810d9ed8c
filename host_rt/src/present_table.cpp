#include "present_table.h"

#include "backend.h"
#include "device_state.h"
#include "map_steps.h"

#include <algorithm>
#include <atomic>
#include <iterator>

namespace o2c::detail {

namespace {
std::atomic<bool> EndInside{true};
} // namespace

void PresentTable::endPointersInside(bool Inside) {
  EndInside.store(Inside, std::memory_order_release);
}

PresentTable::Entry *PresentTable::locate(const void *H, std::size_t Bytes,
                                          Status &St) const {
  std::uintptr_t B = addr(H);
  std::uintptr_t E = B + Bytes;
  // Entries are disjoint, so only the last one starting at or before B can
  // contain B, and only the first one starting after B can be reached by the
  // range's tail.
  auto Next = Entries.upper_bound(B);
  if (Next != Entries.begin()) {
    const Entry &P = std::prev(Next)->second;
    if (B < P.End || (Bytes == 0 && B == P.End &&
                      EndInside.load(std::memory_order_acquire))) {
      if (E > P.End) {
        St = Status::Overlap; // starts inside, extends past the end
        return nullptr;
      }
      St = Status::Contained;
      // Const only so that lookups can share this; the caller decides.
      return const_cast<Entry *>(&P);
    }
  }
  St = Next != Entries.end() && Next->second.Begin < E ? Status::Overlap
                                                       : Status::Absent;
  return nullptr;
}

PresentTable::Hit PresentTable::hit(const Entry &E, const void *H, Status St) {
  Hit R;
  R.St = St;
  R.Dev = static_cast<char *>(E.Dev) + (addr(H) - E.Begin);
  R.Ref = E.Ref;
  R.Serial = E.Serial;
  R.Copied = E.Copied;
  return R;
}

std::uint64_t PresentTable::nextSerial() {
  static std::atomic<std::uint64_t> Next{1};
  return Next.fetch_add(1, std::memory_order_relaxed);
}

bool PresentTable::entryOf(const void *H, const void **Begin,
                           std::size_t *Bytes, void **Dev) const {
  std::lock_guard<CountedMutex> G(Lock);
  Status St;
  const Entry *E = locate(H, 0, St);
  if (!E || E->End == E->Begin)
    return false;
  *Begin = reinterpret_cast<const void *>(E->Begin);
  *Bytes = E->End - E->Begin;
  *Dev = E->Dev;
  return true;
}

PresentTable::Hit PresentTable::lookup(const void *H, std::size_t Bytes) const {
  std::lock_guard<CountedMutex> G(Lock);
  Hit R;
  if (const Entry *E = locate(H, Bytes, R.St))
    return hit(*E, H, R.St);
  return R;
}

PresentTable::Drop PresentTable::release(const void *H, std::size_t Bytes,
                                         bool Delete, void *SyncedStream,
                                         Counted *Done) {
  std::lock_guard<CountedMutex> G(Lock);
  Drop D;
  Status St;
  Entry *E = locate(H, Bytes, St);
  D.Overlap = !E && Bytes != 0 && St == Status::Overlap;
  if (!E || Bytes == 0)
    return D;
  D.Found = true;
  D.Dev = static_cast<char *>(E->Dev) + (addr(H) - E->Begin);
  if (E->Ref == Infinite)
    return D;
  if (Done && !Delete && counted(*Done, E->Serial))
    return D; // this construct lowered it already
  if (Done)
    note(*Done, E->Serial);
  if (SyncedStream && E->ReadyStream == SyncedStream) {
    D.DoneEvent = E->Ready;
    E->Ready = E->ReadyStream = nullptr;
  }
  E->Ref = Delete ? 0 : E->Ref - 1;
  if (E->Ref > 0)
    return D;
  D.Last = true;
  D.Alloc = E->Dev;
  D.AllocHost = reinterpret_cast<const void *>(E->Begin);
  D.AllocBytes = E->End - E->Begin;
  if (E->Ready) { // a creator not yet synchronised (enter data, delete)
    D.DoneEvent = E->Ready;
    D.PendingCopy = true;
  }
  Entries.erase(E->Begin);
  return D;
}

bool PresentTable::laterCopy(const void *H, void *Event, void *Stream,
                             void **Old) {
  std::lock_guard<CountedMutex> G(Lock);
  *Old = nullptr;
  Status St;
  Entry *E = locate(H, 1, St);
  if (!E || (E->Ready && E->ReadyStream != Stream))
    return false;
  *Old = E->Ready; // Stream's own earlier copy: Event comes after it
  E->Ready = Event;
  E->ReadyStream = Stream;
  noteReady(E->Begin);
  return true;
}

void PresentTable::noteReady(std::uintptr_t Begin) {
  ReadyBegins.push_back(Begin);
  // Entries whose Ready was cleared by others (markReady, awaitReady, a
  // removal) leave when the list has doubled, so it stays proportional to
  // the entries waiting for a synchronisation.
  if (ReadyBegins.size() < ReadyCompactAt)
    return;
  std::sort(ReadyBegins.begin(), ReadyBegins.end());
  ReadyBegins.erase(std::unique(ReadyBegins.begin(), ReadyBegins.end()),
                    ReadyBegins.end());
  ReadyBegins.erase(std::remove_if(ReadyBegins.begin(), ReadyBegins.end(),
                                   [this](std::uintptr_t B) {
                                     auto It = Entries.find(B);
                                     return It == Entries.end() ||
                                            !It->second.Ready;
                                   }),
                    ReadyBegins.end());
  ReadyCompactAt = std::max<std::size_t>(64, 2 * ReadyBegins.size());
}

void *PresentTable::markReady(const void *H, void *SyncedStream) {
  std::lock_guard<CountedMutex> G(Lock);
  Status St;
  Entry *E = locate(H, 1, St);
  if (!E || !SyncedStream || E->ReadyStream != SyncedStream)
    return nullptr;
  void *Ev = E->Ready;
  E->Ready = E->ReadyStream = nullptr;
  return Ev;
}

std::vector<void *> PresentTable::streamSynced(void *SyncedStream) {
  std::lock_guard<CountedMutex> G(Lock);
  std::vector<void *> Done;
  if (!SyncedStream)
    return Done;
  std::vector<std::uintptr_t> Waiting;
  for (std::uintptr_t B : ReadyBegins) {
    auto It = Entries.find(B);
    if (It == Entries.end() || !It->second.Ready)
      continue;
    Entry &E = It->second;
    if (E.ReadyStream == SyncedStream) {
      Done.push_back(E.Ready);
      E.Ready = E.ReadyStream = nullptr;
    } else {
      Waiting.push_back(B);
    }
  }
  std::sort(Waiting.begin(), Waiting.end());
  Waiting.erase(std::unique(Waiting.begin(), Waiting.end()), Waiting.end());
  ReadyBegins.swap(Waiting);
  ReadyCompactAt = std::max<std::size_t>(64, 2 * ReadyBegins.size());
  return Done;
}

bool PresentTable::addDeclared(const void *H, std::size_t Bytes, void *Dev) {
  std::lock_guard<CountedMutex> G(Lock);
  Status St;
  if (Bytes == 0 || locate(H, Bytes, St) || St != Status::Absent)
    return false;
  Entry E;
  E.Begin = addr(H);
  E.End = E.Begin + Bytes;
  E.Dev = Dev;
  E.Ref = Infinite;
  E.Serial = nextSerial();
  Entries[E.Begin] = E;
  return true;
}

std::vector<PresentTable::Mapping> PresentTable::mappings() const {
  std::lock_guard<CountedMutex> G(Lock);
  std::vector<Mapping> Out;
  for (const auto &[Begin, E] : Entries)
    if (E.End > E.Begin)
      Out.push_back({reinterpret_cast<void *>(Begin), E.End - E.Begin, E.Dev,
                     E.Ref == Infinite});
  return Out;
}

void *PresentTable::hostOf(const void *D) const {
  std::lock_guard<CountedMutex> G(Lock);
  // Device allocations are not ordered like host ranges: look at each.
  for (const auto &[Begin, E] : Entries) {
    std::uintptr_t DB = addr(E.Dev);
    if (addr(D) >= DB && addr(D) <= DB + (E.End - E.Begin))
      return reinterpret_cast<void *>(Begin + (addr(D) - DB));
  }
  return nullptr;
}

std::size_t PresentTable::size() const {
  std::lock_guard<CountedMutex> G(Lock);
  return Entries.size();
}

std::pair<std::size_t, long> PresentTable::live() const {
  std::lock_guard<CountedMutex> G(Lock);
  std::pair<std::size_t, long> L{0, 0};
  for (const auto &[Begin, E] : Entries)
    if (E.Ref != Infinite) {
      ++L.first;
      L.second += E.Ref;
    }
  return L;
}

long PresentTable::refCount(const void *H) const {
  std::lock_guard<CountedMutex> G(Lock);
  Status St;
  // One byte, not zero: the end pointer of an entry is not inside it.
  const Entry *E = locate(H, 1, St);
  return E ? E->Ref : 0;
}

std::string liveMappings() {
  std::size_t Entries = 0;
  long Refs = 0;
  // Tables never made hold nothing; making them now would query the device.
  if (steps::TablesMade)
    for (int D = 0, N = backend().numDevices(); D < N; ++D)
      if (const PresentTable *T = table(D)) {
        auto [E, R] = T->live();
        Entries += E;
        Refs += R;
      }
  return std::to_string(Entries) + " mappings with " + std::to_string(Refs) +
         " references left in the present tables";
}

} // namespace o2c::detail
