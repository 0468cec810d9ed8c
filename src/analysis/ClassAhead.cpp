// Kernels that follow the class whose member holds their region (see
// ClassAhead.h).
#include "analysis/ClassAhead.h"
#include "analysis/TemplateContext.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace omp2cuda {

namespace {

/// The offset just past the `;` that closes RD's definition, 0 when the
/// `}` is not followed by it (`} s;`, a macro) or the text is not the main
/// file's.
unsigned semicolonEnd(const CXXRecordDecl *RD, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation RBrace = RD->getBraceRange().getEnd();
  if (RBrace.isInvalid() || RBrace.isMacroID() ||
      SM.getFileID(RBrace) != SM.getMainFileID())
    return 0;
  SourceLocation After = Lexer::findLocationAfterToken(
      RBrace, tok::semi, SM,
      Ctx.getLangOpts(), /*SkipTrailingWhitespaceAndNewLine=*/false);
  return After.isValid() ? SM.getFileOffset(After) : 0;
}

} // namespace

unsigned afterClassOffset(const Decl *InClass, ASTContext &Ctx) {
  const auto *RD = dyn_cast_or_null<CXXRecordDecl>(InClass);
  unsigned Off = RD ? semicolonEnd(RD, Ctx) : 0;
  if (!Off)
    return 0;
  // Only blanks or a line comment may follow on the line: the kernel starts
  // a line of its own, and the input resumes at the next one.
  llvm::StringRef Buf =
      Ctx.getSourceManager().getBufferData(Ctx.getSourceManager().getMainFileID());
  size_t EOL = Buf.find('\n', Off);
  if (EOL == llvm::StringRef::npos)
    return 0;
  llvm::StringRef Rest = Buf.slice(Off, EOL).trim();
  if (!Rest.empty() && !Rest.starts_with("//"))
    return 0;
  return EOL + 1;
}

std::string classForward(const Decl *InClass, ASTContext &Ctx,
                         std::string &Why) {
  const auto *RD = dyn_cast_or_null<CXXRecordDecl>(InClass);
  if (!RD || !RD->getIdentifier() || RD->getDescribedClassTemplate() ||
      isa<ClassTemplateSpecializationDecl>(RD)) {
    Why = "it is a class template (not supported yet)";
    return "";
  }
  if (!RD->getDeclContext()->isFileContext()) {
    Why = "it is a nested class";
    return "";
  }
  if (!afterClassOffset(RD, Ctx)) {
    Why = "its closing '};' is not alone at the end of its line";
    return "";
  }
  return std::string(RD->getKindName()) + " " + RD->getNameAsString() + ";";
}

std::string classTemplateForward(const Decl *InClass, std::string &Why) {
  const auto *RD = dyn_cast_or_null<CXXRecordDecl>(InClass);
  const ClassTemplateDecl *CT = RD ? RD->getDescribedClassTemplate() : nullptr;
  if (!CT || !RD->getIdentifier()) {
    Why = "it is a specialization of a class template";
    return "";
  }
  if (!RD->getDeclContext()->isFileContext()) {
    Why = "it is a nested class";
    return "";
  }
  // As written, without the defaults: a redeclaration may not repeat them.
  const ASTContext &Ctx = RD->getASTContext();
  std::string Params;
  for (const NamedDecl *P : *CT->getTemplateParameters()) {
    std::string Text =
        templateParamText(*P, Ctx.getSourceManager(), Ctx.getLangOpts(), Why);
    if (Text.empty())
      return "";
    Params += (Params.empty() ? "" : ", ") + Text;
  }
  // A redeclaration repeats the requires clause, or it declares another
  // template.
  std::string Requires;
  if (const Expr *RC = CT->getTemplateParameters()->getRequiresClause()) {
    unsigned B = 0, E = 0;
    if (!fileOffsets(Ctx.getSourceManager(), Ctx.getLangOpts(),
                     RC->getSourceRange(), B, E)) {
      Why = "its requires clause comes from a macro";
      return "";
    }
    Requires = " requires " +
               Ctx.getSourceManager()
                   .getBufferData(Ctx.getSourceManager().getMainFileID())
                   .slice(B, E)
                   .str();
  }
  return "template <" + Params + ">" + Requires + " " +
         RD->getKindName().str() + " " + RD->getNameAsString() + ";";
}

