//===- CcOptions.cpp - omp2cuda-cc's command line -------------------------===//
//===----------------------------------------------------------------------===//

#include "CcOptions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#ifndef OMP2CUDA_VERSION
#define OMP2CUDA_VERSION "unknown"
#endif

using llvm::StringRef;
namespace path = llvm::sys::path;

namespace omp2cuda {
namespace cc {

const char *const Prog = "omp2cuda-cc";

int error(const llvm::Twine &Msg) {
  llvm::errs() << Prog << ": error: " << Msg << "\n";
  return 1;
}

void note(const llvm::Twine &Msg) {
  llvm::errs() << Prog << ": note: " << Msg << "\n";
}

void printHelp() {
  llvm::outs()
      << "OVERVIEW: compiles OpenMP target offloading C/C++ programs to CUDA "
         "through omp2cuda\n\n"
         "USAGE: omp2cuda-cc [--backend=cuda|emu] [-c] [-o <file>] [-v] "
         "[--keep] [flags] <files>...\n\n"
         "OPTIONS:\n"
         "  --backend=cuda|emu  cuda: nvcc and the CUDA runtime (default);\n"
         "                      emu: the host C++ compiler and the CPU "
         "emulation of CUDA\n"
         "  -c                  compile only, do not link\n"
         "  -o <file>           output file (default a.out, or <stem>.o with "
         "-c)\n"
         "  -v                  print every command before running it\n"
         "  --keep              keep each generated .cu as <out>.<stem>.cu\n"
         "  -arch=sm_XX         GPU architecture for nvcc (default sm_90)\n"
         "  -fgpu-rdc, -rdc=true\n"
         "                      relocatable device code: device code may "
         "call\n"
         "                      'declare target' functions of other files "
         "(omp2cuda\n"
         "                      --rdc, nvcc -rdc=true and a device link)\n"
         "  --host-compiler=<c++>\n"
         "                      host C++ compiler of both backends (nvcc "
         "-ccbin),\n"
         "                      default clang++-19 (OpenMP 5.x in host "
         "code), e.g. g++;\n"
         "                      its C sibling (clang-19, gcc) compiles C\n"
         "  --report[=text|json], -Minfo[=mp]\n"
         "                      omp2cuda's per-region report on standard "
         "output\n"
         "  --full-grid         omp2cuda --full-grid: num_teams does not cap "
         "the grid\n"
         "                      of loops that cannot tell (README, Options)\n"
         "  --data-sharing=auto|shared|global\n"
         "                      omp2cuda --data-sharing: where team slots go\n"
         "  --suppress=<ID,...>, --warnings-as-errors=<ID,...|all>\n"
         "                      control omp2cuda's diagnostics "
         "([omp2cuda-<ID>])\n"
         "  -I -D -U -include -isystem -std=...\n"
         "                      passed to the translator and the compilers\n"
         "  -O* -g -W*          passed to both compilers (-w and -Wno-... "
         "to the\n"
         "                      translator too)\n"
         "  -Xcompiler <f>      host compiler flags (nvcc: verbatim)\n"
         "  -Xptxas <f>         ptxas flags (cuda backend only)\n"
         "  -L -l -Wl,... -Xlinker <f>, .o .a .so files\n"
         "                      passed to the link\n"
         "  --help, --version\n\n"
         "Inputs: .c .cc .cpp .cxx .C are translated (files without target\n"
         "constructs are compiled unchanged with -fopenmp);\n"
         ".cu files are compiled as CUDA; objects and libraries are linked.\n\n"
         "ENVIRONMENT: OMP2CUDA_CXX (default clang++-19, else g++), "
         "OMP2CUDA_CC\n(default clang-19, else gcc), OMP2CUDA_NVCC (default "
         "/usr/local/cuda/bin/nvcc,\nelse nvcc on PATH).\n";
}

Lang langOfExtension(StringRef File) {
  StringRef Ext = path::extension(File);
  if (Ext == ".c")
    return Lang::C;
  if (Ext == ".cc" || Ext == ".cpp" || Ext == ".cxx" || Ext == ".C" ||
      Ext == ".c++" || Ext == ".cp" || Ext == ".CPP")
    return Lang::Cxx;
  if (Ext == ".cu")
    return Lang::Cu;
  return Lang::Object;
}

static bool isCStd(StringRef Std) {
  return !Std.contains("++") &&
         (Std.starts_with("c") || Std.starts_with("gnu") ||
          Std.starts_with("iso9899"));
}

/// The translator's own options: --report[=text|json], -Minfo[=mp] (as
/// nvc++ spells it: --report=text), --suppress=, --warnings-as-errors=.
/// Returns -1 for another option, 0 when taken, else an exit status.
static int translatorOption(StringRef A, Options &O) {
  if (A == "--report" || A == "-Minfo") {
    O.TranslatorOptions.push_back("--report=text");
    return 0;
  }
  if (A.consume_front("--report=")) {
    if (A != "text" && A != "json")
      return error("--report must be 'text' or 'json'");
    O.TranslatorOptions.push_back(("--report=" + A).str());
    return 0;
  }
  if (A.consume_front("-Minfo=")) {
    llvm::SmallVector<StringRef, 4> Kinds;
    A.split(Kinds, ',');
    if (llvm::is_contained(Kinds, "mp") || llvm::is_contained(Kinds, "all"))
      O.TranslatorOptions.push_back("--report=text");
    else
      note("'-Minfo=" + A +
           "' is ignored; -Minfo=mp reports the target regions");
    return 0;
  }
  if (A == "--full-grid" || A.starts_with("--data-sharing=")) {
    O.TranslatorOptions.push_back(A.str());
    return 0;
  }
  if (A.starts_with("--suppress=") || A.starts_with("--warnings-as-errors=")) {
    O.TranslatorOptions.push_back(A.str());
    return 0;
  }
  return -1;
}

namespace {

/// The argument being read and its value, in "-X value", "-Xvalue" or
/// "--name=value" form.
struct ArgCursor {
  ArgCursor(int Argc, char **Argv) : Argc(Argc), Argv(Argv) {}

