//===- CcOptions.h - omp2cuda-cc's command line ---------------------------===//
//
// What omp2cuda-cc's command line asks for, as plain data (Options), and
// the parser that fills it; the Driver (cc_main.cpp) turns it into commands.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CUDA_DRIVER_CCOPTIONS_H
#define OMP2CUDA_DRIVER_CCOPTIONS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <string>
#include <vector>

namespace omp2cuda {
namespace cc {

extern const char *const Prog;

enum class Backend { Cuda, Emu };
enum class Lang { None, C, Cxx, Cu, Object };

struct Input {
  std::string Path;
  Lang Kind;
  bool Forced = false; // language from -x, not from the extension
};

/// Options gathered from the command line.
struct Options {
  Backend BE = Backend::Cuda;
  bool CompileOnly = false;
  bool Verbose = false;
  bool Keep = false;
  // -fgpu-rdc (clang), -rdc=true (nvcc): relocatable device code, so that
  // device code calls `declare target` functions of other files.
  bool Rdc = false;
  std::string Output;
  std::string Arch = "sm_90";
  // --host-compiler: the host C++ compiler for both backends (nvcc -ccbin).
  std::string HostCompiler;
  std::string CStd;   // -std=c99, gnu11, ... (C compiles only)
  std::string CxxStd; // -std=c++17, gnu++20, ... (C++ and CUDA compiles)
  // Flags that change the meaning of the source: -I -D -U -include -isystem.
  std::vector<std::string> PPFlags;
  // -O*, -g*, -W* (not -Wl/-Wp/-Wa): both compilers.
  std::vector<std::string> CommonFlags;
  // Unknown flags: the underlying compiler.
  std::vector<std::string> OtherFlags;
  // -Xcompiler values (host compiler), -Xptxas values (nvcc only).
  std::vector<std::string> XCompiler, XPtxas;
  // nvcc-only flags (-lineinfo, --use_fast_math, ...): dropped for emu.
  std::vector<std::string> NvccOnly;
  // Link flags: -L, -l, -Wl, -Xlinker, objects and archives, in order.
  std::vector<std::string> LinkItems;
  std::vector<Input> Inputs;
  // Options of the translator itself: --report=..., --suppress=...,
  // --warnings-as-errors=... (-Minfo=mp is --report=text).
  std::vector<std::string> TranslatorOptions;
};

/// Prints "omp2cuda-cc: error: Msg"; returns the exit status 1.
int error(const llvm::Twine &Msg);
void note(const llvm::Twine &Msg);
void printHelp();
Lang langOfExtension(llvm::StringRef File);
/// Parses the command line. Returns -1 to continue, else an exit status
/// (0 after --help or --version).
int parse(int Argc, char **Argv, Options &O);

} // namespace cc
} // namespace omp2cuda

#endif
