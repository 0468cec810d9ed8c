#include "present_table.h"

namespace o2c::detail {

PresentTable::Find PresentTable::find(const void *H, std::size_t Bytes,
                                      Entry **Out) {
  auto B = reinterpret_cast<std::uintptr_t>(H);
  std::uintptr_t E = B + Bytes;
  auto It = Entries.upper_bound(B);
  if (It != Entries.begin()) {
    auto Prev = std::prev(It);
    Entry &P = Prev->second;
    if (B < P.End || (Bytes == 0 && B == P.Begin)) {
      if (E <= P.End) {
        if (Out)
          *Out = &P;
        return Find::Contained;
      }
      return Find::Overlap;
    }
  }
  // A range that starts before an entry and reaches into it extends it.
  if (It != Entries.end() && It->second.Begin < E)
    return Find::Overlap;
  return Find::Absent;
}

Entry &PresentTable::insert(const void *H, std::size_t Bytes, void *Dev) {
  auto B = reinterpret_cast<std::uintptr_t>(H);
  Entry &E = Entries[B];
  E.Begin = B;
  E.End = B + Bytes;
  E.Dev = Dev;
  E.Ref = 1;
  return E;
}

void PresentTable::erase(const Entry &E) { Entries.erase(E.Begin); }

void *PresentTable::translate(const void *H) {
  Entry *E = nullptr;
  if (find(H, 0, &E) != Find::Contained)
    return nullptr;
  return static_cast<char *>(E->Dev) +
         (reinterpret_cast<std::uintptr_t>(H) - E->Begin);
}

} // namespace o2c::detail