  int Argc;
  char **Argv;
  int I = 1;
  StringRef A;
  std::string Val;

  bool value(StringRef Name) {
    if (A == Name) {
      if (I + 1 >= Argc) {
        error("missing argument to '" + Name + "'");
        return false;
      }
      Val = Argv[++I];
    } else {
      Val = A.drop_front(Name.size()).str();
      if (!Val.empty() && Val[0] == '=' &&
          (Name.starts_with("--") || Name == "-arch"))
        Val.erase(0, 1);
    }
    return true;
  }
};

/// The driver's own flags: backend, output, architecture, modes.
/// Returns -2 when A is not one of them, -1 when taken, else an exit status.
int driverFlag(ArgCursor &C, Options &O) {
  StringRef A = C.A;
  std::string &Val = C.Val;
  auto value = [&](StringRef Name) { return C.value(Name); };
  if (A == "--backend" || A.starts_with("--backend=")) {
    if (!value("--backend"))
      return 1;
    if (Val == "cuda")
      O.BE = Backend::Cuda;
    else if (Val == "emu")
      O.BE = Backend::Emu;
    else
      return error("unknown backend '" + Val + "' (expected cuda or emu)");
  } else if (A == "-c") {
    O.CompileOnly = true;
  } else if (A == "-fgpu-rdc" || A == "-rdc=true" ||
             A == "--relocatable-device-code=true") {
    O.Rdc = true;
  } else if (A == "-fno-gpu-rdc" || A == "-rdc=false" ||
             A == "--relocatable-device-code=false") {
    O.Rdc = false;
  } else if (A == "-v") {
    O.Verbose = true;
  } else if (A.starts_with("--host-compiler")) {
    if (!value("--host-compiler"))
      return 1;
    if (Val.empty())
      return error("missing argument to '--host-compiler'");
    O.HostCompiler = Val;
  } else if (A == "--keep" || A == "-keep") {
    O.Keep = true;
  } else if (A.starts_with("-o")) {
    if (!value("-o"))
      return 1;
    if (Val.empty())
      return error("missing argument to '-o'");
    O.Output = Val;
  } else if (A == "-E" || A == "-S" || A == "-M" || A == "-MM") {
    return error("'" + A + "' is not supported");
  } else if (A.starts_with("-arch") || A.starts_with("--gpu-architecture")) {
    if (!value(A.starts_with("-arch") ? "-arch" : "--gpu-architecture"))
      return 1;
    StringRef V(Val);
    if (V.starts_with("compute_"))
      V = V.drop_front(8), Val = ("sm_" + V).str();
    O.Arch = Val;
  } else {
    return -2;
  }
  return -1;
}

/// Flags for the translator and the compilers; anything else goes to the
/// underlying compiler. Returns -1 when taken, else an exit status.
int compilerFlag(ArgCursor &C, Options &O, Lang &ForcedLang) {
  StringRef A = C.A;
  std::string &Val = C.Val;
  auto value = [&](StringRef Name) { return C.value(Name); };
  if (A.starts_with("-std=")) {
    StringRef Std = A.drop_front(5);
    if (isCStd(Std))
      O.CStd = Std.str();
    else
      O.CxxStd = Std.str();
  } else if (A.starts_with("-I") || A.starts_with("-D") ||
             A.starts_with("-U")) {
    StringRef Name = A.take_front(2);
    if (!value(Name))
      return 1;
    O.PPFlags.push_back(Name.str() + Val);
  } else if (A == "-include" || A == "-isystem" || A == "-iquote" ||
             A == "-idirafter" || A == "-imacros") {
    if (!value(A))
      return 1;
    O.PPFlags.push_back(A.str());
    O.PPFlags.push_back(Val);
  } else if (A.starts_with("-Xcompiler") ||
             A.starts_with("--compiler-options")) {
    if (!value(A.starts_with("-X") ? "-Xcompiler" : "--compiler-options"))
      return 1;
    O.XCompiler.push_back(Val);
  } else if (A.starts_with("-Xptxas") || A.starts_with("--ptxas-options")) {
    if (!value(A.starts_with("-X") ? "-Xptxas" : "--ptxas-options"))
      return 1;
    O.XPtxas.push_back(Val);
  } else if (A == "-Xlinker") {
    if (!value("-Xlinker"))
      return 1;
    O.LinkItems.push_back("-Wl," + Val);
  } else if (A.starts_with("-Wl,")) {
    O.LinkItems.push_back(A.str());
  } else if (A == "-lineinfo" || A.starts_with("--use_fast_math") ||
             A.starts_with("-maxrregcount") ||
             A.starts_with("--maxrregcount") || A.starts_with("--expt-")) {
    // nvcc-only flags: meaningless for the emu backend.
    O.NvccOnly.push_back(A.str());
  } else if (A.starts_with("-L") || A.starts_with("-l")) {
    StringRef Name = A.take_front(2);
    if (!value(Name))
      return 1;
    O.LinkItems.push_back(Name.str() + Val);
  } else if (A == "-x" || A.starts_with("-x")) {
    if (!value("-x"))
      return 1;
    if (Val == "c")
      ForcedLang = Lang::C;
    else if (Val == "c++")
      ForcedLang = Lang::Cxx;
    else if (Val == "cu" || Val == "cuda")
      ForcedLang = Lang::Cu;
    else if (Val == "none")
      ForcedLang = Lang::None;
    else
      return error("unsupported language '" + Val + "' for -x");
  } else if (int RC = translatorOption(A, O); RC >= 0) {
    if (RC > 0)
      return RC;
  } else if (A == "-fopenmp" || A.starts_with("-fopenmp-targets") ||
             A.starts_with("-foffload") || A == "-mp=gpu" || A == "-mp" ||
             A.starts_with("--offload-arch") || A == "-fopenmp-simd") {
    // Implied: the driver chooses how OpenMP offloading is compiled.
  } else if (A.starts_with("-O") || A == "-g" || A.starts_with("-g") ||
             (A.starts_with("-W") && !A.starts_with("-Wp,") &&
              !A.starts_with("-Wa,")) ||
             A == "-w") {
    O.CommonFlags.push_back(A.str());
  } else if (A == "-MF" || A == "-MT" || A == "-MQ") {
    if (!value(A))
      return 1;
    O.OtherFlags.push_back(A.str());
    O.OtherFlags.push_back(Val);
  } else {
    O.OtherFlags.push_back(A.str());
  }
  return -1;
}

} // namespace

int parse(int Argc, char **Argv, Options &O) {
  Lang ForcedLang = Lang::None;
  bool Operands = false;
  for (ArgCursor C(Argc, Argv); C.I < Argc; ++C.I) {
    StringRef A(Argv[C.I]);
    C.A = A;
    if (Operands || A == "-" || !A.starts_with("-")) {
      if (A == "-")
        return error("reading the source from standard input is not "
                     "supported");
      Lang K = ForcedLang != Lang::None ? ForcedLang : langOfExtension(A);
      if (K == Lang::Object)
        O.LinkItems.push_back(A.str());
      else
        O.Inputs.push_back({A.str(), K, ForcedLang != Lang::None});
      continue;
    }
    if (A == "--") {
      Operands = true;
      continue;
    }
    if (A == "--help" || A == "-help" || A == "-h") {
      printHelp();
      return 0;
    }
    if (A == "--version") {
      llvm::outs() << "omp2cuda-cc " << OMP2CUDA_VERSION << "\n";
      return 0;
    }
    int RC = driverFlag(C, O);
    if (RC == -2)
      RC = compilerFlag(C, O, ForcedLang);
    if (RC >= 0)
      return RC;
  }
  return -1;
}

} // namespace cc
} // namespace omp2cuda
