// `#pragma omp atomic` inside device code: an update of one scalar becomes
// one CUDA atomic (o2c_dev::atomicCombine), so loops with atomics stay
// combined-eligible; `atomic read`/`write` of a scalar become
// o2c_dev::atomicRead/atomicWrite (a plain access would let the compiler keep
// a spin-wait's value in a register: OpenMP_VV's atomic_default_mem_order
// tests hung on an H200). A memory order other than relaxed adds fences.
#include "analysis/Analysis.h"
#include "analysis/RequiresClause.h"
#include "analysis/Transparent.h"

#include "clang/AST/OpenMPClause.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "llvm/Frontend/OpenMP/OMP.h"

#include <algorithm>

using namespace clang;

namespace omp2cuda {

namespace {

struct AtomicFinder : RecursiveASTVisitor<AtomicFinder> {
  std::vector<const OMPAtomicDirective *> Atomics;
  bool Other = false;
  bool TraverseOMPAtomicDirective(OMPAtomicDirective *A) {
    Atomics.push_back(A);
    return true; // its helper expressions are not the user's code
  }
  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    // Constructs rewritten in place do not shape the kernel (their context
    // is checked where their edits are made).
    if (!isTransparent(*D))
      Other = true;
    return true;
  }
};

const Expr *bare(const Expr *E) { return E->IgnoreParenImpCasts(); }

bool sameLValue(const Expr *A, const Expr *B, const ASTContext &Ctx) {
  return exprText(bare(A), Ctx) == exprText(bare(B), Ctx);
}

/// The memory order of an atomic construct, as o2c_dev's template argument:
/// 0 relaxed, 1 acquire, 2 release, 3 seq_cst (fences on both sides). An
/// `acq_rel` read acquires and an `acq_rel` write releases (OpenMP 5.2
/// §15.8.4); without a clause the order is the one `requires
/// atomic_default_mem_order` names, else relaxed.
int memoryOrder(const OMPAtomicDirective &A, const ASTContext &Ctx, bool Read,
                bool Write) {
  auto AcqRel = [&] { return Read ? 1 : Write ? 2 : 3; };
  for (const OMPClause *C : A.clauses()) {
    if (isa<OMPSeqCstClause>(C))
      return 3;
    if (isa<OMPAcqRelClause>(C))
      return AcqRel();
    if (isa<OMPAcquireClause>(C))
      return 1;
    if (isa<OMPReleaseClause>(C))
      return 2;
    if (isa<OMPRelaxedClause>(C))
      return 0;
  }
  if (const auto *M = requiresClause<OMPAtomicDefaultMemOrderClause>(Ctx)) {
    switch (M->getAtomicDefaultMemOrderKind()) {
    case OMPC_ATOMIC_DEFAULT_MEM_ORDER_seq_cst: return 3;
    case OMPC_ATOMIC_DEFAULT_MEM_ORDER_acq_rel: return AcqRel();
    default: return 0;
    }
  }
  return 0;
}

/// An update, capture or compare text with the fences of a stronger order
/// than relaxed, in braces: the construct may be an if's or loop's body.
void fence(AtomicRewrite &Out, int Order) {
  if (Order == 0)
    return;
  size_t Body = Out.Text.find_last_not_of('\n') + 1;
  Out.Text = "{ " + std::string(Order != 1 ? "o2c_dev::atomicFence(); " : "") +
             Out.Text.substr(0, Body) +
             (Order != 2 ? " o2c_dev::atomicFence();" : "") + " }" +
             Out.Text.substr(Body);
}

} // namespace

const Expr *atomicStatement(const OMPAtomicDirective &A) {
  const Stmt *S = A.getAssociatedStmt();
  if (const auto *CS = dyn_cast_or_null<CapturedStmt>(S))
    S = CS->getCapturedStmt();
  const auto *E = dyn_cast_or_null<Expr>(S);
  return E ? E->IgnoreImplicit()->IgnoreParens() : nullptr;
}

