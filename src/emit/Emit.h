// Emission: KernelModel -> text. Never sees the AST.
#ifndef OMP2CUDA_EMIT_EMIT_H
#define OMP2CUDA_EMIT_EMIT_H

#include "omp2cuda/KernelModel.h"

#include <string>

namespace omp2cuda {

/// `#line N "file"` and a newline, or nothing when line markers are off.
std::string lineMarker(const SourcePos &P, bool On);
/// S as a C string literal.
std::string cString(const std::string &S);
/// The user's body text, placed so that its own indentation survives.
std::string placedBody(const KernelModel &K);

std::string emitKernel(const KernelModel &K);
std::string emitStub(const KernelModel &K);

} // namespace omp2cuda

#endif
