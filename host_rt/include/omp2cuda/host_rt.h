// omp2cuda host runtime: the small offload runtime that generated host stubs
// call (ARCHITECTURE.md §5). One interface, two backends chosen at link time:
// libomp2cuda_rt_cuda (CUDA runtime) and libomp2cuda_rt_emu (CPU emulation).
//
// A host stub creates one TargetRegion per execution of a target construct:
//
//   o2c::TargetRegion R(Loc, Device, IfClause, NoWait);
//   if (!R.offload()) return false;            // caller runs the host fallback
//   double *a_d = R.mapSection(a, 0, n, o2c::MapTo);
//   ... launch on R.stream() ...
//   R.launched();                               // check the launch
//   return R.finish();                          // copy back, unmap
#ifndef OMP2CUDA_HOST_RT_H
#define OMP2CUDA_HOST_RT_H

#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <type_traits>
#include <utility>
#include <vector>

namespace o2c {

namespace detail {
struct EarlyRelease;
} // namespace detail

/// Where a region comes from; used in every runtime error message.
struct SourceLoc {
  const char *File;
  unsigned Line;
  unsigned Col;
  const char *Directive; // e.g. "target teams distribute parallel for"
};

/// OpenMP map-type bits. MapAlloc is the absence of To and From.
enum MapFlags : unsigned {
  MapAlloc = 0,
  MapTo = 1u << 0,
  MapFrom = 1u << 1,
  MapToFrom = MapTo | MapFrom,
  MapAlways = 1u << 2,
  MapDelete = 1u << 3,
  MapRelease = 1u << 4,
  MapImplicit = 1u << 5,
  MapPresent = 1u << 6, // 'present' modifier: error if not already mapped
  // A struct whose members are mapped one by one (issue 8), as libomptarget
  // does: MapStruct maps the span from the first mapped byte of the members
  // to the end of the last (spanBegin, spanEnd) as one present-table entry,
  // which holds the construct's one reference and copies nothing itself;
  // each MapMember step that follows (on the same thread) lies inside it,
  // takes no reference of its own, copies in when the span was new or with
  // MapAlways, and copies out when the span's last reference goes or with
  // MapAlways. Exit actions of the members must run before the span's
  // (reverse order in a region; members first in exit data).
  MapStruct = 1u << 7,
  MapMember = 1u << 8,
};

/// The first byte and the end of a MapStruct span: the lowest start and the
/// highest end of the members the construct maps (sections of array
/// members start anywhere in them, and one member may hold another mapped
/// beside it: `s.a` and `s.a.y[0:2]`).
inline const char *spanBegin(std::initializer_list<const char *> Starts) {
  const char *B = *Starts.begin();
  for (const char *S : Starts)
    if (reinterpret_cast<std::uintptr_t>(S) < reinterpret_cast<std::uintptr_t>(B))
      B = S;
  return B;
}
inline const char *spanEnd(std::initializer_list<const char *> Ends) {
  const char *E = *Ends.begin();
  for (const char *X : Ends)
    if (reinterpret_cast<std::uintptr_t>(X) > reinterpret_cast<std::uintptr_t>(E))
      E = X;
  return E;
}

/// Number of offload devices of the linked backend (emu: 1; cuda: the
/// CUDA device count, 0 without a GPU); 0 under OMP_TARGET_OFFLOAD=DISABLED
/// ("as if the only device is the host device") or in a host-only program.
int numDevices();
/// The default device (omp_set_default_device, else OMP_DEFAULT_DEVICE,
/// else 0; -2, omp_invalid_device, under MANDATORY with no device).
int defaultDevice();
/// Prints "file:line:col: omp2cuda runtime error: Msg (in '#pragma omp
/// <directive>')" to stderr and exits with status 1.
[[noreturn]] void fatal(const SourceLoc &Loc, const char *Msg);

/// One execution of a target construct (or of a `target data` region).
class TargetRegion {
public:
  /// Device: the `device` clause value, or -1 when absent.
  /// IfClause: the value of the `if` clause (true when absent).
  TargetRegion(const SourceLoc &Loc, int Device = -1, bool IfClause = true,
               bool NoWait = false);
  ~TargetRegion();
  TargetRegion(const TargetRegion &) = delete;
  TargetRegion &operator=(const TargetRegion &) = delete;

