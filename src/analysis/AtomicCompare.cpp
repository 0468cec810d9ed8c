// `#pragma omp atomic compare` (OpenMP 5.1) in device code. The forms
//   x = e < x ? e : x;   if (e < x) { x = e; }   (and >, and x on the left)
// keep the smaller or larger value: one o2c_dev::atomicCombine with RedMin
// or RedMax (atomicMin/atomicMax where CUDA has them, a CAS loop otherwise);
//   x = x == e ? d : x;  if (x == e) { x = d; }
// is one compare-and-swap (o2c_dev::atomicCompareAssign) for integers.
// With `capture` (OpenMP 5.1 §2.19.7), every form clang accepts:
//   { v = x; cond-update }  { cond-update v = x; }
//   if (x == e) { x = d; } else { v = x; }
//   { r = x == e; if (r) { x = d; } [else { v = x; }] }
// take the value x had from the same atomic operation (atomicFetchCombine,
// atomicCombineFetch: the value it has after; the CAS's old value). `weak`
// may fail spuriously, which a strong CAS never does: it is accepted, and
// so is `fail(order)`, a memory order (the other atomics' orders are too).
#include "analysis/Analysis.h"
#include "edits/Edits.h"

#include "clang/AST/StmtOpenMP.h"

#include <algorithm>

using namespace clang;

namespace omp2cuda {

namespace {

const Expr *stripped(const Expr *E) { return E->IgnoreParenImpCasts(); }

bool same(const Expr *A, const Expr *B, const ASTContext &Ctx) {
  return exprText(stripped(A), Ctx) == exprText(stripped(B), Ctx);
}

/// The pieces of one compare form: Cond ? (x = Then) : (x unchanged).
struct CompareForm {
  const Expr *X = nullptr, *Cond = nullptr, *Then = nullptr;
  std::string WhyNot;
};

/// An assignment `L = R` (alone in a compound, or as a statement).
const BinaryOperator *assignIn(const Stmt *S) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S))
    S = CS->size() == 1 ? CS->body_front() : nullptr;
  const auto *E = dyn_cast_or_null<Expr>(S);
  const auto *BO =
      E ? dyn_cast<BinaryOperator>(E->IgnoreImplicit()->IgnoreParens())
        : nullptr;
  return BO && BO->getOpcode() == BO_Assign ? BO : nullptr;
}

/// `x = Cond ? Then : x;` or `if (Cond) { x = Then; }`.
CompareForm splitForm(const Stmt *S, const ASTContext &Ctx) {
  CompareForm F;
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    const BinaryOperator *BO = assignIn(If->getThen());
    if (If->getElse() || If->getInit() || If->getConditionVariable() || !BO) {
      F.WhyNot = "in this form is not supported yet";
      return F;
    }
    F.X = BO->getLHS();
    F.Cond = If->getCond();
    F.Then = BO->getRHS();
    return F;
  }
  const BinaryOperator *BO = assignIn(S);
  const auto *CO =
      BO ? dyn_cast<ConditionalOperator>(stripped(BO->getRHS())) : nullptr;
  if (!CO || !same(CO->getFalseExpr(), BO->getLHS(), Ctx)) {
    F.WhyNot = "in this form is not supported yet";
    return F;
  }
  F.X = BO->getLHS();
  F.Cond = CO->getCond();
  F.Then = CO->getTrueExpr();
  return F;
}

/// The capture forms: the compare form (Update), v and when it takes x
/// (V, VNew: after the update; VOnFail: only when x differs from e), and
/// r of `r = x == e` (R).
struct CaptureParts {
  CompareForm F;
  const Expr *V = nullptr, *R = nullptr;
  bool VNew = false, VOnFail = false;
  bool Ok = false;
};

CaptureParts splitCapture(const Stmt *S, const ASTContext &Ctx) {
  CaptureParts P;
  // `v = x` with x the form's variable.
  auto TakesX = [&](const Stmt *St, const Expr *X) -> const Expr * {
    const BinaryOperator *BO = assignIn(St);
    return BO && same(BO->getRHS(), X, Ctx) ? BO->getLHS() : nullptr;
  };
  if (const auto *If = dyn_cast<IfStmt>(S); If && If->getElse()) {
    // if (x == e) { x = d; } else { v = x; }
    const BinaryOperator *Then = assignIn(If->getThen());
    if (!Then || If->getInit() || If->getConditionVariable())
      return P;
    P.F = {Then->getLHS(), If->getCond(), Then->getRHS(), ""};
    P.V = TakesX(If->getElse(), Then->getLHS());
    P.VOnFail = true;
    P.Ok = P.V != nullptr;
    return P;
  }
  const auto *CS = dyn_cast<CompoundStmt>(S);
  if (!CS || CS->size() != 2)
    return P;
  const Stmt *First = CS->body_front(), *Second = CS->body_back();
  if (const BinaryOperator *RA = assignIn(First)) {
    // { r = x == e; if (r) { x = d; } [else { v = x; }] }
    const auto *Eq = dyn_cast<BinaryOperator>(stripped(RA->getRHS()));
    const auto *If = dyn_cast<IfStmt>(Second);
    if (Eq && Eq->getOpcode() == BO_EQ && If && !If->getInit() &&
        same(If->getCond(), RA->getLHS(), Ctx)) {
      const BinaryOperator *Then = assignIn(If->getThen());
      if (!Then)
        return P;
      P.F = {Then->getLHS(), Eq, Then->getRHS(), ""};
      P.R = RA->getLHS();
      if (If->getElse()) {
        P.V = TakesX(If->getElse(), Then->getLHS());
        P.VOnFail = true;
        P.Ok = P.V != nullptr;
        return P;
      }
      P.Ok = true;
      return P;
    }
  }
  // { v = x; cond-update } or { cond-update v = x; }
  CompareForm A = splitForm(Second, Ctx);
  if (A.X) {
    P.F = A;
    P.V = TakesX(First, A.X);
  } else {
    P.F = splitForm(First, Ctx);
    P.VNew = true;
    P.V = P.F.X ? TakesX(Second, P.F.X) : nullptr;
  }
  P.Ok = P.V != nullptr;
  return P;
}

} // namespace

