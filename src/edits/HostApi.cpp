// The OpenMP device routines called from host code (omp_get_num_devices,
// omp_target_alloc, ...) are routed to the omp2cuda runtime: the host
// compiler's OpenMP library, built without offloading, knows of no device,
// while the translated program offloads through host_rt.
#include "edits/Edits.h"
#include "frontend/FileScope.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringMap.h"

#include <cctype>
#include <set>

using namespace clang;

namespace omp2cuda {

namespace {

const llvm::StringMap<std::string> &routes() {
  static const llvm::StringMap<std::string> M = {
      {"omp_get_num_devices", "o2c::numDevices"},
      {"omp_get_default_device", "o2c::defaultDevice"},
      {"omp_set_default_device", "o2c::setDefaultDevice"},
      {"omp_get_initial_device", "o2c::initialDevice"},
      {"omp_target_alloc", "o2c::targetAlloc"},
      {"omp_target_free", "o2c::targetFree"},
      {"omp_target_is_present", "o2c::targetIsPresent"},
      {"omp_target_memcpy", "o2c::targetMemcpy"},
      {"omp_target_memcpy_rect", "o2c::targetMemcpyRect"},
      {"omp_target_memcpy_async", "o2c::targetMemcpyAsync"},
      {"omp_target_memcpy_rect_async", "o2c::targetMemcpyRectAsync"},
      {"omp_target_is_accessible", "o2c::targetIsAccessible"},
      {"omp_get_mapped_ptr", "o2c::mappedPtr"},
      {"omp_get_device_num", "o2c::initialDevice"}};
  return M;
}

class Router : public RecursiveASTVisitor<Router> {
public:
  Router(ASTContext &Ctx, const std::vector<SourceRange> &Device,
         std::vector<TextEdit> &Out)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Device(Device), Out(Out) {}

  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *FD = C->getDirectCallee();
    // In a template a call whose arguments depend on a template parameter
    // is resolved only per instantiation; its name still finds omp.h's.
    const auto *U = FD ? nullptr
                       : dyn_cast<UnresolvedLookupExpr>(
                             C->getCallee()->IgnoreImplicit());
    if (U && !U->getQualifier() && U->getNumDecls() > 0)
      FD = dyn_cast<FunctionDecl>((*U->decls_begin())->getUnderlyingDecl());
    if (!FD)
      return true;
    // A `declare variant` specialisation is named "f[device=...]".
    std::string Name = FD->getNameAsString();
    auto It = routes().find(Name.substr(0, Name.find('[')));
    // The routine is OpenMP's when omp.h declares it, also where the
    // program defines it for a host library that lacks it (GCC 12's has no
    // omp_target_memcpy_async): the translated program's devices are
    // omp2cuda's.
    if (It == routes().end() || !ompRoutine(FD) || (U && !allOmp(*U)))
      return true;
    SourceLocation L = C->getCallee()->getBeginLoc();
    // Calls written in macro arguments have main-file text; calls inside a
    // macro's own body do not (fileOffsets below says so).
    if (!inMainFile(SM, SM.getExpansionLoc(L)))
      return true;
    // Text inside target regions is the host fallback here (kernels copy
    // the user's text separately); only DeviceCode ranges are skipped.
    for (const SourceRange &R : Device)
      if (SM.isPointWithin(L, R.getBegin(), R.getEnd()))
        return true;
    unsigned B, E;
    if (fileOffsets(SM, Ctx.getLangOpts(), C->getCallee()->getSourceRange(), B, E) &&
        Done.insert(B).second)
      Out.push_back({B, E - B, It->second});
    return true;
  }

  // Clauses of combined constructs hold their expressions in implicit
  // captured variables (`device(omp_get_initial_device())`), which the
  // traversal skips: their initialisers are the user's text.
  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    for (OMPClause *C : D->clauses()) {
      if (!C)
        continue;
      for (Stmt *Child : C->children())
        if (const auto *E = dyn_cast_or_null<Expr>(Child))
          if (const Expr *User = userExpr(E); User != E)
            TraverseStmt(const_cast<Expr *>(User));
    }
    return true;
  }

private:
  bool ompRoutine(const FunctionDecl *FD) const {
    return SM.isInSystemHeader(FD->getFirstDecl()->getLocation());
  }
  /// Every function an unresolved name finds is the OpenMP routine (a
  /// user's overload of the name would make the choice the instantiation's).
  bool allOmp(const UnresolvedLookupExpr &U) const {
    for (const NamedDecl *D : U.decls()) {
      const auto *F = dyn_cast<FunctionDecl>(D->getUnderlyingDecl());
      if (!F || !ompRoutine(F))
        return false;
    }
    return true;
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  const std::vector<SourceRange> &Device;
  std::vector<TextEdit> &Out;
  std::set<unsigned> Done; // offsets edited (a capture is reached twice)
};

} // namespace

std::vector<TextEdit> hostApiEdits(ASTContext &Ctx,
                                   const std::vector<SourceRange> &DeviceCode) {
  std::vector<TextEdit> Out;
  Router R(Ctx, DeviceCode, Out);
  const SourceManager &SM = Ctx.getSourceManager();
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (inMainFile(SM, SM.getExpansionLoc(D->getLocation())))
      R.TraverseDecl(D);
  return Out;
}

} // namespace omp2cuda

