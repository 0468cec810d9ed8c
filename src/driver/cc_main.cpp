//===- cc_main.cpp - omp2cuda-cc: the compiler driver ---------------------===//
//
// omp2cuda-cc compiles OpenMP target-offload C/C++ programs the way nvc++
// -mp=gpu or hipcc do: every C/C++ source is translated by omp2cuda into a
// CUDA C++ file, which is compiled by nvcc (backend cuda) or by the host C++
// compiler against the CPU emulation of CUDA (backend emu); sources without
// target constructs are compiled unchanged by the host compiler; finally the
// objects are linked with the matching offload runtime.
//
// The driver only runs programs: it needs LLVM Support, not Clang.
//
//===----------------------------------------------------------------------===//

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#ifndef OMP2CUDA_VERSION
#define OMP2CUDA_VERSION "unknown"
#endif

using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace {

const char *const Prog = "omp2cuda-cc";

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

/// Everything created during the run; removed on every exit path.
struct Temps {
  std::string Dir;
  ~Temps() {
    if (!Dir.empty())
      fs::remove_directories(Dir);
  }
};

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

bool isCStd(StringRef Std) {
  return !Std.contains("++") &&
         (Std.starts_with("c") || Std.starts_with("gnu") ||
          Std.starts_with("iso9899"));
}

/// Splits an environment value like "ccache g++" into words.
std::vector<std::string> splitWords(StringRef S) {
  std::vector<std::string> Out;
  llvm::SmallVector<StringRef, 4> Parts;
  S.split(Parts, ' ', -1, false);
  for (StringRef P : Parts)
    if (!P.trim().empty())
      Out.push_back(P.trim().str());
  return Out;
}

/// Resolves a program: env override (may be a command with arguments), else
/// a default. Returns the command words; empty when not found.
std::vector<std::string> findTool(const char *Env, StringRef Default,
                                  StringRef Preferred = "") {
  std::vector<std::string> Words;
  if (const char *V = Env ? std::getenv(Env) : nullptr; V && *V)
    Words = splitWords(V);
  else if (!Preferred.empty() && fs::can_execute(Preferred))
    Words.push_back(Preferred.str());
  else
    Words.push_back(Default.str());
  if (Words.empty())
    return Words;
  if (!StringRef(Words[0]).contains('/')) {
    auto Found = llvm::sys::findProgramByName(Words[0]);
    if (!Found)
      return {};
    Words[0] = *Found;
  } else if (!fs::can_execute(Words[0])) {
    return {};
  }
  return Words;
}

/// GCC needs -foffload=disable so that it never looks for an offload
/// compiler of its own; clang rejects the flag.
bool isGcc(StringRef Program) {
  return !path::filename(Program).contains("clang");
}

std::string quoteArg(StringRef A) {
  if (!A.empty() && A.find_first_of(" \t\n'\"\\$`*?;&|<>()") == StringRef::npos)
    return A.str();
  std::string Q = "'";
  for (char C : A) {
    if (C == '\'')
      Q += "'\\''";
    else
      Q += C;
  }
  return Q + "'";
}

class Driver {
public:
  Driver(Options O, std::string BinDir) : O(std::move(O)), BinDir(BinDir) {}
  int run();

private:
  Options O;
  std::string BinDir, IncludeDir, LibDir, Translator;
  Temps T;
  std::vector<std::string> CC, CXX, NVCC;
  std::vector<std::string> Objects; // in command-line order with LinkItems

  int exec(const std::vector<std::string> &Cmd, int *RC = nullptr);
  /// nvcc's host compiler (--host-compiler) and its OpenMP flags.
  void addCcbin(std::vector<std::string> &Cmd);
  int translate(const Input &In, const std::string &CuOut, bool &Produced);
  int compileHost(const Input &In, const std::string &Obj);
  int compileCu(const std::string &Cu, const std::string &SrcDir,
                const std::string &Obj);
  int link();
  std::vector<std::string> linkFlags() const;
  std::string objectFor(const Input &In);
  void addHostFlags(std::vector<std::string> &Cmd);
  std::vector<std::string> clangCuFlags(const std::string &Cu) const;
  void addNvccFlags(std::vector<std::string> &Cmd);
  bool ensureNvcc();
  bool ensureCxx();
};

int Driver::exec(const std::vector<std::string> &Cmd, int *RC) {
  if (O.Verbose) {
    std::string Line;
    for (size_t I = 0; I < Cmd.size(); ++I)
      Line += (I ? " " : "") + quoteArg(Cmd[I]);
    llvm::errs() << Line << "\n";
    llvm::errs().flush();
  }
  std::vector<StringRef> Args(Cmd.begin(), Cmd.end());
  std::string Err;
  bool Failed = false;
  int Status = llvm::sys::ExecuteAndWait(Cmd[0], Args, std::nullopt, {}, 0, 0,
                                         &Err, &Failed);
  if (Failed || Status < 0)
    return error("cannot run '" + Cmd[0] + "'" +
                 (Err.empty() ? "" : ": " + Err));
  if (RC) {
    *RC = Status;
    return 0;
  }
  if (Status != 0) {
    llvm::errs() << Prog << ": error: " << path::filename(Cmd[0])
                 << " failed with exit status " << Status << "\n";
    return 1;
  }
  return 0;
}

void Driver::addCcbin(std::vector<std::string> &Cmd) {
  bool Gcc = true;
  if (ensureCxx()) {
    Cmd.insert(Cmd.end(), {"-ccbin", CXX[0]});
    Gcc = isGcc(CXX[0]);
  }
  Cmd.insert(Cmd.end(), {"-Xcompiler", Gcc ? "-fopenmp,-foffload=disable" : "-fopenmp"});
}

bool Driver::ensureNvcc() {
  if (NVCC.empty())
    NVCC = findTool("OMP2CUDA_NVCC", "nvcc", "/usr/local/cuda/bin/nvcc");
  if (NVCC.empty()) {
    error("nvcc not found (set OMP2CUDA_NVCC, or use --backend=emu)");
    return false;
  }
  return true;
}

/// The C compiler of the same family as a C++ compiler: clang++-19 ->
/// clang-19, g++-12 -> gcc-12; others compile C themselves.
std::string cSibling(StringRef Cxx) {
  std::string S = Cxx.str();
  for (auto [From, To] : {std::pair<StringRef, StringRef>{"clang++", "clang"},
                          {"g++", "gcc"}, {"c++", "cc"}})
    if (size_t At = S.rfind(From.str()); At != std::string::npos)
      return S.replace(At, From.size(), To.str());
  return S;
}

/// The default host compiler: clang 19 with libomp, which accepts every
/// OpenMP 5.x directive the generated file keeps for its host fallback (GCC
/// 12 rejects many), and which nvcc 13 takes as its host compiler.
constexpr const char *DefaultCxx = "clang++-19";

bool Driver::ensureCxx() {
  if (CXX.empty() && !O.HostCompiler.empty())
    CXX = findTool(nullptr, O.HostCompiler);
  if (CXX.empty())
    CXX = findTool("OMP2CUDA_CXX", DefaultCxx);
  if (CXX.empty() && !std::getenv("OMP2CUDA_CXX") && O.HostCompiler.empty())
    CXX = findTool(nullptr, "g++"); // a machine without clang 19
  if (CXX.empty()) {
    error("host C++ compiler not found (set OMP2CUDA_CXX)");
    return false;
  }
  return true;
}

int Driver::translate(const Input &In, const std::string &CuOut,
                      bool &Produced) {
  std::vector<std::string> Cmd{Translator, "--skip-if-none", In.Path, "-o",
                               CuOut};
  if (O.Rdc)
    Cmd.push_back("--rdc");
  Cmd.insert(Cmd.end(), O.TranslatorOptions.begin(), O.TranslatorOptions.end());
  Cmd.push_back("--");
  // -w and -Wno-... silence warnings of clang's own in the translator's
  // parse too (omp2cuda's warnings stay: -w does not reach them); other
  // warning flags are for the compilers, which report the same code again.
  for (const std::string &F : O.CommonFlags)
    if (F == "-w" || StringRef(F).starts_with("-Wno-"))
      Cmd.push_back(F);
  if (In.Forced)
    Cmd.insert(Cmd.end(), {"-x", In.Kind == Lang::C ? "c" : "c++"});
  Cmd.insert(Cmd.end(), O.PPFlags.begin(), O.PPFlags.end());
  if (In.Kind == Lang::C && !O.CStd.empty())
    Cmd.push_back("-std=" + O.CStd);
  if (In.Kind == Lang::Cxx && !O.CxxStd.empty())
    Cmd.push_back("-std=" + O.CxxStd);
  int RC = 0;
  if (exec(Cmd, &RC))
    return 1;
  if (RC != 0 && RC != 3)
    return error("omp2cuda failed on '" + In.Path + "' (exit status " +
                 llvm::Twine(RC) + ")");
  Produced = fs::exists(CuOut);
  return 0;
}

void Driver::addHostFlags(std::vector<std::string> &Cmd) {
  Cmd.insert(Cmd.end(), O.PPFlags.begin(), O.PPFlags.end());
  Cmd.insert(Cmd.end(), O.CommonFlags.begin(), O.CommonFlags.end());
  for (const std::string &X : O.XCompiler) {
    llvm::SmallVector<StringRef, 4> Parts;
    StringRef(X).split(Parts, ',', -1, false);
    for (StringRef P : Parts)
      Cmd.push_back(P.str());
  }
  Cmd.insert(Cmd.end(), O.OtherFlags.begin(), O.OtherFlags.end());
}

int Driver::compileHost(const Input &In, const std::string &Obj) {
  bool IsC = In.Kind == Lang::C;
  std::vector<std::string> Cmd;
  if (IsC) {
    if (CC.empty() && !O.HostCompiler.empty())
      CC = findTool(nullptr, cSibling(O.HostCompiler));
    if (CC.empty())
      CC = findTool("OMP2CUDA_CC", cSibling(DefaultCxx));
    if (CC.empty() && !std::getenv("OMP2CUDA_CC") && O.HostCompiler.empty())
      CC = findTool(nullptr, "gcc");
    if (CC.empty())
      return error("host C compiler not found (set OMP2CUDA_CC)");
    Cmd = CC;
    if (!O.CStd.empty())
      Cmd.push_back("-std=" + O.CStd);
  } else {
    if (!ensureCxx())
      return 1;
    Cmd = CXX;
    if (!O.CxxStd.empty())
      Cmd.push_back("-std=" + O.CxxStd);
  }
  Cmd.push_back("-fopenmp");
  if (isGcc(Cmd[0]))
    Cmd.push_back("-foffload=disable");
  addHostFlags(Cmd);
  if (In.Forced)
    Cmd.insert(Cmd.end(), {"-x", IsC ? "c" : "c++"});
  Cmd.insert(Cmd.end(), {"-c", In.Path, "-o", Obj});
  return exec(Cmd);
}

void Driver::addNvccFlags(std::vector<std::string> &Cmd) {
  Cmd.insert(Cmd.end(), O.PPFlags.begin(), O.PPFlags.end());
  for (const std::string &F : O.CommonFlags) {
    StringRef S(F);
    // nvcc knows -O*, -g and a few -W flags of its own; the rest of the
    // warning flags are for the host compiler.
    if (S.starts_with("-W") && S != "-Werror" &&
        S != "-Wno-deprecated-gpu-targets" && S != "-Wreorder" &&
        S != "-Wdefault-stream-launch" && S != "-Wmissing-launch-bounds" &&
        S != "-Wext-lambda-captures-policy" &&
        !S.starts_with("-Werror=")) {
      Cmd.insert(Cmd.end(), {"-Xcompiler", F});
      continue;
    }
    if (S.starts_with("-g") && S != "-g" && S != "-G") {
      Cmd.insert(Cmd.end(), {"-Xcompiler", F});
      continue;
    }
    Cmd.push_back(F);
  }
  for (const std::string &X : O.XCompiler)
    Cmd.insert(Cmd.end(), {"-Xcompiler", X});
  for (const std::string &X : O.XPtxas)
    Cmd.insert(Cmd.end(), {"-Xptxas", X});
  Cmd.insert(Cmd.end(), O.NvccOnly.begin(), O.NvccOnly.end());
  for (const std::string &F : O.OtherFlags) {
    StringRef S(F);
    // GCC-style code-generation flags go through to the host compiler.
    if ((S.starts_with("-f") || S.starts_with("-m") || S == "-pthread") &&
        !S.starts_with("-maxrregcount"))
      Cmd.insert(Cmd.end(), {"-Xcompiler", F});
    else
      Cmd.push_back(F);
  }
}

/// Flags clang needs to compile a generated .cu as its translator parsed it:
/// the OpenMP version the header line records (the regions' fallback copies
/// keep their directives), and C's variable-length arrays without the
/// warning clang gives them in C++ (the user's C had them).
std::vector<std::string> Driver::clangCuFlags(const std::string &Cu) const {
  auto Buf = llvm::MemoryBuffer::getFile(Cu);
  if (!Buf)
    return {};
  StringRef Head = (*Buf)->getBuffer().take_until([](char C) { return C == '\n'; });
  if (!Head.starts_with("// Generated by omp2cuda"))
    return {};
  std::vector<std::string> Flags{"-Wno-vla-cxx-extension"};
  auto Named = [](const std::vector<std::string> &V) {
    return std::any_of(V.begin(), V.end(), [](const std::string &F) {
      return StringRef(F).contains("-fopenmp-version=");
    });
  };
  size_t At = Head.find("(OpenMP ");
  if (At != StringRef::npos && At + 11 <= Head.size() &&
      !Named(O.CommonFlags) && !Named(O.OtherFlags)) {
    StringRef V = Head.substr(At + 8, 3); // "5.2"
    Flags.push_back(("-fopenmp-version=" + V.take_front(1) + V.drop_front(2)).str());
  }
  return Flags;
}

int Driver::compileCu(const std::string &Cu, const std::string &SrcDir,
                      const std::string &Obj) {
  std::vector<std::string> Cmd;
  std::string Std = O.CxxStd.empty() ? "c++17" : O.CxxStd;
  if (O.BE == Backend::Cuda) {
    if (!ensureNvcc())
      return 1;
    Cmd = NVCC;
    Cmd.insert(Cmd.end(), {"-arch=" + O.Arch, "-x", "cu", "-std=" + Std});
    if (O.Rdc)
      Cmd.push_back("-rdc=true");
    // C code calls fmin/fmax and friends, which <cmath> declares constexpr
    // for some argument types; device code may call them with this flag.
    Cmd.push_back("--expt-relaxed-constexpr");
    // A lambda written in host code that a region calls (passed to a
    // function template) is marked `__host__ __device__`: an extended
    // lambda, which nvcc accepts only with this flag.
    Cmd.push_back("--extended-lambda");
    // A host function reached from device code is only a warning to nvcc,
    // and the device then skips the call: a wrong answer on the GPU that
    // the emulated device cannot show (seen on an H100). Stop the build.
    Cmd.insert(Cmd.end(), {"-Werror", "cross-execution-space-call"});
    // The generated file lives in a temporary directory: the original
    // source's directory must still be searched for its includes.
    if (!SrcDir.empty())
      Cmd.push_back("-I" + SrcDir);
    Cmd.push_back("-I" + IncludeDir);
    addCcbin(Cmd);
    if (!isGcc(CXX[0]))
      for (const std::string &F : clangCuFlags(Cu))
        Cmd.insert(Cmd.end(), {"-Xcompiler", F});
    addNvccFlags(Cmd);
  } else {
    if (!ensureCxx())
      return 1;
    Cmd = CXX;
    Cmd.insert(Cmd.end(), {"-std=" + Std, "-x", "c++", "-fopenmp"});
    if (isGcc(Cmd[0]))
      Cmd.push_back("-foffload=disable");
    else
      for (const std::string &F : clangCuFlags(Cu))
        Cmd.push_back(F);
    if (!SrcDir.empty())
      Cmd.insert(Cmd.end(), {"-iquote", SrcDir});
    Cmd.push_back("-I" + IncludeDir);
    addHostFlags(Cmd);
  }
  Cmd.insert(Cmd.end(), {"-c", Cu, "-o", Obj});
  int RC = 0;
  if (exec(Cmd, &RC))
    return 1;
  if (RC == 0)
    return 0;
  error(path::filename(Cmd[0]) + " failed with exit status " + llvm::Twine(RC));
  // The .cu keeps each region's directives as its host fallback: GCC 12
  // rejects OpenMP 5.x forms (and some nestings) that clang accepts.
  bool GccHost = isGcc(CXX[0]);
  if (GccHost)
    note("the generated file keeps each region's OpenMP directives for the "
         "host; if the host compiler rejected one, --host-compiler=clang++-19 "
         "compiles the host side with clang, which accepts OpenMP 5.x");
  return 1;
}

std::string Driver::objectFor(const Input &In) {
  if (O.CompileOnly) {
    if (!O.Output.empty())
      return O.Output;
    return (path::stem(In.Path) + ".o").str();
  }
  llvm::SmallString<256> P(T.Dir);
  // Several inputs may share a stem: number them.
  path::append(P, path::stem(In.Path) + "." +
                      std::to_string(Objects.size()) + ".o");
  return std::string(P);
}

/// The user's flags that also matter when linking.
std::vector<std::string> Driver::linkFlags() const {
  std::vector<std::string> Out;
  for (const std::string &F : O.OtherFlags) {
    StringRef S(F);
    if (S == "-pthread" || S.starts_with("-fsanitize") || S.starts_with("-static") ||
        S == "-shared" || S == "-rdynamic" || S == "-pg" || S == "--coverage" ||
        S == "-fprofile-arcs")
      Out.push_back(F);
  }
  return Out;
}

int Driver::link() {
  std::vector<std::string> Cmd;
  std::string Out = O.Output.empty() ? "a.out" : O.Output;
  if (O.BE == Backend::Cuda) {
    if (!ensureNvcc())
      return 1;
    Cmd = NVCC;
    Cmd.push_back("-arch=" + O.Arch);
    // nvcc links the relocatable device code of the objects (the device
    // link) before the host link.
    if (O.Rdc)
      Cmd.push_back("-rdc=true");
    for (const std::string &F : O.CommonFlags)
      if (F == "-g")
        Cmd.push_back(F);
    for (const std::string &L : O.LinkItems) {
      StringRef S(L);
      if (S.starts_with("-Wl,"))
        Cmd.insert(Cmd.end(), {"-Xlinker", S.drop_front(4).str()});
      else
        Cmd.push_back(L);
    }
    for (const std::string &F : linkFlags())
      if (F == "-shared")
        Cmd.push_back(F);
      else
        Cmd.insert(Cmd.end(), {"-Xcompiler", F});
    addCcbin(Cmd);
    Cmd.insert(Cmd.end(), {"-L" + LibDir, "-lomp2cuda_rt_cuda", "-o", Out});
  } else {
    if (!ensureCxx())
      return 1;
    Cmd = CXX;
    for (const std::string &L : O.LinkItems) {
      StringRef S(L);
      Cmd.push_back(L);
    }
    for (const std::string &F : linkFlags())
      Cmd.push_back(F);
    llvm::SmallString<256> Lib(LibDir);
    path::append(Lib, "libomp2cuda_rt_emu.a");
    Cmd.insert(Cmd.end(), {std::string(Lib), "-lboost_context", "-lpthread",
                           "-fopenmp", "-o", Out});
  }
  return exec(Cmd);
}

/// Keeps the generated file Cu as Kept (--keep). Its #line markers of the
/// code omp2cuda wrote name Kept instead of Cu, in both: the compile of Cu
/// (beside its translated headers) reports errors there at Kept's lines.
int keep(const std::string &Cu, const std::string &Kept) {
  auto Buf = llvm::MemoryBuffer::getFile(Cu);
  if (!Buf)
    return error("cannot read '" + Cu + "': " + Buf.getError().message());
  std::string Text = (*Buf)->getBuffer().str();
  std::string From = "\"" + Cu + "\"\n", To = "\"" + Kept + "\"\n";
  for (size_t At = 0; (At = Text.find(From, At)) != std::string::npos;
       At += To.size())
    Text.replace(At, From.size(), To);
  Buf->reset();
  for (const std::string &F : {Kept, Cu}) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(F, EC);
    if (!EC)
      OS << Text;
    if (EC || OS.has_error())
      return error("cannot keep '" + Kept + "': cannot write '" + F + "'");
  }
  return 0;
}

