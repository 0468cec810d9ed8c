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
  Slots[addr(Ptr)] = New;
}

bool AttachTable::targeted(std::uintptr_t B, std::size_t Bytes) const {
  auto It = ByTarget.lower_bound(B);
  return It != ByTarget.end() && It->first <= B + Bytes;
}

void AttachTable::untarget(const Slot &S) {
  if (S.HostValue == S.DevValue) // not in ByTarget
    return;
  std::uintptr_t V = addr(S.DevValue);
  auto [B, E] = ByTarget.equal_range(V);
  for (auto It = B; It != E; ++It)
    if (It->second == S.Ptr) {
      ByTarget.erase(It);
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
      Released.push_back(reinterpret_cast<void *>(It->first));
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

std::vector<void *> AttachTable::takeReleased() {
  std::lock_guard<std::mutex> G(Lock);
  std::vector<void *> Out;
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
  Slots.erase(B, E);
  if (Slots.empty()) // no pointer left that could hold a freed address
    Graves.clear();
}

void AttachTable::noteFreed(const void *Host, std::size_t Bytes,
                            const void *Dev) {
  std::lock_guard<std::mutex> G(Lock);
  if (Slots.empty())
    return;
  // Bounded: a program that frees many copies while attachments stay
  // forgets the oldest (their pointers then read as before, unresolved).
  constexpr std::size_t Most = 4096;
  if (Graves.size() >= Most)
    Graves.erase(Graves.begin(), Graves.begin() + Most / 2);
  Graves.push_back({addr(Dev), Bytes, Host});
}

void *AttachTable::hostOfFreed(const void *D) const {
  std::lock_guard<std::mutex> G(Lock);
  if (auto It = Holds.upper_bound(addr(D)); It != Holds.begin()) {
    --It;
    if (addr(D) <= It->first + It->second.Bytes)
      return const_cast<char *>(static_cast<const char *>(It->second.Host)) +
             (addr(D) - It->first);
  }
  for (auto It = Graves.rbegin(); It != Graves.rend(); ++It)
    if (addr(D) >= It->Dev && addr(D) <= It->Dev + It->Bytes)
      return const_cast<char *>(static_cast<const char *>(It->Host)) +
             (addr(D) - It->Dev);
  return nullptr;
}

void AttachTable::reused(const void *D, std::size_t Bytes) {
  std::lock_guard<std::mutex> G(Lock);
  if (Graves.empty())
    return;
  std::uintptr_t B = addr(D), E = B + (Bytes ? Bytes : 1);
  Graves.erase(std::remove_if(Graves.begin(), Graves.end(),
                              [&](const Freed &F) {
                                return F.Dev < E && B < F.Dev + F.Bytes + 1;
                              }),
               Graves.end());
}

} // namespace o2c::detail
