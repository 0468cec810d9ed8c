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
  case RegionClass::Spmd: // its launch shape says which form
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

/// The OpenMP spelling users wrote or would write: "map(always, to: x[0:n])",
/// or the motion clause "from(x[0:n])" of a target update.
std::string mapText(const Capture &C, const Region &R) {
  if (!C.Map)
    return C.How == Passing::DevicePointer ? "implicit zero-length section"
                                           : "";
  const MapInfo &M = *C.Map;
  std::string Var = C.Name;
  for (const std::string &I : M.Rows)
    Var += "[" + I + "]";
  if (M.Section)
    Var += M.Stride.empty() ? fmt::format("[{}:{}]", M.Lower, M.Length)
                            : fmt::format("[{}:{}:{}]", M.Lower, M.Length, M.Stride);
  if (llvm::StringRef(R.Directive).starts_with("target update"))
    return fmt::format("{}({}{})", M.Type == MapType::From ? "from" : "to",
                       M.Present ? "present: " : "", Var);
  std::string S = "map(";
  if (M.Always)
    S += "always, ";
  if (M.Present)
    S += "present, ";
  switch (M.Type) {
  case MapType::Alloc: S += "alloc"; break;
  case MapType::To: S += "to"; break;
  case MapType::From: S += "from"; break;
  case MapType::ToFrom: S += "tofrom"; break;
  case MapType::Release: S += "release"; break;
  case MapType::Delete: S += "delete"; break;
  }
  S += ": " + Var + ")";
  if (M.Implicit)
    S += " implicit";
  return S;
}

/// "reduction(+)" from the device runtime's operator name.
std::string reductionText(const Capture &C) {
  static const std::pair<const char *, const char *> Ops[] = {
      {"RedPlus", "+"},      {"RedTimes", "*"},   {"RedMin", "min"},
      {"RedMax", "max"},     {"RedBitAnd", "&"},  {"RedBitOr", "|"},
      {"RedBitXor", "^"},    {"RedLogAnd", "&&"}, {"RedLogOr", "||"}};
  llvm::StringRef Op(C.ReductionOp);
  Op.consume_front("o2c_dev::");
  for (auto &[Name, Spelling] : Ops)
    if (Op == Name)
      return fmt::format("reduction({})", Spelling);
  return "reduction";
}

std::string passingText(const Capture &C) {
  return C.How == Passing::Reduction ? reductionText(C) : passingName(C.How);
}

/// Static shared memory of the kernel: the block-reduction scratch.
unsigned sharedBytes(const Region &R) {
  if (R.Class == RegionClass::Spmd)
    return R.Spmd.SharedBytes;
  for (const Capture &C : R.Captures)
    if (C.How == Passing::Reduction)
      return 32 * 8;
  return 0;
}

/// Bytes the team master shares with its threads (seed 002 Level 0): slots
/// in shared memory, one per team; combined kernels keep every variable in
/// registers.
unsigned dataSharingBytes(const Region &R) {
  return R.Class == RegionClass::Spmd ? R.Spmd.SharingBytes : 0;
}

/// Where the data-sharing slots outside static shared memory go
/// (SharingSlots.h, o2c::teamSlots).
const char *slotPlace(const Region &R) {
  switch (R.Spmd.SlotMode) {
  case DataSharing::Global:
    return "global memory (--data-sharing=global)";
  case DataSharing::Shared:
    return "dynamic shared memory (--data-sharing=shared)";
  case DataSharing::Auto:
    break;
  }
  return "dynamic shared memory up to the device's opt-in limit, else global "
         "memory (past 48 KiB of static shared memory)";
}

/// Counts of one file's regions.
Totals countFile(const FileResult &F) {
  Totals T;
  T.Files = 1;
  if (!F.Ok) {
    T.FilesFailed = 1;
    return T;
  }
  for (const RegionReport &Rep : F.Regions) {
    ++T.Regions;
    if (Rep.R.Translate) {
      ++T.Translated;
      T.Kernels += !Rep.Kernel.empty();
    } else {
      ++T.Host;
      T.HostOnPurpose += Rep.R.Why == DiagId::HostOnPurpose;
    }
  }
  return T;
}

