// lastprivate(conditional: x) on grid-stride kernels (issue 8 point 4): the
// value after the construct is the one the sequentially last iteration that
// assigned x gave it. Each assignment of x in the body records its logical
// iteration (`(o2c_w_x = o2c_iv + 1, x = e)`); each thread's last record and
// value are combined at the kernel's end (o2c_dev::lastConditional). A use
// of x that could write it other than by assignment (its address, a
// reference) keeps the region on the host, located at that use.
#include "analysis/Analysis.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace omp2cuda {

namespace {

struct Refs : RecursiveASTVisitor<Refs> {
  const VarDecl *VD;
  std::vector<const DeclRefExpr *> Found;
  explicit Refs(const VarDecl *V) : VD(V) {}
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (E->getDecl() == VD)
      Found.push_back(E);
    return true;
  }
};

/// The expression around E, past parentheses; null at the top.
const Expr *parentExpr(const Expr *E, ASTContext &Ctx, const Expr *&Child) {
  Child = E;
  while (true) {
    DynTypedNodeList Ps = Ctx.getParents(*Child);
    const Expr *P = Ps.empty() ? nullptr : Ps[0].get<Expr>();
    if (!P || !isa<ParenExpr>(P))
      return P;
    Child = P;
  }
}

} // namespace

Verdict condLastprivateEdits(const Stmt *Body, const VarDecl *VD,
                             const std::string &Name, ASTContext &Ctx,
                             std::vector<TextEdit> &Out) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  Refs R(VD);
  R.TraverseStmt(const_cast<Stmt *>(Body));
  for (const DeclRefExpr *E : R.Found) {
    const Expr *Child = nullptr;
    const Expr *P = parentExpr(E, Ctx, Child);
    const Expr *Write = nullptr;
    if (const auto *C = dyn_cast_or_null<ImplicitCastExpr>(P);
        C && C->getCastKind() == CK_LValueToRValue)
      continue; // a read
    if (const auto *B = dyn_cast_or_null<BinaryOperator>(P);
        B && B->isAssignmentOp() && B->getLHS() == Child)
      Write = B;
    else if (const auto *U = dyn_cast_or_null<UnaryOperator>(P);
             U && U->isIncrementDecrementOp())
      Write = U;
    unsigned Begin, End;
    if (!Write || !fileOffsets(SM, LO, Write->getSourceRange(), Begin, End)) {
      Verdict V = Verdict::no(
          DiagId::HostClause,
          "lastprivate(conditional: " + Name +
              ") needs every write of it to be an assignment, ++ or -- "
              "the kernel can see (this use is not)");
      V.Where = E->getBeginLoc();
      return V;
    }
    Out.push_back({Begin, 0, "(o2c_w_" + Name + " = o2c_iv + 1, "});
    Out.push_back({End, 0, ")"});
  }
  return {};
}

} // namespace omp2cuda
