// When a loop run in order on its scan items computes their scan
// (InOrderScan.h). Plain checks over the AST, no edits.
#include "analysis/InOrderScan.h"

#include "analysis/Transparent.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/FoldingSet.h"

#include <map>
#include <set>
#include <vector>

using namespace clang;

namespace omp2cuda {

namespace {

enum class ScanOp {
  None,
  Plus,
  Times,
  BitAnd,
  BitOr,
  BitXor,
  LogAnd,
  LogOr,
  Min,
  Max
};

/// The built-in operator of an inscan clause; None for '-' (deprecated, and
/// `x -= e` is not `x op= e`) and user-declared reductions.
ScanOp scanOp(const OMPReductionClause &C) {
  for (const Expr *E : C.reduction_ops())
    if (const auto *DR = dyn_cast_or_null<DeclRefExpr>(E))
      if (isa<OMPDeclareReductionDecl>(DR->getDecl()))
        return ScanOp::None;
  DeclarationName N = C.getNameInfo().getName();
  switch (N.getCXXOverloadedOperator()) {
  case OO_Plus:
    return ScanOp::Plus;
  case OO_Star:
    return ScanOp::Times;
  case OO_Amp:
    return ScanOp::BitAnd;
  case OO_Pipe:
    return ScanOp::BitOr;
  case OO_Caret:
    return ScanOp::BitXor;
  case OO_AmpAmp:
    return ScanOp::LogAnd;
  case OO_PipePipe:
    return ScanOp::LogOr;
  default:
    break;
  }
  if (N.isIdentifier() && N.getAsString() == "min")
    return ScanOp::Min;
  if (N.isIdentifier() && N.getAsString() == "max")
    return ScanOp::Max;
  return ScanOp::None;
}

BinaryOperatorKind compoundOf(ScanOp Op) {
  switch (Op) {
  case ScanOp::Plus:
    return BO_AddAssign;
  case ScanOp::Times:
    return BO_MulAssign;
  case ScanOp::BitAnd:
    return BO_AndAssign;
  case ScanOp::BitOr:
    return BO_OrAssign;
  case ScanOp::BitXor:
    return BO_XorAssign;
  default:
    return BO_Comma; // none
  }
}

BinaryOperatorKind binaryOf(ScanOp Op) {
  switch (Op) {
  case ScanOp::Plus:
    return BO_Add;
  case ScanOp::Times:
    return BO_Mul;
  case ScanOp::BitAnd:
    return BO_And;
  case ScanOp::BitOr:
    return BO_Or;
  case ScanOp::BitXor:
    return BO_Xor;
  case ScanOp::LogAnd:
    return BO_LAnd;
  case ScanOp::LogOr:
    return BO_LOr;
  default:
    return BO_Comma; // none
  }
}

enum class Phase { Other, Input, Scan };

/// A statement whose value nobody uses: one of a block, a branch or a
/// loop's body.
bool discarded(const Stmt *S, const Stmt *Parent) {
  if (!Parent)
    return false;
  if (isa<CompoundStmt, LabelStmt, SwitchCase>(Parent))
    return true;
  if (const auto *If = dyn_cast<IfStmt>(Parent))
    return If->getThen() == S || If->getElse() == S;
  if (const auto *F = dyn_cast<ForStmt>(Parent))
    return F->getBody() == S || F->getInc() == S;
  if (const auto *W = dyn_cast<WhileStmt>(Parent))
    return W->getBody() == S;
  if (const auto *Do = dyn_cast<DoStmt>(Parent))
    return Do->getBody() == S;
  if (const auto *R = dyn_cast<CXXForRangeStmt>(Parent))
    return R->getBody() == S;
  return false;
}

struct ItemUse {
  const DeclRefExpr *Ref;
  const Stmt *Parent;
  Phase Where;
};

struct ScanChecker {
  ASTContext &Ctx;
  std::map<const VarDecl *, ScanOp> Items;
  std::set<const DeclRefExpr *> Combines; // uses a recognised update makes
  std::vector<ItemUse> Uses;
  const Stmt *Body = nullptr; // the innermost loop's body: the two phases
  const Stmt *ScanAt = nullptr;
  bool Inclusive = true;
  const Stmt *Jump = nullptr; // a continue or goto out of a phase

  const VarDecl *itemOf(const Expr *E) const {
    const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParens());
    const auto *VD = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
    return VD && Items.count(VD->getCanonicalDecl()) ? VD->getCanonicalDecl()
                                                     : nullptr;
  }

  /// The read of item VD that E is, without conversion: its DeclRefExpr.
  const DeclRefExpr *readOf(const Expr *E, const VarDecl *VD) const {
    const auto *IC = dyn_cast<ImplicitCastExpr>(E->IgnoreParens());
    if (!IC || IC->getCastKind() != CK_LValueToRValue)
      return nullptr;
    const auto *DR = dyn_cast<DeclRefExpr>(IC->getSubExpr()->IgnoreParens());
    return DR && itemOf(DR) == VD ? DR : nullptr;
  }

