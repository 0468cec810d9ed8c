// The steps of storage paths that AttachedPaths.cpp's item finder shares
// with the path matching of StoragePaths.cpp.
#ifndef OMP2CUDA_ANALYSIS_STORAGEPATHS_H
#define OMP2CUDA_ANALYSIS_STORAGEPATHS_H

#include "analysis/AttachedPaths.h"

#include "clang/AST/ExprOpenMP.h"

#include <cstddef>
#include <vector>

namespace omp2cuda {

/// The most element paths one item or one dereference stands for.
constexpr size_t MaxStoragePaths = 4096;

/// The step of an item's element at the index of the loop that enters it
/// (`A[i]` of `enter data map(A[i][0:m])` in a loop over i): the runtime
/// attaches each element the loop enters, which stands for any element.
const void *loopElement();

/// Whether the step Use of a path matches the step Item of an item's path:
/// the same, or an element of any index where Item is a loopElement().
bool stepMatches(const std::pair<const void *, int64_t> &Item,
                 const std::pair<const void *, int64_t> &Use);

/// E's paths, appended to each of Out (one empty path to start with): an
/// index that is not a constant is anyElement() where Unknown (a
/// dereference), or one path per value of an iterator of Iter (an item);
/// an index that is the variable Loop, loopElement().
bool pathsOf(const clang::Expr *E, const clang::ASTContext &Ctx,
             std::vector<StoragePath> &Out, bool Unknown,
             const clang::OMPIteratorExpr *Iter,
             const clang::Decl *Loop = nullptr);

} // namespace omp2cuda

#endif