int Driver::run() {
  llvm::SmallString<256> P(BinDir);
  path::append(P, "omp2cuda");
  Translator = std::string(P);
  P = BinDir;
  path::append(P, "..", "include");
  path::remove_dots(P, true);
  IncludeDir = std::string(P);
  P = BinDir;
  path::append(P, "..", "lib");
  path::remove_dots(P, true);
  LibDir = std::string(P);

  if (O.Inputs.empty())
    return error("no input files");
  size_t Sources = 0;
  for (const Input &In : O.Inputs) {
    if (In.Kind != Lang::Object)
      ++Sources;
    if (!fs::exists(In.Path))
      return error("no such file: '" + In.Path + "'");
  }
  if (O.CompileOnly && !O.Output.empty() && Sources > 1)
    return error("cannot specify -o with -c and multiple source files");
  if (O.CompileOnly && Sources == 0)
    return error("-c given but no source files");
  bool NeedTranslator = false;
  for (const Input &In : O.Inputs)
    NeedTranslator |= In.Kind == Lang::C || In.Kind == Lang::Cxx;
  if (NeedTranslator && !fs::can_execute(Translator))
    return error("translator not found: '" + Translator + "'");
  if (O.BE == Backend::Emu && !O.XPtxas.empty())
    note("-Xptxas is ignored by the emu backend");
  if (O.BE == Backend::Emu && !O.NvccOnly.empty())
    note("'" + O.NvccOnly.front() + "' is ignored by the emu backend");
  if (O.BE == Backend::Emu && !O.CompileOnly) {
    llvm::SmallString<256> Lib(LibDir);
    path::append(Lib, "libomp2cuda_rt_emu.a");
    if (!fs::exists(Lib))
      return error("runtime library not found: '" + Lib + "'");
  }

  llvm::SmallString<256> TmpDir;
  if (std::error_code EC =
          fs::createUniqueDirectory("omp2cuda-cc", TmpDir))
    return error("cannot create a temporary directory: " + EC.message());
  T.Dir = std::string(TmpDir);

  std::string OutBase = O.Output.empty()
                            ? (O.CompileOnly ? std::string() : "a.out")
                            : O.Output;
  // Objects and link items, in command-line order.
  std::vector<std::string> LinkLine;
  for (const Input &In : O.Inputs) {
    if (In.Kind == Lang::Object) {
      LinkLine.push_back(In.Path);
      continue;
    }
    std::string Obj = objectFor(In);
    Objects.push_back(Obj);
    llvm::SmallString<256> SrcDir(path::parent_path(In.Path));
    if (SrcDir.empty())
      SrcDir = ".";
    fs::make_absolute(SrcDir);
    path::remove_dots(SrcDir, true);
    if (In.Kind == Lang::Cu) {
      if (compileCu(In.Path, "", Obj))
        return 1;
    } else {
      llvm::SmallString<256> Cu(T.Dir);
      path::append(Cu, path::stem(In.Path) + "." +
                           std::to_string(Objects.size() - 1) + ".cu");
      bool Produced = false;
      if (translate(In, std::string(Cu), Produced))
        return 1;
      if (!Produced) {
        if (compileHost(In, Obj))
          return 1;
      } else {
        std::string Base =
            OutBase.empty() ? path::stem(In.Path).str() : OutBase;
        std::string Kept = Base + "." + path::stem(In.Path).str() + ".cu";
        if (O.Keep) {
          if (int RC = keep(std::string(Cu), Kept))
            return RC;
          if (O.Verbose)
            llvm::errs() << Prog << ": kept " << Kept << "\n";
        }
        if (compileCu(std::string(Cu), std::string(SrcDir), Obj)) {
          // Errors in generated code name the generated file.
          if (!O.Keep)
            note("'" + Cu + "' is removed: --keep keeps it as '" + Kept +
                 "', which the errors then name");
          return 1;
        }
      }
    }
    LinkLine.push_back(Obj);
  }
  if (O.CompileOnly)
    return 0;
  // Objects first (in order), then the user's -L/-l/-Wl flags.
  std::vector<std::string> Items = LinkLine;
  Items.insert(Items.end(), O.LinkItems.begin(), O.LinkItems.end());
  O.LinkItems = Items;
  return link();
}

