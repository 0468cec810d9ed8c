// o2c::HostProgram: a program whose target regions all run on the host,
// because one of its translation units holds a target construct that
// omp2cuda could neither translate nor guard with an o2c::HostFallback
// (docs/host-fallback.md, "Constructs the translator cannot guard").
#include "backend.h"
#include "device_state.h"

#include "omp2cuda/host_rt.h"

#include <atomic>
#include <mutex>
#include <string>

namespace o2c {

namespace {

struct HostOnlyState {
  std::mutex M;
  std::string Why; // the first unit's reason, for messages
};

HostOnlyState &state() {
  static HostOnlyState *S = new HostOnlyState; // outlives static destructors
  return *S;
}

std::atomic<bool> HostOnly{false};

} // namespace

bool detail::hostOnly() { return HostOnly.load(std::memory_order_acquire); }

std::string detail::noDeviceReason() {
  if (!hostOnly())
    return backend().noDeviceReason();
  std::lock_guard<std::mutex> L(state().M);
  return state().Why;
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
