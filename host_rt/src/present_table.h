// The present table of one device (OpenMP 5.x §2.21.7): which host ranges
// are mapped, where their device copies live, and how many references hold
// them. Every operation takes the table's own lock, and the compound ones
// (find-or-create, drop-and-maybe-erase) happen under one acquisition so that
// two host threads mapping the same data never both allocate it.
#ifndef OMP2CUDA_HOST_RT_PRESENT_TABLE_H
#define OMP2CUDA_HOST_RT_PRESENT_TABLE_H

#include "counted_lock.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <type_traits>
#include <utility>
#include <vector>

namespace o2c::detail {

class PresentTable {
public:
  enum class Status {
    Absent,    // no byte of the range is mapped
    Contained, // the range lies inside one entry
    Overlap,   // the range meets an entry without lying inside it
  };

  /// The outcome of a look-up. Dev is the device address of the range's
  /// first byte (null unless Contained).
  /// The reference count of a `declare target` variable's entry (OpenMP
  /// 5.2 §5.8.1: infinite): maps neither raise nor lower it, and `delete`
  /// does not remove the entry.
  static constexpr long Infinite = -1;

  struct Hit {
    Status St = Status::Absent;
    void *Dev = nullptr;
    long Ref = 0;
    /// The entry (Contained): unique over the program's life, so that a
    /// construct can tell an entry it counted from a later one at the same
    /// address.
    std::uint64_t Serial = 0;
    /// acquire(): the construct's Counted list held the entry already, so
    /// the count did not go up again.
    bool Again = false;
    /// The entry's creation copied all of it to the device (Create's
    /// third argument).
    bool Copied = false;
  };

  /// The entries whose count one construct changed in one direction (its
  /// maps on entry, or on exit): OpenMP 5.2 §5.8.3 raises, and lowers, the
  /// count of a storage block at most once per construct, however many of
  /// its list items name that storage (`map(to: a[0:4]) map(to: p[0:4])`
  /// with p == a).
  using Counted = std::vector<std::uint64_t>;

  /// Classifies [H, H + Bytes). A zero-length range is Contained when H is
  /// inside an entry or one past its end (the end pointer of a mapped array
  /// is a valid C pointer and translates like the elements before it),
  /// unless endPointersInside(false) was called.
  Hit lookup(const void *H, std::size_t Bytes) const;

  /// Whether one past an entry's end counts as inside it (default true).
  /// A program that requires unified_shared_memory may hand the device a
  /// pointer to host data that merely lies right after a mapped block: it
  /// must stay the host's pointer (OpenMP 5.1 §2.21.7.2), not become that
  /// block's end on the device.
  static void endPointersInside(bool Inside);

  /// As lookup(), for work about to be queued on Stream that uses the
  /// device copy: when the entry's first copy was queued on another stream
  /// and may still be running, Wait(Event) makes Stream wait for it (as
  /// acquire() does), or waits for it on the host and returns true, and the
  /// entry forgets the event (awaitReady). A pointer translated for a
  /// kernel, a `target update` and an attach read or write the device copy
  /// too; without this, a
  /// `target data`'s copy on its own stream raced the kernel of the region
  /// inside it (LULESH on an H100).
  template <class WaitFn>
  Hit lookupOn(const void *H, std::size_t Bytes, void *Stream, WaitFn &&Wait) {
    std::lock_guard<CountedMutex> G(Lock);
    Hit R;
    if (Entry *Found = locate(H, Bytes, R.St)) {
      awaitReady(*Found, Stream, Wait);
      return hit(*Found, H, R.St);
    }
    return R;
  }

  /// Makes Stream wait (Wait(Event)) for every first copy queued on another
  /// stream that may still be running: for a host fallback that reads every
  /// device copy.
  template <class WaitFn> void awaitFirstCopies(void *Stream, WaitFn &&Wait) {
    std::lock_guard<CountedMutex> G(Lock);
    for (auto &[Begin, E] : Entries)
      awaitReady(E, Stream, Wait);
  }

