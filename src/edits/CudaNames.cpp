// The program's own names that CUDA's headers also declare (a C struct
// `float2`, a function `rsqrt`, a global `warpSize`) are renamed in the
// output: the generated .cu sees CUDA's declarations, and nvcc would reject
// the program's (or, for a function, take it as an overload of CUDA's).
// CudaNames.inc lists CUDA's names; scripts/gen-cuda-names regenerates it
// from the toolkit's headers.
//
// A declaration at global scope whose every declaration is written in the
// main file gets the name `<name>_` (more underscores while that name is
// taken); every place the main file writes it is edited, found from the AST
// like the C++ keyword renames of C inputs (CCompat.cpp). The declaration's
// name in the AST changes too, so that the text omp2cuda prints itself
// (kernel parameters, stubs) names it the same way.
#include "edits/Edits.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSet.h"

#include <map>
#include <set>

using namespace clang;

namespace omp2cuda {

bool isCudaName(llvm::StringRef N) {
  static const llvm::StringSet<> S = {
#define O2C_CUDA_NAME(X) #X,
#define O2C_CUDA_MACRO(X)
#include "edits/CudaNames.inc"
#undef O2C_CUDA_NAME
#undef O2C_CUDA_MACRO
  };
  return S.count(N) != 0;
}

bool isCudaMacro(llvm::StringRef N) {
  static const llvm::StringSet<> S = {
#define O2C_CUDA_NAME(X)
#define O2C_CUDA_MACRO(X) #X,
#include "edits/CudaNames.inc"
#undef O2C_CUDA_NAME
#undef O2C_CUDA_MACRO
  };
  return S.count(N) != 0;
}

namespace {

/// A declaration of the program's at global scope, all of whose
/// declarations the main file writes.
bool renamable(const NamedDecl *D, const SourceManager &SM) {
  if (!D->getIdentifier() || !isCudaName(D->getName()) || D->isImplicit())
    return false;
  const DeclContext *DC = D->getDeclContext();
  if (const auto *ED = dyn_cast<EnumDecl>(DC); ED && !ED->isScoped())
    DC = ED->getDeclContext();
  if (!DC->getRedeclContext()->isTranslationUnit())
    return false;
  for (const Decl *R : D->redecls()) {
    SourceLocation L = R->getLocation();
    if (L.isMacroID())
      L = SM.getSpellingLoc(L);
    if (!SM.isInMainFile(L))
      return false;
  }
  return true;
}

class Renamer : public RecursiveASTVisitor<Renamer> {
public:
  Renamer(ASTContext &Ctx, std::vector<TextEdit> &Out)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Out(Out) {}

  bool shouldVisitImplicitCode() const { return false; }
  bool shouldVisitTemplateInstantiations() const { return false; }

  bool VisitNamedDecl(NamedDecl *D) {
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(D))
      note(Ctor->getParent(), D->getLocation());
    else
      note(D, D->getLocation());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    note(E->getDecl(), E->getLocation());
    return true;
  }
  bool VisitTypedefTypeLoc(TypedefTypeLoc TL) {
    note(TL.getTypedefNameDecl(), TL.getNameLoc());
    return true;
  }
  bool VisitRecordTypeLoc(RecordTypeLoc TL) {
    note(TL.getDecl(), TL.getNameLoc());
    return true;
  }
  bool VisitEnumTypeLoc(EnumTypeLoc TL) {
    note(TL.getDecl(), TL.getNameLoc());
    return true;
  }
  // Clause expressions OpenMP moves into implicit captured declarations.
  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    for (OMPClause *C : D->clauses())
      if (C)
        for (Stmt *Child : C->children())
          inClause(Child, 0);
    return true;
  }