  bool sameType(QualType T, const VarDecl *VD) const {
    return Ctx.hasSameUnqualifiedType(T, VD->getType());
  }

  bool same(const Expr *A, const Expr *B) const {
    llvm::FoldingSetNodeID IA, IB;
    A->IgnoreParenImpCasts()->Profile(IA, Ctx, true);
    B->IgnoreParenImpCasts()->Profile(IB, Ctx, true);
    return IA == IB;
  }

  /// x = (e < x) ? e : x and the other spellings of min and max (e is
  /// evaluated twice, so it must not have side effects).
  bool minMax(const ConditionalOperator &CO, const VarDecl *VD, ScanOp Op,
              std::vector<const DeclRefExpr *> &Reads) const {
    const auto *C =
        dyn_cast<BinaryOperator>(CO.getCond()->IgnoreParenImpCasts());
    if (!C || !C->isRelationalOp())
      return false;
    const DeclRefExpr *XL = readOf(C->getLHS(), VD);
    const DeclRefExpr *XR = readOf(C->getRHS(), VD);
    if (!XL == !XR)
      return false;
    const Expr *E = XL ? C->getRHS() : C->getLHS();
    if (E->HasSideEffects(Ctx))
      return false;
    // Which operand of the comparison the true branch must be.
    bool LhsLessWhenTrue = C->getOpcode() == BO_LT || C->getOpcode() == BO_LE;
    bool TrueIsLhs = (Op == ScanOp::Min) == LhsLessWhenTrue;
    bool TrueIsX = TrueIsLhs == bool(XL);
    const Expr *XBranch = TrueIsX ? CO.getTrueExpr() : CO.getFalseExpr();
    const Expr *EBranch = TrueIsX ? CO.getFalseExpr() : CO.getTrueExpr();
    const DeclRefExpr *XB = readOf(XBranch, VD);
    if (!XB || !same(EBranch, E))
      return false;
    Reads = {XL ? XL : XR, XB};
    return true;
  }

  /// U, a statement whose value is discarded, combining a value into an
  /// item with its operator: records the item's uses it makes.
  void update(const Expr *U) {
    std::vector<const DeclRefExpr *> Refs;
    if (const auto *UO = dyn_cast<UnaryOperator>(U)) {
      const VarDecl *VD = itemOf(UO->getSubExpr());
      if (!VD || !UO->isIncrementDecrementOp() || Items[VD] != ScanOp::Plus)
        return;
      Refs.push_back(cast<DeclRefExpr>(UO->getSubExpr()->IgnoreParens()));
    } else if (const auto *CA = dyn_cast<CompoundAssignOperator>(U)) {
      const VarDecl *VD = itemOf(CA->getLHS());
      if (!VD || CA->getOpcode() != compoundOf(Items[VD]) ||
          !sameType(CA->getComputationLHSType(), VD) ||
          !sameType(CA->getComputationResultType(), VD))
        return;
      Refs.push_back(cast<DeclRefExpr>(CA->getLHS()->IgnoreParens()));
    } else if (const auto *BO = dyn_cast<BinaryOperator>(U);
               BO && BO->getOpcode() == BO_Assign) {
      const VarDecl *VD = itemOf(BO->getLHS());
      if (!VD || !rightSide(BO->getRHS(), VD, Refs))
        return;
      Refs.push_back(cast<DeclRefExpr>(BO->getLHS()->IgnoreParens()));
    }
    Combines.insert(Refs.begin(), Refs.end());
  }

  /// The right side of x = x op e, x = e op x or a min/max of x and e.
  bool rightSide(const Expr *R, const VarDecl *VD,
                 std::vector<const DeclRefExpr *> &Reads) const {
    ScanOp Op = Items.at(VD);
    if (Op == ScanOp::Min || Op == ScanOp::Max) {
      const auto *CO = dyn_cast<ConditionalOperator>(R->IgnoreParens());
      return CO && sameType(CO->getType(), VD) && minMax(*CO, VD, Op, Reads);
    }
    bool Logical = Op == ScanOp::LogAnd || Op == ScanOp::LogOr;
    // && and || give 0 or 1, which any arithmetic type holds exactly.
    const Expr *In = Logical ? R->IgnoreParenImpCasts() : R->IgnoreParens();
    const auto *B = dyn_cast<BinaryOperator>(In);
    if (!B || B->getOpcode() != binaryOf(Op) ||
        (!Logical && !sameType(B->getType(), VD)))
      return false;
    const DeclRefExpr *X = readOf(B->getLHS(), VD);
    const Expr *E = B->getRHS();
    if (!X) {
      X = readOf(B->getRHS(), VD);
      E = B->getLHS();
    }
    // x && e skips e where x is already false: e must not do anything.
    if (!X || (Logical && E->HasSideEffects(Ctx)))
      return false;
    Reads.push_back(X);
    return true;
  }

