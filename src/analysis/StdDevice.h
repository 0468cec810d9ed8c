// The C and C++ standard library in device code: which of its functions a
// region may call, and where the generated file includes the device
// versions of std::complex (device_rt/include/omp2cuda/std_complex.h).
#ifndef OMP2CUDA_ANALYSIS_STDDEVICE_H
#define OMP2CUDA_ANALYSIS_STDDEVICE_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <optional>
#include <string>

namespace omp2cuda {

struct StdCall {
  /// FD belongs to the C or C++ standard library (the verdict below
  /// applies); false: it is the program's own function.
  bool IsLibrary = false;
  /// Device code may call it: CUDA or omp2cuda has a device version, or it
  /// is constexpr (nvcc compiles the generated file with
  /// --expt-relaxed-constexpr).
  bool OnDevice = false;
  /// Why not, when IsLibrary && !OnDevice: "'std::X' ...".
  std::string Why;
};

/// The verdict for a call of FD from device code.
StdCall stdDeviceCall(const clang::FunctionDecl *FD, clang::ASTContext &Ctx);

/// The main-file offset of the end of the #include line through which
/// <complex> came into the translation unit: the generated file includes
/// omp2cuda/std_complex.h right after it. None without <complex>, or when it
/// came another way (-include, a macro).
std::optional<unsigned> stdComplexIncludeEnd(clang::ASTContext &Ctx);

} // namespace omp2cuda

#endif