  /// Entry half of a map of Bytes > 0 by work queued on Stream.
  /// Contained: the count goes up, and when the entry's first copy was queued
  /// on another stream and may still be running, Wait(Event) makes Stream
  /// wait for it. Absent: Create(&Dev, &Event) allocates the device copy and
  /// queues its first copy on Stream (Event: null, or one that fires when the
  /// copy is done); the new entry has count 1 and St is Absent in the result.
  /// Create's third argument says whether that first copy covers the whole
  /// entry. Overlap: nothing changes. The callbacks run under the lock, so no
  /// other thread sees an entry before its copy is queued, nor an event after
  /// it was destroyed. With Done (the construct's entries counted so far), an
  /// entry already in it keeps its count (Hit::Again), and a counted one
  /// joins it.
  template <class CreateFn, class WaitFn>
  Hit acquire(const void *H, std::size_t Bytes, void *Stream, CreateFn &&Create,
              WaitFn &&Wait, Counted *Done = nullptr) {
    std::lock_guard<CountedMutex> G(Lock);
    Hit R;
    if (Entry *Found = locate(H, Bytes, R.St)) {
      bool Again = Done && counted(*Done, Found->Serial);
      if (Found->Ref != Infinite && !Again)
        ++Found->Ref;
      if (Done && !Again)
        note(*Done, Found->Serial);
      awaitReady(*Found, Stream, Wait);
      Hit Out = hit(*Found, H, R.St);
      Out.Again = Again;
      return Out;
    }
    if (R.St == Status::Overlap)
      return R;
    Entry E;
    E.Begin = addr(H);
    E.End = E.Begin + Bytes;
    E.Ref = 1;
    Create(&E.Dev, &E.Ready, &E.Copied);
    E.ReadyStream = E.Ready ? Stream : nullptr;
    E.Serial = nextSerial();
    Entries[E.Begin] = E;
    if (E.Ready)
      noteReady(E.Begin);
    if (Done)
      note(*Done, E.Serial);
    R.Dev = E.Dev;
    R.Ref = 1;
    R.Serial = E.Serial;
    return R;
  }

  /// A copy into the entry holding H was queued on Stream after the entry's
  /// creation (`always`, or a `to` item of the construct that created it
  /// without copying): work on another stream that finds the entry present
  /// must wait for Event too, as for a first copy (a `target data`'s copy
  /// on its stream and the kernel of a region inside it on another). True:
  /// the entry keeps Event (Old receives the earlier event of Stream it
  /// replaces, to destroy); false when the entry waits for a copy on another
  /// stream already: the caller synchronises Stream and destroys Event.
  bool laterCopy(const void *H, void *Event, void *Stream, void **Old);

  /// Enters the device copy Dev of a `declare target` variable at
  /// [H, H + Bytes), with an infinite count. False, and nothing changes,
  /// when some of those bytes are mapped already (another translation unit
  /// registered the variable first).
  bool addDeclared(const void *H, std::size_t Bytes, void *Dev);

  /// The outcome of dropping a reference.
  struct Drop {
    bool Found = false;    // the range was Contained
    bool Overlap = false;  // the range meets an entry, not inside it
    bool Last = false;     // the count reached zero; the entry is gone
    void *Dev = nullptr;   // device address of the range's first byte
    void *Alloc = nullptr; // when Last: the allocation to free
    const void *AllocHost = nullptr; // when Last: the entry's host range,
    std::size_t AllocBytes = 0;      // whose device copy Alloc is
    void *DoneEvent = nullptr; // an event nobody needs any more: destroy it
    /// Last, and the first copy (DoneEvent) may still run on a stream that
    /// was not synchronised: wait for it before the memory is freed.
    bool PendingCopy = false;
  };

  /// Exit half of a map: drops one reference (all of them when Delete).
  /// SyncedStream is a stream whose work is known complete: an entry whose
  /// first copy ran on it is ready from now on. With Done (the construct's
  /// entries lowered so far), an entry already in it keeps its count unless
  /// Delete (which asks for zero, however often).
  Drop release(const void *H, std::size_t Bytes, bool Delete,
               void *SyncedStream, Counted *Done = nullptr);

