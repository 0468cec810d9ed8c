// `declare variant` calls in functions compiled for both sides. The host
// keeps calling the base function (the host compiler chooses for the host's
// context), the device calls the variant DeclareVariant.cpp chose for it:
// the callee is re-spelled O2C_DEVICE_CALL(base, host's, device's), which
// picks by side as O2C_DEVICE_COPY does. Kernels, which only run on the device, name
// the variant directly (CallDeclarations.cpp).
#include "analysis/Analysis.h"
#include "edits/Edits.h"
#include "edits/SourceText.h"
#include "frontend/FileScope.h"

#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/Support/Regex.h"

#include <map>
#include <set>

using namespace clang;

namespace omp2cuda {

void deviceVariantEdits(const TUState &TU, std::vector<TextEdit> &Edits) {
  struct Calls : RecursiveASTVisitor<Calls> {
    const TUState &TU;
    std::vector<TextEdit> &Edits;
    Calls(const TUState &TU, std::vector<TextEdit> &E) : TU(TU), Edits(E) {}
    /// The host's choice of variant clang put beside a written call.
    std::map<const CallExpr *, const FunctionDecl *> HostChoice;
    bool TraversePseudoObjectExpr(PseudoObjectExpr *E) {
      if (const auto *C = dyn_cast<CallExpr>(E->getSyntacticForm()))
        if (const FunctionDecl *FD = C->getDirectCallee();
            FD && hasDeclareVariant(FD)) {
          for (const Expr *Sem : E->semantics())
            if (const auto *SC = dyn_cast<CallExpr>(Sem->IgnoreParenImpCasts()))
              if (SC->getDirectCallee())
                HostChoice[C] = SC->getDirectCallee();
          return TraverseStmt(E->getSyntacticForm());
        }
      return RecursiveASTVisitor::TraversePseudoObjectExpr(E);
    }
    bool VisitCallExpr(CallExpr *C) {
      const FunctionDecl *FD = C->getDirectCallee();
      if (!FD || !hasDeclareVariant(FD))
        return true;
      DeviceVariant V = deviceVariantOf(FD, TU.Ctx);
      if (V.K == DeviceVariant::Undecidable)
        return true;
      // The CPU emulation compiles both sides with the host compiler, which
      // would choose for the host on the device side too: both choices are
      // spelled, through their addresses.
      const FunctionDecl *H = HostChoice.count(C) ? HostChoice[C] : FD;
      std::string HostName = "::" + H->getQualifiedNameAsString();
      const SourceManager &SM = TU.Ctx.getSourceManager();
      const Expr *Callee = C->getCallee()->IgnoreParenImpCasts();
      unsigned B, E;
      // CallDeclarations.cpp made the function a device function only if so.
      if (!fileOffsets(SM, TU.Ctx.getLangOpts(), Callee->getSourceRange(), B, E))
        return true;
      llvm::StringRef Text = SM.getBufferData(SM.getMainFileID()).slice(B, E);
      Edits.push_back({B, E - B,
                       "O2C_DEVICE_CALL(" + Text.str() + ", (&" + HostName +
                           "), " + V.Spelling + ")"});
      return true;
    }
  } R(TU, Edits);
  const SourceManager &SM = TU.Ctx.getSourceManager();
  for (const FunctionDecl *F : TU.DeviceFunctions)
    if (F->getBody() && inMainFile(SM, F->getBody()->getBeginLoc()))
      R.TraverseStmt(F->getBody());

  // A `declare target ... device_type(nohost)` function (typically the
  // device's variant) has no host version: a host compiler with OpenMP does
  // not emit it. The CPU emulation compiles device code as host code, and
  // O2C_DEVICE_CALL names it on the host side there, so the output asks for
  // both versions. The original program never calls it from the host, so
  // the host version changes nothing it does.
  std::set<unsigned> Done;
  for (const FunctionDecl *F : TU.DeviceFunctions)
    for (const FunctionDecl *D : F->redecls())
      for (const auto *A : D->specific_attrs<OMPDeclareTargetDeclAttr>()) {
        if (A->getDevType() != OMPDeclareTargetDeclAttr::DT_NoHost)
          continue;
        SourceLocation L = SM.getExpansionLoc(A->getRange().getBegin());
        if (!inMainFile(SM, L))
          continue;
        // The directive's line (the clause is on it, or on a continuation
        // line of it: the search goes on while lines end in '\').
        llvm::StringRef Buf = SM.getBufferData(SM.getMainFileID());
        unsigned Off = SM.getFileOffset(L);
        size_t Begin = Buf.rfind('\n', Off);
        Begin = Begin == llvm::StringRef::npos ? 0 : Begin + 1;
        size_t End = Off;
        while ((End = Buf.find('\n', End)) != llvm::StringRef::npos &&
               End > 0 && Buf[End - 1] == '\\')
          ++End;
        if (End == llvm::StringRef::npos)
          End = Buf.size();
        llvm::StringRef Line = Buf.slice(Begin, End);
        static const llvm::Regex Clause(
            "device_type[[:space:]]*\\([[:space:]]*(nohost)");
        llvm::SmallVector<llvm::StringRef, 2> M;
        if (!Clause.match(Line, &M))
          continue;
        unsigned At = Begin + (M[1].data() - Line.data());
        if (Done.insert(At).second)
          Edits.push_back({At, 6, "any"});
      }
}

} // namespace omp2cuda
