// Orphaned constructs of functions device code calls that Orphaned.h
// accepts beyond atomics, simd and plain parallel for (OrphanedTasks.cpp):
// - `task` [`in_reduction`] and `taskgroup` [`task_reduction`] keep their
//   pragmas, which the device ignores: a task runs in place, in the calling
//   thread, where nothing can tell;
// - a `parallel for` whose loop variable is declared outside the loop gets
//   the declaration in its loop (`for (int i = 0; ...)`): the private copy
//   OpenMP makes, on both sides, and the original keeps its value.
#ifndef OMP2CUDA_ANALYSIS_ORPHANEDTASKS_H
#define OMP2CUDA_ANALYSIS_ORPHANEDTASKS_H

#include "clang/AST/Decl.h"
#include "clang/AST/StmtOpenMP.h"

#include <string>

namespace omp2cuda {

/// Why the orphaned `task` or `taskgroup` D in Def cannot run on the device
/// with its pragmas ignored (tasks run in place), or "".
std::string orphanedTaskProblem(const clang::OMPExecutableDirective &D,
                                const clang::FunctionDecl *Def);

/// The variable of the loop of the orphaned `parallel for` D when it is
/// declared outside the loop and the loop can declare it instead (its
/// private copy), else null.
const clang::VarDecl *redeclaredLoopVar(const clang::OMPExecutableDirective &D);

} // namespace omp2cuda

#endif
