// Array and array-section reductions (`reduction(+: a[0:n])`, `reduction(^:
// h)` of a fixed-size array) on grid-stride kernels (issue 8 point 4). When
// every use of the item in the loop body is an update statement with the
// reduction's operator (`a[e] += v`, `a[e] = a[e] * v`, `a[e]++`), the
// private copies OpenMP describes are only ever combined, never read: the
// kernel applies each update to the mapped device copy with one device
// atomic, and the original value takes part exactly once (it is in that
// copy). Any other use (a read, an address taken, another operator) keeps
// the region on the host, located at that use.
#include "analysis/Analysis.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"

#include <algorithm>

using namespace clang;

namespace omp2cuda {

namespace {

/// The reduction operator's name for the update operator K, or "" when
/// the two do not match (an update `a[e] *= v` under reduction(+)).
std::string matchingOp(BinaryOperatorKind K, const std::string &Red) {
  switch (K) {
  case BO_Add:
  case BO_Sub: // `a[e] -= v` adds -v to the partial, as OpenMP's + combines
    return Red == "o2c_dev::RedPlus" ? Red : "";
  case BO_Mul:
    return Red == "o2c_dev::RedTimes" ? Red : "";
  case BO_And:
    return Red == "o2c_dev::RedBitAnd" ? Red : "";
  case BO_Or:
    return Red == "o2c_dev::RedBitOr" ? Red : "";
  case BO_Xor:
    return Red == "o2c_dev::RedBitXor" ? Red : "";
  default:
    return "";
  }
}

struct RefFinder : RecursiveASTVisitor<RefFinder> {
  const ValueDecl *VD;
  const Expr *First = nullptr;
  explicit RefFinder(const ValueDecl *V) : VD(V) {}
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (E->getDecl() == VD && !First)
      First = E;
    return true;
  }
  bool VisitMemberExpr(MemberExpr *E) {
    if (E->getMemberDecl() == VD && !First)
      First = E;
    return true;
  }
};

const Expr *firstRef(const Stmt *S, const ValueDecl *VD) {
  if (!S)
    return nullptr;
  RefFinder F(VD);
  F.TraverseStmt(const_cast<Stmt *>(S));
  return F.First;
}

class ReductionRewriter {
public:
  ReductionRewriter(const ValueDecl *VD, std::string Op, ASTContext &Ctx,
           const std::vector<TextEdit> &Known)
      : VD(VD), Op(std::move(Op)), Ctx(Ctx), Known(Known) {}

  std::vector<TextEdit> Edits;
  Verdict V;

  /// S in a statement position (its value unused).
  void statement(const Stmt *S) {
    if (!S || !V.Ok)
      return;
    if (const auto *E = dyn_cast<Expr>(S)) {
      if (update(E->IgnoreParens()))
        return;
      return expression(E);
    }
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      for (const Stmt *C : CS->body())
        statement(C);
      return;
    }
    if (const auto *I = dyn_cast<IfStmt>(S)) {
      expression(I->getInit());
      expression(I->getCond());
      statement(I->getThen());
      statement(I->getElse());
      return;
    }
    if (const auto *F = dyn_cast<ForStmt>(S)) {
      statement(F->getInit());
      expression(F->getCond());
      statement(F->getInc());
      statement(F->getBody());
      return;
    }
    if (const auto *W = dyn_cast<WhileStmt>(S)) {
      expression(W->getCond());
      statement(W->getBody());
      return;
    }
    if (const auto *D = dyn_cast<DoStmt>(S)) {
      statement(D->getBody());
      expression(D->getCond());
      return;
    }
    if (const auto *Sw = dyn_cast<SwitchStmt>(S)) {
      expression(Sw->getCond());
      statement(Sw->getBody());
      return;
    }
    if (const auto *SC = dyn_cast<SwitchCase>(S))
      return statement(SC->getSubStmt());
    if (const auto *L = dyn_cast<LabelStmt>(S))
      return statement(L->getSubStmt());
    if (isa<OMPExecutableDirective>(S))
      return expression(S); // an atomic on the item: not an update here
    expression(S);
  }

private:
  const ValueDecl *VD;
  std::string Op;
  ASTContext &Ctx;
  const std::vector<TextEdit> &Known;

