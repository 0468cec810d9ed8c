// o2c::HostProgram: a program whose target regions all run on the host,
// because one of its translation units holds a target construct that
// omp2cuda could neither translate nor guard with an o2c::HostFallback
// (docs/host-fallback.md, "Constructs the translator cannot guard").
#include "backend.h"
#include "device_state.h"
#include "present_table.h"

#include "omp2cuda/host_rt.h"

#include <atomic>
#include <mutex>
#include <string>

namespace o2c {

namespace {

struct HostOnlyState {
  std::mutex M;
  std::string Why; // the first unit's reason, for messages
  // `requires unified_shared_memory`: where the first unit said it, and
  // why the devices cannot serve it (empty: they can).
  std::string UsmWhere, UsmWhyNot;
};

HostOnlyState &state() {
  static HostOnlyState *S = new HostOnlyState; // outlives static destructors
  return *S;
}

std::atomic<bool> HostOnly{false};

// Set by units' static initialisers, which may run before this file's own
// (hence constant-initialised flags, and strings in state()).
std::atomic<bool> UsmRequired{false};
std::once_flag UsmChecked;

/// Why the devices cannot serve the program's requirement; empty when
/// they can or nothing is required.
const std::string &usmWhyNot() {
  static const std::string None;
  if (!UsmRequired.load(std::memory_order_acquire))
    return None;
  std::call_once(UsmChecked, [] {
    std::string Why = detail::backend().noUnifiedSharedMemory();
    std::lock_guard<std::mutex> L(state().M);
    if (!Why.empty())
      state().UsmWhyNot = "the program requires unified_shared_memory (" +
                          state().UsmWhere + "), which " + Why +
                          "; its target regions run on the host";
  });
  return state().UsmWhyNot;
}

} // namespace

bool detail::unifiedMemoryRequired() {
  return UsmRequired.load(std::memory_order_acquire);
}

static std::atomic<bool> HostAccessible{false};

void detail::setHostAccessibleNoted(bool On) {
  HostAccessible.store(On, std::memory_order_release);
}

bool detail::hostAccessibleNoted() {
  return HostAccessible.load(std::memory_order_acquire);
}

bool detail::hostOnly() {
  return HostOnly.load(std::memory_order_acquire) || !usmWhyNot().empty();
}

std::string detail::noDeviceReason() {
  if (HostOnly.load(std::memory_order_acquire)) {
    std::lock_guard<std::mutex> L(state().M);
    return state().Why;
  }
  if (!usmWhyNot().empty())
    return usmWhyNot();
  return backend().noDeviceReason();
}

void requireUnifiedSharedMemory(const SourceLoc &Loc) {
  {
    std::lock_guard<std::mutex> L(state().M);
    if (state().UsmWhere.empty())
      state().UsmWhere = std::string(Loc.File) + ":" + std::to_string(Loc.Line);
  }
  UsmRequired.store(true, std::memory_order_release);
  detail::PresentTable::endPointersInside(false);
}

void runOnHostOnly(const SourceLoc &Loc, const char *Reason) {
  std::string Why = std::string("omp2cuda runs every target region of this "
                                "program on the host, because ") +
                    Loc.File + ":" + std::to_string(Loc.Line) + ": " +
                    (Reason ? Reason : "a construct cannot be translated");
  {
    std::lock_guard<std::mutex> L(state().M);
    if (state().Why.empty())
      state().Why = Why;
  }
  HostOnly.store(true, std::memory_order_release);
  // Data a device holds already (another unit's static constructor mapped
  // it) would be out of the host's sight from now on.
  if (detail::deviceHoldsData())
    fatal(Loc, (Why + "; but the program put data on a device before this "
                      "unit started")
                   .c_str());
}

} // namespace o2c