  void walk(const Stmt *S, const Stmt *Parent, Phase P, unsigned Loops) {
    if (!S)
      return;
    if (S == Body) {
      bool After = false;
      for (const Stmt *C : S->children()) {
        if (C == ScanAt) {
          After = true;
          continue;
        }
        walk(C, S, After == Inclusive ? Phase::Scan : Phase::Input, 0);
      }
      return;
    }
    if (P != Phase::Other && isa<ContinueStmt, GotoStmt>(S) && !Jump &&
        (Loops == 0 || isa<GotoStmt>(S)))
      Jump = S;
    if (const auto *E = dyn_cast<Expr>(S);
        E && P == Phase::Input && discarded(S, Parent))
      update(E);
    if (const auto *DR = dyn_cast<DeclRefExpr>(S); DR && itemOf(DR))
      Uses.push_back({DR, Parent, P});
    bool Loop = isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
    // A parenthesis is not a use of its own: its parent stands for it.
    const Stmt *Next = isa<ParenExpr>(S) ? Parent : S;
    for (const Stmt *C : S->children())
      walk(C, Next, P, Loops + Loop);
  }
};

/// Whether E, an assignment or ++/-- whose operand is VD, yields VD as an
/// lvalue (C++) that its parent may bind or take the address of: only a
/// read of its value or a discarded value are harmless.
bool lvalueLeaks(const Expr *E, const Stmt *Parent) {
  if (!E->isGLValue())
    return false;
  if (const auto *IC = dyn_cast_or_null<ImplicitCastExpr>(Parent);
      IC && IC->getCastKind() == CK_LValueToRValue)
    return false;
  return !discarded(E, Parent);
}

/// The operand of assignment or ++/-- E when it is a reference to VD.
const DeclRefExpr *modifiedItem(const Stmt *E, const VarDecl *VD) {
  const Expr *Op = nullptr;
  if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->isAssignmentOp())
    Op = BO->getLHS();
  else if (const auto *UO = dyn_cast<UnaryOperator>(E);
           UO && UO->isIncrementDecrementOp())
    Op = UO->getSubExpr();
  const auto *DR = Op ? dyn_cast<DeclRefExpr>(Op->IgnoreParens()) : nullptr;
  return DR && DR->getDecl()->getCanonicalDecl() == VD ? DR : nullptr;
}

/// The first use of VD in S through which a pointer or reference could
/// reach it: anything but a read, an assignment to it, ++/-- (whose C++
/// lvalue result is only read or discarded) or an OpenMP region's capture.
/// The bodies of OpenMP regions are searched too (a CapturedStmt's children
/// are only its capture initialisers).
const DeclRefExpr *escapes(const Stmt *S, const Stmt *Parent,
                           const VarDecl *VD) {
  if (!S)
    return nullptr;
  if (const DeclRefExpr *DR = modifiedItem(S, VD);
      DR && lvalueLeaks(cast<Expr>(S), Parent))
    return DR;
  if (const auto *CS = dyn_cast<CapturedStmt>(S))
    if (const DeclRefExpr *DR = escapes(CS->getCapturedStmt(), S, VD))
      return DR;
  if (const auto *DR = dyn_cast<DeclRefExpr>(S);
      DR && DR->getDecl()->getCanonicalDecl() == VD) {
    if (const auto *IC = dyn_cast_or_null<ImplicitCastExpr>(Parent);
        IC && IC->getCastKind() == CK_LValueToRValue)
      return nullptr;
    if (const auto *BO = dyn_cast_or_null<BinaryOperator>(Parent);
        BO && BO->isAssignmentOp() && BO->getLHS()->IgnoreParens() == DR)
      return nullptr;
    if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Parent);
        UO && UO->isIncrementDecrementOp())
      return nullptr;
    if (isa_and_nonnull<CapturedStmt>(Parent))
      return nullptr;
    return DR;
  }
  const Stmt *Next = isa<ParenExpr>(S) ? Parent : S;
  for (const Stmt *C : S->children())
    if (const DeclRefExpr *DR = escapes(C, Next, VD))
      return DR;
  return nullptr;
}

Verdict no(SourceLocation &At, SourceLocation Here, const std::string &Why) {
  At = Here;
  Verdict V = Verdict::no(DiagId::HostClause, Why);
  V.Where = Here;
  return V;
}