  /// Marks the entry holding H ready when its first copy ran on
  /// SyncedStream; returns the event to destroy (or null).
  void *markReady(const void *H, void *SyncedStream);

  /// SyncedStream was synchronised: every entry whose first copy ran on it
  /// is ready. Returns their events, to destroy.
  std::vector<void *> streamSynced(void *SyncedStream);

  /// The whole entry holding H: its host range and device address.
  bool entryOf(const void *H, const void **Begin, std::size_t *Bytes,
               void **Dev) const;

  /// A copy of every non-empty entry: host range and device address.
  struct Mapping {
    void *Host = nullptr;
    std::size_t Bytes = 0;
    void *Dev = nullptr;
    bool Declared = false; // a declare target variable's (infinite count)
  };
  std::vector<Mapping> mappings() const;

  /// The host address whose device copy is at D (inside an entry's device
  /// range or one past its end), or null.
  void *hostOf(const void *D) const;

  std::size_t size() const;
  /// Entries with a finite count (not `declare target` variables) and the
  /// sum of their counts: both 0 once everything mapped was unmapped.
  std::pair<std::size_t, long> live() const;
  /// Reference count of the entry holding H (0 when absent).
  long refCount(const void *H) const;

  /// Counted is kept sorted: an iterator loop may map thousands of items.
  static bool counted(const Counted &Done, std::uint64_t Serial) {
    return std::binary_search(Done.begin(), Done.end(), Serial);
  }
  static void note(Counted &Done, std::uint64_t Serial) {
    // A new entry's serial is the largest yet: usually an append.
    Done.insert(std::upper_bound(Done.begin(), Done.end(), Serial), Serial);
  }

private:
  struct Entry {
    std::uintptr_t Begin = 0, End = 0; // host range [Begin, End)
    void *Dev = nullptr;               // device address of Begin
    long Ref = 0;
    // The first copy to the device is queued asynchronously on its
    // creator's stream; a region on another stream that finds the entry
    // present must wait for that copy (seed 001: device events order
    // streams). Cleared once the creator has synchronised.
    void *Ready = nullptr;
    void *ReadyStream = nullptr;
    std::uint64_t Serial = 0; // Hit::Serial
    bool Copied = false;      // Hit::Copied
  };

  static std::uint64_t nextSerial();

  /// The entry at Begin has a first copy's event (Ready) from now on.
  void noteReady(std::uintptr_t Begin);

  /// Work on Stream waits (Wait(Event)) for E's first copy when another
  /// stream queued it and it may still be running.
  /// A Wait that returns bool took the event over when it returns true: it
  /// waited on the host until the copy was done (and destroyed the event),
  /// so nobody needs to wait for it again.
  template <class WaitFn>
  static void awaitReady(Entry &E, void *Stream, WaitFn &&Wait) {
    if (!E.Ready || E.ReadyStream == Stream)
      return;
    if constexpr (std::is_same_v<decltype(Wait(E.Ready)), bool>) {
      if (Wait(E.Ready))
        E.Ready = E.ReadyStream = nullptr;
    } else {
      Wait(E.Ready);
    }
  }

  static std::uintptr_t addr(const void *P) {
    return reinterpret_cast<std::uintptr_t>(P);
  }
  /// The entry that contains [H, H + Bytes), or null; St says why not.
  Entry *locate(const void *H, std::size_t Bytes, Status &St) const;
  static Hit hit(const Entry &E, const void *H, Status St);

  mutable CountedMutex Lock;
  std::map<std::uintptr_t, Entry> Entries; // keyed by Begin, disjoint
  // Where an entry's Ready was set and may not have been cleared since:
  // streamSynced looks at these, not at every entry (review rev44 cost.c:
  // with 20,000 attached rows, 3.77 ms per region went to that walk). Every
  // entry with Ready set is here; the others leave at the next look.
  std::vector<std::uintptr_t> ReadyBegins;
  std::size_t ReadyCompactAt = 64; // twice what the last compaction left
};

} // namespace o2c::detail

#endif // OMP2CUDA_HOST_RT_PRESENT_TABLE_H