void add(Totals &Sum, const Totals &T) {
  Sum.Files += T.Files;
  Sum.FilesFailed += T.FilesFailed;
  Sum.Regions += T.Regions;
  Sum.Translated += T.Translated;
  Sum.Kernels += T.Kernels;
  Sum.Host += T.Host;
  Sum.HostOnPurpose += T.HostOnPurpose;
}

std::string plural(unsigned N, const char *Word) {
  return fmt::format("{} {}{}", N, Word, N == 1 ? "" : "s");
}

/// A CSV field, quoted when it has to be (RFC 4180).
std::string csvField(llvm::StringRef S) {
  if (S.find_first_of(",\"\n\r") == llvm::StringRef::npos)
    return S.str();
  std::string Q = "\"";
  for (char C : S)
    Q += C == '"' ? std::string("\"\"") : std::string(1, C);
  return Q + "\"";
}

std::string csvRow(llvm::StringRef Name, const Totals &T,
                   llvm::StringRef Status) {
  return fmt::format("{},{},{},{},{},{},{}\n", csvField(Name), T.Regions,
                     T.Translated, T.Kernels, T.Host, T.HostOnPurpose, Status);
}

/// failed: a file failed; host: regions left on the host with a warning;
/// else translated.
const char *status(const Totals &T) {
  if (T.FilesFailed)
    return "failed";
  return T.Host > T.HostOnPurpose ? "host" : "translated";
}

} // namespace

Totals countRegions(const std::vector<FileResult> &Files) {
  Totals Sum;
  for (const FileResult &F : Files)
    add(Sum, countFile(F));
  return Sum;
}

std::string summaryLine(const Totals &T) {
  std::string S = "omp2cuda: ";
  if (T.Regions == 0)
    S += "no target regions";
  else
    S += plural(T.Regions, "region");
  if (T.Files > 1)
    S += " in " + plural(T.Files, "file");
  if (T.Regions > 0) {
    S += fmt::format(": {} translated, {} left on the host", T.Translated,
                     T.Host);
    if (T.HostOnPurpose > 0)
      S += fmt::format(" ({} on purpose)", T.HostOnPurpose);
  }
  if (T.FilesFailed > 0)
    S += fmt::format("; {} failed", plural(T.FilesFailed, "file"));
  return S + "\n";
}

std::string statsCsv(const std::vector<FileResult> &Files) {
  std::string Out =
      "file,regions,translated,kernels,host,host_on_purpose,status\n";
  for (const FileResult &F : Files) {
    Totals T = countFile(F);
    Out += csvRow(F.Source, T, T.Regions == 0 && F.Ok ? "none" : status(T));
  }
  Totals Sum = countRegions(Files);
  return Out + csvRow("total", Sum, status(Sum));
}

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
        Out += fmt::format("    {} on the host [omp2cuda-{}]: {}\n",
                           R.Why == DiagId::HostOnPurpose ? "kept" : "left",
                           diagIdName(R.Why), R.Reason);
        continue;
      }
      Out += fmt::format("    class: {}", className(R));
      if (!Rep.Kernel.empty())
        Out += fmt::format("; kernel {}; launch: {}; shared memory: {} B; "
                           "data-sharing stack: {} B",
                           Rep.Kernel, Rep.LaunchShape, sharedBytes(R),
                           dataSharingBytes(R));
      if (R.Class == RegionClass::Spmd && R.Spmd.SlotBytes)
        Out += fmt::format("; data-sharing slots: {} B per team in {}",
                           R.Spmd.SlotBytes, slotPlace(R));
      Out += "\n";
      for (const Capture &C : R.Captures)
        Out += fmt::format("    {}: {}{}{}\n", C.Name, passingText(C),
                           mapText(C, R).empty() ? "" : ", ", mapText(C, R));
      for (const auto &[Id, Rem] : R.Remarks)
        Out += fmt::format("    note [omp2cuda-{}]: {}\n", diagIdName(Id), Rem);
    }
  for (const FileResult &F : Files)
    for (const HeaderCopy &H : F.Headers)
      Out += fmt::format("{}: translated header {} (written as {})\n",
                         F.Source, H.Original, H.Copy);
  for (const FileResult &F : Files)
    if (!F.HostProgram.empty())
      Out += fmt::format("{}: every target region of the program runs on the "
                         "host [omp2cuda-host-program], because {}\n",
                         F.Source, F.HostProgram);
  return Out + summaryLine(countRegions(Files));
}