AtomicUpdate atomicUpdate(const Expr *E, const ASTContext &Ctx) {
  AtomicUpdate U;
  auto No = [&](const char *Why) {
    U.WhyNot = Why;
    return U;
  };
  auto Arith = [](BinaryOperatorKind K) {
    return K == BO_Add || K == BO_Sub || K == BO_Mul || K == BO_And ||
           K == BO_Or || K == BO_Xor;
  };
  if (const auto *CA = dyn_cast<CompoundAssignOperator>(E)) {
    U.X = CA->getLHS();
    U.V = CA->getRHS();
    U.Op = BinaryOperator::getOpForCompoundAssignment(CA->getOpcode());
    if (!Arith(U.Op))
      return No("with this operator is not supported yet");
    return U;
  }
  if (const auto *Un = dyn_cast<UnaryOperator>(E)) {
    if (!Un->isIncrementDecrementOp())
      return No("on this expression is not supported");
    U.X = Un->getSubExpr();
    U.Op = Un->isDecrementOp() ? BO_Sub : BO_Add;
    return U;
  }
  const auto *BA = dyn_cast<BinaryOperator>(E);
  if (!BA || BA->getOpcode() != BO_Assign)
    return No("on this expression is not supported");
  const auto *R = dyn_cast<BinaryOperator>(bare(BA->getRHS()));
  if (!R)
    return No("on this expression is not supported");
  U.X = BA->getLHS();
  U.Op = R->getOpcode();
  U.Assign = true;
  if (!Arith(U.Op))
    return No("with this operator is not supported yet");
  bool Left = sameLValue(R->getLHS(), U.X, Ctx);
  bool Right = sameLValue(R->getRHS(), U.X, Ctx);
  if (U.Op == BO_Sub && !Left)
    return No("in the form 'x = e - x' is not supported yet");
  if (Left == Right)
    return No("on this expression is not supported");
  U.V = Left ? R->getRHS() : R->getLHS();
  return U;
}

bool containsDirectiveOtherThanAtomic(const Stmt *S,
                                      std::vector<const OMPAtomicDirective *> &Atomics) {
  AtomicFinder F;
  F.TraverseStmt(const_cast<Stmt *>(S));
  Atomics = F.Atomics;
  return F.Other;
}

namespace {

/// The parts of an `atomic capture`: `v = x++`, `v = ++x`, `v = x op= e`,
/// `v = x = x op e`, and the blocks `{v = x; <update>;}` (the value before)
/// and `{<update>; v = x;}` (the value after).
struct CaptureForm {
  const Stmt *Whole = nullptr; // the statement the directive applies to
  const Expr *Update = nullptr;
  const Expr *V = nullptr;
  bool New = false; // v gets x's value after the update
  std::string WhyNot;
};

/// `v = x` with x the update's variable: v, else null.
const Expr *readOf(const Stmt *S, const Expr *X, const ASTContext &Ctx) {
  const auto *BA = dyn_cast_or_null<BinaryOperator>(S);
  if (!BA || BA->getOpcode() != BO_Assign || !X ||
      !sameLValue(BA->getRHS(), X, Ctx))
    return nullptr;
  return BA->getLHS();
}

CaptureForm captureForm(const OMPAtomicDirective &A, const ASTContext &Ctx) {
  CaptureForm F;
  const Stmt *S = A.getAssociatedStmt();
  if (const auto *CS = dyn_cast_or_null<CapturedStmt>(S))
    S = CS->getCapturedStmt();
  F.Whole = S;
  F.WhyNot = "capture in this form is not supported yet";
  if (const auto *Block = dyn_cast_or_null<CompoundStmt>(S)) {
    if (Block->size() != 2)
      return F;
    const auto *First = dyn_cast<Expr>(Block->body_front());
    const auto *Second = dyn_cast<Expr>(Block->body_back());
    if (!First || !Second)
      return F;
    First = First->IgnoreImplicit()->IgnoreParens();
    Second = Second->IgnoreImplicit()->IgnoreParens();
    AtomicUpdate U2 = atomicUpdate(Second, Ctx);
    if (U2.WhyNot.empty()) {
      if (const Expr *V = readOf(First, U2.X, Ctx)) {
        F.Update = Second, F.V = V, F.WhyNot.clear();
        return F;
      }
    }
    AtomicUpdate U1 = atomicUpdate(First, Ctx);
    if (U1.WhyNot.empty())
      if (const Expr *V = readOf(Second, U1.X, Ctx))
        F.Update = First, F.V = V, F.New = true, F.WhyNot.clear();
    return F;
  }
  const auto *E = dyn_cast_or_null<Expr>(S);
  const auto *BA = E ? dyn_cast<BinaryOperator>(E->IgnoreImplicit()->IgnoreParens())
                     : nullptr;
  if (!BA || BA->getOpcode() != BO_Assign)
    return F;
  const Expr *R = bare(BA->getRHS());
  if (const auto *Un = dyn_cast<UnaryOperator>(R))
    F.New = Un->isPrefix();
  else
    F.New = true; // x op= e, x = x op e: the value of the assignment
  F.Update = R, F.V = BA->getLHS(), F.WhyNot.clear();
  return F;
}

} // namespace

