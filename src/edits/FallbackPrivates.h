// The firstprivate variables of a target region left on the host, as the
// last argument of its o2c::HostFallback (docs/host-fallback.md).
#ifndef OMP2CUDA_EDITS_FALLBACKPRIVATES_H
#define OMP2CUDA_EDITS_FALLBACKPRIVATES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtOpenMP.h"

#include <string>

namespace omp2cuda {

struct FallbackPrivates {
  /// HostRange texts, comma-separated: the variables every instantiation
  /// makes firstprivate, and o2c::scalarRange for those the instantiations
  /// make firstprivate by their type.
  std::string Ranges;
  /// o2c::pointeeRange texts for the firstprivate pointers among them.
  std::string Pointees;
  /// Why no HostFallback can keep the right bytes (a firstprivate variable
  /// with no host name, or instantiations that disagree otherwise): the
  /// program must then run on the host. Empty when it can.
  std::string Unguardable;
};

/// The variables target construct D makes firstprivate (its explicit and
/// Clang's implicit clauses, and local references to static storage that
/// Clang does not capture): the region's private copies start from the
/// host's originals. Left out: a variable that a map, lastprivate,
/// reduction, linear or device-pointer clause of a combined construct names
/// (the target leaf maps it), Clang's captured member expressions and
/// `register` variables (no address).
FallbackPrivates fallbackPrivates(const clang::OMPExecutableDirective &D,
                                  clang::ASTContext &Ctx);

} // namespace omp2cuda

#endif