  /// False when the region must run on the host: `if(false)`, the initial
  /// device was named, OMP_TARGET_OFFLOAD=DISABLED, or no device exists
  /// (fatal instead under OMP_TARGET_OFFLOAD=MANDATORY).
  bool offload() const { return Offload; }
  int device() const { return Device; }
  /// The construct had `nowait`: this region runs as a deferred target
  /// task on a hidden helper thread (see AsyncTask).
  bool nowait() const { return NoWait; }

  /// Maps the host bytes [HostBegin, HostBegin + Bytes) with OpenMP 5.x
  /// semantics (present table with reference counts; To copies only on a new
  /// mapping or with MapAlways). Returns the device address of HostBegin.
  /// The matching exit action runs in finish().
  void *map(const void *HostBegin, std::size_t Bytes, unsigned Flags);

  /// Maps the array section Base[Lo : Len] and returns the device pointer
  /// that corresponds to Base itself, so that the kernel indexes it with the
  /// user's own subscripts.
  template <class T>
  T *mapSection(T *Base, long long Lo, long long Len, unsigned Flags) {
    char *D = static_cast<char *>(
        map(Base + Lo, static_cast<std::size_t>(Len) * sizeof(T), Flags));
    return reinterpret_cast<T *>(D - Lo * static_cast<long long>(sizeof(T)));
  }
  /// Maps the Bytes at Begin, which lie inside the array that Base points
  /// into (`a[i][lo:len]` of an array of arrays), and returns the device
  /// pointer that corresponds to Base, so that the kernel indexes the array
  /// with the user's own subscripts.
  template <class T, class E>
  T *mapWithin(T *Base, E *Begin, std::size_t Bytes, unsigned Flags) {
    char *D = static_cast<char *>(map(Begin, Bytes, Flags));
    std::ptrdiff_t Offset = reinterpret_cast<const char *>(Begin) -
                            reinterpret_cast<const char *>(Base);
    return reinterpret_cast<T *>(D - Offset);
  }
  /// Maps one object (a scalar or a whole fixed-size array).
  template <class T> T *mapObject(T &Obj, unsigned Flags) {
    return static_cast<T *>(map(&Obj, sizeof(T), Flags));
  }

  /// Maps a whole fixed-size array; returns the device pointer to its first
  /// element (the array's decayed type, as the kernel parameter has it).
  template <class T, std::size_t N> T *mapArray(T (&A)[N], unsigned Flags) {
    return static_cast<T *>(map(&A[0], sizeof(A), Flags));
  }

  /// Attach (OpenMP 5.1 §2.21.7.2): after the section (*Ptr)[Lo : ...] was
  /// mapped, the device copy of the pointer *Ptr, when its storage is on the
  /// device too, gets the device address that corresponds to *Ptr. The host
  /// pointer keeps its value; later copies of the storage preserve both.
  void attach(const void *PtrHost, const void *Section, std::ptrdiff_t Offset);
  template <class T> void attachSection(T *const *Ptr, long long Lo) {
    attach(Ptr, *Ptr + Lo,
           static_cast<std::ptrdiff_t>(Lo * static_cast<long long>(sizeof(T))));
  }

  /// `map(tofrom: p)` of a pointer variable: p's own storage is mapped (a
  /// kernel may assign p, and the host sees it afterwards), attached to its
  /// pointee when that is on the device so that the kernel can dereference
  /// it. Returns the device address of p's storage.
  template <class T> T **mapPointer(T *&P, unsigned Flags) {
    void *D = map(&P, sizeof(P), Flags);
    attach(&P, P, 0);
    return static_cast<T **>(D);
  }

