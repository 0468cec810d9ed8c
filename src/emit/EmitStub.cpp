#include "emit/Emit.h"
#include "Registry.h"

#include <fmt/format.h>

namespace omp2cuda {

std::string emitStub(const KernelModel &K) {
  std::string Out;
  Out += fmt::format("// omp2cuda: host launch stub for {}\n", K.Comment);
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
  Out += fmt::format("static bool {}({}) {{\n", K.StubName, Params);
  if (K.Depend)
    Out += "  o2c::waitForSiblingTasks(); // depend: predecessors first\n";
  Out += fmt::format("  static const o2c::SourceLoc o2c_loc = {{{}, {}, {}, {}}};\n",
                     cString(K.Loc.File), K.Loc.Line, K.Loc.Col,
                     cString(K.Directive));
  Out += fmt::format("  o2c::TargetRegion o2c_region(o2c_loc, {}, {}, {});\n",
                     K.Device.empty() ? "-1" : "o2c::deviceClause(" + K.Device + ")",
                     K.IfCond.empty() ? "true" : "(bool)(" + K.IfCond + ")",
                     K.NoWait ? "true" : "false");
  Out += "  if (!o2c_region.offload())\n    return false;\n";
  for (const StubMap &M : K.Maps)
    Out += "  " + M.Stmt + "\n";
  rewriterFor(K.Shape).EmitLaunch(K, Out);
  Out += "  return o2c_region.finish();\n}\n";
  return Out;
}

} // namespace omp2cuda
