// `s[i]` of a std::string read in device code. A mapped std::string is
// copied as bytes (OpenMP maps it so; clang warns that the type is "not
// guaranteed to be mapped correctly"): the copy's character pointer still
// points into host memory - the original's own buffer for a short string,
// the host heap for a long one. The device may read those characters only
// where it reaches host memory: in a unit with `requires
// unified_shared_memory`, whose regions run on the device only when it
// does (docs/unified-shared-memory.md). A write through the copy could
// change the original's characters and then be undone by the copy's bytes
// mapped back, so only reads run on the device: `s[i]` becomes
// `o2c_dev::stringAt(s, i)` (omp2cuda/std_device.h), which reads libstdc++'s
// character pointer; the library's operator[] is host code.
#ifndef OMP2CUDA_ANALYSIS_STDSTRING_H
#define OMP2CUDA_ANALYSIS_STDSTRING_H

#include "analysis/Analysis.h"

namespace omp2cuda {

/// Whether FD is std::basic_string's operator[].
bool isStringSubscript(const clang::FunctionDecl *FD);

/// The verdict for C, a call of std::basic_string's operator[] in a
/// region's body; Edits (null: in a function the region calls) gets the
/// rewrite to o2c_dev::stringAt.
Verdict stringSubscript(const clang::CallExpr *C, clang::ASTContext &Ctx,
                        std::vector<TextEdit> *Edits);

} // namespace omp2cuda

#endif // OMP2CUDA_ANALYSIS_STDSTRING_H
