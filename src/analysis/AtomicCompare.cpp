// `#pragma omp atomic compare` (OpenMP 5.1) in device code. The forms
//   x = e < x ? e : x;   if (e < x) { x = e; }   (and >, and x on the left)
// keep the smaller or larger value: one o2c_dev::atomicCombine with RedMin
// or RedMax (atomicMin/atomicMax where CUDA has them, a CAS loop otherwise);
//   x = x == e ? d : x;  if (x == e) { x = d; }
// is one compare-and-swap (o2c_dev::atomicCompareAssign) for integers. The capture forms
// and the fail/weak clauses stay on the host, with the warning at the
// construct.
#include "analysis/Analysis.h"
#include "edits/Edits.h"

#include "clang/AST/StmtOpenMP.h"

#include <algorithm>

using namespace clang;

namespace omp2cuda {

namespace {

const Expr *bare(const Expr *E) { return E->IgnoreParenImpCasts(); }

bool same(const Expr *A, const Expr *B, const ASTContext &Ctx) {
  return exprText(bare(A), Ctx) == exprText(bare(B), Ctx);
}

/// The pieces of one compare form: Cond ? (x = Then) : (x unchanged).
struct CompareForm {
  const Expr *X = nullptr, *Cond = nullptr, *Then = nullptr;
  std::string WhyNot;
};

/// `x = Cond ? Then : x;` or `if (Cond) { x = Then; }`.
CompareForm splitForm(const Stmt *S, const ASTContext &Ctx) {
  CompareForm F;
  auto Assign = [](const Stmt *S) -> const BinaryOperator * {
    if (const auto *CS = dyn_cast<CompoundStmt>(S))
      S = CS->size() == 1 ? CS->body_front() : nullptr;
    const auto *E = dyn_cast_or_null<Expr>(S);
    const auto *BO =
        E ? dyn_cast<BinaryOperator>(E->IgnoreImplicit()->IgnoreParens())
          : nullptr;
    return BO && BO->getOpcode() == BO_Assign ? BO : nullptr;
  };
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    const BinaryOperator *BO = Assign(If->getThen());
    if (If->getElse() || If->getInit() || If->getConditionVariable() || !BO) {
      F.WhyNot = "in this form is not supported yet";
      return F;
    }
    F.X = BO->getLHS();
    F.Cond = If->getCond();
    F.Then = BO->getRHS();
    return F;
  }
  const BinaryOperator *BO = Assign(S);
  const auto *CO =
      BO ? dyn_cast<ConditionalOperator>(bare(BO->getRHS())) : nullptr;
  if (!CO || !same(CO->getFalseExpr(), BO->getLHS(), Ctx)) {
    F.WhyNot = "in this form is not supported yet";
    return F;
  }
  F.X = BO->getLHS();
  F.Cond = CO->getCond();
  F.Then = CO->getTrueExpr();
  return F;
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
  for (const OMPClause *C : A.clauses())
    if (isa<OMPCaptureClause, OMPFailClause, OMPWeakClause>(C))
      return No("with the '" +
                llvm::omp::getOpenMPClauseName(C->getClauseKind()).str() +
                "' clause is not supported yet");
  if (A.getBeginLoc().isMacroID())
    return No("from a macro is not supported yet");
  const Stmt *S = A.getAssociatedStmt();
  if (const auto *CS = dyn_cast_or_null<CapturedStmt>(S))
    S = CS->getCapturedStmt();
  CompareForm F = S ? splitForm(S, Ctx) : CompareForm{};
  if (!F.X)
    return No(F.WhyNot.empty() ? "in this form is not supported yet"
                               : F.WhyNot);
  const auto *Cond = dyn_cast<BinaryOperator>(bare(F.Cond));
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
    Call = std::string("o2c_dev::atomicCombine<o2c_dev::") +
           (EBelow ? "RedMin" : "RedMax") + ">";
    Out.Text = "/* omp atomic compare */ " + Call + "(&(" + Text(X) + "), (" +
               Type + ")(" + Text(E) + "));" + Lines;
    return {};
  }
  case BO_EQ: {
    // Floating point: GCC and clang compare the bits (-0.0 is not 0.0),
    // the expression compares values; neither answer is taken for granted.
    unsigned Size = Ctx.getTypeSizeInChars(T).getQuantity();
    if (!T->isIntegerType() || (Size != 4 && Size != 8))
      return No("'x == e' on a variable other than an integer of 4 or 8 "
                "bytes is not supported yet");
    Out.Text = "/* omp atomic compare */ o2c_dev::atomicCompareAssign(&(" +
               Text(X) + "), (" + Type + ")(" + Text(E) + "), (" + Type +
               ")(" + Text(F.Then) + "));" + Lines;
    return {};
  }
  default:
    return No("in this form is not supported yet");
  }
}

} // namespace omp2cuda
