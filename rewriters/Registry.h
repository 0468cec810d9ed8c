// The rewriters: one per construct family, in one explicit table (no static
// registrars, so the set is visible in one place and the order is fixed).
#ifndef OMP2CUDA_REWRITERS_REGISTRY_H
#define OMP2CUDA_REWRITERS_REGISTRY_H

#include "omp2cuda/KernelModel.h"

#include <string>

namespace omp2cuda {

struct Rewriter {
  const char *Name;
  KernelShape Shape;
  /// Appends the statements of the kernel body (after parameters and
  /// private declarations) to Out.
  void (*EmitBody)(const KernelModel &K, std::string &Out);
  /// Appends the launch part of the host stub (after the maps) to Out.
  void (*EmitLaunch)(const KernelModel &K, std::string &Out);
};

const Rewriter &rewriterFor(KernelShape S);

/// "kernel<T>" and "arg, arg, ..." for a launch from the stub.
std::string launchKernel(const KernelModel &K);
std::string launchArgs(const KernelModel &K);

// Entries of the table (one file each).
void emitGridStrideBody(const KernelModel &K, std::string &Out);
void emitGridStrideLaunch(const KernelModel &K, std::string &Out);
void emitSequentialBody(const KernelModel &K, std::string &Out);
void emitSequentialLaunch(const KernelModel &K, std::string &Out);
void emitSpmdBody(const KernelModel &K, std::string &Out);
void emitSpmdLaunch(const KernelModel &K, std::string &Out);
void emitControlLoopBody(const KernelModel &K, std::string &Out);

} // namespace omp2cuda

#endif