  /// The implicit rule for a pointer that no clause maps (OpenMP 5.1 §2.21.7:
  /// a zero-length array section): the device address of the pointee when it
  /// lies in mapped storage, else the pointer unchanged. For work queued on
  /// this region's stream only (a kernel argument).
  void *translate(const void *Host) const;
  template <class T> T *translate(T *Host) const {
    return static_cast<T *>(translate(static_cast<const void *>(Host)));
  }
  /// As translate(), for an address handed to the program (use_device_ptr,
  /// use_device_addr), which may pass it to work on any stream: the host
  /// waits for a first copy still running on another stream.
  void *deviceAddress(const void *Host) const;
  template <class T> T *deviceAddress(T *Host) const {
    return static_cast<T *>(deviceAddress(static_cast<const void *>(Host)));
  }

  /// The value a kernel would find in Obj if it were mapped now: its device
  /// copy's when Obj is already present, else the host's (which a new map
  /// copies). Call before mapping Obj. A linear item's start value (issue 8):
  /// every iteration needs it while the sequentially last one may already
  /// be storing the final value into the device copy.
  template <class T> T startValue(const T &Obj) const {
    T V = Obj;
    if (const void *D = presentCopy(&Obj, sizeof(T)))
      readDevice(&V, D, sizeof(T));
    return V;
  }
  /// The device copy of [Host, Host + Bytes) when all of it is present,
  /// else null. Not translate(): an object right after a mapped one (a
  /// member after a mapped pointer member) is that one's end, which a
  /// pointer may name but whose bytes are not the object's.
  const void *presentCopy(const void *Host, std::size_t Bytes) const;

  /// The stream (cudaStream_t for cuda, nullptr for emu) all work of this
  /// region is queued on.
  void *stream() const { return Stream; }
  /// Call right after a kernel launch: checks the launch, reports errors with
  /// the region's location.
  void launched();
  /// Waits for the device work, runs the exit actions of every map() in
  /// reverse order (copy back From, drop reference, free at zero). Returns
  /// true. Idempotent; the destructor calls it too.
  bool finish();

  const SourceLoc &loc() const { return Loc; }