/// The items of D's inscan clauses with their operators, each a local
/// scalar number whose address the function never lets out.
Verdict scanItems(const OMPExecutableDirective &D, ScanChecker &C,
                  SourceLocation &At) {
  for (const auto *R : D.getClausesOfKind<OMPReductionClause>()) {
    if (R->getModifier() != OMPC_REDUCTION_inscan)
      continue;
    ScanOp Op = scanOp(*R);
    for (const Expr *E : R->varlists()) {
      const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
      const auto *VD = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
      if (Op == ScanOp::None)
        return no(At, E->getExprLoc(),
                  "reduction(inscan, ...) with an operator other than + * "
                  "min max & | ^ && || is not supported yet");
      // Floating point: OpenMP combines each input phase's fresh copy into
      // the prefix, p + (0 + a + b), which rounds (and signs zeros)
      // differently from running in order, (p + a) + b.
      if (!VD || !VD->hasLocalStorage() || !VD->getType()->isIntegerType() ||
          VD->getType().isVolatileQualified())
        return no(At, E->getExprLoc(),
                  "reduction(inscan, ...) is supported for local integer "
                  "variables only (run in order, a floating-point scan "
                  "rounds differently from OpenMP's)");
      // The function around the variable, past the regions it is in.
      const FunctionDecl *F = nullptr;
      for (const DeclContext *DC = VD ? VD->getDeclContext() : nullptr;
           DC && !F; DC = DC->getParent())
        F = dyn_cast<FunctionDecl>(DC);
      const Stmt *FBody = F ? F->getBody() : nullptr;
      if (!FBody)
        return no(At, E->getExprLoc(),
                  "reduction(inscan, '" + VD->getNameAsString() +
                      "'): not a variable of a function");
      if (const DeclRefExpr *Esc =
              escapes(FBody, nullptr, VD->getCanonicalDecl()))
        return no(At, Esc->getLocation(),
                  "reduction(inscan, '" + VD->getNameAsString() +
                      "'): its address is taken here, and what reads it "
                      "through a pointer or reference could see the "
                      "running prefix instead of a fresh copy");
      C.Items[VD->getCanonicalDecl()] = Op;
    }
  }
  return {};
}

/// Finds the scan directive among the innermost loop body's statements.
bool findPhases(const OMPExecutableDirective &D, ScanChecker &C) {
  const auto *L = dyn_cast<OMPLoopDirective>(&D);
  const auto *Body = L ? dyn_cast_or_null<CompoundStmt>(L->getBody()) : nullptr;
  if (!Body)
    return false;
  for (const Stmt *S : Body->body())
    if (const auto *SD = dyn_cast<OMPScanDirective>(S)) {
      C.Body = Body;
      C.ScanAt = SD;
      C.Inclusive = SD->hasClausesOfKind<OMPInclusiveClause>();
      return true;
    }
  return false;
}

} // namespace

bool hasInscan(const OMPExecutableDirective &D) {
  for (const auto *R : D.getClausesOfKind<OMPReductionClause>())
    if (R->getModifier() == OMPC_REDUCTION_inscan)
      return true;
  return false;
}

Verdict inOrderScan(const OMPExecutableDirective &D, ASTContext &Ctx,
                    SourceLocation &At) {
  ScanChecker C{Ctx, {}, {}, {}};
  if (Verdict V = scanItems(D, C, At); !V.Ok)
    return V;
  if (!findPhases(D, C))
    return no(At, D.getBeginLoc(),
              "reduction(inscan, ...) whose 'scan' directive is not a "
              "statement of the loop body is not supported yet");
  C.walk(associatedBody(D), nullptr, Phase::Other, 0);
  if (C.Jump)
    return no(At, C.Jump->getBeginLoc(),
              "a jump out of a scan phase is not supported yet");
  for (const ItemUse &U : C.Uses) {
    std::string N = "'" + U.Ref->getDecl()->getNameAsString() + "'";
    SourceLocation L = U.Ref->getLocation();
    if (U.Where == Phase::Other)
      return no(At, L,
                "reduction(inscan, " + N +
                    ") names it outside the loop "
                    "body's two phases, which is not supported yet");
    if (U.Where == Phase::Input && !C.Combines.count(U.Ref))
      return no(
          At, L,
          "the input phase of reduction(inscan, " + N +
              ") uses it "
              "other than to combine a value into it with the reduction's "
              "operator (" +
              N +
              " op= e, e not naming a scan item): "
              "OpenMP gives each input phase a fresh copy at the "
              "identity, so the loop cannot run in order on " +
              N);
    if (U.Where == Phase::Scan) {
      const auto *IC = dyn_cast_or_null<ImplicitCastExpr>(U.Parent);
      if (!IC || IC->getCastKind() != CK_LValueToRValue)
        return no(At, L,
                  "the scan phase of reduction(inscan, " + N +
                      ") may "
                      "write it (it may only read the prefix), which is not "
                      "supported");
    }
  }
  return {};
}

} // namespace omp2cuda
