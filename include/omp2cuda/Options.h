#ifndef OMP2CUDA_OPTIONS_H
#define OMP2CUDA_OPTIONS_H

#include "omp2cuda/Diagnostics.h"

#include <functional>
#include <set>
#include <string>

namespace omp2cuda {

/// Where a team's data-sharing slots (Level 0 locals, team-local arrays, the
/// team's firstprivate copies) go: Auto keeps them in static shared memory
/// while the kernel's static layout fits the 48 KiB every device offers, and
/// otherwise lets the stub place them at run time, in dynamic shared memory
/// up to the device's opt-in limit, else in global memory, one block per
/// team (issue 9 point 3). Shared and Global force either (--data-sharing).
enum class DataSharing { Auto, Shared, Global };

/// The family of the compiler that compiles the generated file's host side
/// (--host-compiler-family). It chooses the `declare variant` of a call in
/// a host fallback, which the device must match where the choice depends on
/// the constructs around the call: the translator follows clang's rules, so
/// with any other host compiler (Gcc) such a choice is not made on the
/// device and the region stays on the host.
enum class HostCompiler { Clang, Gcc };

struct Options {
  bool LineDirectives = true;
  bool SkipIfNone = false;
  std::string RuntimeInclude = "omp2cuda/device_rt.h";
  /// Diagnostics not printed (--suppress): warnings, remarks and notes.
  std::set<DiagId> Suppress;
  /// Warnings and remarks printed as errors (--warnings-as-errors), which
  /// fail the file like any error.
  std::set<DiagId> AsErrors;
  /// --warnings-as-errors=all: every warning (not remarks) is an error.
  bool AllWarningsAsErrors = false;
  /// Headers below this directory may be translated (--in-root); empty:
  /// the main file's directory.
  std::string InRoot;
  /// --rdc: the program is built with relocatable device code (nvcc
  /// -rdc=true and a device link), so device code may call `declare target`
  /// functions defined in other files; every `declare target` function
  /// defined here is compiled for the device, and kernels have internal
  /// linkage.
  bool Rdc = false;
  /// --full-grid: a combined loop whose grid num_teams caps gets a thread
  /// per iteration (the one-pass kernel) instead, where the program cannot
  /// tell the number of teams apart (Region::GridObserver is empty). Not the
  /// default: since OpenMP 5.1 num_teams(n) asks for exactly n teams.
  bool FullGrid = false;
  /// --data-sharing=auto|shared|global.
  DataSharing Sharing = DataSharing::Auto;
  /// --host-compiler-family=clang|gcc: clang, the host compiler README and
  /// omp2cuda-cc use by default.
  HostCompiler Host = HostCompiler::Clang;
  /// Told of each target construct as its translation starts (a line of
  /// progress, `file:line: ...`); empty: nobody listens.
  std::function<void(const std::string &)> Progress;
};

} // namespace omp2cuda

#endif
