#include "driver/Report.h"
#include "lowering/Lower.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <algorithm>
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

namespace omp2cuda {

namespace {

const char *className(const Region &R) {
  if (!R.Translate)
    return "host";
  switch (R.Class) {
  case RegionClass::Combined:
    return "combined";
  case RegionClass::Sequential:
    return "sequential";
  case RegionClass::General:
    return "general";
  case RegionClass::DataEnv:
  case RegionClass::DataStmt:
    return "data";
  }
  return "host";
}

const char *passingName(Passing P) {
  switch (P) {
  case Passing::Value:
    return "firstprivate";
  case Passing::DevicePointer:
    return "device pointer";
  case Passing::MappedObject:
    return "mapped";
  case Passing::Private:
    return "private";
  case Passing::LastPrivate:
    return "lastprivate";
  case Passing::Reduction:
    return "reduction";
  }
  return "";
}

std::string mapText(const Capture &C) {
  if (!C.Map)
    return C.How == Passing::DevicePointer ? "implicit zero-length section"
                                           : "";
  std::string S = mapFlags(*C.Map);
  if (C.Map->Section)
    S += fmt::format(" [{}:{}]", C.Map->Lower, C.Map->Length);
  return S;
}

/// Static shared memory of the kernel: the block-reduction scratch.
unsigned sharedBytes(const Region &R) {
  for (const Capture &C : R.Captures)
    if (C.How == Passing::Reduction)
      return 32 * 8;
  return 0;
}

} // namespace

std::string textReport(const std::vector<FileResult> &Files) {
  std::string Out;
  for (const FileResult &F : Files)
    for (const RegionReport &Rep : F.Regions) {
      const Region &R = Rep.R;
      Out += fmt::format("{}:{}:{}: {}", R.Loc.File, R.Loc.Line, R.Loc.Col,
                         R.Directive);
      if (!R.Function.empty())
        Out += fmt::format(" in {}", R.Function);
      Out += "\n";
      if (!R.Translate) {
        Out += fmt::format("    left on the host [omp2cuda-{}]: {}\n",
                           diagIdName(R.Why), R.Reason);
        continue;
      }
      Out += fmt::format("    class: {}", className(R));
      if (!Rep.Kernel.empty())
        Out += fmt::format("; kernel {}; launch: {}; shared memory: {} B",
                           Rep.Kernel, Rep.LaunchShape, sharedBytes(R));
      Out += "\n";
      for (const Capture &C : R.Captures)
        Out += fmt::format("    {}: {}{}{}\n", C.Name, passingName(C.How),
                           mapText(C).empty() ? "" : ", ", mapText(C));
      for (const std::string &Rem : R.Remarks)
        Out += "    note: " + Rem + "\n";
    }
  return Out;
}

std::string jsonReport(const std::vector<FileResult> &Files) {
  llvm::json::Array Arr;
  for (const FileResult &F : Files)
    for (const RegionReport &Rep : F.Regions) {
      const Region &R = Rep.R;
      llvm::json::Array Vars;
      for (const Capture &C : R.Captures)
        Vars.push_back(llvm::json::Object{{"name", C.Name},
                                          {"passing", passingName(C.How)},
                                          {"map", mapText(C)},
                                          {"implicit", !C.Map || C.Map->Implicit}});
      llvm::json::Object O{{"file", R.Loc.File},
                           {"line", R.Loc.Line},
                           {"column", R.Loc.Col},
                           {"directive", R.Directive},
                           {"function", R.Function},
                           {"class", className(R)},
                           {"translated", R.Translate},
                           {"variables", std::move(Vars)}};
      if (!R.Translate) {
        O["diagnostic"] = std::string("omp2cuda-") + diagIdName(R.Why);
        O["reason"] = R.Reason;
      }
      if (!Rep.Kernel.empty()) {
        O["kernel"] = Rep.Kernel;
        O["launch"] = Rep.LaunchShape;
        O["shared_bytes"] = sharedBytes(R);
      }
      Arr.push_back(std::move(O));
    }
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << llvm::formatv("{0:2}", llvm::json::Value(std::move(Arr))) << "\n";
  return OS.str();
}

} // namespace omp2cuda
