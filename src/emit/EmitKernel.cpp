#include "emit/Emit.h"
#include "Registry.h"

#include <fmt/format.h>

namespace omp2cuda {

std::string lineMarker(const SourcePos &P, bool On) {
  if (!On || P.Line == 0)
    return "";
  std::string Escaped;
  for (char C : P.File) {
    if (C == '\\' || C == '"')
      Escaped += '\\';
    Escaped += C;
  }
  return fmt::format("#line {} \"{}\"\n", P.Line, Escaped);
}

std::string placedBody(const KernelModel &K) {
  std::string Out = lineMarker(K.BodyPos, K.LineDirectives);
  unsigned Col = K.BodyPos.Col > 0 ? K.BodyPos.Col - 1 : 0;
  if (Col < 4)
    Col = 4;
  Out += std::string(Col, ' ') + K.Body + "\n";
  return Out;
}

std::string emitKernel(const KernelModel &K) {
  std::string Out;
  Out += fmt::format("// omp2cuda: kernel for {}\n", K.Comment);
  Out += lineMarker(K.Loc, K.LineDirectives);
  if (!K.TemplateHeader.empty())
    Out += K.TemplateHeader + "\n";
  std::string Params;
  for (const KernelParam &P : K.Params)
    Params += (Params.empty() ? "" : ", ") + P.Decl;
  Out += fmt::format("__global__ void {}({}) {{\n", K.Name, Params);
  for (const std::string &D : K.PrivateDecls)
    Out += "  " + D + "\n";
  rewriterFor(K.Shape).EmitBody(K, Out);
  Out += "}\n";
  return Out;
}

} // namespace omp2cuda
