// The present table (OpenMP 5.x §2.21.7): which host ranges are mapped on a
// device, where, and how many references hold them.
#ifndef OMP2CUDA_HOST_RT_PRESENT_TABLE_H
#define OMP2CUDA_HOST_RT_PRESENT_TABLE_H

#include <cstddef>
#include <cstdint>
#include <map>

namespace o2c::detail {

struct Entry {
  std::uintptr_t Begin = 0, End = 0; // host range [Begin, End)
  void *Dev = nullptr;               // device address of Begin
  long Ref = 0;
};

/// Not thread-safe by itself; the runtime holds one lock around it.
class PresentTable {
public:
  enum class Find { Absent, Contained, Overlap };
  /// Classifies [H, H + Bytes) against the table; for Contained, *E is the
  /// entry holding it. A zero-length range is Contained when H lies inside
  /// an entry.
  Find find(const void *H, std::size_t Bytes, Entry **E);
  Entry &insert(const void *H, std::size_t Bytes, void *Dev);
  void erase(const Entry &E);
  /// Device address of H, or null when H is not in any entry.
  void *translate(const void *H);
  std::size_t size() const { return Entries.size(); }

private:
  std::map<std::uintptr_t, Entry> Entries; // keyed by Begin
};

} // namespace o2c::detail

#endif
