// Which elements a loop entering each element's pointee certainly enters
// (EnteringLoops.h).
#include "analysis/EnteringLoops.h"
#include "analysis/PointerValueUse.h"
#include "analysis/WrittenVars.h"

#include "clang/AST/ExprOpenMP.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <algorithm>
#include <set>

using namespace clang;

namespace omp2cuda {
namespace {

std::optional<int64_t> intValue(const Expr *E, const ASTContext &Ctx) {
  Expr::EvalResult R;
  if (!E || E->isValueDependent() || !E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R.Val.getInt().getExtValue();
}

/// A statement of the body that ends an iteration early, or lets another
/// statement jump past the construct (a break or continue of the loop
/// itself, not of a loop or switch nested in it).
class EarlyExit : public RecursiveASTVisitor<EarlyExit> {
public:
  bool TraverseStmt(Stmt *S) {
    if (!S || Found)
      return true;
    bool Loop = isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
    bool Switch = isa<SwitchStmt>(S);
    Loops += Loop;
    Switches += Switch;
    RecursiveASTVisitor::TraverseStmt(S);
    Loops -= Loop;
    Switches -= Switch;
    return true;
  }
  bool VisitStmt(Stmt *S) {
    if (isa<GotoStmt, IndirectGotoStmt, ReturnStmt, LabelStmt, CXXThrowExpr,
            CoreturnStmt>(S) ||
        (isa<ContinueStmt>(S) && Loops == 0) ||
        (isa<BreakStmt>(S) && Loops == 0 && Switches == 0))
      Found = true;
    return true;
  }
  bool Found = false;

private:
  int Loops = 0, Switches = 0;
};

/// Whether VD is declared in the body of a loop of Scope: each iteration
/// has a variable of its own, which may hold another value (review rv40
/// j40: `int n = 3 - r;` in an outer loop, the holder mapped with the
/// first iteration's n).
bool inLoopBody(const VarDecl *VD, const Stmt *Scope) {
  struct Loops : RecursiveASTVisitor<Loops> {
    bool VisitStmt(Stmt *S) {
      const Stmt *Body = nullptr;
      if (const auto *F = dyn_cast<ForStmt>(S))
        Body = F->getBody();
      else if (const auto *W = dyn_cast<WhileStmt>(S))
        Body = W->getBody();
      else if (const auto *D = dyn_cast<DoStmt>(S))
        Body = D->getBody();
      else if (const auto *R = dyn_cast<CXXForRangeStmt>(S))
        Body = R->getBody();
      Found |= Body && declaredIn(VD, Body);
      return !Found;
    }
    const VarDecl *VD = nullptr;
    bool Found = false;
  } L;
  L.VD = VD;
  L.TraverseStmt(const_cast<Stmt *>(Scope));
  return L.Found;
}

/// Whether every variable E reads is a local or a parameter (or a member
/// of one) that nothing in Written changes, declared outside every loop of
/// Scope, and E calls nothing.
bool steadyBound(const Expr *E, const std::set<const void *> &Written,
                 const Stmt *Scope) {
  struct Reads : RecursiveASTVisitor<Reads> {
    bool VisitDeclRefExpr(DeclRefExpr *R) {
      if (isa<EnumConstantDecl>(R->getDecl()))
        return true;
      const auto *VD = dyn_cast<VarDecl>(R->getDecl());
      Ok &= VD && !VD->hasGlobalStorage() &&
            !VD->getType()->isReferenceType() &&
            !Written->count(VD->getCanonicalDecl()) &&
            !inLoopBody(VD, Scope);
      return true;
    }
    bool VisitMemberExpr(MemberExpr *M) {
      Ok &= !M->isArrow();
      return true;
    }
    bool VisitCallExpr(CallExpr *) { return Ok = false; }
    bool VisitUnaryOperator(UnaryOperator *U) {
      Ok &= U->getOpcode() != UO_Deref;
      return true;
    }
    bool VisitArraySubscriptExpr(ArraySubscriptExpr *) { return Ok = false; }
    const std::set<const void *> *Written = nullptr;
    const Stmt *Scope = nullptr;
    bool Ok = true;
  } R;
  R.Written = &Written;
  R.Scope = Scope;
  R.TraverseStmt(const_cast<Expr *>(E));
  return R.Ok;
}

/// Whether A and B read the same variables alike (`n`, `s.n`, `n - 1`):
/// the same value where steadyBound holds for both.
bool sameValue(const Expr *A, const Expr *B) {
  A = A->IgnoreParenImpCasts();
  B = B->IgnoreParenImpCasts();
  if (A->getStmtClass() != B->getStmtClass())
    return false;
  if (const auto *DA = dyn_cast<DeclRefExpr>(A))
    return DA->getDecl() == cast<DeclRefExpr>(B)->getDecl();
  if (const auto *MA = dyn_cast<MemberExpr>(A)) {
    const auto *MB = cast<MemberExpr>(B);
    return !MA->isArrow() && !MB->isArrow() &&
           MA->getMemberDecl() == MB->getMemberDecl() &&
           sameValue(MA->getBase(), MB->getBase());
  }
  if (const auto *IA = dyn_cast<IntegerLiteral>(A))
    return IA->getValue() == cast<IntegerLiteral>(B)->getValue();
  if (const auto *BA = dyn_cast<BinaryOperator>(A)) {
    const auto *BB = cast<BinaryOperator>(B);
    return BA->getOpcode() == BB->getOpcode() &&
           sameValue(BA->getLHS(), BB->getLHS()) &&
           sameValue(BA->getRHS(), BB->getRHS());
  }
  return false;
}

/// The variable of `++i`, `i++` or `i += 1`.
const VarDecl *unitStep(const Expr *Inc, const ASTContext &Ctx) {
  Inc = Inc ? Inc->IgnoreParenImpCasts() : nullptr;
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(Inc);
      U && U->isIncrementOp())
    return namedVarOf(U->getSubExpr());
  if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(Inc);
      CA && CA->getOpcode() == BO_AddAssign && intValue(CA->getRHS(), Ctx) == 1)
    return namedVarOf(CA->getLHS());
  return nullptr;
}

} // namespace