Verdict rewriteAtomic(const OMPAtomicDirective &A, ASTContext &Ctx,
                      const std::vector<TextEdit> &Known, AtomicRewrite &Out) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  auto No = [](const std::string &Why) {
    return Verdict::no(DiagId::HostGeneral, "'#pragma omp atomic' " + Why);
  };
  bool Plain = false; // read / write: an ordinary access on the device
  bool Capture = false;
  bool Compare = A.getSingleClause<OMPCompareClause>() != nullptr;
  for (const OMPClause *C : A.clauses()) {
    if (isa<OMPReadClause, OMPWriteClause>(C))
      Plain = true;
    else if (isa<OMPCaptureClause>(C))
      Capture = true;
    else if (!isa<OMPCompareClause, OMPUpdateClause, OMPSeqCstClause,
                  OMPRelaxedClause, OMPAcqRelClause, OMPAcquireClause,
                  OMPReleaseClause, OMPHintClause>(C) &&
             !(Compare && isa<OMPWeakClause, OMPFailClause>(C))) {
      Verdict V = No("with the '" +
                     llvm::omp::getOpenMPClauseName(C->getClauseKind()).str() +
                     "' clause is not supported yet");
      V.Where = C->getBeginLoc();
      return V;
    }
  }
  bool Read = A.getSingleClause<OMPReadClause>() != nullptr;
  int Order = memoryOrder(A, Ctx, Read, Plain && !Read);
  if (Compare) {
    Verdict V = rewriteAtomicCompare(A, Ctx, Known, Out);
    if (V.Ok)
      fence(Out, Order);
    return V;
  }
  CaptureForm CF;
  if (Capture) {
    CF = captureForm(A, Ctx);
    if (!CF.WhyNot.empty())
      return No(CF.WhyNot);
  }
  const Stmt *Whole = Capture ? CF.Whole : atomicStatement(A);
  const Expr *E = Capture ? CF.Update : atomicStatement(A);
  if (!E || !Whole)
    return No("on a statement that is not an expression");

  // The directive line through the end of its statement.
  SourceLocation B = A.getBeginLoc();
  if (B.isMacroID())
    return No("from a macro is not supported yet");
  unsigned DB = SM.getFileOffset(B), SB, SE;
  if (!fileOffsets(SM, LO, Whole->getSourceRange(), SB, SE))
    return No("whose statement comes from a macro is not supported yet");
  llvm::StringRef Buf = SM.getBufferData(SM.getMainFileID());
  // `#pragma omp atomic` from its '#'; `_Pragma("omp atomic")` from the
  // operator, which may follow other code on its line.
  size_t Operator = Buf.take_front(DB + 7).rfind("_Pragma");
  size_t LineStart = Buf.take_front(DB).rfind('\n');
  if (Operator != llvm::StringRef::npos &&
      (LineStart == llvm::StringRef::npos || Operator > LineStart) &&
      Buf.substr(Operator, DB - Operator).count('"') <= 1) {
    DB = Operator;
  } else {
    while (DB > 0 && Buf[DB - 1] != '\n' && Buf[DB - 1] != '#')
      --DB;
    if (DB > 0 && Buf[DB - 1] == '#')
      --DB;
  }
  unsigned End = SE;
  // A structured block (atomic capture's `{v = x; x += e;}`) ends at its
  // brace; an expression statement at its semicolon.
  while (!isa<CompoundStmt>(Whole) && End < Buf.size() && Buf[End] != ';')
    ++End;
  if (!isa<CompoundStmt>(Whole) && End < Buf.size())
    ++End;
  Out.Begin = DB;
  Out.End = End;
  auto Text = [&](const Expr *X) {
    unsigned XB, XE;
    if (!fileOffsets(SM, LO, X->getSourceRange(), XB, XE))
      return exprText(X, Ctx);
    return textWithEdits(Buf, XB, XE, Known);
  };
  std::string Lines(std::count(Buf.begin() + DB, Buf.begin() + End, '\n'), '\n');
  if (Plain) {
    const auto *BA = dyn_cast<BinaryOperator>(E);
    if (!BA || BA->getOpcode() != BO_Assign)
      return No("on a statement that is not an assignment");
    const Expr *X = Read ? BA->getRHS() : BA->getLHS();
    QualType T = X->getType();
    if (X->IgnoreParenImpCasts()->refersToBitField() ||
        !(isAtomicNumber(T, Ctx) || T->isPointerType() ||
          T->isEnumeralType() || T->isBooleanType()))
      return No("on a variable that is not an integer of 1 to 8 bytes, a "
                "float, a double or a pointer");
    std::string O = "<" + std::to_string(Order) + ">(";
    Out.Text = Read ? "/* omp atomic read */ " + Text(BA->getLHS()) +
                          " = o2c_dev::atomicRead" + O + Text(X) + ");" + Lines
                    : "/* omp atomic write */ o2c_dev::atomicWrite" + O +
                          Text(X) + ", (" + Text(BA->getRHS()) + "));" + Lines;
    return {};
  }

  AtomicUpdate U = atomicUpdate(E, Ctx);
  if (!U.WhyNot.empty())
    return No(U.WhyNot);
  const Expr *X = U.X, *V = U.V;
  bool Negate = U.Op == BO_Sub;
  std::string Op;
  switch (U.Op) {
  case BO_Mul: Op = "o2c_dev::RedTimes"; break;
  case BO_And: Op = "o2c_dev::RedBitAnd"; break;
  case BO_Or: Op = "o2c_dev::RedBitOr"; break;
  case BO_Xor: Op = "o2c_dev::RedBitXor"; break;
  default: Op = "o2c_dev::RedPlus"; break;
  }
  QualType T = X->getType();
  if (!isAtomicNumber(T, Ctx) || T->isBooleanType())
    return No("on a variable that is not an integer of 1 to 8 bytes or a "
              "float or double");
  std::string Type = declText(T.getUnqualifiedType(), "", Ctx);
  std::string Val = V ? "(" + Text(V) + ")" : "1";
  if (Negate)
    Val = "-" + Val;
  std::string Args = "<" + Op + ">(&(" + Text(X) + "), (" + Type + ")(" + Val + "))";
  if (Capture) {
    // fetch-and-op returns the value before; the new one is that combined.
    Out.Text = "/* omp atomic capture */ " + Text(CF.V) + " = o2c_dev::" +
               (CF.New ? "atomicCombineFetch" : "atomicFetchCombine") + Args +
               ";" + Lines;
    fence(Out, Order);
    return {};
  }
  Out.Text = "/* omp atomic */ o2c_dev::atomicCombine" + Args + ";" + Lines;
  fence(Out, Order);
  return {};
}

} // namespace omp2cuda
