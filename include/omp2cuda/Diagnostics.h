#ifndef OMP2CUDA_DIAGNOSTICS_H
#define OMP2CUDA_DIAGNOSTICS_H

namespace omp2cuda {

enum class DiagId {
#define OMP2CUDA_DIAG(Enum, Id, Severity, Format) Enum,
#include "omp2cuda/Diagnostics.def"
#undef OMP2CUDA_DIAG
};

/// The stable textual ID, e.g. "host-call" (printed as [omp2cuda-host-call]).
const char *diagIdName(DiagId Id);

} // namespace omp2cuda

#endif
