// `declare target ... indirect` (OpenMP 5.1 §7.8.3): calls through function
// pointers in device code. A pointer the host took holds the host's
// address of the function; the kernel's copy of the call looks the address
// up in the unit's table of its indirect functions (omp2cuda_indirect,
// defined in the output after the last of them) and calls the device's.
// Analysis finds the table's functions and its place; CallChecker allows a
// call through a pointer in a region's own text once the table exists, its
// functions run on the device, and the region comes after it.
#ifndef OMP2CUDA_ANALYSIS_INDIRECTCALLS_H
#define OMP2CUDA_ANALYSIS_INDIRECTCALLS_H

#include "analysis/Analysis.h"

#include <string>
#include <vector>

namespace omp2cuda {

struct IndirectTable {
  /// The unit's indirect functions, in source order (first declarations).
  std::vector<const clang::FunctionDecl *> Fns;
  /// The main-file offset the table goes at: the start of the line after
  /// the last directive and definition of the functions.
  unsigned Offset = 0;
  /// Non-empty: why there is no table (calls through pointers stay on the
  /// host).
  std::string Why;
};

/// The unit's table (computed on each call: a walk of the top-level
/// declarations).
IndirectTable indirectTable(const TUState &TU);

/// Whether the unit has a table that calls through pointers can use.
bool indirectTableServes(const TUState &TU);

/// The table's text and registration at Inserts[Offset], when every
/// function of a table is compiled for the device (it is then complete).
void indirectTableEdits(const TUState &TU, std::map<unsigned, std::string> &Inserts);

} // namespace omp2cuda

#endif
