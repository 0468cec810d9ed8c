// Lambdas that device code calls. A lambda written in device code (inside
// the region, or inside a function compiled for the device) is a device
// function by CUDA's rules: its call operator takes the execution space of
// the function around it. A lambda written in host code and called on the
// device (a lambda object passed to a function template whose region calls
// it) must be marked `__host__ __device__` after its introducer, which makes
// it what nvcc calls an extended lambda: the program is then compiled with
// `nvcc --extended-lambda`, and nvcc's rules for those apply (no generic
// lambda, no init-capture, not inside another lambda, ...). Its captures
// travel to the device as bytes, so a capture by reference, of `this` or of
// a pointer (which OpenMP 5.0 would attach to the device copy of what it
// points into) keeps the region on the host.
#ifndef OMP2CUDA_ANALYSIS_DEVICELAMBDAS_H
#define OMP2CUDA_ANALYSIS_DEVICELAMBDAS_H

#include "analysis/Analysis.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace omp2cuda {

/// How device code can call a lambda's call operator.
struct DeviceLambda {
  enum Kind {
    NotLambda, ///< M is no lambda's call operator
    Implicit,  ///< written in device code: a device function as it is
    Marked,    ///< written in host code: gets `__host__ __device__`
    Refused    ///< cannot run on the device: Why, at Where
  } K = NotLambda;
  std::string Why;
  clang::SourceLocation Where;
};

/// The lambda expression that defines Closure, or null.
const clang::LambdaExpr *lambdaExprOf(const clang::CXXRecordDecl *Closure);

/// What calling M (maybe a lambda's call operator, or an instantiation of a
/// generic one) from device code takes. Region: the region's statement,
/// device code. InDevice: whether a function is compiled for the device.
DeviceLambda
deviceLambda(const clang::FunctionDecl *M, clang::SourceRange Region,
             llvm::function_ref<bool(const clang::FunctionDecl *)> InDevice,
             const TUState &TU);

/// The edit that marks a lambda's call operator M `__host__ __device__`:
/// after the capture list, with `()` when the lambda has no parameter
/// list. False when M is no lambda's.
bool lambdaMark(const clang::FunctionDecl *M, const clang::SourceManager &SM,
                TextEdit &Edit);

} // namespace omp2cuda

#endif
