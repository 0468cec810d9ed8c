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

  /// The device copy [Dev, Dev + Bytes) of host [Host, Host + Bytes) goes
  /// while attached pointers still target it (their DevValue lies in it, one
  /// past the end included): true, and the table keeps the memory allocated
  /// (the caller must not free it) until the last of them is forgotten or
  /// attached elsewhere; takeReleased() then hands it back. Held, no other
  /// copy can be given that device memory, so a device value in it can only
  /// mean this copy's host counterpart (hostOfFreed) and a device value equal
  /// to a slot's DevValue only that slot's host value: without the hold,
  /// `exit data map(from: t)`, `enter data map(to: u)` (the device cache
  /// handing u t's block), `exit data map(from: s, s.p)` read s.p, attached
  /// into t and moved by a kernel, as u's host counterpart (scratch-ex6
  /// r8.cpp), and a kernel's `s.p = &u.v[0]` as t's host address. Bounded
  /// by one block per live attachment. Not covered: a pointer a kernel moved
  /// into a copy it was not attached to, which goes and is given to another
  /// copy before the pointer comes back (it then reads as that copy's host
  /// counterpart; noteFreed below resolves it only until the reuse).
  bool hold(const void *Host, std::size_t Bytes, void *Dev);
  /// Held device memory no attachment targets any more: the caller frees it.
  std::vector<void *> takeReleased();

  /// A copy freed while attachments remain: a pointer a kernel moved into
  /// it may come back later in the copy of its storage, still mapped
  /// (`exit data map(from: t)`, then `map(from: s, s.p)` with s.p moved into
  /// t), and must then read as its host counterpart. Remembered until the
  /// device memory is allocated again (reused()) or no attachment remains;
  /// memory hold() keeps resolves as long as it is held.
  void noteFreed(const void *Host, std::size_t Bytes, const void *Dev);
  /// The host counterpart of a device address in a copy noteFreed
  /// remembers or hold() keeps (one past the end included, as
  /// PresentTable::hostOf), or null.
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
  struct Held {
    std::size_t Bytes;
    const void *Host;
  };
  /// Unlinks S from ByTarget; the held block it targeted goes to Released
  /// when no other attachment targets it. Lock held.
  void untarget(const Slot &S);
  /// Whether an attachment's DevValue lies in [B, B + Bytes]. Lock held.
  bool targeted(std::uintptr_t B, std::size_t Bytes) const;

  mutable std::mutex Lock;
  std::map<std::uintptr_t, Slot> Slots;
  /// DevValue -> pointer storage, for the attached slots (DevValue !=
  /// HostValue).
  std::multimap<std::uintptr_t, std::uintptr_t> ByTarget;
  std::map<std::uintptr_t, Held> Holds; // by device address
  std::vector<void *> Released;
  std::vector<Freed> Graves; // oldest first
};

} // namespace o2c::detail

#endif // OMP2CUDA_HOST_RT_ATTACH_TABLE_H
