// Canonical loop nests (OpenMP 5.2 §4.4.1): `for (init; var relop ub; incr)`
// with an integer variable, loop-invariant bounds and a constant-sign step.
#include "analysis/LoopNest.h"
#include "analysis/Instantiations.h"
#include "analysis/PointerValueUse.h"
#include "edits/SourceText.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/StmtOpenMP.h"

using namespace clang;

namespace omp2cuda {

namespace {

bool refersTo(const Stmt *S, const std::set<const VarDecl *> &Vars) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const std::set<const VarDecl *> &Vars;
    bool Found = false;
    explicit Finder(const std::set<const VarDecl *> &V) : Vars(V) {}
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      if (const auto *VD = dyn_cast<VarDecl>(E->getDecl()))
        Found = Found || Vars.count(VD);
      return true;
    }
  } F(Vars);
  F.TraverseStmt(const_cast<Stmt *>(S));
  return F.Found;
}

/// Skips `{ stmt }` wrappers around the next loop of a collapsed nest.
const Stmt *unwrap(const Stmt *S) {
  while (const auto *CS = dyn_cast_or_null<CompoundStmt>(S)) {
    if (CS->size() != 1)
      break;
    S = CS->body_front();
  }
  return S;
}

/// The variable a loop's init statement declares or assigns.
const VarDecl *initVar(const ForStmt *F) {
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit()))
    return DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl())
                              : nullptr;
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(F->getInit()))
    return BO->getOpcode() == BO_Assign ? namedVarOf(BO->getLHS()) : nullptr;
  return nullptr;
}

/// A loop of a template's pattern whose variable has a dependent type: the
/// kernel template is instantiated with the arguments the program uses, so
/// the type must be an integer in every instantiation of the loop, and the
/// level is as wide (Is64Bit) or as narrow (Narrow) as the widest and the
/// narrowest of them; both only choose safer forms of the same loop.
Verdict dependentWidths(const ForStmt *F, const VarDecl *Var, ASTContext &Ctx,
                        LoopLevel &L) {
  std::string Name = "the loop variable '" + Var->getNameAsString() + "'";
  unsigned Seen = 0;
  for (const Stmt *S : instantiatedCopies(F, Ctx)) {
    const VarDecl *V = initVar(cast<ForStmt>(S));
    if (!V)
      continue;
    QualType T = V->getType().getNonReferenceType();
    if (T->isDependentType()) // a partial instantiation: its own are seen too
      continue;
    if (!T->isIntegerType())
      return Verdict::no(
          DiagId::HostLoop,
          "the loop is not in canonical form: " + Name + " is of type '" +
              T.getUnqualifiedType().getAsString(typePolicy(Ctx)) +
              "', not an integer type, in an instantiation");
    L.Is64Bit = L.Is64Bit || Ctx.getTypeSize(T) > 32;
    L.Narrow = L.Narrow || Ctx.getTypeSize(T) < Ctx.getTypeSize(Ctx.IntTy);
    ++Seen;
  }
  if (!Seen)
    return Verdict::no(DiagId::HostLoop,
                       "the loop is not in canonical form: " + Name +
                           " has a type that depends on a template parameter, "
                           "and no instantiation shows it is an integer type");
  return {};
}