/// The translator's own options: --report[=text|json], -Minfo[=mp] (as
/// nvc++ spells it: --report=text), --suppress=, --warnings-as-errors=.
/// Returns -1 for another option, 0 when taken, else an exit status.
int translatorOption(StringRef A, Options &O) {
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

/// Parses the command line. Returns -1 to continue, else an exit status.
int parse(int Argc, char **Argv, Options &O) {
  Lang ForcedLang = Lang::None;
  bool Operands = false;
  for (int I = 1; I < Argc; ++I) {
    StringRef A(Argv[I]);
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
    // Split "-X value" and "-Xvalue" forms.
    std::string Val;
    auto value = [&](StringRef Name) -> bool {
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
    };
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
    } else if (A.starts_with("-std=")) {
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
    } else if (A.starts_with("-Xcompiler") || A.starts_with("--compiler-options")) {
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
               A.starts_with("--maxrregcount") ||
               A.starts_with("--expt-")) {
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
  }
  return -1;
}

} // namespace

int main(int Argc, char **Argv) {
  Options O;
  int RC = parse(Argc, Argv, O);
  if (RC >= 0)
    return RC;
  std::string Exe =
      fs::getMainExecutable(Argv[0], reinterpret_cast<void *>(&printHelp));
  if (Exe.empty())
    return error("cannot locate the omp2cuda-cc executable");
  std::string BinDir = path::parent_path(Exe).str();
  Driver D(std::move(O), BinDir);
  return D.run();
}
