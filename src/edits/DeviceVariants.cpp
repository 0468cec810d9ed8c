// `declare variant` calls in functions compiled for both sides. The host
// keeps calling the base function (the host compiler chooses for the host's
// context), the device calls the variant DeclareVariant.cpp chose for it:
// the callee is re-spelled O2C_DEVICE_CALL(base, host's, device's), which
// picks by side as O2C_DEVICE_COPY does. Kernels, which only run on the device, name
// the variant directly (CallDeclarations.cpp).
#include "analysis/Analysis.h"
#include "analysis/ConstructContext.h"
#include "edits/Edits.h"
#include "edits/SourceText.h"
#include "frontend/FileScope.h"
#include "frontend/VariantBlocks.h"

#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/Support/Regex.h"

#include <map>
#include <set>

using namespace clang;

namespace omp2cuda {

namespace {

/// The end of the line of B's `end declare variant`, past its newline;
/// npos when a comment or a continuation goes on past the line.
size_t endPragmaLineEnd(llvm::StringRef Buf, const VariantBlock &B) {
  size_t Nl = Buf.find('\n', B.End);
  llvm::StringRef Line = Buf.slice(B.End, Nl).rtrim("\r");
  if (Line.contains("/*") || Line.ends_with("\\"))
    return llvm::StringRef::npos;
  return Nl == llvm::StringRef::npos ? Buf.size() : Nl + 1;
}

/// Whether B is hidden from every compiler of the output: clang's parse
/// for the host skips it anyway, and nvcc's front end, which does not,
/// would declare its functions beside the base function's C++ overloads
/// (`f$$OMP_VARIANT...`: an ambiguous call).
bool hidden(llvm::StringRef Buf, const VariantBlock &B,
            const clang::IdentifierTable &Idents) {
  auto IsMacro = [&](llvm::StringRef W) {
    auto It = Idents.find(W);
    return It != Idents.end() && It->second->hadMacroDefinition();
  };
  return hostSkipsBlock(Buf, B, IsMacro) &&
         endPragmaLineEnd(Buf, B) != llvm::StringRef::npos;
}

/// Each hidden block in `#if 0` ... `#endif`, its pragmas kept as written
/// (the lines the compilers read are the same as the original's). After
/// the renamed functions' inserts: where a block ends, its `#endif` comes
/// before another block's closing for the function after it; where one
/// begins, its `#if 0` after the reopening for the function before it.
void hideHostSkippedBlocks(llvm::StringRef Buf,
                           const clang::IdentifierTable &Idents,
                           std::map<unsigned, std::string> &Inserts) {
  for (const VariantBlock &B : findVariantBlocks(Buf)) {
    if (!hidden(Buf, B, Idents))
      continue;
    size_t LineBegin = Buf.rfind('\n', B.Begin);
    LineBegin = LineBegin == llvm::StringRef::npos ? 0 : LineBegin + 1;
    Inserts[unsigned(LineBegin)] += "#if 0\n";
    size_t After = endPragmaLineEnd(Buf, B);
    std::string &At = Inserts[unsigned(After)];
    At = (After == Buf.size() && !Buf.ends_with("\n") ? "\n#endif\n"
                                                      : "#endif\n") +
         At;
  }
}

/// The block variant's definition renamed T.NewName, outside its block:
/// the block (and each enclosing one) is closed before it, and opened
/// again after it, outermost first, with a
/// function named as the base that calls it, so that the host compiler
/// still finds a variant in the block (its choice is as before), while
/// device code names the function itself.
void renameBlockVariant(const FunctionDecl *F, const BlockVariantText &T,
                        const ASTContext &Ctx, std::vector<TextEdit> &Edits,
                        std::map<unsigned, std::string> &Inserts) {
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::StringRef Buf = SM.getBufferData(SM.getMainFileID());
  std::string Base = Buf.substr(T.NameBegin, T.NameLength).str();
  Edits.push_back({T.NameBegin, T.NameLength, T.NewName});
  std::vector<VariantBlock> Blocks = findVariantBlocks(Buf);
  std::vector<const VariantBlock *> Around = blocksAround(Blocks, T.NameBegin);
  // A block the host skips is hidden in `#if 0` (hideHostSkippedBlocks):
  // closed innermost first, and opened again outermost first.
  std::string Close, Reopen;
  for (const VariantBlock *B : Around) {
    bool Hidden = hidden(Buf, *B, Ctx.Idents);
    Close = "#pragma omp end declare variant\n" +
            std::string(Hidden ? "#endif\n" : "") + Close;
    Reopen += (Hidden ? "#if 0\n" : "") +
              originalPragma(Buf.slice(B->Begin, B->BeginEnd)) + "\n";
  }
  Inserts[T.DefBegin] += Close;
  std::string Params, Args;
  for (unsigned I = 0; I < F->getNumParams(); ++I) {
    std::string N = "o2c_a" + std::to_string(I);
    Params += (I ? ", " : "") + declText(F->getParamDecl(I)->getType(), N, Ctx);
    Args += (I ? ", " : "") + N;
  }
  // The forwarder stands where the function did: a constant expression
  // may call it (review t11.cpp: static_assert, an array bound).
  std::string Head = F->isConstexprSpecified() ? "constexpr " : "";
  if (F->getStorageClass() == SC_Static)
    Head = "static " + Head;
  else if (F->isInlineSpecified())
    Head = "inline " + Head;
  else if (!Ctx.getLangOpts().CPlusPlus)
    Head = "extern \"C\" " + Head; // as the C file's functions (CCompat.cpp)
  Inserts[T.AfterDef] +=
      Reopen + Head +
      declText(F->getReturnType(), Base + "(" + Params + ")", Ctx) +
      " { return " + T.NewName + "(" + Args + "); }\n";
}

} // namespace

void deviceVariantEdits(const TUState &TU, std::vector<TextEdit> &Edits,
                        std::map<unsigned, std::string> &Inserts) {
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
      // As CallDeclarations.cpp chose: constructs unknown, at this call.
      ConstructContext Where;
      Where.At = C->getBeginLoc();
      Where.Why = "the constructs that enclose the call are not known here";
      DeviceVariant V = deviceVariantOf(FD, TU.Ctx, &Where);
      if (V.K == DeviceVariant::Undecidable)
        return true;
      // The CPU emulation compiles both sides with the host compiler, which
      // would choose for the host on the device side too: both choices are
      // spelled, through their addresses.
      const FunctionDecl *H = HostChoice.count(C) ? HostChoice[C] : FD;
      std::string HostName = "::" + H->getQualifiedNameAsString();
      // A block variant the host chooses is renamed when it is the
      // device's choice too (CallDeclarations.cpp refuses the others).
      if (isBlockVariant(H))
        HostName = V.Spelling;
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

  for (const FunctionDecl *F : TU.DeviceFunctions)
    if (std::optional<BlockVariantText> T = blockVariantText(F);
        T && isBlockVariant(F) && inMainFile(SM, F->getBeginLoc()))
      renameBlockVariant(F, *T, TU.Ctx, Edits, Inserts);
  hideHostSkippedBlocks(SM.getBufferData(SM.getMainFileID()), TU.Ctx.Idents,
                        Inserts);

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