Verdict one(const ForStmt *F, ASTContext &Ctx, const std::vector<TextEdit> &Edits,
            LoopLevel &L, const VarDecl *&Var) {
  auto Text = [&](const Expr *E) { return exprText(E, Ctx, &Edits); };
  auto Bad = [](const std::string &Why) {
    return Verdict::no(DiagId::HostLoop, "the loop is not in canonical form: " + Why);
  };
  const Stmt *Init = F->getInit();
  const Expr *LowerE = nullptr;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(Init)) {
    if (!DS->isSingleDecl())
      return Bad("more than one variable in the init statement");
    Var = dyn_cast<VarDecl>(DS->getSingleDecl());
    if (!Var || !Var->getInit())
      return Bad("the loop variable has no initial value");
    LowerE = Var->getInit();
    L.DeclaredInInit = true;
  } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(Init)) {
    if (BO->getOpcode() != BO_Assign || !(Var = namedVarOf(BO->getLHS())))
      return Bad("unsupported init statement");
    LowerE = BO->getRHS();
    L.DeclaredInInit = false;
  } else {
    return Bad("unsupported init statement");
  }
  QualType VT = Var->getType().getNonReferenceType();
  if (VT->isDependentType()) {
    if (Verdict V = dependentWidths(F, Var, Ctx, L); !V.Ok)
      return V;
  } else {
    if (!VT->isIntegerType())
      return Bad("the loop variable '" + Var->getNameAsString() +
                 "' is not of integer type");
    L.Is64Bit = Ctx.getTypeSize(VT) > 32;
    L.Narrow = Ctx.getTypeSize(VT) < Ctx.getTypeSize(Ctx.IntTy);
  }
  L.Var = Var->getNameAsString();
  if (!Ctx.getLangOpts().CPlusPlus && isCxxOnlyKeyword(L.Var))
    L.Var += "_";
  L.VarType = declText(VT.getUnqualifiedType(), "", Ctx);
  L.Lower = Text(LowerE);

  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      F->getCond() ? F->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!Cond)
    return Bad("unsupported condition");
  bool VarLeft = namedVarOf(Cond->getLHS()) == Var;
  bool VarRight = namedVarOf(Cond->getRHS()) == Var;
  if (VarLeft == VarRight)
    return Bad("the condition does not compare the loop variable");
  BinaryOperatorKind Op = Cond->getOpcode();
  if (VarRight) // ub > i  is  i < ub
    Op = Op == BO_LT ? BO_GT : Op == BO_GT ? BO_LT : Op == BO_LE ? BO_GE
       : Op == BO_GE ? BO_LE : Op;
  switch (Op) {
  case BO_LT: L.Cmp = LoopCmp::LT; break;
  case BO_LE: L.Cmp = LoopCmp::LE; break;
  case BO_GT: L.Cmp = LoopCmp::GT; break;
  case BO_GE: L.Cmp = LoopCmp::GE; break;
  case BO_NE: L.Cmp = LoopCmp::NE; break;
  default:
    return Bad("unsupported comparison in the condition");
  }
  L.Upper = Text(VarLeft ? Cond->getRHS() : Cond->getLHS());
  QualType Promoted =
      Ctx.isPromotableIntegerType(VT) ? Ctx.getPromotedIntegerType(VT) : VT;
  L.OtherCmpType =
      !Ctx.hasSameUnqualifiedType(Cond->getLHS()->getType(), Promoted);

  const Expr *Inc = F->getInc() ? F->getInc()->IgnoreParenImpCasts() : nullptr;
  const Expr *StepE = nullptr;
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(Inc)) {
    if (!U->isIncrementDecrementOp() || namedVarOf(U->getSubExpr()) != Var)
      return Bad("unsupported increment");
    L.Increasing = U->isIncrementOp();
  } else if (const auto *B = dyn_cast_or_null<BinaryOperator>(Inc)) {
    if (namedVarOf(B->getLHS()) != Var)
      return Bad("unsupported increment");
    if (B->getOpcode() == BO_AddAssign || B->getOpcode() == BO_SubAssign) {
      StepE = B->getRHS();
      L.Increasing = B->getOpcode() == BO_AddAssign;
    } else if (B->getOpcode() == BO_Assign) {
      const auto *R = dyn_cast<BinaryOperator>(B->getRHS()->IgnoreParenImpCasts());
      if (!R || (R->getOpcode() != BO_Add && R->getOpcode() != BO_Sub))
        return Bad("unsupported increment");
      if (namedVarOf(R->getLHS()) == Var)
        StepE = R->getRHS();
      else if (R->getOpcode() == BO_Add && namedVarOf(R->getRHS()) == Var)
        StepE = R->getLHS();
      else
        return Bad("unsupported increment");
      L.Increasing = R->getOpcode() == BO_Add;
    } else {
      return Bad("unsupported increment");
    }
  } else {
    return Bad("unsupported increment");
  }
  if (StepE) {
    Expr::EvalResult R;
    // A template's step may be a parameter: known per instantiation only.
    if (!StepE->isValueDependent() && StepE->EvaluateAsInt(R, Ctx)) {
      llvm::APSInt V = R.Val.getInt();
      if (V.isNegative()) {
        L.Increasing = !L.Increasing;
        V = -V;
      }
      if (V == 0)
        return Bad("the step is zero");
      L.Step = std::to_string(V.getExtValue());
      L.UnitStep = V == 1;
    } else {
      // A variable step must keep its sign; we trust the direction the
      // comparison implies, as OpenMP requires.
      L.Step = "(" + Text(StepE) + ")";
      L.UnitStep = false;
    }
  }
  bool Up = L.Cmp == LoopCmp::LT || L.Cmp == LoopCmp::LE;
  bool Down = L.Cmp == LoopCmp::GT || L.Cmp == LoopCmp::GE;
  if ((Up && !L.Increasing) || (Down && L.Increasing))
    return Bad("the step goes away from the bound");
  if (L.Cmp == LoopCmp::NE && !L.UnitStep)
    return Bad("'!=' needs a step of 1 or -1");
  if (L.Cmp == LoopCmp::NE)
    L.Cmp = L.Increasing ? LoopCmp::LT : LoopCmp::GT;
  return {};
}