std::optional<LoopRange> enteringLoop(const Stmt *S, const Stmt *D,
                                      const Stmt *Scope,
                                      const ASTContext &Ctx) {
  const auto *F = dyn_cast_or_null<ForStmt>(S);
  if (!F || !F->getBody())
    return std::nullopt;
  const auto *Body = dyn_cast<CompoundStmt>(F->getBody());
  if (F->getBody() != D &&
      !(Body &&
        std::find(Body->body_begin(), Body->body_end(), D) != Body->body_end()))
    return std::nullopt;
  LoopRange R;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit())) {
    R.Var =
        DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
    if (!R.Var || !intValue(R.Var->getInit(), Ctx))
      return std::nullopt;
    R.Lo = *intValue(R.Var->getInit(), Ctx);
  } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(F->getInit());
             BO && BO->getOpcode() == BO_Assign &&
             intValue(BO->getRHS(), Ctx)) {
    R.Var = namedVarOf(BO->getLHS());
    R.Lo = *intValue(BO->getRHS(), Ctx);
  }
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      F->getCond() ? F->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!R.Var || !R.Var->getType()->isIntegerType() || !Cond ||
      namedVarOf(Cond->getLHS()) != R.Var || unitStep(F->getInc(), Ctx) != R.Var)
    return std::nullopt;
  R.HiExpr = Cond->getRHS()->IgnoreParenImpCasts();
  R.Hi = intValue(R.HiExpr, Ctx);
  bool NotEqual = false;
  if (Cond->getOpcode() == BO_LE && R.Hi)
    R.Hi = *R.Hi + 1;
  // `i != hi` stepping by one from lo runs lo, ..., hi - 1 as `i < hi`
  // does where lo <= hi (review rv40 n02); past it, it wraps (unsigned)
  // or overflows (signed) through rows the holder has not. A constant
  // bound is checked; a variable one only from 0 (`A[0:n]`, where
  // n < 0 is no section and an unsigned n is never below 0).
  else if (Cond->getOpcode() == BO_NE)
    NotEqual = true;
  else if (Cond->getOpcode() != BO_LT)
    return std::nullopt;
  if (NotEqual && (R.Hi ? R.Lo > *R.Hi : R.Lo != 0))
    return std::nullopt;
  EarlyExit Exit;
  Exit.TraverseStmt(const_cast<Stmt *>(F->getBody()));
  // The variable and the bound's may change only by name: not through a
  // pointer, a reference or a lambda's capture (review rv40 j11, k01, k09),
  // nor by a callee (a global: j21).
  std::set<const void *> InBody, InScope;
  writtenVars(F->getBody(), nullptr, InBody);
  writtenVars(Scope, nullptr, InScope);
  escapedVars(Scope, InBody);
  escapedVars(Scope, InScope);
  if (Exit.Found || R.Var->hasGlobalStorage() ||
      R.Var->getType()->isReferenceType() ||
      InBody.count(R.Var->getCanonicalDecl()) ||
      (!R.Hi && !steadyBound(R.HiExpr, InScope, Scope)))
    return std::nullopt;
  return R;
}

