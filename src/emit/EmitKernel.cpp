#include "emit/Emit.h"
#include "Registry.h"

#include <fmt/format.h>

namespace omp2cuda {

std::string placedBody(const KernelModel &K) {
  // The markers keep a formatter off the user's text; the driver removes
  // them after formatting the generated code around it.
  std::string Out = "// clang-format off\n";
  Out += lineMarker(K.BodyPos, K.LineDirectives);
  // The first line gets its source line's indentation, so the rest of the
  // user's lines keep theirs relative to it.
  unsigned Col = K.BodyIndent < 2 ? 2 : K.BodyIndent;
  // After the body the driver marks the generated file's own lines again
  // (where it drops the `clang-format on`).
  Out += std::string(Col, ' ') + K.Body + "\n// clang-format on\n";
  return Out;
}

std::string emitKernel(const KernelModel &K) {
  // Nothing here is the user's text but the body, which placedBody()
  // attributes to the input: the rest is the generated file's own.
  std::string Out = generatedMarker(K.LineDirectives);
  Out += fmt::format("// omp2cuda: kernel for {}\n", K.Comment);
  bool Template = K.OnePassVariant || K.CounterVariant;
  if (K.OnePassVariant)
    Out += "//\n// Two instantiations: the stub launches <true> when the grid "
           "has a thread\n// for every iteration; its loop then runs once, "
           "with no stride state kept.\n";
  else if (K.CounterVariant) // a chunked loop: one pass is no shape of it
    Out += "//\n";
  if (K.CounterVariant)
    Out += "// O2cIdx, the counter's type, is 32 bits wide when the trip "
           "count allows.\n";
  if (Template) {
    // A C program's headers are included in `extern "C"`, and so may be the
    // region's function: a template cannot have C linkage.
    Out += "extern \"C++\" {\n";
    // First, so that they never follow a parameter pack.
    std::string Own = !K.OnePassVariant  ? "class O2cIdx"
                      : K.CounterVariant ? "bool O2cOnePass, class O2cIdx"
                                         : "bool O2cOnePass";
    if (K.BoundedThreads)
      Own += ", int O2cMaxThreads";
    Out += K.TemplateHeader.empty()
               ? "template <" + Own + ">\n"
               : "template <" + Own + ", " +
                     K.TemplateHeader.substr(std::string("template <").size()) +
                     "\n";
  } else if (!K.TemplateHeader.empty()) {
    Out += K.TemplateHeader + "\n";
  }
  std::string Params;
  for (const KernelParam &P : K.Params)
    Params += (Params.empty() ? "" : ", ") + P.Decl;
  // A template kernel of external linkage would be merged with a namesake
  // of another translation unit (same function and line) without a word.
  Out += fmt::format("{}__global__ void {}{}({}) {{\n",
                     K.Internal || Template ? "static " : "",
                     K.BoundedThreads ? "__launch_bounds__(O2cMaxThreads) " : "",
                     K.Name, Params);
  // Calls that no edit re-spelled (macro bodies, loop headers) find the
  // device's OpenMP API by unqualified lookup.
  for (const std::string &N : K.DeviceApiUsings)
    Out += "  using o2c_dev::" + N + ";\n";
  for (const std::string &D : K.PrivateDecls)
    Out += "  " + D + "\n";
  rewriterFor(K.Shape).EmitBody(K, Out);
  Out += "}\n";
  if (Template)
    Out += "} // extern \"C++\"\n";
  return Out;
}

} // namespace omp2cuda
