#include "attach_table.h"

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
}

} // namespace o2c::detail
