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
    /// The device copy's value read when pin() kept a freed copy it points
    /// into (index ByMoved), or 0.
    std::uintptr_t Seen = 0;
  };
  /// A device value read from the copy of the pointer stored at Ptr.
  struct Read {
    std::uintptr_t Ptr;
    void *Value;
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

  /// The pointer storage of every attachment, in address order (kept
  /// between changes: one copy per call).
  std::vector<std::uintptr_t> storage() const;

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
  /// r8.cpp), and a kernel's `s.p = &u.v[0]` as t's host address.
  bool hold(const void *Host, std::size_t Bytes, void *Dev);
  /// As hold(), for a copy that some attached pointers' device copies point
  /// into without being attached to it (Values: what those copies hold now,
  /// read by the caller after every kernel that could move them): a kernel
  /// copied `q.p`, attached into w, into `s.p`, attached into a; w's copy
  /// goes. True when one of Values lies in [Dev, Dev + Bytes] (one past the
  /// end included) and its slot is still attached: the memory stays until
  /// each such slot is forgotten, attached again, or read pointing outside
  /// every kept copy (Values must then hold every attachment whose storage
  /// is present: a kernel can only have moved a pointer into a kept copy
  /// from another pointer into it, which the reading sees; a slot whose
  /// value lies in a kept copy is recorded there too), so s.p's later copy
  /// back reads w's host counterpart (hostOfFreed), never that of another
  /// copy given w's memory (scratch-ex10 r2.cpp: emu gave `&x.v[2]`, the
  /// host build `&w.v[2]`). Nothing else can point into a copy that goes
  /// with no attached pointer's device value in it: the device copies of
  /// attached pointers are the only pointers the runtime translates.
  /// Together with hold(), bounded by one block per live attachment. Not
  /// covered: a device address kept elsewhere on the device (a `declare
  /// target` pointer, an element of a mapped pointer array a kernel wrote)
  /// across the free and reuse, then copied into an attached pointer
  /// (scratch-ex10 r4.cpp, r5.cpp), and a `nowait` kernel that moves a
  /// pointer while another thread's construct reads them.
  bool pin(const void *Host, std::size_t Bytes, void *Dev,
           const std::vector<Read> &Values);
  /// A device copy that goes.
  struct Copy {
    const void *Host;
    std::size_t Bytes;
    void *Dev;
  };
  /// pin() for the copies one construct frees, reading Values once: which
  /// of them stay. A search in Going per value; a slot's look-up only for
  /// a value in a kept or going copy, or while some slot is seen in one.
  std::vector<bool> pin(const std::vector<Copy> &Going,
                        const std::vector<Read> &Values);
  /// Held copies no attachment's recorded value targets any more: the
  /// caller frees them, unless a reading of the attached pointers finds one
  /// pointing into them again (freeUnpinned in map_steps.h: a kernel may
  /// have copied one pointer into another since the last reading).
  std::vector<Copy> takeReleased();

  /// The host counterpart of a device address in a copy that hold() or
  /// pin() keeps (one past the end included, as PresentTable::hostOf), or
  /// null. Freed copies are not remembered otherwise: a copy whose memory
  /// went back to the device (and, under emu, to the host heap, where a
  /// later host malloc could place an address the program stores in an
  /// attached pointer: scratch-ex10 r3.cpp) no pointer the runtime
  /// translates points into.
  void *hostOfFreed(const void *D) const;

private:
  struct Held {
    std::size_t Bytes;
    const void *Host;
  };
  /// Unlinks S from ByTarget and ByMoved; a held block it targeted goes to
  /// Released when no other attachment targets it. Lock held.
  void untarget(const Slot &S);
  /// Unlinks Ptr's entry V from Index, then releases the held blocks V lies
  /// in that nothing targets any more. Lock held.
  void unlinkTarget(std::multimap<std::uintptr_t, std::uintptr_t> &Index,
                    std::uintptr_t V, std::uintptr_t Ptr);
  /// Whether V lies in a held block (one past its end included). Lock held.
  bool heldAt(std::uintptr_t V) const;
  /// Whether an attachment's DevValue, or a device value pin() read, lies
  /// in [B, B + Bytes]. Lock held.
  bool targeted(std::uintptr_t B, std::size_t Bytes) const;

  mutable std::mutex Lock;
  std::map<std::uintptr_t, Slot> Slots;
  /// DevValue -> pointer storage, for the attached slots (DevValue !=
  /// HostValue).
  std::multimap<std::uintptr_t, std::uintptr_t> ByTarget;
  /// Slot::Seen -> pointer storage, for the slots whose Seen is set.
  std::multimap<std::uintptr_t, std::uintptr_t> ByMoved;
  std::map<std::uintptr_t, Held> Holds; // by device address
  /// Slots' keys in order, for storage(); empty until asked for again.
  mutable std::vector<std::uintptr_t> Storage;
  std::vector<Copy> Released;
};

} // namespace o2c::detail

#endif // OMP2CUDA_HOST_RT_ATTACH_TABLE_H