  /// Bytes of device memory for the kernel's own use (the teams'
  /// data-sharing slots, o2c::teamSlots), freed once the region's device
  /// work is complete.
  void *teamMemory(std::size_t Bytes);

private:
  /// finish() for a deferred target task that may release its successors
  /// before its device work completed (src/released.h).
  bool finishReleasing(detail::EarlyRelease &Release);
  bool finishSteps();
  /// The end of the hold a region with a kernel keeps on the device from
  /// its start (host_rt/src/device_use.h): none for a `target data` region.
  void endHold();
  /// finish() for a region whose deferred task failed (the destructor,
  /// while the error unwinds): drops the references, copies nothing back.
  void abandon() noexcept;
  /// Copies Bytes at the device address D to H and waits for the copy.
  void readDevice(void *H, const void *D, std::size_t Bytes) const;
  struct Pending {
    const void *Host;
    std::size_t Bytes;
    unsigned Flags;
  };
  SourceLoc Loc;
  int Device = 0;
  bool Offload = false;
  bool NoWait = false;
  bool Finished = false;
  bool Holding = false, HoldTook = false;
  void *Stream = nullptr;
  std::vector<Pending> Exits;
  /// The present-table entries its maps counted: one reference each, however
  /// many items name their storage (OpenMP 5.2 §5.8.3).
  std::vector<std::uint64_t> Entered;
  std::vector<void *> TeamMemory; // teamMemory()'s blocks
  std::size_t ToDev0 = 0, ToHost0 = 0; // this thread's byte counts at start
  std::uint64_t ReleasedSeen = 0; // tasks released early it waits for
};

/// Entered by a target region the translator left on the host; Reason says
/// why (with the diagnostic's ID). Under OMP_TARGET_OFFLOAD=MANDATORY, a
/// run-time error naming the region and the reason, unless the region would
/// not have offloaded anyway (IfClause false, or Device the host).
void leftOnHost(const SourceLoc &Loc, const char *Reason, bool IfClause = true,
                int Device = -1);

/// Called at start-up by a translation unit that holds a target construct
/// omp2cuda could neither translate nor guard with an o2c::HostFallback (in
/// a header it does not rewrite, or produced by a macro): such a construct
/// would run on the host's copies of data that translated constructs keep
/// on the device. From then on the program behaves as if it had no device
/// (numDevices() is 0), so every construct computes what the host build
/// computes; OMP_TARGET_OFFLOAD=MANDATORY names Reason in its error. Fatal
/// if a device was already used. docs/host-fallback.md has the argument.
void runOnHostOnly(const SourceLoc &Loc, const char *Reason);

/// A namespace-scope object of the generated code that calls runOnHostOnly
/// during the unit's static initialisation.
struct HostProgram {
  HostProgram(const SourceLoc &Loc, const char *Reason) {
    runOnHostOnly(Loc, Reason);
  }
};

/// `#pragma omp requires unified_shared_memory` in a unit of the program:
/// its regions may dereference host memory that no map put on the device.
/// A device that cannot (a GPU without pageable memory access) is then not
/// available, as OpenMP allows: regions run on the host, and
/// OMP_TARGET_OFFLOAD=MANDATORY is an error that says why. The emulated
/// device shares the host's memory. docs/unified-shared-memory.md.
void requireUnifiedSharedMemory(const SourceLoc &Loc);

struct RequiresUnifiedSharedMemory {
  explicit RequiresUnifiedSharedMemory(const SourceLoc &Loc) {
    requireUnifiedSharedMemory(Loc);
  }
};

/// A region the translator left on the host while data may live on the
/// device (mapped by enclosing or earlier data constructs that were
/// translated). Whatever way the region reaches memory (directly, through
/// pointers held in structs, lambdas or `this`, through globals), the only
/// memory whose device and host copies can differ is what the present table
/// holds. So the constructor brings every entry's device copy to the host,
/// writing only the bytes that differ (mapped read-only data, such as a
/// string literal mapped `to`, is never written), and keeps what the host
/// then holds; the destructor sends back each entry the region changed.
/// docs/host-fallback.md has the argument.
class HostFallback {
public:
  /// Host bytes the region's own clauses send to the device first
  /// (`map(always, to: ...)`): there the host's values are the current ones;
  /// or get back after (HostFrom, `map(always, from: ...)`): there the host
  /// keeps what the region leaves.
  struct HostRange {
    const void *Host;
    std::size_t Bytes;
  };
  /// IfClause and Device: the region's `if` and `device` clause values
  /// (Device -1: none); a region that would not offload runs on the host's
  /// own data, and nothing is synced.
  /// Firstprivate: the variables the region makes firstprivate (explicitly
  /// or implicitly): its private copies start from the host's values, so
  /// the host keeps them, and the device's copies keep theirs.
  /// Reached: what the region reaches besides their names (its map items,
  /// the pointees of its firstprivate pointers): a firstprivate variable
  /// there may be written through them with the host's own value, so the
  /// device gets its host bytes afterwards.
  explicit HostFallback(const SourceLoc &Loc, bool IfClause = true,
                        int Device = -1,
                        std::initializer_list<HostRange> HostCurrent = {},
                        std::initializer_list<HostRange> HostFrom = {},
                        std::initializer_list<HostRange> Firstprivate = {},
                        std::initializer_list<HostRange> Reached = {});
  ~HostFallback();
  HostFallback(const HostFallback &) = delete;
  HostFallback &operator=(const HostFallback &) = delete;

private:
  struct Range {
    void *Host;
    void *Dev;
    std::vector<unsigned char> Seen; // the host's bytes after the sync
    std::vector<unsigned char> Orig; // the host's bytes before it
    bool Dirty = false; // the device must get the host's bytes regardless
    /// Device bytes at an offset that the host kept (firstprivate): the
    /// device keeps them unless the region wrote there.
    std::vector<std::pair<std::size_t, std::vector<unsigned char>>> DevKept;
  };
  void keepHostBytes(const HostRange &C, bool Send);
  void hostViewOfAttached();
  std::vector<unsigned char> deviceImage(const Range &R) const;
  SourceLoc Loc;
  int Device = -1;
  /// Whether the byte at A is in one of From.
  bool copiedBack(std::uintptr_t A) const;
  void endExclusive();
  std::vector<Range> Synced;
  std::vector<HostRange> From;
  bool Exclusive = false; // holds the device against other threads' work
};

namespace detail {
template <class T>
HostFallback::HostRange scalarRange(T *V, std::true_type) {
  return {(const void *)V, sizeof(T)};
}
template <class T> HostFallback::HostRange scalarRange(T *, std::false_type) {
  return {nullptr, 0};
}
template <class T>
HostFallback::HostRange pointeeRange(T *V, std::true_type) {
  return {(const void *)*V, 1};
}
template <class T>
HostFallback::HostRange pointeeRange(T *, std::false_type) {
  return {nullptr, 0};
}
} // namespace detail

// These two are C++11: the translated program may be built at any level
// (tests/integration language_levels, cmake.cxx11).

/// A variable of a template that Clang makes firstprivate in the
/// instantiations where its type is a scalar (and maps otherwise): its
/// HostFallback range there, nothing elsewhere (src/edits/FallbackPrivates.cpp
/// checks that this is Clang's choice in each instantiation).
template <class T> HostFallback::HostRange scalarRange(T *V) {
  return detail::scalarRange(
      V, std::integral_constant<
             bool, std::is_scalar<typename std::remove_cv<T>::type>::value>());
}

/// Where a firstprivate pointer of a region left on the host points (one
/// byte), for HostFallback's Reached; nothing for other variables.
template <class T> HostFallback::HostRange pointeeRange(T *V) {
  typedef typename std::remove_cv<T>::type P;
  return detail::pointeeRange(
      V, std::integral_constant<
             bool, std::is_pointer<P>::value &&
                       std::is_object<
                           typename std::remove_pointer<P>::type>::value>());
}

/// Stand-alone data constructs (`target enter data`, `target exit data`,
/// `target update`). Each takes the same flags as TargetRegion::map.
void enterData(const SourceLoc &Loc, int Device, bool IfClause,
               const void *Host, std::size_t Bytes, unsigned Flags);
void exitData(const SourceLoc &Loc, int Device, bool IfClause,
              const void *Host, std::size_t Bytes, unsigned Flags);
namespace detail {
/// An item a data construct's batch records: the arguments of
/// o2c::enterData or o2c::exitData, evaluated when recorded.
struct DataItem {
  SourceLoc Loc;
  int Dev;
  bool If;
  const void *Host;
  std::size_t Bytes;
  unsigned Flags;
};
} // namespace detail

/// `target exit data` of several items, as libomptarget ends one: every
/// item's reference drops and its bytes copy back first, then the attached
/// pointers among the bytes received get their host values (one a kernel
/// moved, the host counterpart of where it points, while the copies of every
/// item are still there: `s.p` into `t` with `map(from: t, s, s.p)`), and
/// only then do the copies go. exitData records an item (the arguments of
/// o2c::exitData, evaluated now); run() exits them all, in order.
class ExitBatch {
public:
  void exitData(const SourceLoc &L, int Dev, bool If, const void *Host,
                std::size_t Bytes, unsigned Flags) {
    Items.push_back(Item{L, Dev, If, Host, Bytes, Flags});
  }
  void run() const;

private:
  using Item = detail::DataItem;
  std::vector<Item> Items;
};
/// Attach for `target enter data map(to: p[i][lo:n])` and the like: see
/// TargetRegion::attach.
void attach(const SourceLoc &Loc, int Device, bool IfClause,
            const void *PtrHost, const void *Section, std::ptrdiff_t Offset);
template <class T>
void attachSection(const SourceLoc &Loc, int Device, bool IfClause,
                   T *const *Ptr, long long Lo) {
  attach(Loc, Device, IfClause, Ptr, *Ptr + Lo,
         static_cast<std::ptrdiff_t>(Lo * static_cast<long long>(sizeof(T))));
}
/// `target enter data` of several items (or of items in iterator loops):
/// each storage block's count goes up once, however many items name it
/// (OpenMP 5.2 §5.8.3: `map(to: a[0:4]) map(to: p[0:4])` with p == a holds
/// one reference, which one `exit data map(from: a[0:4])` drops). enterData
/// and attachSection record a step (the arguments of o2c::enterData and
/// o2c::attachSection, evaluated now); run() maps every item, then attaches.
class EnterBatch {
public:
  void enterData(const SourceLoc &L, int Dev, bool If, const void *Host,
                 std::size_t Bytes, unsigned Flags) {
    Items.push_back(Item{L, Dev, If, Host, Bytes, Flags});
  }
  template <class T>
  void attachSection(const SourceLoc &L, int Dev, bool If, T *const *Ptr,
                     long long Lo) {
    Attaches.push_back(Attach{
        L, Dev, If, Ptr, *Ptr + Lo,
        static_cast<std::ptrdiff_t>(Lo * static_cast<long long>(sizeof(T)))});
  }
  void run() const;

private:
  using Item = detail::DataItem;
  struct Attach {
    SourceLoc Loc;
    int Dev;
    bool If;
    const void *PtrHost;
    const void *Section;
    std::ptrdiff_t Offset;
  };
  std::vector<Item> Items;
  std::vector<Attach> Attaches;
};
/// `target update to(...)` (ToDevice) or `from(...)`; with the `present`
/// modifier data that is not on the device is an error.
void update(const SourceLoc &Loc, int Device, bool IfClause, const void *Host,
            std::size_t Bytes, bool ToDevice, bool Present = false);
/// The same for a strided section: Count elements of ElemBytes each, the
/// first at Host, every Stride elements.
void updateStrided(const SourceLoc &Loc, int Device, bool IfClause,
                   const void *Host, std::size_t ElemBytes, std::size_t Count,
                   std::size_t Stride, bool ToDevice, bool Present = false);

/// The OpenMP device routines, routed here by the translator so that they
/// agree with the devices this runtime offloads to (the host compiler's
/// libgomp, with offloading disabled, knows of no device).
void setDefaultDevice(int Dev);                 // omp_set_default_device
inline int initialDevice() { return numDevices(); } // omp_get_initial_device
void *targetAlloc(std::size_t Bytes, int Dev);  // omp_target_alloc
void targetFree(void *P, int Dev);              // omp_target_free
int targetIsPresent(const void *P, int Dev);    // omp_target_is_present
int targetMemcpy(void *Dst, const void *Src, std::size_t Length,
                 std::size_t DstOffset, std::size_t SrcOffset, int DstDev,
                 int SrcDev);                   // omp_target_memcpy
/// omp_target_memcpy_rect: the NumDims-dimensional Volume at SrcOffsets of
/// the array Src (extents SrcDims) to DstOffsets of Dst (extents DstDims),
/// elements of ElemBytes. With Dst and Src both null, the number of
/// dimensions supported (any). 0 on success, 1 for an invalid argument.
int targetMemcpyRect(void *Dst, const void *Src, std::size_t ElemBytes,
                     int NumDims, const std::size_t *Volume,
                     const std::size_t *DstOffsets,
                     const std::size_t *SrcOffsets, const std::size_t *DstDims,
                     const std::size_t *SrcDims, int DstDev, int SrcDev);
/// omp_target_is_accessible: whether a kernel on Dev may dereference the
/// host bytes [P, P + Bytes) without a map (always for the host device).
int targetIsAccessible(const void *P, std::size_t Bytes, int Dev);
/// omp_get_mapped_ptr: the device address of the mapped host byte at P on
/// Dev (P itself for the host device; null when P is not mapped there).
void *mappedPtr(const void *P, int Dev);
/// Whether DstDev and SrcDev name the host or a device (the copies above
/// return 1 otherwise); the async copies check it before deferring a copy.
bool validCopyDevices(int DstDev, int SrcDev);

/// A deferred target task (`nowait`): the work of a target region or of a
/// stand-alone data construct, created where the construct is encountered
/// (clauses evaluated, firstprivate values and the addresses of mapped data
/// captured) and run later on a hidden helper thread, which does all of its
/// map, launch and unmap steps on one stream. The host OpenMP runtime knows
/// the task as a detached host task (omp2cuda/async.h, docs/async.md), so
/// taskwait, taskgroup, depend and barriers see it.
class AsyncTask {
public:
  explicit AsyncTask(const SourceLoc &L) : Loc(L) {}
  const SourceLoc &loc() const { return Loc; }
  /// Appends a step; the steps run in order on one helper thread.
  void add(std::function<void()> Step) { Steps.push_back(std::move(Step)); }
  /// The stand-alone data constructs, recorded with their arguments
  /// evaluated now and run by the helper (same meaning as o2c::enterData &
  /// co.).
  void enterData(const SourceLoc &L, int Dev, bool If, const void *Host,
                 std::size_t Bytes, unsigned Flags);
  void exitData(const SourceLoc &L, int Dev, bool If, const void *Host,
                std::size_t Bytes, unsigned Flags);
  void exitBatch(const ExitBatch &B) {
    add([B] { B.run(); });
  }
  void enterBatch(const EnterBatch &B) {
    add([B] { B.run(); });
  }
  void update(const SourceLoc &L, int Dev, bool If, const void *Host,
              std::size_t Bytes, bool ToDevice, bool Present = false);
  void updateStrided(const SourceLoc &L, int Dev, bool If, const void *Host,
                     std::size_t ElemBytes, std::size_t Count,
                     std::size_t Stride, bool ToDevice, bool Present = false);
  template <class T>
  void attachSection(const SourceLoc &L, int Dev, bool If, T *const *Ptr,
                     long long Lo) {
    const void *P = Ptr, *S = *Ptr + Lo;
    auto Off =
        static_cast<std::ptrdiff_t>(Lo * static_cast<long long>(sizeof(T)));
    SourceLoc At = L;
    add([=] { attach(At, Dev, If, P, S, Off); });
  }
  /// Runs the steps here, on the calling thread.
  void run();
  /// The task is one target region (o2c::targetTask): started with
  /// startChained, it may release its successors as soon as its device work
  /// is queued (docs/async.md, "Device events between target tasks").
  void markRegion() { Region = true; }
  bool region() const { return Region; }

private:
  SourceLoc Loc;
  std::vector<std::function<void()>> Steps;
  bool Region = false;
};

/// Whether a target region with these `device` and `if` clause values
/// offloads (as TargetRegion::offload()); Dev receives the device.
bool offloads(const SourceLoc &Loc, int Device, bool IfClause, int &Dev);
/// A stand-alone data construct whose if clause is false: the generated
/// code evaluates none of its items (one may be valid only when the
/// condition holds), and this says so under O2C_INFO.
void ifClauseFalse(const SourceLoc &Loc);

/// Queues T on a hidden helper thread, which runs it, deletes it and then
/// calls Done(Arg) (the generated code's omp_fulfill_event).
void startAsync(AsyncTask *T, void (*Done)(std::uintptr_t), std::uintptr_t Arg);
/// As startAsync, for a construct with `depend` clauses: Released(RelArg)
/// (the omp_fulfill_event of the host task that carries the dependences) is
/// called once T's successors may start: early, when T is one target region
/// whose device work is queued and leaves nothing for the host to do (no
/// copy into host memory), else when T completed; Done(Arg) (the event of
/// the host task that taskwait, taskgroup and barriers wait for) when T
/// completed. Device work queued after an early release waits for T's on
/// the device.
void startChained(AsyncTask *T, void (*Released)(std::uintptr_t),
                  std::uintptr_t RelArg, void (*Done)(std::uintptr_t),
                  std::uintptr_t Arg);
/// Queues T on a hidden helper thread and blocks until it completed.
void runAsync(AsyncTask *T);
/// Blocks until every deferred target task queued so far has completed.
void waitAllAsync();

/// O2C_INFO=1: one line on stderr per construct execution (see README).
bool infoEnabled();
/// A kernel launch of the region running on this thread, for its O2C_INFO
/// line (omp2cuda/launch.h's noteLaunch calls it): grid and block
/// dimensions, dynamic and static (-1: unknown) shared memory bytes, stream.
void recordLaunch(const unsigned Grid[3], const unsigned Block[3],
                  std::size_t DynamicShared, long long StaticShared,
                  void *Stream);

/// Device properties the launch-shape heuristics need.
struct DeviceProps {
  int MultiProcessors;
  int MaxThreadsPerBlock;
  int WarpSize;
  /// The shared memory a block may have when the kernel opts in (static
  /// and dynamic together; 48 KiB without opting in).
  int SharedPerBlockOptin;
};
DeviceProps deviceProps(int Device);

/// A `declare target` variable at [Host, Host + Bytes) whose device copy is
/// the `__device__` variable Symbol (the address host code sees for it):
/// from the first construct on, each device's present table holds the pair
/// with an infinite reference count (OpenMP 5.2 §7.8.2), so maps and
/// `target update` of the variable find it present and never free it.
/// Touches no device; generated code calls it during static initialisation
/// through a DeviceCopy object.
void declareTarget(const void *Host, std::size_t Bytes, const void *Symbol);
struct DeviceCopy {
  DeviceCopy(const void *Host, std::size_t Bytes, const void *Symbol) {
    declareTarget(Host, Bytes, Symbol);
  }
};

/// A `declare target link` variable at [Host, Host + Bytes) (OpenMP 5.2
/// §7.8.2): it has no device copy of its own; while it is mapped, its
/// device storage is the mapped storage. Device code reaches that storage
/// through the `__device__` pointer PtrSymbol (the address host code sees
/// for it), which the runtime sets on a device whenever a map there gives
/// the variable's bytes new device storage. Using the variable on a device
/// where it is not mapped is undefined (OpenMP), as is a stale pointer.
/// Touches no device; generated code calls it during static initialisation
/// through a DeviceLink object.
void declareTargetLink(const void *Host, std::size_t Bytes,
                       const void *PtrSymbol);
struct DeviceLink {
  DeviceLink(const void *Host, std::size_t Bytes, const void *PtrSymbol) {
    declareTargetLink(Host, Bytes, PtrSymbol);
  }
};

/// A variable with static storage that device code uses although it is not
/// `declare target`, in a unit that requires unified_shared_memory (the
/// device then reaches host memory: docs/unified-shared-memory.md): device
/// code reaches the host's variable itself through the `__device__` pointer
/// PtrSymbol (the address host code sees for it), which each device gets,
/// holding Host, when its present table is made (the first construct).
/// A map that would give [Host, Host + Bytes) device storage of its own is
/// a fatal error: device code would then use two copies of the variable.
/// Touches no device; generated code calls it during static initialisation
/// through a HostGlobal object.
void declareHostGlobal(const void *Host, std::size_t Bytes,
                       const void *PtrSymbol);
struct HostGlobal {
  HostGlobal(const void *Host, std::size_t Bytes, const void *PtrSymbol) {
    declareHostGlobal(Host, Bytes, PtrSymbol);
  }
};

/// The `declare target ... indirect` functions of a translation unit
/// (OpenMP 5.1 §7.8.3): device code that calls through a function pointer
/// gets the host's address of the function and finds the device's by its
/// place in the unit's table. Host holds the N host addresses; HostSymbol
/// is the unit's `__device__ void *[N]` that device code searches. Each
/// device gets the addresses when its present table is made (the first
/// construct). Touches no device; generated code calls it during static
/// initialisation through an IndirectTable object.
void declareIndirect(const void *const *Host, std::size_t N,
                     const void *HostSymbol);
struct IndirectTable {
  IndirectTable(const void *const *Host, std::size_t N,
                const void *HostSymbol) {
    declareIndirect(Host, N, HostSymbol);
  }
};

/// For tests: number of present-table entries on Device, and the reference
/// count of the entry that contains Host (0 when absent, -1 for a declare
/// target variable's, whose count is infinite).
std::size_t presentEntries(int Device);
long presentRefCount(int Device, const void *Host);

} // namespace o2c

#endif // OMP2CUDA_HOST_RT_H
