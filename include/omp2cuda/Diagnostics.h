#ifndef OMP2CUDA_DIAGNOSTICS_H
#define OMP2CUDA_DIAGNOSTICS_H

#include <optional>
#include <string_view>

namespace omp2cuda {

enum class DiagId {
#define OMP2CUDA_DIAG(Enum, Id, Severity, Format) Enum,
#include "omp2cuda/Diagnostics.def"
#undef OMP2CUDA_DIAG
};

/// The stable textual ID, e.g. "host-call" (printed as [omp2cuda-host-call]).
const char *diagIdName(DiagId Id);

enum class DiagSeverity { Error, Warning, Remark, Note };

/// The severity Diagnostics.def gives the ID.
DiagSeverity diagSeverity(DiagId Id);

/// The ID named "host-call" or "omp2cuda-host-call"; none for other names.
std::optional<DiagId> diagIdFromName(std::string_view Name);

} // namespace omp2cuda

#endif