/// Whether S holds a directive, a jump or a label: intervening code may
/// hold none (and a continue in the inner body would skip what follows it).
const Stmt *notIntervening(const Stmt *S) {
  if (!S)
    return nullptr;
  if (isa<OMPExecutableDirective, BreakStmt, ContinueStmt, ReturnStmt, GotoStmt,
          IndirectGotoStmt, LabelStmt, CXXTryStmt>(S))
    return S;
  if (const auto *CE = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *FD = CE->getDirectCallee();
        FD && FD->getIdentifier() && FD->getName().starts_with("omp_"))
      return S; // the OpenMP API: intervening code may not call it
  for (const Stmt *C : S->children())
    if (const Stmt *X = notIntervening(C))
      return X;
  return nullptr;
}

/// A level with intervening code: S, the body of the loop around it, is a
/// compound with one loop among other statements. Inner: that loop;
/// Header: the edit that removes its header (the body then runs once per
/// collapsed iteration, in the compound's text).
Verdict interveningLevel(const Stmt *S, ASTContext &Ctx, const ForStmt *&Inner,
                         TextEdit &Header) {
  auto No = [](const std::string &Why) {
    return Verdict::no(DiagId::HostLoop, "the collapsed loops are not "
                                         "perfectly nested: " + Why);
  };
  const auto *CS = dyn_cast_or_null<CompoundStmt>(S);
  if (!CS)
    return No("the body is not a loop or a block");
  Inner = nullptr;
  std::set<const VarDecl *> Declared;
  for (const Stmt *C : CS->body()) {
    if (const auto *F = dyn_cast<ForStmt>(C)) {
      if (Inner)
        return No("two loops at one level");
      Inner = F;
      continue;
    }
    if (notIntervening(C))
      return No("the intervening code holds a directive, a jump or an OpenMP "
                "API call (not supported)");
    if (const auto *DS = dyn_cast<DeclStmt>(C))
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D))
          Declared.insert(VD);
  }
  if (!Inner)
    return No("no loop at the next level");
  if (!isa_and_nonnull<DeclStmt>(Inner->getInit()))
    return No("the inner loop's variable is declared outside it, and the "
              "intervening code after the loop could read it");
  // The collapsed trip count is computed before the body's text runs.
  if (refersTo(Inner->getInit(), Declared) ||
      refersTo(Inner->getCond(), Declared) ||
      (Inner->getInc() && refersTo(Inner->getInc(), Declared)))
    return No("the inner loop's bounds use a variable of the intervening code");
  if (notIntervening(Inner->getBody()))
    return No("the inner loop's body holds a directive, a jump or an OpenMP "
              "API call (not supported with intervening code)");
  const SourceManager &SM = Ctx.getSourceManager();
  unsigned B, E, BB, BE;
  if (!fileOffsets(SM, Ctx.getLangOpts(), Inner->getSourceRange(), B, E) ||
      !fileOffsets(SM, Ctx.getLangOpts(), Inner->getBody()->getSourceRange(),
                   BB, BE) ||
      BB < B)
    return No("the loop comes from a macro");
  Header = {B, BB - B, ""};
  return {};
}

