#include "attach_table.h"

#include <algorithm>

namespace o2c::detail {

namespace {
std::uintptr_t addr(const void *P) { return reinterpret_cast<std::uintptr_t>(P); }
} // namespace

void AttachTable::add(const void *Ptr, void *HostValue, void *DevValue) {
  std::lock_guard<std::mutex> G(Lock);
  Slots[addr(Ptr)] = Slot{addr(Ptr), HostValue, DevValue};
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
  Slots.erase(Slots.lower_bound(addr(H)), Slots.lower_bound(addr(H) + Bytes));
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