Verdict rewriteAtomicCompare(const OMPAtomicDirective &A, ASTContext &Ctx,
                             const std::vector<TextEdit> &Known,
                             AtomicRewrite &Out) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  auto No = [&](const std::string &Why) {
    Verdict V =
        Verdict::no(DiagId::HostGeneral, "'#pragma omp atomic compare' " + Why);
    V.Where = A.getBeginLoc();
    return V;
  };
  bool Capture = A.getSingleClause<OMPCaptureClause>() != nullptr;
  if (A.getBeginLoc().isMacroID())
    return No("from a macro is not supported yet");
  const Stmt *S = A.getAssociatedStmt();
  if (const auto *CS = dyn_cast_or_null<CapturedStmt>(S))
    S = CS->getCapturedStmt();
  CaptureParts CP;
  if (Capture && S)
    CP = splitCapture(S, Ctx);
  CompareForm F = Capture ? CP.F : S ? splitForm(S, Ctx) : CompareForm{};
  if (!F.X || (Capture && !CP.Ok))
    return No(F.WhyNot.empty() ? "in this form is not supported yet"
                               : F.WhyNot);
  const auto *Cond = dyn_cast<BinaryOperator>(stripped(F.Cond));
  if (!Cond)
    return No("in this form is not supported yet");
  const Expr *X = F.X, *L = Cond->getLHS(), *R = Cond->getRHS();
  bool XLeft = same(L, X, Ctx), XRight = same(R, X, Ctx);
  if (XLeft == XRight)
    return No("in this form is not supported yet");
  const Expr *E = XLeft ? R : L;
  QualType T = X->getType();
  if (!isAtomicNumber(T, Ctx) || T->isBooleanType())
    return No("on a variable that is not an integer of 1 to 8 bytes or a "
              "float or double");
  llvm::StringRef Buf = SM.getBufferData(SM.getMainFileID());
  auto Text = [&](const Expr *Y) {
    unsigned B, End;
    if (!fileOffsets(SM, LO, Y->getSourceRange(), B, End))
      return exprText(Y, Ctx);
    return textWithEdits(Buf, B, End, Known);
  };
  std::string Type = declText(T.getUnqualifiedType(), "", Ctx);
  Out.Begin = directiveStart(A, Ctx);
  Out.End = statementEnd(A, Ctx);
  std::string Lines(std::count(Buf.begin() + Out.Begin, Buf.begin() + Out.End,
                               '\n'),
                    '\n');
  std::string Call;
  switch (Cond->getOpcode()) {
  case BO_LT:
  case BO_GT: {
    // x takes e when e < x (the smaller: min) or e > x (the larger: max).
    if (!same(F.Then, E, Ctx))
      return No("in this form is not supported yet");
    bool EBelow = (Cond->getOpcode() == BO_LT) == !XLeft;
    if (CP.R || CP.VOnFail)
      return No("in this form is not supported yet");
    const char *Fn = !Capture   ? "atomicCombine"
                     : CP.VNew ? "atomicCombineFetch"
                               : "atomicFetchCombine";
    Call = std::string("o2c_dev::") + Fn + "<o2c_dev::" +
           (EBelow ? "RedMin" : "RedMax") + ">";
    Out.Text = "/* omp atomic compare" + std::string(Capture ? " capture" : "") +
               " */ " + (Capture ? Text(CP.V) + " = " : "") + Call + "(&(" +
               Text(X) + "), (" + Type + ")(" + Text(E) + "));" + Lines;
    return {};
  }
  case BO_EQ: {
    // Floating point: GCC and clang compare the bits (-0.0 is not 0.0),
    // the expression compares values; neither answer is taken for granted.
    unsigned Size = Ctx.getTypeSizeInChars(T).getQuantity();
    if (!T->isIntegerType() || (Size != 4 && Size != 8))
      return No("'x == e' on a variable other than an integer of 4 or 8 "
                "bytes is not supported yet");
    std::string Cas = "o2c_dev::atomicCompareAssign(&(" + Text(X) + "), ";
    if (!Capture) {
      Out.Text = "/* omp atomic compare */ " + Cas + "(" + Type + ")(" +
                 Text(E) + "), (" + Type + ")(" + Text(F.Then) + "));" + Lines;
      return {};
    }
    // e and d evaluated once, as in the statement; o2c_old: x before.
    std::string T = "{ /* omp atomic compare capture */ const " + Type +
                    " o2c_e = (" + Type + ")(" + Text(E) + "), o2c_d = (" +
                    Type + ")(" + Text(F.Then) + "); const " + Type +
                    " o2c_old = " + Cas + "o2c_e, o2c_d); ";
    if (CP.R)
      T += Text(CP.R) + " = o2c_old == o2c_e; ";
    if (CP.V && CP.VOnFail)
      T += "if (!(o2c_old == o2c_e)) " + Text(CP.V) + " = o2c_old; ";
    else if (CP.V)
      T += Text(CP.V) +
           (CP.VNew ? " = o2c_old == o2c_e ? o2c_d : o2c_old; "
                    : " = o2c_old; ");
    Out.Text = T + "}" + Lines;
    return {};
  }
  default:
    return No("in this form is not supported yet");
  }
}

} // namespace omp2cuda
