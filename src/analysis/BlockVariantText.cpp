// The functions of `begin declare variant` blocks that device code calls:
// where and how the output renames one (BlockVariantText, Analysis.h), so
// that it can be named outside its block (edits/DeviceVariants.cpp).
#include "analysis/Analysis.h"
#include "frontend/VariantBlocks.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace omp2cuda {

namespace {

/// The start of the line that holds Offset.
size_t lineStart(llvm::StringRef Buf, size_t Offset) {
  size_t B = Buf.rfind('\n', Offset); // before Offset
  return B == llvm::StringRef::npos ? 0 : B + 1;
}

/// Whether F's body names a declaration of its block outside F itself
/// ([From, To) the block, [FBegin, FEnd] F): the renamed function moves
/// out of the block, where that declaration does not exist for the host's
/// parse (review t6.c, t7.c).
bool usesBlockDecls(const FunctionDecl *F, unsigned From, unsigned To,
                    unsigned FBegin, unsigned FEnd) {
  struct Uses : RecursiveASTVisitor<Uses> {
    const SourceManager &SM;
    unsigned From, To, FBegin, FEnd;
    bool Found = false;
    Uses(const SourceManager &SM, unsigned From, unsigned To, unsigned FB,
         unsigned FE)
        : SM(SM), From(From), To(To), FBegin(FB), FEnd(FE) {}
    void check(const Decl *D) {
      if (!D)
        return;
      SourceLocation L = SM.getExpansionLoc(D->getLocation());
      if (!SM.isWrittenInMainFile(L))
        return;
      unsigned O = SM.getFileOffset(L);
      if (O >= From && O < To && (O < FBegin || O > FEnd))
        Found = true;
    }
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      check(E->getDecl());
      return true;
    }
    bool VisitMemberExpr(MemberExpr *E) {
      check(E->getMemberDecl());
      return true;
    }
    bool VisitTypedefTypeLoc(TypedefTypeLoc TL) {
      check(TL.getTypedefNameDecl());
      return true;
    }
    bool VisitTagTypeLoc(TagTypeLoc TL) {
      check(TL.getDecl());
      return true;
    }
  };
  Uses U(F->getASTContext().getSourceManager(), From, To, FBegin, FEnd);
  U.TraverseDecl(const_cast<FunctionDecl *>(F));
  return U.Found;
}

} // namespace

bool isBlockVariant(const FunctionDecl *F) {
  const IdentifierInfo *II = F->getIdentifier();
  return II && II->isMangledOpenMPVariantName();
}

std::optional<BlockVariantText> blockVariantText(const FunctionDecl *F) {
  if (!isBlockVariant(F) || !F->doesThisDeclarationHaveABody() ||
      isa<CXXMethodDecl>(F) || F->isVariadic() ||
      F->isTemplateInstantiation() || F->getDescribedFunctionTemplate() ||
      !F->getDeclContext()->getRedeclContext()->isTranslationUnit())
    return std::nullopt;
  const SourceManager &SM = F->getASTContext().getSourceManager();
  SourceLocation B = F->getBeginLoc(), E = F->getEndLoc();
  FunctionTypeLoc FTL = F->getFunctionTypeLoc();
  if (!FTL || B.isMacroID() || E.isMacroID() ||
      FTL.getLParenLoc().isMacroID() || !SM.isWrittenInMainFile(B) ||
      !SM.isWrittenInMainFile(E))
    return std::nullopt;
  llvm::StringRef Buf = SM.getBufferData(SM.getMainFileID());
  unsigned Begin = SM.getFileOffset(B),
           Paren = SM.getFileOffset(FTL.getLParenLoc());
  unsigned Close = SM.getFileOffset(E); // the body's `}`
  std::vector<VariantBlock> Blocks = findVariantBlocks(Buf);
  // Nested blocks are all closed before the function and opened again
  // after it, outermost first, so the forwarder has the merged selector
  // the function had (the device's choice among them is the analysis's).
  std::vector<const VariantBlock *> Around = blocksAround(Blocks, Begin);
  if (Around.empty() || Close >= Around.back()->End)
    return std::nullopt;
  // The forwarder reopens each block with a copy of its pragma: a comment
  // in one may close on a later line, leaving the copy's `/*` open.
  for (const VariantBlock *B : Around)
    if (Buf.slice(B->Begin, B->BeginEnd).contains("/*"))
      return std::nullopt;
  // Any declaration of the blocks, the enclosing ones' too, is one the
  // renamed function outside them would not see.
  if (usesBlockDecls(F, Around.front()->BeginEnd, Around.front()->End, Begin,
                     Close))
    return std::nullopt;
  BlockVariantText T;
  // The pragmas go on lines of their own: nothing but blanks before the
  // definition on its first line, nothing but a comment after it.
  T.DefBegin = unsigned(lineStart(Buf, Begin));
  if (!Buf.slice(T.DefBegin, Begin).trim(" \t").empty())
    return std::nullopt;
  size_t Eol = Buf.find('\n', Close);
  if (Eol == llvm::StringRef::npos)
    return std::nullopt;
  llvm::StringRef Rest = Buf.slice(Close + 1, Eol).trim(" \t\r");
  if (!Rest.empty() && !Rest.starts_with("//"))
    return std::nullopt;
  T.AfterDef = unsigned(Eol + 1);
  // The name written right before the parameters' `(`.
  std::string Base = F->getIdentifier()
                         ->getName()
                         .split(getOpenMPVariantManglingSeparatorStr())
                         .first.str();
  llvm::StringRef Before = Buf.slice(Begin, Paren).rtrim(" \t\r\n");
  if (!Before.ends_with(Base))
    return std::nullopt;
  T.NameBegin = unsigned(Begin + Before.size() - Base.size());
  T.NameLength = unsigned(Base.size());
  if (T.NameBegin > Begin) {
    char C = Buf[T.NameBegin - 1];
    if (llvm::isAlnum(C) || C == '_')
      return std::nullopt;
  }
  T.NewName = "omp2cuda_variant_" + Base + "_L" +
              std::to_string(SM.getLineNumber(SM.getMainFileID(), T.NameBegin));
  T.PragmaBegin = Around.back()->Begin;
  T.PragmaEnd = Around.back()->BeginEnd;
  return T;
}

} // namespace omp2cuda
