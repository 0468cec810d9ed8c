#include "attach_table.h"

#include <algorithm>

namespace o2c::detail {

namespace {
std::uintptr_t addr(const void *P) { return reinterpret_cast<std::uintptr_t>(P); }
} // namespace

void AttachTable::add(const void *Ptr, void *HostValue, void *DevValue) {
  std::lock_guard<std::mutex> G(Lock);
  Slot New{addr(Ptr), HostValue, DevValue};
  if (HostValue != DevValue) // first: a block both target stays held
    ByTarget.emplace(addr(DevValue), addr(Ptr));
  auto It = Slots.find(addr(Ptr));
  if (It != Slots.end())
    untarget(It->second);
  if (It == Slots.end())
    Storage.clear(); // a new slot: rebuilt when asked for
  Slots[addr(Ptr)] = New;
}

bool AttachTable::targeted(std::uintptr_t B, std::size_t Bytes) const {
  for (const auto *Index : {&ByTarget, &ByMoved}) {
    auto It = Index->lower_bound(B);
    if (It != Index->end() && It->first <= B + Bytes)
      return true;
  }
  return false;
}

void AttachTable::untarget(const Slot &S) {
  if (S.HostValue != S.DevValue) // else not in ByTarget
    unlinkTarget(ByTarget, addr(S.DevValue), S.Ptr);
  if (S.Seen)
    unlinkTarget(ByMoved, S.Seen, S.Ptr);
}

void AttachTable::unlinkTarget(
    std::multimap<std::uintptr_t, std::uintptr_t> &Index, std::uintptr_t V,
    std::uintptr_t Ptr) {
  auto [B, E] = Index.equal_range(V);
  for (auto It = B; It != E; ++It)
    if (It->second == Ptr) {
      Index.erase(It);
      break;
    }
  // The held blocks V lies in: the one starting at or before V, and the one
  // before that when V is its end (one past the end counts).
  auto It = Holds.upper_bound(V);
  for (int K = 0; K < 2 && It != Holds.begin(); ++K) {
    --It;
    if (V > It->first + It->second.Bytes)
      break;
    if (!targeted(It->first, It->second.Bytes)) {
      Released.push_back(Copy{It->second.Host, It->second.Bytes,
                              reinterpret_cast<void *>(It->first)});
      It = Holds.erase(It);
    }
  }
}

bool AttachTable::hold(const void *Host, std::size_t Bytes, void *Dev) {
  std::lock_guard<std::mutex> G(Lock);
  if (!targeted(addr(Dev), Bytes))
    return false;
  Holds[addr(Dev)] = Held{Bytes, Host};
  return true;
}

bool AttachTable::pin(const void *Host, std::size_t Bytes, void *Dev,
                      const std::vector<Read> &Values) {
  return pin({{Host, Bytes, Dev}}, Values)[0];
}

std::vector<bool> AttachTable::pin(const std::vector<Copy> &Going,
                                   const std::vector<Read> &Values) {
  std::lock_guard<std::mutex> G(Lock);
  // Going by device address: the copy a value lies in is found by one
  // search (one past an end included: the copy before may hold it).
  std::vector<std::size_t> ByDev(Going.size());
  for (std::size_t K = 0; K < ByDev.size(); ++K)
    ByDev[K] = K;
  std::sort(ByDev.begin(), ByDev.end(), [&](std::size_t X, std::size_t Y) {
    return addr(Going[X].Dev) < addr(Going[Y].Dev);
  });
  auto GoingAt = [&](std::uintptr_t V) -> std::ptrdiff_t {
    auto It = std::upper_bound(ByDev.begin(), ByDev.end(), V,
                               [&](std::uintptr_t X, std::size_t K) {
                                 return X < addr(Going[K].Dev);
                               });
    for (int Back = 0; Back < 2 && It != ByDev.begin(); ++Back) {
      --It;
      if (V <= addr(Going[*It].Dev) + Going[*It].Bytes)
        return static_cast<std::ptrdiff_t>(*It);
    }
    return -1;
  };
  // Each slot read is seen where it points now when that is a copy going
  // or one already kept (a kernel's s.p = q.p, q.p seen in a kept copy,
  // then q.p moved on: s.p keeps it), and nowhere otherwise. New links
  // first, so that no block both the old and the new values lie in goes.
  std::vector<bool> Pinned(Going.size(), false);
  std::vector<std::pair<Slot *, std::uintptr_t>> Moved;
  for (const Read &R : Values) {
    std::uintptr_t V = addr(R.Value);
    std::ptrdiff_t K = GoingAt(V);
    if (K < 0 && (Holds.empty() || !heldAt(V)))
      V = 0;
    if (V == 0 && ByMoved.empty()) // nowhere, as every slot was: the rule
      continue;
    auto It = Slots.find(R.Ptr);
    if (It == Slots.end()) // forgotten since it was read
      continue;
    if (K >= 0)
      Pinned[static_cast<std::size_t>(K)] = true;
    if (V == It->second.Seen)
      continue;
    if (V)
      ByMoved.emplace(V, R.Ptr);
    Moved.push_back({&It->second, V});
  }
  for (std::size_t K = 0; K < Going.size(); ++K)
    if (Pinned[K])
      Holds[addr(Going[K].Dev)] = Held{Going[K].Bytes, Going[K].Host};
  for (auto &[S, V] : Moved) {
    if (S->Seen)
      unlinkTarget(ByMoved, S->Seen, S->Ptr);
    S->Seen = V;
  }
  return Pinned;
}

bool AttachTable::heldAt(std::uintptr_t V) const {
  auto It = Holds.upper_bound(V);
  if (It == Holds.begin())
    return false;
  --It;
  return V <= It->first + It->second.Bytes;
}

std::vector<std::uintptr_t> AttachTable::storage() const {
  std::lock_guard<std::mutex> G(Lock);
  if (Storage.empty() && !Slots.empty()) {
    Storage.reserve(Slots.size());
    for (const auto &[Ptr, S] : Slots)
      Storage.push_back(Ptr);
  }
  return Storage;
}

std::vector<AttachTable::Copy> AttachTable::takeReleased() {
  std::lock_guard<std::mutex> G(Lock);
  std::vector<Copy> Out;
  Out.swap(Released);
  return Out;
}

std::vector<AttachTable::Slot> AttachTable::within(const void *H,
                                                   std::size_t Bytes) const {
  std::lock_guard<std::mutex> G(Lock);
  std::vector<Slot> Out;
  // A slot counts when the whole pointer lies in the range.
  for (auto It = Slots.lower_bound(addr(H));
       It != Slots.end() && It->first + sizeof(void *) <= addr(H) + Bytes; ++It)
    Out.push_back(It->second);
  return Out;
}

bool AttachTable::pointsInto(const void *H, std::size_t Bytes) const {
  std::lock_guard<std::mutex> G(Lock);
  for (const auto &[Ptr, S] : Slots)
    if (addr(S.HostValue) >= addr(H) && addr(S.HostValue) < addr(H) + Bytes)
      return true;
  return false;
}

void AttachTable::forget(const void *H, std::size_t Bytes) {
  std::lock_guard<std::mutex> G(Lock);
  auto B = Slots.lower_bound(addr(H)), E = Slots.lower_bound(addr(H) + Bytes);
  for (auto It = B; It != E; ++It)
    untarget(It->second);
  if (B != E)
    Storage.clear();
  Slots.erase(B, E);
}

void *AttachTable::hostOfFreed(const void *D) const {
  std::lock_guard<std::mutex> G(Lock);
  if (auto It = Holds.upper_bound(addr(D)); It != Holds.begin()) {
    --It;
    if (addr(D) <= It->first + It->second.Bytes)
      return const_cast<char *>(static_cast<const char *>(It->second.Host)) +
             (addr(D) - It->first);
  }
  return nullptr;
}

} // namespace o2c::detail
