// Device selection and OpenMP 5.x map semantics over the present table.
// `nowait` regions complete synchronously for now: that satisfies every
// ordering OpenMP allows, at the cost of overlap (see README).
#include "backend.h"
#include "present_table.h"

#include "omp2cuda/host_rt.h"

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <vector>

namespace o2c {

using detail::backend;
using detail::Entry;
using detail::PresentTable;

namespace {

std::mutex &tableLock() {
  static std::mutex M;
  return M;
}

PresentTable &table(int Dev) {
  static std::vector<PresentTable> Tables(
      static_cast<std::size_t>(backend().numDevices() + 1));
  return Tables.at(static_cast<std::size_t>(Dev));
}

enum class Policy { Default, Mandatory, Disabled };

Policy offloadPolicy() {
  const char *E = std::getenv("OMP_TARGET_OFFLOAD");
  if (!E)
    return Policy::Default;
  std::string V;
  for (const char *C = E; *C; ++C)
    V += static_cast<char>(std::toupper(static_cast<unsigned char>(*C)));
  if (V == "MANDATORY")
    return Policy::Mandatory;
  if (V == "DISABLED")
    return Policy::Disabled;
  return Policy::Default;
}

/// Resolves the device of a construct; false when it runs on the host.
bool selectDevice(const SourceLoc &Loc, int Requested, bool IfClause, int &Dev) {
  int N = numDevices();
  Dev = Requested < 0 ? defaultDevice() : Requested;
  Policy P = offloadPolicy();
  if (P == Policy::Disabled || !IfClause)
    return false;
  if (N == 0) {
    if (P == Policy::Mandatory)
      fatal(Loc, "OMP_TARGET_OFFLOAD=MANDATORY but no device is available");
    return false;
  }
  if (Dev == N) // omp_get_initial_device()
    return false;
  if (Dev < 0 || Dev > N) {
    std::string M = "device number " + std::to_string(Dev) +
                    " does not exist (" + std::to_string(N) + " devices)";
    fatal(Loc, M.c_str());
  }
  return true;
}

/// Entry half of a map: returns the device address of Host.
void *enter(const SourceLoc &Loc, int Dev, const void *Host, std::size_t Bytes,
            unsigned Flags, void *Stream) {
  std::lock_guard<std::mutex> G(tableLock());
  PresentTable &T = table(Dev);
  Entry *E = nullptr;
  switch (T.find(Host, Bytes, &E)) {
  case PresentTable::Find::Contained: {
    void *D = static_cast<char *>(E->Dev) +
              (reinterpret_cast<std::uintptr_t>(Host) - E->Begin);
    if (Bytes == 0)
      return D;
    ++E->Ref;
    if ((Flags & MapAlways) && (Flags & MapTo))
      backend().toDevice(Dev, D, Host, Bytes, Stream, Loc);
    return D;
  }
  case PresentTable::Find::Overlap:
    fatal(Loc, "a mapped range partially overlaps or extends a range that is "
               "already mapped");
  case PresentTable::Find::Absent:
    break;
  }
  if (Flags & MapPresent)
    fatal(Loc, "'present' map of data that is not on the device");
  if (Bytes == 0)
    return const_cast<void *>(Host);
  void *D = backend().alloc(Dev, Bytes, Loc);
  T.insert(Host, Bytes, D);
  if (Flags & MapTo)
    backend().toDevice(Dev, D, Host, Bytes, Stream, Loc);
  return D;
}

/// Exit half: drop a reference, copy back and free as OpenMP prescribes.
/// Returns the allocation to free after the stream is synchronised.
void exitMap(const SourceLoc &Loc, int Dev, const void *Host, std::size_t Bytes,
             unsigned Flags, void *Stream, std::vector<void *> &ToFree) {
  std::lock_guard<std::mutex> G(tableLock());
  PresentTable &T = table(Dev);
  Entry *E = nullptr;
  if (Bytes == 0 || T.find(Host, Bytes, &E) != PresentTable::Find::Contained)
    return; // not present: nothing to do (OpenMP 5.1 §2.21.7.1)
  if (Flags & MapDelete)
    E->Ref = 0;
  else if (E->Ref > 0)
    --E->Ref;
  bool Last = E->Ref == 0;
  if ((Flags & MapFrom) && (Last || (Flags & MapAlways))) {
    const void *D = static_cast<char *>(E->Dev) +
                    (reinterpret_cast<std::uintptr_t>(Host) - E->Begin);
    backend().toHost(Dev, const_cast<void *>(Host), D, Bytes, Stream, Loc);
  }
  if (Last) {
    ToFree.push_back(E->Dev);
    T.erase(*E);
  }
}

} // namespace

int numDevices() { return backend().numDevices(); }

int defaultDevice() {
  if (const char *E = std::getenv("OMP_DEFAULT_DEVICE"))
    return std::atoi(E);
  return 0;
}

void fatal(const SourceLoc &Loc, const char *Msg) {
  std::fflush(stdout);
  std::fprintf(stderr, "%s:%u:%u: omp2cuda runtime error: %s (in '#pragma omp %s')\n",
               Loc.File, Loc.Line, Loc.Col, Msg, Loc.Directive);
  std::fflush(stderr);
  std::exit(1);
}

TargetRegion::TargetRegion(const SourceLoc &L, int Dev, bool IfClause,
                           bool NoWaitClause)
    : Loc(L), NoWait(NoWaitClause) {
  Offload = selectDevice(Loc, Dev, IfClause, Device);
  if (Offload)
    Stream = backend().acquireStream(Device, Loc);
}

TargetRegion::~TargetRegion() { finish(); }

void *TargetRegion::map(const void *Host, std::size_t Bytes, unsigned Flags) {
  if (!Offload)
    return const_cast<void *>(Host);
  void *D = enter(Loc, Device, Host, Bytes, Flags, Stream);
  if (Bytes != 0)
    Exits.push_back({Host, Bytes, Flags});
  return D;
}

void *TargetRegion::translate(const void *Host) const {
  if (!Offload || !Host)
    return const_cast<void *>(Host);
  std::lock_guard<std::mutex> G(tableLock());
  void *D = table(Device).translate(Host);
  return D ? D : const_cast<void *>(Host);
}

void TargetRegion::launched() {
  if (Offload)
    backend().checkLaunch(Device, Stream, Loc);
}

bool TargetRegion::finish() {
  if (Finished || !Offload) {
    Finished = true;
    return true;
  }
  Finished = true;
  backend().synchronize(Device, Stream, Loc);
  std::vector<void *> ToFree;
  for (auto It = Exits.rbegin(); It != Exits.rend(); ++It)
    exitMap(Loc, Device, It->Host, It->Bytes, It->Flags, Stream, ToFree);
  // Copies back must land before the memory goes.
  backend().synchronize(Device, Stream, Loc);
  for (void *P : ToFree)
    backend().release(Device, P);
  backend().releaseStream(Device, Stream);
  return true;
}

void enterData(const SourceLoc &Loc, int Dev, bool IfClause, const void *Host,
               std::size_t Bytes, unsigned Flags) {
  int D;
  if (!selectDevice(Loc, Dev, IfClause, D))
    return;
  void *S = backend().acquireStream(D, Loc);
  enter(Loc, D, Host, Bytes, Flags, S);
  backend().synchronize(D, S, Loc);
  backend().releaseStream(D, S);
}

void exitData(const SourceLoc &Loc, int Dev, bool IfClause, const void *Host,
              std::size_t Bytes, unsigned Flags) {
  int D;
  if (!selectDevice(Loc, Dev, IfClause, D))
    return;
  void *S = backend().acquireStream(D, Loc);
  std::vector<void *> ToFree;
  exitMap(Loc, D, Host, Bytes, Flags, S, ToFree);
  backend().synchronize(D, S, Loc);
  for (void *P : ToFree)
    backend().release(D, P);
  backend().releaseStream(D, S);
}

void update(const SourceLoc &Loc, int Dev, bool IfClause, const void *Host,
            std::size_t Bytes, bool ToDevice) {
  int D;
  if (!selectDevice(Loc, Dev, IfClause, D) || Bytes == 0)
    return;
  void *Addr;
  {
    std::lock_guard<std::mutex> G(tableLock());
    Entry *E = nullptr;
    if (table(D).find(Host, Bytes, &E) != PresentTable::Find::Contained)
      return; // OpenMP: updating data that is not present does nothing
    Addr = static_cast<char *>(E->Dev) +
           (reinterpret_cast<std::uintptr_t>(Host) - E->Begin);
  }
  void *S = backend().acquireStream(D, Loc);
  if (ToDevice)
    backend().toDevice(D, Addr, Host, Bytes, S, Loc);
  else
    backend().toHost(D, const_cast<void *>(Host), Addr, Bytes, S, Loc);
  backend().synchronize(D, S, Loc);
  backend().releaseStream(D, S);
}

DeviceProps deviceProps(int Device) { return backend().props(Device); }

std::size_t presentEntries(int Device) {
  std::lock_guard<std::mutex> G(tableLock());
  return table(Device).size();
}

long presentRefCount(int Device, const void *Host) {
  std::lock_guard<std::mutex> G(tableLock());
  Entry *E = nullptr;
  if (table(Device).find(Host, 0, &E) != PresentTable::Find::Contained)
    return 0;
  return E->Ref;
}

} // namespace o2c
