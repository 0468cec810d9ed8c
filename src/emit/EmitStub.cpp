#include "emit/Emit.h"
#include "Registry.h"

#include <fmt/format.h>

namespace omp2cuda {

std::string mapStepCall(const MapStep &S, const std::string &Callee,
                        const std::string &Lead, const std::string &MapFn) {
  if (S.Attach)
    return fmt::format("{}attachSection({}{}, {});", Callee, Lead, S.Addr,
                       S.Count);
  return fmt::format("{}{}({}{}, {}, {});", Callee, MapFn, Lead, S.Addr,
                     S.Count, S.Flags);
}

namespace {

/// S with its continuation lines indented one level deeper.
std::string indentMore(std::string S) {
  for (size_t P = S.find("\n  "); P != std::string::npos;
       P = S.find("\n  ", P + 5))
    S.insert(P + 1, "  ");
  return S;
}

/// A stub map's statements, one line each; an item's iterator loops around
/// its steps.
std::string stubMapText(const StubMap &M) {
  if (!M.Stmt.empty())
    return M.Stmt;
  std::string S;
  for (const MapStep &Step : M.Steps)
    S += (S.empty() ? "" : "\n  ") + mapStepCall(Step, "o2c_region.");
  if (M.Loops.empty())
    return S;
  std::string Loops;
  for (const std::string &L : M.Loops)
    Loops += L;
  return fmt::format("{}{{\n    {}\n  }}", Loops, indentMore(S));
}

/// The statements from the region object to the end: what the helper thread
/// runs for a deferred region, and the whole of a synchronous one. Dev and If
/// are the region's device and if arguments.
std::string regionBody(const KernelModel &K, const std::string &Dev,
                       const std::string &If, const std::string &Indent) {
  std::string Out;
  Out += fmt::format("{}o2c::TargetRegion o2c_region(o2c_loc, {}, {}, {});\n",
                     Indent, Dev, If, K.NoWait ? "true" : "false");
  Out += Indent + "if (!o2c_region.offload())\n" + Indent + "  return false;\n";
  std::string Steps;
  for (const StubMap &M : K.Maps)
    Steps += "  " + stubMapText(M) + "\n";
  rewriterFor(K.Shape).EmitLaunch(K, Steps);
  Steps += "  return o2c_region.finish();\n";
  // Indent the launch code as deep as the body it stands in.
  for (std::size_t B = 0; B < Steps.size();) {
    std::size_t E = Steps.find('\n', B);
    if (E == std::string::npos)
      E = Steps.size();
    if (E > B)
      Out += Indent.substr(2) + Steps.substr(B, E - B);
    Out += "\n";
    B = E + 1;
  }
  return Out;
}

} // namespace

std::string deviceWhereIf(const std::string &If, const std::string &Dev) {
  if (If.empty() || If == "true" || Dev.empty() || Dev == "-1")
    return Dev;
  return "(" + If + " ? " + Dev + " : -1)";
}

std::string emitStub(const KernelModel &K) {
  std::string Out;
  Out += fmt::format("// omp2cuda: host launch stub for {}\n", K.Comment);
  if (K.NoWait)
    Out += "//\n// nowait: returns the deferred target task that a hidden helper "
           "thread\n// runs (docs/async.md), or null when the region must run "
           "on the host.\n";
  else
    Out += "//\n// Returns false when the region must run on the host.\n";
  // The stub is no text of the input: without a marker of its own, the
  // #line of the kernel body before it would attribute its lines to the
  // input lines after that body, and a compiler error here would point at
  // unrelated user code. Its lines are the generated file's own.
  if (K.Loc.Line != 0)
    Out += generatedMarker(K.LineDirectives);
  if (!K.TemplateHeader.empty())
    Out += K.TemplateHeader + "\n";
  std::string Params;
  for (const std::string &P : K.StubParams)
    Params += (Params.empty() ? "" : ", ") + P;
  std::string Dev =
      K.Device.empty() ? "-1" : "o2c::deviceClause(" + K.Device + ")";
  std::string If = K.IfCond.empty() ? "true" : "(bool)(" + K.IfCond + ")";
  Dev = deviceWhereIf(If, Dev);
  std::string Loc =
      fmt::format("  static const o2c::SourceLoc o2c_loc = {{{}, {}, {}, {}}};\n",
                  cString(K.Loc.File), K.Loc.Line, K.Loc.Col,
                  cString(K.Directive));
  if (!K.NoWait) {
    Out += fmt::format("static bool {}({}) {{\n", K.StubName, Params);
    if (K.Depend)
      Out += "  o2c::waitForSiblingTasks(); // depend: predecessors first\n";
    Out += Loc + regionBody(K, Dev, If, "  ") + "}\n";
    return Out;
  }
  // Deferred: the clauses are evaluated and the arguments bound now; the
  // helper thread runs the lambda, which maps, launches and unmaps.
  std::string Names, Deferred;
  for (const std::string &N : K.DeferredArgs)
    Names += ", " + N;
  for (const std::string &P : K.DeferredParams)
    Deferred += ", " + P;
  Out += fmt::format("static o2c::AsyncTask *{}({}) {{\n", K.StubName, Params);
  Out += Loc;
  Out += fmt::format("  int o2c_dev;\n  if (!o2c::offloads(o2c_loc, {}, {}, "
                     "o2c_dev))\n    return nullptr;\n",
                     Dev, If);
  Out += fmt::format("  return o2c::targetTask(\n      o2c_loc,\n      [](int "
                     "o2c_dev{}) -> bool {{\n",
                     Deferred);
  for (const std::string &P : K.DeferredPrologue)
    Out += "        " + P + "\n";
  Out += regionBody(K, "o2c_dev", "true", "        ");
  Out += fmt::format("      }},\n      o2c_dev{});\n}}\n", Names);
  return Out;
}

std::string emitStubDeclaration(const KernelModel &K) {
  std::string Params;
  for (const std::string &P : K.StubParams)
    Params += (Params.empty() ? "" : ", ") + P;
  return (K.TemplateHeader.empty() ? "" : K.TemplateHeader + "\n") +
         fmt::format("static {}{}({});\n",
                     K.NoWait ? "o2c::AsyncTask *" : "bool ", K.StubName,
                     Params);
}

} // namespace omp2cuda
