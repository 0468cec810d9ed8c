// Device selection: OMP_TARGET_OFFLOAD, OMP_DEFAULT_DEVICE and the device
// and if clauses; and the runtime's fatal errors.
#include "attach_table.h"
#include "backend.h"
#include "declared_vars.h"
#include "device_cache.h"
#include "device_state.h"
#include "faults.h"
#include "helpers.h"
#include "info.h"
#include "map_steps.h"
#include "present_table.h"
#include "released.h"
#include "staging.h"
#include "stream_work.h"

#include "omp2cuda/host_rt.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

namespace o2c {

using detail::AttachTable;
using detail::backend;
using detail::counts;
using detail::PresentTable;
using detail::attachments;
using detail::info;
using detail::infoDevice;
using detail::reattach;
using detail::runtimeLoc;
using detail::table;

using Status = PresentTable::Status;
using namespace steps;

namespace steps {

bool equalsIgnoreCase(const char *A, const char *B) {
  for (; *A && *B; ++A, ++B)
    if (std::toupper(static_cast<unsigned char>(*A)) !=
        std::toupper(static_cast<unsigned char>(*B)))
      return false;
  return *A == *B;
}

enum class Policy { Default, Mandatory, Disabled };

Policy offloadPolicy() {
  const char *E = std::getenv("OMP_TARGET_OFFLOAD");
  if (E && equalsIgnoreCase(E, "MANDATORY"))
    return Policy::Mandatory;
  if (E && equalsIgnoreCase(E, "DISABLED"))
    return Policy::Disabled;
  return Policy::Default; // unset, DEFAULT, or a value OpenMP does not know
}

} // namespace steps

bool detail::offloadMandatory() {
  return offloadPolicy() == Policy::Mandatory;
}

namespace steps {

[[noreturn]] void fatalStr(const SourceLoc &Loc, const std::string &Msg) {
  fatal(Loc, Msg.c_str());
}

bool selectDevice(const SourceLoc &Loc, int Requested, bool IfClause, int &Dev) {
  Dev = Requested == -1 ? defaultDevice() : Requested;
  // if(false) and DISABLED are the program's own choice of the host, so
  // MANDATORY has nothing to object to.
  if (!IfClause)
    return info(Loc, "host (the if clause is false)"), false;
  Policy P = offloadPolicy();
  if (P == Policy::Disabled)
    return info(Loc, "host (OMP_TARGET_OFFLOAD=DISABLED)"), false;
  int N = numDevices();
  if (N == 0) {
    if (P == Policy::Mandatory)
      fatalStr(Loc, "OMP_TARGET_OFFLOAD=MANDATORY but no offload device is "
                    "available (" +
                        detail::noDeviceReason() + ")");
    // A program written for a GPU still runs where there is none: the host
    // fallback is OpenMP's answer to an unavailable device.
    return info(Loc, "host (no device: " + detail::noDeviceReason() + ")"),
           false;
  }
  if (Dev == N) // omp_get_initial_device(): the host, by the program's choice
    return info(Loc, "host (the device clause names the host)"), false;
  if (Dev < 0 || Dev > N)
    fatalStr(Loc, "device number " + std::to_string(Dev) + " does not exist (" +
                      std::to_string(N) + " " + backend().name() +
                      " device(s); the host is device " + std::to_string(N) +
                      ")");
  return true;
}

} // namespace steps

int numDevices() {
  // DISABLED: "as if the only device is the host device" (OpenMP 5.1
  // §6.17), so device 0 is the host, as with no device at all.
  if (detail::hostOnly() || offloadPolicy() == Policy::Disabled)
    return 0;
  return backend().numDevices();
}

namespace steps {
// omp_set_default_device(); -1 means "not set": OMP_DEFAULT_DEVICE decides.
std::atomic<int> DefaultDeviceOverride{-1};
} // namespace steps

void setDefaultDevice(int Dev) { DefaultDeviceOverride = Dev; }

int defaultDevice() {
  if (int D = DefaultDeviceOverride; D >= 0)
    return D;
  const char *E = std::getenv("OMP_DEFAULT_DEVICE");
  // OpenMP 5.2 §21.2.7: MANDATORY with no device starts the ICV at
  // omp_invalid_device (libomp's -2), so that nothing falls back silently.
  if (!E || !*E)
    return offloadPolicy() == Policy::Mandatory && numDevices() == 0 ? -2 : 0;
  if (equalsIgnoreCase(E, "initial"))
    return numDevices();
  char *End = nullptr;
  long V = std::strtol(E, &End, 10);
  if (End == E || *End != '\0' || V < INT_MIN || V > INT_MAX)
    return 0; // not a number: as if unset
  return static_cast<int>(V);
}

void fatal(const SourceLoc &Loc, const char *Msg) {
  std::string Line = std::string(Loc.File ? Loc.File : "<unknown>") + ":" +
                     std::to_string(Loc.Line) + ":" + std::to_string(Loc.Col) +
                     ": omp2cuda runtime error: " + (Msg ? Msg : "") +
                     " (in '#pragma omp " +
                     (Loc.Directive ? Loc.Directive : "target") + "')";
  // On a helper thread: the task stops here and the error waits for the
  // next synchronisation point (faults.h).
  if (detail::inDeferredTask())
    throw detail::TaskFault{Line + " in a deferred target task (nowait)"};
  std::fflush(stdout);
  std::fputs((Line + "\n").c_str(), stderr);
  std::fflush(stderr);
  // exit, not abort: the status says "runtime error" to scripts and tests.
  std::exit(1);
}

bool offloads(const SourceLoc &Loc, int Device, bool IfClause, int &Dev) {
  return selectDevice(Loc, Device, IfClause, Dev);
}

void ifClauseFalse(const SourceLoc &Loc) {
  int Dev;
  selectDevice(Loc, -1, false, Dev);
}

} // namespace o2c
