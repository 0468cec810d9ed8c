#include "edits/SourceText.h"
#include "frontend/FileScope.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/Expr.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace clang;

namespace omp2cuda {

bool fileOffsets(const SourceManager &SM, const LangOptions &LO, SourceRange R,
                 unsigned &Begin, unsigned &End) {
  CharSourceRange CR = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(R), SM, LO);
  if (CR.isInvalid() || !inMainFile(SM, CR.getBegin()))
    return false;
  Begin = SM.getFileOffset(CR.getBegin());
  End = SM.getFileOffset(CR.getEnd());
  return Begin <= End;
}

std::string textWithEdits(llvm::StringRef Buffer, unsigned Begin, unsigned End,
                          const std::vector<TextEdit> &AllEdits) {
  // Only the edits inside the range, in file order (edits at one offset in
  // the order they were made, insertions first): a file's edits are many,
  // a range's few.
  std::vector<TextEdit> Edits;
  for (const TextEdit &E : AllEdits)
    if (E.Offset >= Begin && E.Offset + E.Length <= End)
      Edits.push_back(E);
  // At one offset the insertions go first: one made after a replacement
  // that starts there (a C cast before `e`, which a kernel respells `(*e)`)
  // would otherwise be lost, and the cast's closing parenthesis kept.
  std::stable_sort(Edits.begin(), Edits.end(),
                   [](const TextEdit &A, const TextEdit &B) {
                     if (A.Offset != B.Offset)
                       return A.Offset < B.Offset;
                     return A.Length == 0 && B.Length != 0;
                   });
  std::string Out;
  unsigned Pos = Begin;
  for (const TextEdit &E : Edits) {
    if (E.Offset < Pos || E.Offset + E.Length > End)
      continue;
    Out += Buffer.slice(Pos, E.Offset).str();
    Out += E.Text;
    Pos = E.Offset + E.Length;
  }
  Out += Buffer.slice(Pos, End).str();
  return Out;
}

const Expr *userExpr(const Expr *E) {
  const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  if (const auto *CD = DR ? dyn_cast<OMPCapturedExprDecl>(DR->getDecl()) : nullptr)
    if (CD->getInit())
      return userExpr(CD->getInit());
  return E;
}

unsigned lineOf(const ASTContext &Ctx, unsigned Offset) {
  const SourceManager &SM = Ctx.getSourceManager();
  return SM.getLineNumber(SM.getMainFileID(), Offset);
}

std::string exprText(const Expr *E, const ASTContext &Ctx,
                     const std::vector<TextEdit> *Edits) {
  const SourceManager &SM = Ctx.getSourceManager();
  unsigned B, En;
  // A range that maps to main-file characters (plain text, a macro argument,
  // or a whole macro invocation, which is in scope for the kernel too) keeps
  // the user's spelling; anything else is printed from the AST.
  // Tokens of a _Pragma string are spelled in scratch space: their
  // expansion is the whole macro invocation, not their own text.
  bool FromPragmaString =
      SM.isWrittenInScratchSpace(SM.getSpellingLoc(E->getBeginLoc())) ||
      SM.isWrittenInScratchSpace(SM.getSpellingLoc(E->getEndLoc()));
  if (!FromPragmaString &&
      fileOffsets(SM, Ctx.getLangOpts(), E->getSourceRange(), B, En))
    return textWithEdits(SM.getBufferData(SM.getMainFileID()), B, En,
                         Edits ? *Edits : std::vector<TextEdit>());
  std::string S;
  llvm::raw_string_ostream OS(S);
  E->printPretty(OS, nullptr, Ctx.getPrintingPolicy());
  return OS.str();
}

std::string chunkText(const Expr *E, const ASTContext &Ctx,
                      const std::vector<TextEdit> *Edits) {
  if (!E->isValueDependent())
    if (std::optional<llvm::APSInt> V = E->getIntegerConstantExpr(Ctx);
        V && V->isStrictlyPositive() && V->getActiveBits() <= 63)
      return std::to_string(V->getZExtValue());
  return exprText(E, Ctx, Edits);
}

/// A namespace-scope variable as the stub's caller can name it from
/// anywhere: ::a::b::x (anonymous namespaces are transparent, unless what
/// encloses one declares the name itself: then only the plain name, at the
/// region's own place, can mean it).
std::string namespaceQualified(const VarDecl *VD) {
  std::string Q = VD->getNameAsString();
  DeclarationName Next = VD->getDeclName();
  for (const DeclContext *DC = VD->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC)) {
      if (!NS->isAnonymousNamespace()) {
        Q = NS->getNameAsString() + "::" + Q;
        Next = NS->getDeclName();
      } else if (!NS->getParent()->getRedeclContext()->lookup(Next).empty()) {
        return VD->getNameAsString();
      }
    } else if (!isa<LinkageSpecDecl, TranslationUnitDecl>(DC)) {
      return VD->getNameAsString();
    }
  return "::" + Q;
}

} // namespace omp2cuda
