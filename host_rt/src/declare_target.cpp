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
#include "backend.h"
#include "declared_vars.h"
#include "present_table.h"

#include "omp2cuda/host_rt.h"

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

} // namespace

void declareTarget(const void *Host, std::size_t Bytes, const void *Symbol) {
  Registry &R = registry();
  std::lock_guard<std::mutex> L(R.M);
  R.Vars.push_back({Host, Bytes, Symbol});
  for (auto &[Dev, T] : R.Tables)
    enter(Dev, *T, R.Vars.back());
}

void detail::enterDeclared(int Dev, PresentTable &T) {
  Registry &R = registry();
  std::lock_guard<std::mutex> L(R.M);
  R.Tables.push_back({Dev, &T});
  for (const Declared &V : R.Vars)
    enter(Dev, T, V);
}

} // namespace o2c
