#include "driver/Metadirectives.h"
#include "frontend/VariantBlocks.h"

#include "clang/Basic/OpenMPKinds.h"

#include <algorithm>

using namespace clang;

namespace omp2cuda {

namespace {

/// The byte ranges of the main file's target execution constructs, the
/// associated statement included.
std::vector<std::pair<unsigned, unsigned>> targetRanges(ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<std::pair<unsigned, unsigned>> Out;
  for (const RegionCandidate &C : findRegions(Ctx)) {
    const OMPExecutableDirective *D = C.Directive;
    if (!isOpenMPTargetExecutionDirective(D->getDirectiveKind()))
      continue;
    SourceLocation B = SM.getExpansionLoc(D->getBeginLoc());
    SourceLocation E = SM.getExpansionLoc(
        D->hasAssociatedStmt() && D->getAssociatedStmt()
            ? D->getAssociatedStmt()->getEndLoc()
            : D->getEndLoc());
    if (!SM.isInMainFile(B) || !SM.isInMainFile(E))
      continue;
    Out.push_back({SM.getFileOffset(B), SM.getFileOffset(E)});
  }
  return Out;
}

void respell(FileResult &R, size_t I, std::string Parsed, std::string Output) {
  const MetaSite &S = R.MetaSites[I];
  R.MetaEdits.push_back({S.Begin, S.End, std::move(Parsed), std::move(Output)});
  R.MetaDone[I] = true;
}

} // namespace

void planMetadirectives(llvm::StringRef Text, FileResult &R) {
  // `begin declare variant` blocks for the GPU only, which the host's parse
  // would skip (frontend/VariantBlocks.h): parsed, written as they are.
  // Each its own macro: blocks of one function are distinct variants.
  for (const DeviceSetRespelling &D : planDeviceSetRespellings(Text))
    R.MetaEdits.push_back({D.Begin, D.End, D.Parsed, D.Original, true});
  R.MetaSites = findMetadirectives(Text);
  R.MetaDone.assign(R.MetaSites.size(), false);
  for (size_t I = 0; I < R.MetaSites.size(); ++I) {
    const MetaSite &S = R.MetaSites[I];
    if (!usesTargetDevice(S))
      continue;
    // The device a target construct runs on is a GPU when the stub
    // offloads it, and the host when it falls back: the kernel is made from
    // the one, the host fallback keeps the other. That holds only when
    // both variants are target constructs (the stub is what decides).
    MetaChoice Kernel = chooseVariant(S, MetaSide::Host, MetaSide::Device);
    MetaChoice Fallback = chooseVariant(S, MetaSide::Host, MetaSide::Host);
    llvm::StringRef Raw = Text.slice(S.Begin, S.End);
    if (Kernel.Decided && Fallback.Decided &&
        isTargetVariant(Kernel.Directive) && isTargetVariant(Fallback.Directive))
      respell(R, I, respellPragma(Raw, Kernel.Directive),
              respellPragma(Raw, Fallback.Directive));
  }
}

std::string metaParseText(llvm::StringRef Text, const FileResult &R) {
  std::string Out = Text.str();
  for (const FileResult::MetaEdit &E : R.MetaEdits)
    if (E.End <= Out.size() && E.Parsed.size() == E.End - E.Begin)
      Out.replace(E.Begin, E.End - E.Begin, E.Parsed);
  return Out;
}

std::string metaDiagnosticText(llvm::StringRef Diags, const FileResult &R) {
  std::string Out = Diags.str();
  for (const FileResult::MetaEdit &E : R.MetaEdits) {
    if (!E.VariantBlock || E.Parsed.size() != E.Output.size())
      continue;
    for (size_t At = Out.find(E.Parsed); At != std::string::npos;
         At = Out.find(E.Parsed, At + E.Output.size()))
      Out.replace(At, E.Parsed.size(), E.Output);
  }
  return Out;
}

bool resolveMetadirectives(ASTContext &Ctx, FileResult &R) {
  if (R.MetaSites.empty())
    return true;
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::StringRef Text = SM.getBufferData(SM.getMainFileID());
  std::vector<std::pair<unsigned, unsigned>> Targets = targetRanges(Ctx);
  bool Again = false;
  for (size_t I = 0; I < R.MetaSites.size(); ++I) {
    if (R.MetaDone[I])
      continue;
    R.MetaDone[I] = true;
    const MetaSite &S = R.MetaSites[I];
    if (S.End > Text.size())
      continue;
    llvm::StringRef Raw = Text.slice(S.Begin, S.End);
    bool InTarget = std::any_of(Targets.begin(), Targets.end(), [&](auto T) {
      return T.first < S.Begin && S.Begin < T.second;
    });
    if (InTarget) {
      // The device evaluates it; the host fallback keeps the pragma, and
      // the host compiler chooses for the host.
      MetaChoice C = chooseVariant(S, MetaSide::Device, std::nullopt);
      if (!C.Decided) {
        R.MetaUndecided.push_back({S.Begin, C.Why});
        continue;
      }
      respell(R, I, respellPragma(Raw, C.Directive), Raw.str());
      Again = true;
      continue;
    }
    bool Target = std::any_of(S.Variants.begin(), S.Variants.end(),
                              [](const MetaVariant &V) {
                                return isTargetVariant(V.Directive);
                              });
    if (!Target)
      continue; // host code: the host compiler's business
    // A target construct chosen on the host: translated as that construct,
    // and written as it in the output, so the stub's call has a statement
    // to stand before.
    MetaChoice C = chooseVariant(S, MetaSide::Host, std::nullopt);
    if (!C.Decided) {
      R.MetaUndecided.push_back({S.Begin, C.Why});
      continue;
    }
    std::string Plain = respellPragma(Raw, C.Directive);
    respell(R, I, Plain, Plain);
    Again = true;
  }
  R.MetaReparse = Again;
  return !Again;
}

bool holdForMetadirective(const RegionCandidate &C, const SourceManager &SM,
                          const FileResult &R, Region &Reg, bool Header) {
  const OMPExecutableDirective *D = C.Directive;
  if (Header) {
    // Only the main file's pragmas are respelled: in a header, Clang's
    // choice (the host's) would be translated.
    SourceLocation BL = SM.getExpansionLoc(D->getBeginLoc());
    SourceLocation EL = SM.getExpansionLoc(
        D->hasAssociatedStmt() && D->getAssociatedStmt()
            ? D->getAssociatedStmt()->getEndLoc()
            : D->getEndLoc());
    FileID F = SM.getFileID(BL);
    if (F != SM.getFileID(EL))
      return false;
    unsigned B = SM.getFileOffset(BL), E = SM.getFileOffset(EL);
    llvm::StringRef Text = SM.getBufferData(F);
    if (E > Text.size() || B > E)
      return false;
    for (const MetaSite &S : findMetadirectives(Text))
      if ((B <= S.Begin && S.Begin < E) || (S.Begin <= B && B < S.End)) {
        Reg.Translate = false;
        Reg.Why = DiagId::HostVariant;
        Reg.Reason = "it holds a metadirective in a header, which omp2cuda "
                     "does not resolve for the device";
        return true;
      }
    return false;
  }
  if (R.MetaUndecided.empty())
    return false;
  SourceLocation BL = SM.getExpansionLoc(D->getBeginLoc());
  SourceLocation EL = SM.getExpansionLoc(
      D->hasAssociatedStmt() && D->getAssociatedStmt()
          ? D->getAssociatedStmt()->getEndLoc()
          : D->getEndLoc());
  if (!SM.isInMainFile(BL) || !SM.isInMainFile(EL))
    return false;
  unsigned B = SM.getFileOffset(BL), E = SM.getFileOffset(EL);
  for (const auto &[At, Why] : R.MetaUndecided) {
    // A copy: a lambda may not capture a structured binding in C++17.
    const auto Pos = At;
    auto Site = std::find_if(R.MetaSites.begin(), R.MetaSites.end(),
                             [&](const MetaSite &S) { return S.Begin == Pos; });
    if (Site == R.MetaSites.end())
      continue;
    bool Inside = B < At && At < E;
    bool Around = At <= B && B < Site->End;
    if (!Inside && !Around)
      continue;
    Reg.Translate = false;
    Reg.Why = DiagId::HostVariant;
    Reg.Reason = std::string(Inside ? "the metadirective in it" : "its metadirective") +
                 " cannot be resolved for the device: " + Why;
    FileID Main = SM.getMainFileID();
    Reg.WhyPos = {Reg.Loc.File, SM.getLineNumber(Main, At),
                  SM.getColumnNumber(Main, At)};
    return true;
  }
  return false;
}

void restoreMetadirectives(const FileResult &R, std::vector<TextEdit> &Edits) {
  for (const FileResult::MetaEdit &M : R.MetaEdits) {
    if (M.Parsed == M.Output)
      continue;
    Edits.erase(std::remove_if(Edits.begin(), Edits.end(),
                               [&](const TextEdit &X) {
                                 bool Insert = X.Length == 0;
                                 unsigned XE = X.Offset + X.Length;
                                 if (Insert)
                                   return X.Offset > M.Begin && X.Offset < M.End;
                                 return X.Offset < M.End && XE > M.Begin;
                               }),
                Edits.end());
    Edits.push_back({M.Begin, M.End - M.Begin, M.Output});
  }
}

} // namespace omp2cuda
