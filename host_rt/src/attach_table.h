// Attached pointers of one device (OpenMP 5.1 §2.21.7.2; libomptarget calls
// them shadow pointers). When `p[i][0:n]` is mapped while the storage of the
// pointer `p[i]` is itself on the device (`p[0:m]` mapped before), the
// device copy of p[i] must hold the device address of the section, while
// the host copy keeps the host address. Every copy of a range that holds
// such a pointer would undo that: host-to-device copies (a new mapping,
// `always`, `target update to`, the host fallback's copy back) write the host
// address, device-to-host copies (map from, `target update from`, the host
// fallback's sync) write the device address into host memory. The table
// remembers each attachment so that those copies can put both sides right.
#ifndef OMP2CUDA_HOST_RT_ATTACH_TABLE_H
#define OMP2CUDA_HOST_RT_ATTACH_TABLE_H

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <vector>

namespace o2c::detail {

class AttachTable {
public:
  struct Slot {
    std::uintptr_t Ptr = 0;      // host address of the pointer's storage
    void *HostValue = nullptr;   // what the host pointer holds
    void *DevValue = nullptr;    // what its device copy must hold
  };

  /// Records (or replaces) the attachment of the pointer stored at Ptr.
  void add(const void *Ptr, void *HostValue, void *DevValue);
  /// The attachments whose pointer storage lies in [H, H + Bytes).
  std::vector<Slot> within(const void *H, std::size_t Bytes) const;
  /// Whether an attached pointer's host value points into [H, H + Bytes).
  bool pointsInto(const void *H, std::size_t Bytes) const;
  /// Forgets the attachments whose storage lies in [H, H + Bytes) (its
  /// device copy was freed).
  void forget(const void *H, std::size_t Bytes);

  /// A copy freed while attachments remain: a pointer a kernel moved into
  /// it may come back later in the copy of its storage, still mapped
  /// (`exit data map(from: t)`, then `map(from: s, s.p)` with s.p moved into
  /// t), and must then read as its host counterpart. Remembered until the
  /// device memory is allocated again (reused()) or no attachment remains.
  /// Not yet right: once another copy took that memory (`enter data
  /// map(to: u)` between the two exits, the device cache handing u t's
  /// block), the pointer reads as u's host counterpart (scratch-ex6 r8.cpp);
  /// telling them apart needs the pointer's device value read before the
  /// memory is reused.
  void noteFreed(const void *Host, std::size_t Bytes, const void *Dev);
  /// The host counterpart of a device address in a copy noteFreed
  /// remembers (one past the end included, as PresentTable::hostOf), or
  /// null.
  void *hostOfFreed(const void *D) const;
  /// Device memory [D, D + Bytes) is allocated again: the freed copies it
  /// overlaps are forgotten.
  void reused(const void *D, std::size_t Bytes);

private:
  struct Freed {
    std::uintptr_t Dev;
    std::size_t Bytes;
    const void *Host;
  };
  mutable std::mutex Lock;
  std::map<std::uintptr_t, Slot> Slots;
  std::vector<Freed> Graves; // oldest first
};

} // namespace o2c::detail

#endif // OMP2CUDA_HOST_RT_ATTACH_TABLE_H
