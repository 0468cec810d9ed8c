// Canonical loop nests with intervening code (LoopNest.cpp).
#ifndef OMP2CUDA_ANALYSIS_LOOPNEST_H
#define OMP2CUDA_ANALYSIS_LOOPNEST_H

#include "analysis/Analysis.h"

namespace omp2cuda {

/// analyzeLoopNest (Analysis.h) where collapsed loops may have intervening
/// code (OpenMP 5.0 §2.9.2), when Intervening is given: that code then runs
/// once per collapsed iteration (the specification allows from once per
/// iteration of the loop around it to once per innermost iteration), and
/// *Body is the outermost such level's body with the inner loops' headers
/// removed by the edits added to Intervening.
Verdict analyzeLoopNest(const clang::Stmt *S, unsigned Depth,
                        clang::ASTContext &Ctx, const std::vector<TextEdit> &Edits,
                        std::vector<LoopLevel> &Levels,
                        std::set<const clang::VarDecl *> &LoopVars,
                        const clang::Stmt **Body,
                        std::vector<const clang::VarDecl *> *SequentialVars,
                        std::vector<TextEdit> *Intervening);

} // namespace omp2cuda

#endif
