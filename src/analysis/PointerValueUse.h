// How a region uses a pointer variable's value: to reach its pointee (the
// device needs the translated address) or as a value of its own (stored,
// cast to an integer, compared: the host build sees the host address).
#ifndef OMP2CUDA_ANALYSIS_POINTERVALUEUSE_H
#define OMP2CUDA_ANALYSIS_POINTERVALUEUSE_H

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"

namespace omp2cuda {

struct PointerValueUse {
  bool Derefs = false;            ///< *p, p[i], p->f (also through p + k)
  bool Escapes = false;           ///< the address itself is observed or kept
  clang::SourceLocation EscapeAt; ///< the first such use
};

/// The uses of VD in Body. A use that may do both (an argument of a call,
/// a copy into another variable, a comparison with another pointer) counts
/// as both.
PointerValueUse pointerValueUse(const clang::Stmt *Body,
                                const clang::ValueDecl *VD);

} // namespace omp2cuda

#endif