  /// Any use of the item inside S is one the rewrite cannot take.
  void expression(const Stmt *S) {
    if (!V.Ok)
      return;
    if (const Expr *R = firstRef(S, VD)) {
      V = Verdict::no(DiagId::HostClause,
                      "the reduction array '" + VD->getNameAsString() +
                          "' is used other than in an update with the "
                          "reduction's operator (a[e] op= v); such array "
                          "reductions are not supported yet");
      V.Where = R->getBeginLoc();
    }
  }

  /// `a[e] op= v` on the item: rewritten, true. Anything else: false.
  bool update(const Expr *E) {
    AtomicUpdate U = atomicUpdate(E, Ctx);
    if (!U.WhyNot.empty())
      return false;
    const auto *Sub = dyn_cast<ArraySubscriptExpr>(U.X->IgnoreParenImpCasts());
    if (!Sub || namedVariable(Sub->getBase()->IgnoreParenImpCasts()) != VD)
      return false;
    if (firstRef(Sub->getIdx(), VD) || firstRef(U.V, VD))
      return false;
    std::string Combine = matchingOp(U.Op, Op);
    QualType T = U.X->getType();
    if (Combine.empty() || !isAtomicNumber(T, Ctx) || T->isBooleanType())
      return false;
    const SourceManager &SM = Ctx.getSourceManager();
    const LangOptions &LO = Ctx.getLangOpts();
    unsigned B, End;
    if (!fileOffsets(SM, LO, E->getSourceRange(), B, End))
      return false;
    llvm::StringRef Buf = SM.getBufferData(SM.getMainFileID());
    auto Text = [&](const Expr *X) {
      unsigned XB, XE;
      if (!fileOffsets(SM, LO, X->getSourceRange(), XB, XE))
        return exprText(X, Ctx);
      return textWithEdits(Buf, XB, XE, Known);
    };
    std::string Val = U.V ? "(" + Text(U.V) + ")" : "1";
    if (U.Op == BO_Sub)
      Val = "-" + Val;
    std::string Type = declText(T.getUnqualifiedType(), "", Ctx);
    Edits.push_back({B, End - B,
                     "/* reduction */ o2c_dev::atomicCombine<" + Combine +
                         ">(&(" + Text(U.X) + "), (" + Type + ")(" + Val +
                         "))"});
    return true;
  }
};

} // namespace

Verdict arrayReductionEdits(const Stmt *Body, const ValueDecl *VD,
                            const std::string &Op, ASTContext &Ctx,
                            std::vector<TextEdit> &All) {
  if (Op != "o2c_dev::RedPlus" && Op != "o2c_dev::RedTimes" &&
      Op != "o2c_dev::RedBitAnd" && Op != "o2c_dev::RedBitOr" &&
      Op != "o2c_dev::RedBitXor")
    return Verdict::no(DiagId::HostClause,
                       "array reductions with min, max, && or || are not "
                       "supported yet (only + * & | ^)");
  ReductionRewriter R(VD, Op, Ctx, All);
  R.statement(Body);
  if (!R.V.Ok)
    return R.V;
  // Each update replaces its whole statement text; edits inside it are in
  // its new text already.
  for (const TextEdit &E : R.Edits) {
    All.erase(std::remove_if(All.begin(), All.end(),
                             [&](const TextEdit &T) {
                               return T.Offset >= E.Offset &&
                                      T.Offset < E.Offset + E.Length;
                             }),
              All.end());
    All.push_back(E);
  }
  return {};
}

} // namespace omp2cuda
