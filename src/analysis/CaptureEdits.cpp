// How a capture's references are re-spelled in the kernel: a mapped object
// through its pointer, a qualified name as the parameter's, `this->`
// dropped, and a constant that a constant expression needs as its value
// (captureVars, CaptureVars.cpp).
#include "analysis/CaptureEdits.h"
#include "analysis/FoldedConstants.h"

#include "clang/AST/DeclTemplate.h"

using namespace clang;

namespace omp2cuda {
namespace {

/// Whether SR is one of U's references that need a constant expression.
bool constantRef(const Use &U, SourceRange SR) {
  return llvm::is_contained(U.ConstantRefs, SR);
}

/// U's references that need a constant expression (Use::ConstantRefs)
/// become its value, which the kernel's parameter is not (`int buf[N]`,
/// `twice<N>()` of a `constexpr int N`).
Verdict constantEdits(CaptureSite &S, const Use &U, const Capture &Cap) {
  if (U.ConstantRefs.empty())
    return {};
  const auto *VD = cast<VarDecl>(U.Decl);
  std::string Value = constantLiteral(VD);
  const SourceManager &SM = S.TU.Ctx.getSourceManager();
  const LangOptions &LO = S.TU.Ctx.getLangOpts();
  auto Refuse = [&](DiagId Id, const std::string &Why, SourceRange SR) {
    Verdict V = Verdict::no(Id, "'" + Cap.Name + "' is used as a constant "
                                "expression, " + Why);
    V.Where = SR.getBegin();
    return V;
  };
  for (SourceRange SR : U.ConstantRefs) {
    unsigned B, E;
    if (!fileOffsets(SM, LO, SR, B, E)) {
      // A macro's text keeps its name, which names a namespace's or a
      // class's constant in the kernel too.
      if (VD->getDeclContext()->getRedeclContext()->isFileContext() ||
          VD->isStaticDataMember())
        continue;
      return Refuse(DiagId::HostMacro,
                    "in a macro's body, where its value cannot replace it",
                    SR);
    }
    if (Value.empty())
      return Refuse(DiagId::HostType,
                    "whose value the kernel, where it is a parameter, "
                    "cannot spell",
                    SR);
    S.Text.BodyEdits.push_back({B, E - B, Value});
    S.Text.BoundEdits.push_back({B, E - B, Value});
  }
  return {};
}

} // namespace

Verdict captureEdits(CaptureSite &S, const Use &U, bool LoopVariable,
                     Capture &Cap) {
  const SourceManager &SM = S.TU.Ctx.getSourceManager();
  const LangOptions &LO = S.TU.Ctx.getLangOpts();
  const Stmt *Body = S.Shape.Body;
  bool HostHeader = S.R.Class == RegionClass::Combined || S.Shape.SpmdLoop;
  // A private copy has no value in the loop header, which the stub and
  // the kernel evaluate with the original.
  Cap.LoopVariable = LoopVariable;
  if ((Cap.How == Passing::Private || Cap.How == Passing::LastPrivate) &&
      !LoopVariable && Body && HostHeader)
    for (SourceRange SR : U.Refs)
      if (!SM.isPointWithin(SR.getBegin(), Body->getBeginLoc(), Body->getEndLoc()))
        return Verdict::no(DiagId::HostClause,
                           "the private variable '" + Cap.Name +
                               "' is used in the loop bounds");
  // References to a variable that becomes a pointer in the kernel.
  if (Cap.How == Passing::MappedObject && !Cap.IsArray)
    S.Text.Respell.Deref.insert(U.Decl);
  if (Verdict V = constantEdits(S, U, Cap); !V.Ok)
    return V;
  if (Cap.How == Passing::MappedObject && !Cap.IsArray)
    for (SourceRange SR : U.Refs) {
      unsigned B, E;
      if (constantRef(U, SR))
        continue;
      if (fileOffsets(SM, LO, SR, B, E)) {
        S.Text.BodyEdits.push_back({B, E - B, "(*" + Cap.Name + ")"});
        // Loop bounds are evaluated by the stub too, where the variable is
        // no pointer: keep such regions on the host.
        if (Body && !SM.isPointWithin(SR.getBegin(), Body->getBeginLoc(),
                                      Body->getEndLoc()) &&
            HostHeader)
          return Verdict::no(DiagId::HostClause,
                             "'" + Cap.Name + "' is mapped back to the "
                             "host and used in the loop bounds");
      } else if (!S.R.BodyFromMacro) {
        return Verdict::no(DiagId::HostMacro,
                           "'" + Cap.Name +
                               "' is used inside a macro expansion "
                               "where the kernel cannot re-spell it");
      }
    }
  else if (!U.Member)
    // A qualified name (B::var) becomes the parameter's plain name.
    for (SourceRange SR : U.Refs) {
      unsigned B, E;
      if (constantRef(U, SR) || !fileOffsets(SM, LO, SR, B, E))
        continue;
      llvm::StringRef Text = SM.getBufferData(SM.getMainFileID()).slice(B, E);
      // `scale<double>` becomes the parameter `scale_double`.
      bool Specialisation = isa<VarTemplateSpecializationDecl>(U.Decl);
      if (Text != Cap.Name && (Text.ends_with(Cap.Name) || Specialisation)) {
        S.Text.BodyEdits.push_back({B, E - B, Cap.Name});
        S.Text.BoundEdits.push_back({B, E - B, Cap.Name});
      }
    }
  else
    for (SourceRange SR : U.ThisArrows) {
      unsigned B, E;
      if (fileOffsets(SM, LO, SourceRange(SR.getBegin(), SR.getBegin()), B, E)) {
        unsigned MB, ME;
        if (fileOffsets(SM, LO, SourceRange(SR.getEnd(), SR.getEnd()), MB, ME)) {
          S.Text.BodyEdits.push_back({B, MB - B, ""});
          S.Text.BoundEdits.push_back({B, MB - B, ""});
        }
      }
    }
  return {};
}

/// A variable the kernel takes (not its device copy) whose address or
/// reference a constant expression needs (Use::AddressConstantRefs): a
/// parameter's address is no constant, and nvcc folds the host's constant
/// only where it can read its value (`*P`, not `P[i]`).
Verdict addressConstant(const Use &U) {
  if (U.AddressConstantRefs.empty())
    return {};
  Verdict V = Verdict::no(
      DiagId::HostType,
      "'" + U.Decl->getNameAsString() +
          "' is named in a constant expression that needs the variable "
          "itself (its address, or a reference to it), which the kernel, "
          "where it is a parameter, cannot give");
  V.Where = U.AddressConstantRefs.front().getBegin();
  return V;
}

} // namespace omp2cuda
