// in_reduction on a task inside a target region (issue 9 points 4 and 5).
// Such tasks run when they are created, in the thread that creates them
// (Transparent.cpp), and the only task reduction a device region has is
// `reduction(task, op: x)` on the parallel or worksharing construct around
// them (task_reduction on taskgroup is not translated): the task's
// participation then goes into that thread's own copy of x. OpenMP gives
// the task a private copy that starts at the operator's identity; updating
// the thread's copy in place is the same whenever the task only applies
// the operator to x (`x += e`, `x++`, e not reading x), which is what is
// checked here. Anything else in the task leaves the region on the host.
#include "analysis/InReduction.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtOpenMP.h"

using namespace clang;

namespace omp2cuda {

namespace {

/// The compound assignments that apply the reduction operator Op.
bool appliesOp(OverloadedOperatorKind Op, BinaryOperatorKind B) {
  switch (Op) {
  case OO_Plus:
  case OO_Minus:
    return B == BO_AddAssign || B == BO_SubAssign;
  case OO_Star:
    return B == BO_MulAssign;
  case OO_Amp:
    return B == BO_AndAssign;
  case OO_Pipe:
    return B == BO_OrAssign;
  case OO_Caret:
    return B == BO_XorAssign;
  default:
    return false;
  }
}

bool isRefTo(const Expr *E, const VarDecl *VD) {
  const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return DR && DR->getDecl() == VD;
}

/// The first use of VD in S other than an update with Op (null: none).
const Expr *otherUse(const Stmt *S, const VarDecl *VD,
                     OverloadedOperatorKind Op) {
  if (!S)
    return nullptr;
  if (const auto *CA = dyn_cast<CompoundAssignOperator>(S);
      CA && isRefTo(CA->getLHS(), VD) && appliesOp(Op, CA->getOpcode()))
    return otherUse(CA->getRHS(), VD, Op);
  if (const auto *U = dyn_cast<UnaryOperator>(S);
      U && U->isIncrementDecrementOp() && isRefTo(U->getSubExpr(), VD) &&
      (Op == OO_Plus || Op == OO_Minus))
    return nullptr;
  if (const auto *DR = dyn_cast<DeclRefExpr>(S); DR && DR->getDecl() == VD)
    return DR;
  for (const Stmt *C : S->children())
    if (const Expr *E = otherUse(C, VD, Op))
      return E;
  return nullptr;
}

} // namespace

Verdict inReductionInPlace(const OMPInReductionClause &C, const Stmt *Body) {
  OverloadedOperatorKind Op =
      C.getNameInfo().getName().getCXXOverloadedOperator();
  auto No = [&](const std::string &Why, SourceLocation At) {
    Verdict V = Verdict::no(DiagId::HostClause, Why);
    V.Where = At;
    return V;
  };
  if (!appliesOp(Op, BO_AddAssign) && !appliesOp(Op, BO_MulAssign) &&
      !appliesOp(Op, BO_AndAssign) && !appliesOp(Op, BO_OrAssign) &&
      !appliesOp(Op, BO_XorAssign))
    return No("in_reduction with an operator other than +, -, *, &, | or ^ "
              "inside a target region is not supported yet",
              C.getBeginLoc());
  for (const Expr *E : C.varlists()) {
    const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *VD = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
    if (!VD || !VD->getType()->isScalarType())
      return No("in_reduction of something other than a scalar variable "
                "inside a target region is not supported yet",
                E->getBeginLoc());
    if (const Expr *U = otherUse(Body, VD, Op))
      return No("the task uses its in_reduction item '" +
                    VD->getNameAsString() +
                    "' other than by updating it with the reduction's "
                    "operator ('x op= e'), which is not supported yet",
                U->getBeginLoc());
  }
  return {};
}

} // namespace omp2cuda