namespace omp2cuda {

namespace {

/// nvcc's front end re-prints host code, and turns `x = x + e` under
/// `#pragma omp atomic` into a form GCC rejects; `x += e` means the same and
/// survives.
class AtomicForms : public RecursiveASTVisitor<AtomicForms> {
public:
  AtomicForms(ASTContext &Ctx, std::vector<TextEdit> &Out)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Out(Out) {}

  // `*p` in map and motion clauses (OpenMP 5.0) is written `p[0:1]` for host
  // compilers that know only sections (GCC 12), in directives kept for the
  // host: the `*` goes and `[0:1]` follows the pointer.
  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    for (const OMPClause *C : D->clauses()) {
      llvm::ArrayRef<const Expr *> Items;
      if (const auto *M = dyn_cast_or_null<OMPMapClause>(C))
        Items = {M->varlist_begin(), M->varlist_end()};
      else if (const auto *T = dyn_cast_or_null<OMPToClause>(C))
        Items = {T->varlist_begin(), T->varlist_end()};
      else if (const auto *F = dyn_cast_or_null<OMPFromClause>(C))
        Items = {F->varlist_begin(), F->varlist_end()};
      for (const Expr *E : Items) {
        const auto *U = dyn_cast<UnaryOperator>(E->IgnoreParenImpCasts());
        if (!U || U->getOpcode() != UO_Deref)
          continue;
        // *(p) too: GCC takes no parenthesised base, so the parentheses go.
        std::vector<const ParenExpr *> Parens;
        const Expr *Sub = U->getSubExpr();
        while (true) {
          if (const auto *IC = dyn_cast<ImplicitCastExpr>(Sub))
            Sub = IC->getSubExpr();
          else if (const auto *P = dyn_cast<ParenExpr>(Sub))
            Parens.push_back(P), Sub = P->getSubExpr();
          else
            break;
        }
        if (!isa<DeclRefExpr>(Sub))
          continue;
        SourceLocation Star = U->getOperatorLoc();
        SourceLocation End = Lexer::getLocForEndOfToken(Sub->getEndLoc(), 0, SM,
                                                        Ctx.getLangOpts());
        bool InFile = !Star.isMacroID() && inMainFile(SM, Star) &&
                      End.isValid() && !End.isMacroID();
        for (const ParenExpr *P : Parens)
          InFile = InFile && !P->getLParen().isMacroID() && !P->getRParen().isMacroID();
        if (!InFile)
          continue;
        Out.push_back({SM.getFileOffset(Star), 1, ""});
        for (const ParenExpr *P : Parens) {
          Out.push_back({SM.getFileOffset(P->getLParen()), 1, ""});
          Out.push_back({SM.getFileOffset(P->getRParen()), 1,
                         P == Parens.back() ? "[0:1]" : ""});
        }
        if (Parens.empty())
          Out.push_back({SM.getFileOffset(End), 0, "[0:1]"});
      }
    }
    return true;
  }

  bool VisitOMPAtomicDirective(OMPAtomicDirective *A) {
    const Expr *E = atomicStatement(*A);
    if (!E)
      return true;
    if (A->getSingleClause<OMPCompareClause>()) {
      compareForm(E);
      return true;
    }
    AtomicUpdate U = atomicUpdate(E, Ctx);
    if (!U.WhyNot.empty() || !U.Assign)
      return true;
    std::string X = exprText(U.X->IgnoreParenImpCasts(), Ctx);
    std::string Op = BinaryOperator::getOpcodeStr(U.Op).str() + "=";
    unsigned B, En;
    if (!fileOffsets(SM, Ctx.getLangOpts(), E->getSourceRange(), B, En))
      return true;
    Out.push_back({B, En - B, X + " " + Op + " " + exprText(U.V, Ctx)});
    return true;
  }

private:
  /// `x = c ? e : x;` under `atomic compare`: nvcc's front end adds
  /// parentheses that host compilers reject there; `if (c) { x = e; }`
  /// (an OpenMP 5.1 form of the same update) survives.
  void compareForm(const Expr *E) {
    const auto *BO = dyn_cast<BinaryOperator>(E);
    const auto *CO =
        BO && BO->getOpcode() == BO_Assign
            ? dyn_cast<ConditionalOperator>(BO->getRHS()->IgnoreParenImpCasts())
            : nullptr;
    unsigned B, En;
    if (!CO || !fileOffsets(SM, Ctx.getLangOpts(), E->getSourceRange(), B, En))
      return;
    llvm::StringRef Buf = SM.getBufferData(SM.getMainFileID());
    unsigned Semi = En;
    while (Semi < Buf.size() && isspace(static_cast<unsigned char>(Buf[Semi])))
      ++Semi;
    if (Semi >= Buf.size() || Buf[Semi] != ';')
      return;
    Out.push_back({B, Semi + 1 - B,
                   "if (" + exprText(CO->getCond(), Ctx) + ") { " +
                       exprText(BO->getLHS(), Ctx) + " = " +
                       exprText(CO->getTrueExpr(), Ctx) + "; }"});
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  std::vector<TextEdit> &Out;
};

} // namespace

std::vector<TextEdit> atomicFormEdits(ASTContext &Ctx) {
  std::vector<TextEdit> Out;
  AtomicForms A(Ctx, Out);
  const SourceManager &SM = Ctx.getSourceManager();
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (inMainFile(SM, SM.getExpansionLoc(D->getLocation())))
      A.TraverseDecl(D);
  return Out;
}

} // namespace omp2cuda
