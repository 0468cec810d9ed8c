// Integers converted to pointers that a region dereferences
// (IntegerPointers.h).
#include "analysis/IntegerPointers.h"
#include "analysis/PointerValueUse.h"

#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include <set>

using namespace clang;

namespace omp2cuda {
namespace {

/// How many calls deep a callee's conversions are looked for.
constexpr unsigned MaxConversionDepth = 4;

class ConversionFinder : public RecursiveASTVisitor<ConversionFinder> {
public:
  ConversionFinder(const Stmt *Body, ASTContext &Ctx, unsigned Depth,
         std::set<const FunctionDecl *> &Walked)
      : Body(Body), Ctx(Ctx), Depth(Depth), Walked(Walked) {}
  bool VisitCastExpr(CastExpr *CE) {
    if (Where.isInvalid() && CE->getCastKind() == CK_IntegralToPointer &&
        CE->getSubExpr()->IgnoreParenCasts()->isNullPointerConstant(
            Ctx, Expr::NPC_ValueDependentIsNotNull) == Expr::NPCK_NotNull &&
        mayDeref(Body, CE, Ctx))
      Where = CE->getBeginLoc();
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *FD = CE->getDirectCallee();
    const FunctionDecl *Def = nullptr;
    if (Where.isValid() || Depth >= MaxConversionDepth || !FD || !FD->hasBody(Def) ||
        !Def || Ctx.getSourceManager().isInSystemHeader(Def->getLocation()) ||
        !Walked.insert(Def).second)
      return true;
    ConversionFinder F(Def->getBody(), Ctx, Depth + 1, Walked);
    F.TraverseStmt(Def->getBody());
    if (F.Where.isValid()) {
      Where = CE->getBeginLoc();
      Callee = F.Callee ? F.Callee : Def;
    }
    return true;
  }
  SourceLocation Where;
  const FunctionDecl *Callee = nullptr; // where the conversion is

private:
  const Stmt *Body;
  ASTContext &Ctx;
  unsigned Depth;
  std::set<const FunctionDecl *> &Walked;
};

} // namespace

SourceLocation integerPointerDeref(const Stmt *Body, ASTContext &Ctx,
                                   std::string &What) {
  if (!Body)
    return {};
  std::set<const FunctionDecl *> Walked;
  ConversionFinder F(Body, Ctx, 0, Walked);
  F.TraverseStmt(const_cast<Stmt *>(Body));
  if (F.Where.isValid())
    What = F.Callee ? "'" + F.Callee->getNameAsString() +
                          "', called here, dereferences a pointer converted "
                          "from an integer"
                    : "a pointer converted from an integer is dereferenced";
  return F.Where;
}

} // namespace omp2cuda
