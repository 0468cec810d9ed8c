// The region's firstprivate scalars that its threads share (issue 9 point
// 3): OpenMP gives the target (or each team) one copy, which the threads of
// a parallel region share; the kernel gives each CUDA thread its own
// parameter. A variable a parallel region writes (or, in the control loop,
// that the team master writes and a parallel region reads) becomes the
// team's one copy in shared memory, initialised from the parameter.
#include "analysis/DirectiveTree.h"
#include "analysis/Transparent.h"

#include "clang/AST/StmtOpenMP.h"

#include <algorithm>

using namespace clang;

namespace omp2cuda {

namespace {

bool names(const Expr *E, const VarDecl *VD) {
  const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return DR && DR->getDecl() == VD;
}

/// Whether construct D gives each thread a fresh copy of VD (private,
/// firstprivate): what its body writes is not the team's copy.
bool privatises(const OMPExecutableDirective &D, const VarDecl *VD) {
  for (const auto *C : D.getClausesOfKind<OMPPrivateClause>())
    for (const Expr *E : C->varlists())
      if (names(E, VD))
        return true;
  for (const auto *C : D.getClausesOfKind<OMPFirstprivateClause>())
    for (const Expr *E : C->varlists())
      if (names(E, VD))
        return true;
  return false;
}

/// Whether S writes VD (or takes its address); InParallel: only inside a
/// nested construct other than those rewritten in place and atomics' own.
bool writes(const Stmt *S, const VarDecl *VD, bool InParallel, bool In) {
  if (!S)
    return false;
  if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
    if (privatises(*D, VD))
      return false;
    if (!isa<OMPAtomicDirective>(D) && !isTransparent(*D))
      In = true;
  }
  if (In || !InParallel) {
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->isAssignmentOp() && names(BO->getLHS(), VD))
      return true;
    if (const auto *UO = dyn_cast<UnaryOperator>(S);
        UO &&
        (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) &&
        names(UO->getSubExpr(), VD))
      return true;
  }
  // A captured statement's children are its captures' initialisers.
  if (const auto *CS = dyn_cast<CapturedStmt>(S))
    return writes(CS->getCapturedStmt(), VD, InParallel, In);
  for (const Stmt *C : S->children())
    if (writes(C, VD, InParallel, In))
      return true;
  return false;
}

} // namespace

void referencedVars(const Stmt *S, std::set<const VarDecl *> &Out) {
  if (!S)
    return;
  if (const auto *DR = dyn_cast<DeclRefExpr>(S))
    if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl()))
      Out.insert(VD);
  if (const auto *CS = dyn_cast<CapturedStmt>(S))
    referencedVars(CS->getCapturedStmt(), Out);
  for (const Stmt *C : S->children())
    referencedVars(C, Out);
}

std::vector<const VarDecl *>
teamCopies(const Stmt *Body, const std::set<const VarDecl *> &Used,
           bool Control, bool BodyIsParallel, const TreeVars &Vars,
           ASTContext &Ctx, Verdict &V, SourceLocation &Where) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<const VarDecl *> Out;
  for (const VarDecl *VD : Used) {
    if (!Vars.Region || Vars.Promoted.count(VD) || !ownCopy(VD, Vars, SM))
      continue;
    if (regionLocal(VD, Vars, SM))
      continue;
    // The control loop: only the team master runs team code, so any write
    // counts; the SPMD form: every thread runs it alike.
    if (!writes(Body, VD, /*InParallel=*/!Control, BodyIsParallel))
      continue;
    if (!VD->getType()->isScalarType()) {
      V = Verdict::no(DiagId::HostGeneral,
                      "the team's threads share '" + VD->getNameAsString() +
                          "', which is not a scalar");
      Where = VD->getLocation();
      return {};
    }
    Out.push_back(VD);
  }
  // In source order: the output must not depend on where the AST lives.
  std::sort(Out.begin(), Out.end(), [&](const VarDecl *A, const VarDecl *B) {
    return SM.isBeforeInTranslationUnit(A->getLocation(), B->getLocation());
  });
  return Out;
}

} // namespace omp2cuda
