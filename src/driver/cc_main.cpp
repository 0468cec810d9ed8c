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

#include "CcOptions.h"
#include "CcPch.h"
#include "CcTools.h"

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

using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;
using namespace omp2cuda::cc;

namespace {

/// Everything created during the run; removed on every exit path.
struct Temps {
  std::string Dir;
  ~Temps() {
    if (!Dir.empty())
      fs::remove_directories(Dir);
  }
};

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

  int exec(const std::vector<std::string> &Cmd, int *RC = nullptr,
           StringRef ErrFile = "");
  int compileWithPch(const std::vector<std::string> &Cmd, const std::string &Pch,
                     int &RC);
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
  bool ensureCxx(bool Quiet = false);
};

int Driver::exec(const std::vector<std::string> &Cmd, int *RC,
                 StringRef ErrFile) {
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
  std::optional<StringRef> Redirects[] = {std::nullopt, std::nullopt, ErrFile};
  int Status = llvm::sys::ExecuteAndWait(
      Cmd[0], Args, std::nullopt,
      ErrFile.empty() ? llvm::ArrayRef<std::optional<StringRef>>()
                      : llvm::ArrayRef<std::optional<StringRef>>(Redirects),
      0, 0, &Err, &Failed);
  // A held attempt (ErrFile) that crashed is only retried (CcPch.h).
  if ((Failed || Status < 0) && !ErrFile.empty())
    return 1;
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


/// The default host compiler: clang 19 with libomp, which accepts every
/// OpenMP 5.x directive the generated file keeps for its host fallback (GCC
/// 12 rejects many), and which nvcc 13 takes as its host compiler.
constexpr const char *DefaultCxx = "clang++-19";

bool Driver::ensureCxx(bool Quiet) {
  if (CXX.empty() && !O.HostCompiler.empty())
    CXX = findTool(nullptr, O.HostCompiler);
  if (CXX.empty())
    CXX = findTool("OMP2CUDA_CXX", DefaultCxx);
  if (CXX.empty() && !std::getenv("OMP2CUDA_CXX") && O.HostCompiler.empty())
    CXX = findTool(nullptr, "g++"); // a machine without clang 19
  if (CXX.empty()) {
    if (!Quiet)
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
  // The host side of the .cu (both backends) is CXX's: its choice of a
  // variant by the constructs around a call is the one the device must
  // make. Without one, the compile of the .cu says so.
  if (ensureCxx(/*Quiet=*/true))
    Cmd.push_back(std::string("--host-compiler-family=") +
                  (isGcc(CXX[0]) ? "gcc" : "clang"));
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
  std::string Pch;
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
    size_t QuoteAt = Cmd.size();
    Cmd.push_back("-I" + IncludeDir);
    addHostFlags(Cmd);
    // The source's directory does not change the runtime's header: the
    // precompiled one serves every source compiled with the same flags.
    if (const char *Dir = std::getenv("OMP2CUDA_PCH_DIR");
        Dir && *Dir && startsWithRuntime(Cu) && pchApplies(Cmd))
      Pch = ensurePch(Dir, Cmd, IncludeDir, O.Verbose);
    if (!SrcDir.empty())
      Cmd.insert(Cmd.begin() + QuoteAt, {"-iquote", SrcDir});
  }
  Cmd.insert(Cmd.end(), {"-c", Cu, "-o", Obj});
  int RC = 0;
  if (!Pch.empty() && compileWithPch(Cmd, Pch, RC) == 0 && RC == 0)
    return 0;
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

/// Cmd with the precompiled runtime header. Its diagnostics are held: on
/// success they are shown (warnings), on failure the caller compiles again
/// without the cache, which reports the errors as a user without one sees
/// them (a header the cache got wrong is then no error of the user's).
int Driver::compileWithPch(const std::vector<std::string> &Cmd,
                           const std::string &Pch, int &RC) {
  std::vector<std::string> WithPch = Cmd;
  WithPch.insert(WithPch.end() - 4, {"-include-pch", Pch});
  llvm::SmallString<256> Log;
  if (fs::createTemporaryFile("omp2cuda-cc", "log", Log))
    return 1;
  int Failed = exec(WithPch, &RC, Log);
  if (!Failed && RC == 0)
    if (auto Buf = llvm::MemoryBuffer::getFile(Log))
      llvm::errs() << (*Buf)->getBuffer();
  fs::remove(Log);
  return Failed;
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