// Pointers that a map, to or from item names itself (`map(to: q.p)`,
// `map(sp->p)`, `map(pp[0])`, a declare target pointer): the runtime
// attaches such a pointer where what it points to is mapped, so its device
// copy may hold the device address whether or not an item maps through it.
#include "analysis/AttachedPaths.h"

#include "clang/AST/ExprOpenMP.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"

using namespace clang;

namespace omp2cuda {
namespace {

class PointerItemFinder : public RecursiveASTVisitor<PointerItemFinder> {
public:
  PointerItemFinder(const ASTContext &Ctx, std::set<StoragePath> &Paths)
      : Ctx(Ctx), Paths(Paths) {}
  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    for (const OMPClause *C : D->clauses()) {
      if (const auto *M = dyn_cast<OMPMapClause>(C))
        add(M->varlists());
      else if (const auto *T = dyn_cast<OMPToClause>(C))
        add(T->varlists());
      else if (const auto *F = dyn_cast<OMPFromClause>(C))
        add(F->varlists());
    }
    return true;
  }

private:
  template <typename Range> void add(Range Items) {
    for (const Expr *E : Items) {
      const Expr *Item = E->IgnoreParenImpCasts();
      StoragePath P;
      if (Item->getType()->isPointerType() && !isa<ArraySectionExpr>(Item) &&
          storagePath(Item, Ctx, P))
        Paths.insert(P);
    }
  }
  const ASTContext &Ctx;
  std::set<StoragePath> &Paths;
};

} // namespace

void pointerItemPaths(const Stmt *Scope, const Stmt *Current,
                      const ASTContext &Ctx, std::set<StoragePath> &Paths) {
  // Scope holds Current, as for attachedPaths.
  PointerItemFinder F(Ctx, Paths);
  F.TraverseStmt(const_cast<Stmt *>(Scope ? Scope : Current));
}

} // namespace omp2cuda
