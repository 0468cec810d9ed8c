// Data sharing no clause writes. default(private) and
// default(firstprivate): clang spells what they make
// private as implicit private and firstprivate clauses of the construct,
// which readClauses takes as if written (OpenMP 5.2 §5.4.1). On the
// constructs of a target region's nest only a local arithmetic scalar that
// no map clause names may become private there: a mapped variable (or an
// array, a record, a pointer, a global, a member) would need a copy for
// each thread or team of the target's storage, which the kernel does not
// make yet.
#include "analysis/DefaultSharing.h"

#include "clang/AST/OpenMPClause.h"
#include "clang/AST/StmtOpenMP.h"
#include "llvm/Frontend/OpenMP/OMP.h"

#include <set>
#include <tuple>

using namespace clang;

namespace omp2cuda {

const OMPDefaultClause *privatizingDefault(const OMPExecutableDirective &D) {
  const auto *C = D.getSingleClause<OMPDefaultClause>();
  if (C && (C->getDefaultKind() == llvm::omp::OMP_DEFAULT_private ||
            C->getDefaultKind() == llvm::omp::OMP_DEFAULT_firstprivate))
    return C;
  return nullptr;
}

namespace {

const VarDecl *defaultItemVar(const Expr *E) {
  const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
}

std::set<const Decl *> namedInMaps(const OMPExecutableDirective &D) {
  std::set<const Decl *> Out;
  for (const auto *M : D.getClausesOfKind<OMPMapClause>())
    for (const auto &Comp : M->component_lists())
      if (const ValueDecl *VD = std::get<0>(Comp))
        Out.insert(VD->getCanonicalDecl());
  return Out;
}

/// Why the default clause C of X may not make the variable of E private in
/// a target region whose target directive is Target (empty: it may).
std::string defaultItemProblem(const OMPDefaultClause *C, const Expr *E,
                               const std::set<const Decl *> &Mapped,
                               const OMPExecutableDirective &X) {
  std::string Kind = C->getDefaultKind() == llvm::omp::OMP_DEFAULT_private
                         ? "private"
                         : "firstprivate";
  std::string Head =
      "default(" + Kind + ") on '" +
      llvm::omp::getOpenMPDirectiveName(X.getDirectiveKind()).str() + "'";
  const VarDecl *V = defaultItemVar(E);
  if (!V)
    return Head + " over a member or an expression is not supported yet";
  std::string Name = "'" + V->getNameAsString() + "'";
  QualType T = V->getType();
  if (!V->hasLocalStorage() ||
      !(T->isArithmeticType() || T->isEnumeralType()) ||
      Mapped.count(V->getCanonicalDecl()))
    return Head + " makes " + Name +
           " (a mapped variable, an array, a record, a pointer or a global) " +
           Kind + " in each thread or team, which is not supported yet";
  return "";
}

} // namespace

Verdict defaultPrivateVariables(const OMPExecutableDirective &D) {
  const OMPDefaultClause *C = privatizingDefault(D);
  if (!C)
    return {};
  for (const OMPClause *IC : D.clauses()) {
    if (!IC || !IC->isImplicit() ||
        !isa<OMPPrivateClause, OMPFirstprivateClause>(IC))
      continue;
    for (const Stmt *Ch : const_cast<OMPClause *>(IC)->children())
      if (const auto *E = dyn_cast_or_null<Expr>(Ch); E && !defaultItemVar(E)) {
        Verdict V = Verdict::no(
            DiagId::HostClause,
            "default(" +
                std::string(C->getDefaultKind() ==
                                    llvm::omp::OMP_DEFAULT_private
                                ? "private"
                                : "firstprivate") +
                ") on '" +
                llvm::omp::getOpenMPDirectiveName(D.getDirectiveKind()).str() +
                "' over a member or an expression is not supported yet");
        V.Where = C->getBeginLoc();
        return V;
      }
  }
  return {};
}

Verdict defaultPrivatesInNest(
    const std::vector<const OMPExecutableDirective *> &Chain) {
  if (Chain.empty())
    return {};
  std::set<const Decl *> Mapped = namedInMaps(*Chain.front());
  for (const OMPExecutableDirective *X : Chain) {
    const OMPDefaultClause *C = privatizingDefault(*X);
    if (!C)
      continue;
    if (Chain.front()->getSingleClause<OMPDefaultmapClause>()) {
      Verdict V = Verdict::no(
          DiagId::HostClause,
          "default(private) or default(firstprivate) beside defaultmap on "
          "a target region is not supported yet");
      V.Where = C->getBeginLoc();
      return V;
    }
    for (const OMPClause *IC : X->clauses()) {
      if (!IC || !IC->isImplicit() ||
          !isa<OMPPrivateClause, OMPFirstprivateClause>(IC))
        continue;
      for (const Stmt *Ch : const_cast<OMPClause *>(IC)->children()) {
        const auto *E = dyn_cast_or_null<Expr>(Ch);
        if (!E)
          continue;
        if (std::string Why = defaultItemProblem(C, E, Mapped, *X);
            !Why.empty()) {
          Verdict V = Verdict::no(DiagId::HostClause, Why);
          V.Where = C->getBeginLoc();
          return V;
        }
      }
    }
  }
  return {};
}

namespace {

bool namedInClause(const OMPExecutableDirective &D, const VarDecl *V) {
  for (const OMPClause *C : D.clauses()) {
    if (!C || C->isImplicit())
      continue;
    for (const Stmt *Ch : const_cast<OMPClause *>(C)->children())
      if (const auto *E = dyn_cast_or_null<Expr>(Ch))
        if (defaultItemVar(E) == V)
          return true;
  }
  return false;
}

/// Whether S names V outside Loop (written clause expressions included).
bool namedOutside(const Stmt *S, const VarDecl *V, const Stmt *Loop) {
  if (!S || S == Loop)
    return false;
  if (const auto *DR = dyn_cast<DeclRefExpr>(S))
    if (DR->getDecl() == V &&
        !Loop->getSourceRange().fullyContains(DR->getSourceRange()))
      return true;
  // Not the captures' initialisers, which name what the body uses.
  if (const auto *CS = dyn_cast<CapturedStmt>(S))
    return namedOutside(CS->getCapturedStmt(), V, Loop);
  if (const auto *D = dyn_cast<OMPExecutableDirective>(S))
    for (const OMPClause *C : D->clauses())
      if (C && !C->isImplicit()) // implicit ones repeat the body's names
        for (const Stmt *Ch : const_cast<OMPClause *>(C)->children())
          if (namedOutside(Ch, V, Loop))
            return true;
  for (const Stmt *Ch : S->children())
    if (namedOutside(Ch, V, Loop))
      return true;
  return false;
}

} // namespace

Verdict nestedLoopVars(const OMPExecutableDirective &D, const Stmt *Loop,
                       const std::set<const VarDecl *> &LoopVars,
                       const TreeVars &Vars, const SourceManager &SM) {
  std::string Name =
      "'" + llvm::omp::getOpenMPDirectiveName(D.getDirectiveKind()).str() + "'";
  for (const VarDecl *V : LoopVars) {
    if (!Loop || Loop->getSourceRange().fullyContains(V->getSourceRange()) ||
        namedInClause(D, V))
      continue;
    QualType T = V->getType();
    bool Outlives = V->hasGlobalStorage() || T->isReferenceType() ||
                    Vars.Mapped.count(V) ||
                    (Vars.ScalarsMapped && !T->isPointerType() &&
                     !regionLocal(V, Vars, SM));
    // The value after the loop matters where storage that outlives the
    // region holds it, or where the region names the variable again.
    bool Seen = Outlives || !Vars.Region || namedOutside(Vars.Region, V, Loop);
    std::string Why;
    if ((isOpenMPSimdDirective(D.getDirectiveKind()) ||
         isOpenMPGenericLoopDirective(D.getDirectiveKind())) &&
        Seen)
      Why = "the variable '" + V->getNameAsString() + "' of the nested " +
            Name +
            " loop, declared before the loop, has the value after the loop "
            "there (linear or lastprivate, OpenMP 5.2 §5.1.1), which is not "
            "supported yet";
    else if (Outlives)
      Why = "the variable '" + V->getNameAsString() + "' of the nested " +
            Name +
            " loop is a mapped, global or reference variable, which is not "
            "supported yet (declare it in the for statement)";
    if (!Why.empty()) {
      Verdict No = Verdict::no(DiagId::HostClause, Why);
      No.Where = Loop->getBeginLoc();
      return No;
    }
  }
  return {};
}

} // namespace omp2cuda