/// The launch description of the text report ("<form>; teams: <t>; threads:
/// <n>", " (one team)" after a single team's threads) as JSON fields, so
/// that tools need not parse it: {"form", "teams", "threads", "one_team"},
/// numbers as numbers and expressions or explanations as strings.
static llvm::json::Object launchFields(llvm::StringRef Desc) {
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Desc.split(Parts, "; ");
  llvm::json::Object O{{"form", Parts.front().str()}, {"one_team", false}};
  for (llvm::StringRef P : llvm::drop_begin(Parts)) {
    auto [Key, V] = P.split(": ");
    if (V.consume_back(" (one team)"))
      O["one_team"] = true;
    long long N;
    if (!V.getAsInteger(10, N))
      O[Key.str()] = N;
    else
      O[Key.str()] = V.str();
  }
  if (const llvm::json::Value *T = O.get("teams"))
    if (T->getAsInteger() == 1)
      O["one_team"] = true;
  return O;
}

std::string jsonReport(const std::vector<FileResult> &Files) {
  llvm::json::Array Arr;
  for (const FileResult &F : Files)
    for (const RegionReport &Rep : F.Regions) {
      const Region &R = Rep.R;
      llvm::json::Array Vars;
      for (const Capture &C : R.Captures)
        Vars.push_back(llvm::json::Object{{"name", C.Name},
                                          {"passing", passingText(C)},
                                          {"map", mapText(C, R)},
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
        O["launch"] = launchFields(Rep.LaunchShape);
        O["shared_bytes"] = sharedBytes(R);
        O["data_sharing_bytes"] = dataSharingBytes(R);
        if (R.Class == RegionClass::Spmd && R.Spmd.SlotBytes) {
          O["data_sharing_slot_bytes"] = R.Spmd.SlotBytes;
          O["data_sharing_slots"] = slotPlace(R);
        }
      }
      Arr.push_back(std::move(O));
    }
  llvm::json::Array Headers;
  for (const FileResult &F : Files)
    for (const HeaderCopy &H : F.Headers)
      Headers.push_back(llvm::json::Object{
          {"source", F.Source}, {"header", H.Original}, {"copy", H.Copy}});
  // Units that make the whole program run on the host, and why.
  llvm::json::Array HostProgram;
  for (const FileResult &F : Files)
    if (!F.HostProgram.empty())
      HostProgram.push_back(llvm::json::Object{{"source", F.Source},
                                               {"because", F.HostProgram}});
  Totals T = countRegions(Files);
  llvm::json::Object Doc{
      {"regions", std::move(Arr)},
      {"headers", std::move(Headers)},
      {"host_program", std::move(HostProgram)},
      {"totals", llvm::json::Object{{"files", T.Files},
                                    {"files_failed", T.FilesFailed},
                                    {"regions", T.Regions},
                                    {"translated", T.Translated},
                                    {"kernels", T.Kernels},
                                    {"host", T.Host},
                                    {"host_on_purpose", T.HostOnPurpose}}}};
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << llvm::formatv("{0:2}", llvm::json::Value(std::move(Doc))) << "\n";
  return OS.str();
}

} // namespace omp2cuda