/// Whether the loop of level L (statement F) runs at least once, proved
/// from constant bounds: the intervening code must run at least once per
/// iteration of the loop around it (OpenMP 5.0 §2.9.2), which an empty
/// inner loop would not give.
bool runsOnce(const ForStmt *F, const LoopLevel &L, const ASTContext &Ctx) {
  const auto *DS = cast<DeclStmt>(F->getInit());
  const auto *Var = cast<VarDecl>(DS->getSingleDecl());
  const auto *Cond = cast<BinaryOperator>(F->getCond()->IgnoreParenImpCasts());
  const Expr *Bound = namedVarOf(Cond->getLHS()) == Var ? Cond->getRHS()
                                                   : Cond->getLHS();
  Expr::EvalResult Lo, Up;
  if (Var->getInit()->isValueDependent() || Bound->isValueDependent() ||
      !Var->getInit()->EvaluateAsInt(Lo, Ctx) || !Bound->EvaluateAsInt(Up, Ctx))
    return false;
  const llvm::APSInt &A = Lo.Val.getInt(), &Z = Up.Val.getInt();
  int64_t LoV = A.getExtValue(), UpV = Z.getExtValue();
  switch (L.Cmp) {
  case LoopCmp::LT:
    return LoV < UpV;
  case LoopCmp::LE:
    return LoV <= UpV;
  case LoopCmp::GT:
    return LoV > UpV;
  case LoopCmp::GE:
    return LoV >= UpV;
  default:
    return false;
  }
}

} // namespace

Verdict analyzeLoopNest(const Stmt *S, unsigned Depth, ASTContext &Ctx,
                        const std::vector<TextEdit> &Edits,
                        std::vector<LoopLevel> &Levels,
                        std::set<const VarDecl *> &LoopVars,
                        const Stmt **Body,
                        std::vector<const VarDecl *> *SequentialVars) {
  return analyzeLoopNest(S, Depth, Ctx, Edits, Levels, LoopVars, Body,
                         SequentialVars, nullptr);
}

Verdict analyzeLoopNest(const Stmt *S, unsigned Depth, ASTContext &Ctx,
                        const std::vector<TextEdit> &Edits,
                        std::vector<LoopLevel> &Levels,
                        std::set<const VarDecl *> &LoopVars,
                        const Stmt **Body,
                        std::vector<const VarDecl *> *SequentialVars,
                        std::vector<TextEdit> *Intervening) {
  const Stmt *Outer = nullptr; // the first level with intervening code
  for (unsigned D = 0; D < Depth; ++D) {
    const auto *F = dyn_cast_or_null<ForStmt>(unwrap(S));
    bool Imperfect = false;
    if (!F && D > 0 && Intervening) {
      TextEdit Header;
      if (Verdict V = interveningLevel(unwrap(S), Ctx, F, Header); !V.Ok)
        return V;
      Intervening->push_back(Header);
      Outer = Outer ? Outer : unwrap(S);
      Imperfect = true;
    }
    if (!F)
      return Verdict::no(DiagId::HostLoop,
                         D == 0 ? "the construct is not followed by a for loop"
                                : "the collapsed loops are not perfectly nested");
    LoopLevel L;
    const VarDecl *Var = nullptr;
    if (Verdict V = one(F, Ctx, Edits, L, Var); !V.Ok)
      return V;
    if (Imperfect && !runsOnce(F, L, Ctx))
      return Verdict::no(DiagId::HostLoop,
                         "the collapsed loops are not perfectly nested, and "
                         "the inner loop is not proved to run at least once "
                         "(constant bounds), which the intervening code needs");
    // Collapsed levels must be rectangular: the iteration space is
    // linearised once, before any iteration runs.
    if (refersTo(F->getCond(), LoopVars) ||
        (F->getInit() && refersTo(F->getInit(), LoopVars)) ||
        (F->getInc() && refersTo(F->getInc(), LoopVars))) {
      if (!SequentialVars || Outer)
        return Verdict::no(DiagId::HostLoop,
                           "non-rectangular collapsed loop nests are not supported");
      // The rectangular outer levels are collapsed; this level and those
      // inside it run in each thread, as part of the body. Their variables
      // (predetermined private) go to SequentialVars.
      *Body = S;
      for (unsigned In = D; In < Depth; ++In) {
        const auto *Inner = dyn_cast_or_null<ForStmt>(unwrap(S));
        if (!Inner)
          return Verdict::no(DiagId::HostLoop,
                             "the collapsed loops are not perfectly nested");
        LoopLevel Ignored;
        const VarDecl *InnerVar = nullptr;
        if (Verdict V = one(Inner, Ctx, Edits, Ignored, InnerVar); !V.Ok)
          return V;
        SequentialVars->push_back(InnerVar);
        S = Inner->getBody();
      }
      return {};
    }
    LoopVars.insert(Var);
    Levels.push_back(L);
    S = F->getBody();
  }
  *Body = Outer ? Outer : S;
  return {};
}

} // namespace omp2cuda
