// Device copies of `declare target` variables (OpenMP 5.2 §7.8.2): the
// generated code defines a `__device__` mirror beside each such variable
// that device code uses, and registers the pair here during static
// initialisation. Each device's present table gets the pair as an entry of
// infinite reference count, so `map`, `target update` and `enter/exit data`
// of the variable find it present, and a region the translator left on the
// host sees the device copy through o2c::HostFallback like any mapped data.
//
// Registering touches no device: the entries are made when a device's table
// is (the first construct that needs it), by which time the CUDA runtime
// knows the program's device variables.
//
// `declare target link` variables have no device copy: the generated code
// gives each a `__device__` pointer instead, which device code dereferences,
// and the runtime points it at the variable's device storage each time a map
// creates storage for the variable's bytes (linkMapped).
//
// Under `requires unified_shared_memory`, a variable that is not declare
// target is used on the device in place: device code reaches it through a
// `__device__` pointer that holds the host variable's address
// (declareHostGlobal).
#include "backend.h"
#include "declared_vars.h"
#include "present_table.h"

#include "omp2cuda/host_rt.h"

#include <cstdint>
#include <mutex>
#include <vector>

namespace o2c {

namespace {

struct Declared {
  const void *Host;
  std::size_t Bytes;
  const void *Symbol;
};

struct Registry {
  std::mutex M;
  std::vector<Declared> Vars;
  std::vector<Declared> Links; // Symbol: the device pointer
  std::vector<Declared> Indirect; // Host: the addresses; Bytes: theirs
  std::vector<Declared> HostGlobals; // Symbol: the device pointer to Host
  std::vector<std::pair<int, detail::PresentTable *>> Tables; // once made
};

Registry &registry() {
  static Registry *R = new Registry; // outlives static destructors
  return *R;
}

void enter(int Dev, detail::PresentTable &T, const Declared &V) {
  void *D = detail::backend().symbolAddress(Dev, V.Symbol, detail::runtimeLoc());
  // A variable that two units both use on the device is registered twice;
  // the first unit's copy is the one the present table knows.
  T.addDeclared(V.Host, V.Bytes, D);
}

/// The host addresses of a unit's indirect functions, into its device table.
void fillIndirect(int Dev, const Declared &V) {
  detail::Backend &B = detail::backend();
  const SourceLoc &Loc = detail::runtimeLoc();
  void *Stream = B.acquireStream(Dev, Loc);
  B.toDevice(Dev, B.symbolAddress(Dev, V.Symbol, Loc), V.Host, V.Bytes,
             Stream, Loc);
  B.synchronize(Dev, Stream, Loc);
  B.releaseStream(Dev, Stream);
}

/// A host variable's address, into its unit's device pointer.
void fillHostGlobal(int Dev, const Declared &V) {
  detail::Backend &B = detail::backend();
  const SourceLoc &Loc = detail::runtimeLoc();
  const void *Addr = V.Host; // alive until the copy completes
  void *Stream = B.acquireStream(Dev, Loc);
  B.toDevice(Dev, B.symbolAddress(Dev, V.Symbol, Loc), &Addr, sizeof(Addr),
             Stream, Loc);
  B.synchronize(Dev, Stream, Loc);
  B.releaseStream(Dev, Stream);
}

} // namespace

void declareHostGlobal(const void *Host, std::size_t Bytes,
                       const void *PtrSymbol) {
  Registry &R = registry();
  std::lock_guard<std::mutex> L(R.M);
  R.HostGlobals.push_back({Host, Bytes, PtrSymbol});
  for (auto &[Dev, T] : R.Tables)
    fillHostGlobal(Dev, R.HostGlobals.back());
}

void declareIndirect(const void *const *Host, std::size_t N,
                     const void *HostSymbol) {
  Registry &R = registry();
  std::lock_guard<std::mutex> L(R.M);
  R.Indirect.push_back({Host, N * sizeof(void *), HostSymbol});
  for (auto &[Dev, T] : R.Tables)
    fillIndirect(Dev, R.Indirect.back());
}

void declareTarget(const void *Host, std::size_t Bytes, const void *Symbol) {
  Registry &R = registry();
  std::lock_guard<std::mutex> L(R.M);
  R.Vars.push_back({Host, Bytes, Symbol});
  for (auto &[Dev, T] : R.Tables)
    enter(Dev, *T, R.Vars.back());
}

void declareTargetLink(const void *Host, std::size_t Bytes,
                       const void *PtrSymbol) {
  Registry &R = registry();
  std::lock_guard<std::mutex> L(R.M);
  R.Links.push_back({Host, Bytes, PtrSymbol});
}

void detail::linkMapped(int DevNum, const void *Host, std::size_t Bytes,
                        void *Dev, void *Stream, const SourceLoc &Loc) {
  Registry &R = registry();
  std::vector<Declared> Hit;
  {
    std::lock_guard<std::mutex> L(R.M);
    auto At = [](const void *P) { return reinterpret_cast<std::uintptr_t>(P); };
    // Device code of another unit (or a region the translator did not see
    // map it) uses this variable in place: a copy would split it in two.
    // A zero-copy map (Dev == Host) is the variable itself: no split.
    for (const Declared &V : R.HostGlobals)
      if (Dev != Host && At(V.Host) < At(Host) + Bytes && At(Host) < At(V.Host) + V.Bytes)
        fatal(Loc, "map of a variable that device code uses in place (not "
                   "declare target, the program requires "
                   "unified_shared_memory): make it declare target");
    for (const Declared &V : R.Links)
      if (At(V.Host) < At(Host) + Bytes && At(Host) < At(V.Host) + V.Bytes)
        Hit.push_back(V);
  }
  if (Hit.empty())
    return;
  Backend &B = backend();
  // The pointers must stay alive until the copies complete: one each.
  std::vector<void *> Ptrs(Hit.size());
  for (std::size_t I = 0; I < Hit.size(); ++I) {
    // The variable's first byte on the device, also when the map holds
    // only a later part of it (as a section `x[2:4]` does).
    Ptrs[I] = static_cast<char *>(Dev) +
              (reinterpret_cast<std::intptr_t>(Hit[I].Host) -
               reinterpret_cast<std::intptr_t>(Host));
    B.toDevice(DevNum, B.symbolAddress(DevNum, Hit[I].Symbol, Loc), &Ptrs[I],
               sizeof(void *), Stream, Loc);
  }
  // A kernel on another stream that finds the storage present does not
  // wait for this stream's copies; it must see the pointer set.
  B.synchronize(DevNum, Stream, Loc);
}

void detail::enterDeclared(int Dev, PresentTable &T) {
  Registry &R = registry();
  std::lock_guard<std::mutex> L(R.M);
  R.Tables.push_back({Dev, &T});
  for (const Declared &V : R.Vars)
    enter(Dev, T, V);
  for (const Declared &V : R.Indirect)
    fillIndirect(Dev, V);
  for (const Declared &V : R.HostGlobals)
    fillHostGlobal(Dev, V);
}

} // namespace o2c