  /// The new name of each renamed declaration (canonical).
  std::map<const NamedDecl *, std::string> Names;

private:
  void inClause(const Stmt *S, unsigned Depth) {
    if (!S || Depth > 64)
      return;
    if (const auto *DR = dyn_cast<DeclRefExpr>(S)) {
      if (const auto *Cap = dyn_cast<OMPCapturedExprDecl>(DR->getDecl()))
        inClause(Cap->getInit(), Depth + 1);
      else
        note(DR->getDecl(), DR->getLocation());
    }
    for (const Stmt *Child : S->children())
      inClause(Child, Depth + 1);
  }

  std::string newName(llvm::StringRef Old) {
    std::string N = Old.str() + "_";
    while (Ctx.Idents.find(N) != Ctx.Idents.end())
      N += "_";
    return N;
  }

  void note(const NamedDecl *D, SourceLocation L) {
    if (!D || L.isInvalid())
      return;
    D = cast<NamedDecl>(D->getCanonicalDecl());
    auto It = Names.find(D);
    if (It == Names.end()) {
      if (!renamable(D, SM))
        return;
      It = Names.emplace(D, newName(D->getName())).first;
    }
    // A name spelled in a macro's body or argument is renamed where it is
    // written, once (every expansion means the program's declaration: the
    // main file cannot mean CUDA's).
    if (L.isMacroID())
      L = SM.getSpellingLoc(L);
    if (!SM.isInMainFile(L))
      return;
    unsigned Off = SM.getFileOffset(L);
    llvm::StringRef Old = D->getName();
    llvm::StringRef Rest = SM.getBufferData(SM.getMainFileID()).substr(Off);
    // Implicit expressions may carry another token's location.
    if (!Rest.starts_with(Old) || (Rest.size() > Old.size() &&
                                   isAsciiIdentifierContinue(Rest[Old.size()])))
      return;
    if (Done.insert(Off).second)
      Out.push_back({Off, static_cast<unsigned>(Old.size()), It->second});
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  std::vector<TextEdit> &Out;
  std::set<unsigned> Done;
};

/// A float argument the program passes to a double parameter of the C math
/// library (`exp10(f)`, `j0(f)`, and in a C file `sqrt(f)`): the generated
/// file sees float overloads of these functions (CUDA's headers declare
/// `exp10(float)`, `sincos(float, ...)`, ...; C++'s <math.h> brings
/// `sqrt(float)` and the others into the global namespace), which would
/// compute in float what the program computes in double, on the device and
/// on the host alike. The conversion is written out: `exp10((double)f)`.
class FloatArgs : public RecursiveASTVisitor<FloatArgs> {
public:
  FloatArgs(ASTContext &Ctx, std::vector<TextEdit> &Out)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Out(Out) {}
  bool shouldVisitTemplateInstantiations() const { return false; }

  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *FD = C->getDirectCallee();
    if (!FD || !FD->getIdentifier() ||
        !FD->getDeclContext()->getRedeclContext()->isTranslationUnit() ||
        llvm::none_of(FD->redecls(), [&](const FunctionDecl *R) {
          return SM.isInSystemHeader(R->getLocation());
        }))
      return true;
    // Not the promotions of a variadic call's extra arguments (printf).
    for (unsigned I = 0; I < C->getNumArgs() && I < FD->getNumParams(); ++I) {
      const auto *IC = dyn_cast<ImplicitCastExpr>(C->getArg(I));
      if (!IC || !(toDouble(IC) || toIntegerParameter(FD, IC)))
        continue;
      const Expr *Sub = IC->getSubExpr();
      unsigned B, E;
      if (!fileOffsets(SM, Ctx.getLangOpts(), Sub->getSourceRange(), B, E))
        continue;
      bool Simple = isa<DeclRefExpr, ParenExpr, MemberExpr, ArraySubscriptExpr,
                        CallExpr, FloatingLiteral>(Sub->IgnoreImpCasts());
      std::string Type =
          "(" + IC->getType().getUnqualifiedType().getAsString() + ")";
      Out.push_back({B, 0, Simple ? Type : Type + "("});
      if (!Simple)
        Out.push_back({E, 0, ")"});
    }
    return true;
  }

private:
  /// A float (or a long double, which C++'s overloads would keep) passed
  /// to a double parameter.
  static bool toDouble(const ImplicitCastExpr *IC) {
    return IC->getCastKind() == CK_FloatingCast &&
           IC->getType()->isSpecificBuiltinType(BuiltinType::Double) &&
           (IC->getSubExpr()->getType()->isSpecificBuiltinType(
                BuiltinType::Float) ||
            IC->getSubExpr()->getType()->isSpecificBuiltinType(
                BuiltinType::LongDouble));
  }
  /// A double or a long passed to C's `abs(int)` or `div(int, int)`, which
  /// C converts and C++'s overloads (`abs(double)`, `abs(long)`) take as it
  /// is: C's abs(-2.5) is 2, C++'s 2.5.
  /// (A char, a short or an enumeration promotes to int in C++ too.)
  bool toIntegerParameter(const FunctionDecl *FD,
                          const ImplicitCastExpr *IC) const {
    QualType From = IC->getSubExpr()->getType();
    return (FD->getName() == "abs" || FD->getName() == "div") &&
           IC->getType()->isIntegerType() &&
           (IC->getCastKind() == CK_FloatingToIntegral ||
            (IC->getCastKind() == CK_IntegralCast &&
             !From->isEnumeralType() && !Ctx.isPromotableIntegerType(From)));
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  std::vector<TextEdit> &Out;
};

/// `#define NAME` lines of the main file for macros CUDA's headers define:
/// the program's definition replaces CUDA's (nvcc would warn that it
/// redefines it), so the generated file drops CUDA's first.
std::vector<std::string> redefinedCudaMacros(const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  FileID FID = SM.getMainFileID();
  llvm::StringRef Buf = SM.getBufferData(FID);
  Lexer L(SM.getLocForStartOfFile(FID), Ctx.getLangOpts(), Buf.begin(),
          Buf.begin(), Buf.end());
  std::vector<std::string> Names;
  Token T;
  while (!L.LexFromRawLexer(T)) {
    if (!T.is(tok::hash) || !T.isAtStartOfLine())
      continue;
    Token Kw, Name;
    if (L.LexFromRawLexer(Kw) || !Kw.is(tok::raw_identifier) ||
        Kw.getRawIdentifier() != "define" || L.LexFromRawLexer(Name) ||
        !Name.is(tok::raw_identifier))
      continue;
    if (isCudaMacro(Name.getRawIdentifier()) &&
        llvm::find(Names, Name.getRawIdentifier().str()) == Names.end())
      Names.push_back(Name.getRawIdentifier().str());
  }
  return Names;
}

} // namespace

std::vector<TextEdit> cudaNameEdits(ASTContext &Ctx, bool LineDirectives) {
  std::vector<TextEdit> Out;
  const SourceManager &SM = Ctx.getSourceManager();
  Renamer R(Ctx, Out);
  FloatArgs A(Ctx, Out);
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (SM.isInMainFile(SM.getExpansionLoc(D->getLocation()))) {
      R.TraverseDecl(D);
      A.TraverseDecl(D);
    }
  // What omp2cuda prints from the AST (kernel parameters' types, stubs)
  // names the declarations the way the edited text does.
  for (auto &[D, N] : R.Names)
    for (Decl *Re : D->redecls())
      cast<NamedDecl>(Re)->setDeclName(&Ctx.Idents.get(N));
  std::vector<std::string> Macros = redefinedCudaMacros(Ctx);
  if (!Macros.empty()) {
    std::string Text;
    for (const std::string &M : Macros)
      Text += "#undef " + M + " // CUDA's; the program defines its own\n";
    if (LineDirectives)
      Text += "#line 1\n";
    Out.push_back({0, 0, Text});
  }
  return Out;
}

} // namespace omp2cuda