std::optional<LoopRange> iteratorRange(const OMPIteratorExpr *Iter,
                                       const Stmt *Scope,
                                       const ASTContext &Ctx) {
  if (!Iter || Iter->numOfIterators() != 1)
    return std::nullopt;
  OMPIteratorExpr::IteratorRange IR = Iter->getIteratorRange(0);
  std::optional<int64_t> Lo = intValue(IR.Begin, Ctx);
  if (!Lo || (IR.Step && intValue(IR.Step, Ctx) != 1) || !IR.End)
    return std::nullopt;
  LoopRange R;
  R.Var = dyn_cast<VarDecl>(Iter->getIteratorDecl(0));
  R.Lo = *Lo;
  R.HiExpr = IR.End;
  R.Hi = intValue(IR.End, Ctx);
  std::set<const void *> InScope;
  writtenVars(Scope, nullptr, InScope);
  escapedVars(Scope, InScope);
  if (!R.Var || (!R.Hi && !steadyBound(R.HiExpr, InScope, Scope)))
    return std::nullopt;
  return R;
}

bool loopCovers(const LoopRange &R, const Expr *Item, const ASTContext &Ctx) {
  Item = Item->IgnoreParenImpCasts();
  auto Within = [&](int64_t Lo, int64_t End) {
    return R.Hi && R.Lo <= Lo && End <= *R.Hi;
  };
  if (const auto *S = dyn_cast<ArraySectionExpr>(Item)) {
    std::optional<int64_t> Lo =
        S->getLowerBound() ? intValue(S->getLowerBound(), Ctx) : 0;
    const Expr *Len = S->getLength();
    if (!Lo)
      return false;
    if (!Len) { // `A[lo:]` of an array
      const auto *CA = Ctx.getAsConstantArrayType(
          S->getBase()->IgnoreParenImpCasts()->getType());
      return CA && Within(*Lo, int64_t(CA->getSize().getZExtValue()));
    }
    if (std::optional<int64_t> N = intValue(Len, Ctx))
      return Within(*Lo, *Lo + *N);
    // `A[0:n]` entered by `for (i = 0; i < n; i++)`.
    return *Lo == 0 && R.Lo == 0 && !R.Hi && sameValue(Len, R.HiExpr);
  }
  if (const auto *A = dyn_cast<ArraySubscriptExpr>(Item)) {
    std::optional<int64_t> K = intValue(A->getIdx(), Ctx);
    return K && Within(*K, *K + 1);
  }
  if (const auto *CA = Ctx.getAsConstantArrayType(Item->getType()))
    return Within(0, int64_t(CA->getSize().getZExtValue()));
  return false;
}

} // namespace omp2cuda