bool injectedNameEdits(const Stmt *S, const Decl *InClass, ASTContext &Ctx,
                       std::vector<TextEdit> &Out) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const CXXRecordDecl *Def;
    ASTContext &Ctx;
    std::vector<TextEdit> &Out;
    bool Ok = true;
    Finder(const Decl *D, ASTContext &C, std::vector<TextEdit> &O)
        : Def(cast<CXXRecordDecl>(D)), Ctx(C), Out(O) {}
    // A static data member (`Vec::limit`) reaches the kernel as a value
    // whose use loses its qualifier (CaptureVars.cpp): no edit there.
    bool TraverseDeclRefExpr(DeclRefExpr *E) {
      if (isa<VarDecl>(E->getDecl()) && E->getQualifier())
        return true;
      return RecursiveASTVisitor::TraverseDeclRefExpr(E);
    }
    bool VisitInjectedClassNameTypeLoc(InjectedClassNameTypeLoc TL) {
      if (TL.getDecl()->getCanonicalDecl() != Def->getCanonicalDecl())
        return true;
      unsigned B = 0, E = 0;
      if (!fileOffsets(Ctx.getSourceManager(), Ctx.getLangOpts(),
                       TL.getSourceRange(), B, E))
        return Ok = false;
      std::string Args;
      // The parameters as the class's definition names them, which are
      // the kernel's (the member is defined in it).
      for (const NamedDecl *P :
           *Def->getDescribedClassTemplate()->getTemplateParameters())
        Args += (Args.empty() ? "" : ", ") + P->getNameAsString() +
                (P->isParameterPack() ? "..." : "");
      Out.push_back({B, E - B, TL.getDecl()->getNameAsString() + "<" + Args +
                                   ">"});
      return true;
    }
  } F(InClass, Ctx, Out);
  F.TraverseStmt(const_cast<Stmt *>(S));
  return F.Ok;
}

namespace {

/// The class a type written in the source names, the injected class name
/// (`Vec` inside `Vec<T>`) included; null for other types.
const TagDecl *writtenTag(TypeLoc TL) {
  const Type *T = TL.getTypePtr();
  if (const auto *IT = dyn_cast_or_null<InjectedClassNameType>(T))
    return IT->getDecl();
  return T ? T->getAsTagDecl() : nullptr;
}

/// Whether a type written in S names a class for which Is holds.
bool writesTag(const Stmt *S, llvm::function_ref<bool(const TagDecl *)> Is) {
  struct Finder : RecursiveASTVisitor<Finder> {
    llvm::function_ref<bool(const TagDecl *)> Is;
    bool Found = false;
    bool VisitTypeLoc(TypeLoc TL) {
      const TagDecl *TD = writtenTag(TL);
      Found = TD && Is(TD);
      return !Found;
    }
  } F;
  F.Is = Is;
  if (S)
    F.TraverseStmt(const_cast<Stmt *>(S));
  return F.Found;
}

} // namespace

bool writesNestedClassType(const Stmt *S, const Decl *InClass) {
  const auto *DC = dyn_cast_or_null<DeclContext>(InClass);
  if (!DC)
    return false;
  const Decl *Top = cast<Decl>(DC)->getCanonicalDecl();
  return writesTag(S, [&](const TagDecl *TD) {
    if (TD->getCanonicalDecl() == Top)
      return false;
    for (const DeclContext *C = TD->getDeclContext(); C; C = C->getParent())
      if (cast<Decl>(C)->getCanonicalDecl() == Top)
        return true;
    return false;
  });
}

bool writesClassType(const Stmt *S, const Decl *InClass) {
  if (!InClass)
    return false;
  const Decl *Top = InClass->getCanonicalDecl();
  return writesTag(
      S, [&](const TagDecl *TD) { return TD->getCanonicalDecl() == Top; });
}

} // namespace omp2cuda
