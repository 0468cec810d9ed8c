// The classifier behind pointerValueUse (PointerValueUse.h): what the
// expressions around each use of a pointer do with its value. Its
// climbing and comparisons live in PointerValueUse.cpp, where a value goes
// (stores, aggregates, calls, lambdas) in PointerStores.cpp.
#ifndef OMP2CUDA_ANALYSIS_POINTERCLASSIFIER_H
#define OMP2CUDA_ANALYSIS_POINTERCLASSIFIER_H

#include "analysis/PointerValueUse.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include <functional>
#include <optional>
#include <set>
#include <vector>

namespace omp2cuda {
namespace pvu {

// An internal header (PointerValueUse.cpp, PointerStores.cpp only).
using namespace clang;

enum UseKind : unsigned { Neutral = 0, Deref = 1, Escape = 2, Both = 3 };

class RefFinder : public RecursiveASTVisitor<RefFinder> {
public:
  RefFinder(const ValueDecl *VD) : VD(VD) {}
  /// A nested construct's data-sharing clauses (clang adds implicit ones)
  /// give each thread the same value, and use none; a task's depend and
  /// affinity items name storage that orders or places tasks alike on
  /// every build.
  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    for (const OMPClause *C : D->clauses())
      if (isa<OMPPrivateClause>(C) || isa<OMPFirstprivateClause>(C) ||
          isa<OMPSharedClause>(C) || isa<OMPLastprivateClause>(C) ||
          isa<OMPDependClause>(C) || isa<OMPAffinityClause>(C))
        for (const Stmt *Child : const_cast<OMPClause *>(C)->children())
          share(Child);
    return true;
  }
  void share(const Stmt *S) {
    if (!S)
      return;
    Sharing.insert(S);
    for (const Stmt *Child : S->children())
      share(Child);
  }
  /// Nor do the references a captured statement lists for its captures.
  bool VisitCapturedStmt(CapturedStmt *CS) {
    for (const Expr *Init : CS->capture_inits())
      Sharing.insert(Init);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (E->getDecl() == VD && !Sharing.count(E))
      Refs.push_back(E);
    return true;
  }
  const ValueDecl *VD;
  std::vector<const DeclRefExpr *> Refs;
  std::set<const Stmt *> Sharing;
};

/// A use's kind and, for an escape, where the value escapes (At) and where
/// the host build sees it (SeenAt, PointerValueUse::SeenAt).
struct Found {
  unsigned K = Neutral;
  SourceLocation At;
  SourceLocation SeenAt;
};

/// Library functions that read or write through their pointer arguments
/// and keep none of them (a result that returns one is followed).
bool derefOnlyLibrary(const FunctionDecl *FD);

/// The uses of one pointer variable in one body (a region's, or a
/// function's that the region calls). A copy into a local pointer of the
/// same body is followed, as is an argument into a defined callee's
/// parameter; a comparison or difference with a pointer the translation
/// moves alike (a mapped array, another captured pointer that does not
/// escape, a local derived from them) keeps the host's answer.
class Classifier {
public:
  Classifier(const Stmt *Body, ASTContext &Ctx, unsigned Depth,
             std::set<const ValueDecl *> &Busy)
      : PM(const_cast<Stmt *>(Body)), Root(Body), Ctx(Ctx), Depth(Depth),
        Busy(Busy) {}

  /// Every use of VD in the body. A variable already being followed counts
  /// as not escaping here: its own other uses decide.
  PointerValueUse useOf(const ValueDecl *VD);

  /// What the expressions around E do with it.
  bool derefs(const Expr *E) { return (classify(E).K & Deref) != 0; }

  /// Where the host build would see E's value (PointerValueUse::SeenAt,
  /// for one expression); invalid when nowhere.
  SourceLocation seenAt(const Expr *E) { return classify(E).SeenAt; }

private:
  static Found kind(unsigned K) { return {K, {}, {}}; }
  static Found add(Found F, unsigned K) {
    F.K |= K;
    return F;
  }
  /// F, and the host build sees the value at Where (an escape too).
  static Found seen(Found F, SourceLocation Where) {
    F.K |= Escape;
    if (F.SeenAt.isInvalid())
      F.SeenAt = Where;
    return F;
  }

  /// What the expressions around E (a pointer derived from the variable)
  /// do with it.
  Found classify(const Expr *E);

  /// The first parent of Cur past parentheses and `.f` accesses (the same
  /// object or a part of it), Cur moved up to its child.
  const Stmt *climbSameObject(const Expr *&Cur);

  /// The parent P of Cur when it gives the same pointer: a temporary bound
  /// to a reference, a full expression, a statement expression's result,
  /// _Generic's or __builtin_choose_expr's chosen operand,
  /// __builtin_assume_aligned's or __builtin_launder's result.
  const Expr *samePointer(const Stmt *P, const Expr *Cur) const;

  /// An operand never evaluated: _Generic's controlling one or another
  /// association's, __builtin_choose_expr's other, noexcept's.
  static bool isUnevaluatedBranch(const Stmt *P);

  /// Whether E lies in such an operand, or sizeof's (`sizeof((long)p)`),
  /// however deep: its uses do nothing.
  bool unevaluated(const Expr *E) const;

  /// Cur as a lambda's capture: a copy in the closure (or a reference)
  /// whose uses in its body are the variable's own; an init-capture's
  /// variable is followed.
  Found captured(const LambdaExpr *LE, const Expr *Cur);

  /// Cur returned by a lambda of the body: what its calls' results do
  /// (the lambda called where it stands, or a local variable holding it
  /// that is only called); seen where it may be called from elsewhere.
  Found lambdaResult(const ReturnStmt *RS, const Expr *Cur);

  /// The calls of LE: `[..]{..}()`, or `f()` of `auto f = [..]{..};` where
  /// f is used only so. False when it is used otherwise.
  bool lambdaCalls(const LambdaExpr *LE, std::vector<const Expr *> &Calls);

  /// What the body does with the address of E's object (a variable that
  /// is no pointer, nor an array): `&x`, `&x.f`, `x.arr` decayed. Its other
  /// uses read or write the object itself, and are neutral here.
  Found addressUse(const Expr *E);

  /// The pointer of a[i] or i[a]; getBase() takes a template's dependent
  /// index for it.
  static const Expr *subscriptBase(const ArraySubscriptExpr *AS);

  /// The object that E (*p, p[i], p->f) designates: a dereference, unless
  /// its address is taken again (&p[i], &p->f.g) or, an array, it decays
  /// (p[i] of int (*p)[4]), which gives a pointer derived from p.
  Found pointee(const Expr *E);

  /// Whether E's value is moved by the translation as the variable's is,
  /// so that p == E gives the host's answer where neither has moved from
  /// its lookup (atLookup): null, an address the runtime looks up as it
  /// looks p up (a mapped array, a captured pointer that does not escape,
  /// a local of the body so derived), or the address of another object.
  /// Strict (for p < E, p - E, and p == E of moved pointers, which need
  /// the same lookup): null, or derived from the variable itself (or a
  /// parameter of Alike) only (PointerAlike.cpp).
  bool movesAlike(const Expr *E, bool Strict, unsigned Steps = 0);

  /// Whether E is the very address a lookup gave, not one moved from it:
  /// an array, `&x`, a captured pointer never written, a local so
  /// initialised and never written.
  bool atLookup(const Expr *E, unsigned Steps = 0) const;

  /// Whether the body writes V: any use but a read of its value.
  bool written(const VarDecl *V) const;

  bool inBody(const Decl *D) const { return declaredIn(D, Root); }

  Found binaryUse(const BinaryOperator *BO, const Expr *Cur);

  Found binaryKind(const BinaryOperator *BO, const Expr *Cur,
                   const Expr *Other);

  /// A pointer variable (a local of the body, or a captured one: its
  /// value is the region's own, or a mapped one that comes back translated
  /// to the host) whose own uses decide; not one with static storage.
  std::optional<Found> pointerCopy(const ValueDecl *D, bool Bound = false);

  /// p stored into L: a pointer variable is followed, a member of a
  /// record the host never reads through its later loads; anything else
  /// may be loaded and dereferenced later (both).
  Found storedUse(const BinaryOperator *BO, const Expr *L);

  /// The integer E (`(uintptr_t)p`): compared, tested, discarded or stored
  /// into storage from outside, an escape; anything else both.
  Found integerUse(const Expr *E);

  /// p in `S l = {p, 8};`, `S l(p, 8);` or `W w(p);` (a constructor may
  /// keep it in a member): a local record of the body is followed through
  /// the loads of its pointer members; anything else (a temporary assigned
  /// or passed on, a global) is seen.
  Found aggregateUse(const Expr *Agg, const Expr *Cur);

  /// Whether L (`s.f`, `arr[i]`) names storage of a variable the body
  /// takes from outside (not a reference, nor through a pointer).
  bool outsideStorage(const Expr *L) const;

  /// Whether L (`s.f.g`) is a member of a record variable whose storage the
  /// host never reads: a local of the body, or one of Unseen.
  bool unseenRecord(const Expr *L) const;

  /// What the loads of the member Store writes that may follow it do with
  /// the value (Deref, SeenAt); none when its record is used other than
  /// through its scalar members.
  std::optional<Found> loadsOfStore(const BinaryOperator *Store);

  /// `int *r = p;`: followed through r when r is a plain local pointer.
  Found initialised(const DeclStmt *DS, const Expr *Cur);

  /// p passed to a call: a defined function's parameter is followed in its
  /// body; a library function that only reaches the pointee dereferences.
  /// In a template's pattern, an unresolved callee's every candidate is.
  Found argumentUse(const CallExpr *Call, const Expr *Cur);

  /// The I-th argument of Call, whose callee is FD: argumentUse's rules.
  Found calleeUse(const CallExpr *Call, const FunctionDecl *FD, unsigned I);

  ParentMap PM;
  const Stmt *Root;
  ASTContext &Ctx;
  unsigned Depth;
  std::set<const ValueDecl *> &Busy;
  const ValueDecl *Origin = nullptr; ///< the variable first asked about
  SourceLocation ApartAt;            ///< PointerValueUse::ApartAt
  bool Returns = false; ///< a callee returns the value (or one derived)
  /// Stores and records whose loads are being followed.
  std::set<const void *> Following;

public:
  /// The captured pointers taken to keep the host's value (they escape):
  /// a comparison with one is not one between translated pointers.
  std::set<const ValueDecl *> Untranslated;
  /// pointerValueUse's Unseen.
  std::set<const ValueDecl *> Unseen;
  /// valueSeenAt's KeptSlot: storage whose pointer the runtime puts back
  /// as the host's counterpart.
  std::function<bool(const Expr *)> KeptSlot;

private:
  std::set<const ValueDecl *> Checking; ///< locals movesAlike is reading
  /// A callee's parameters, never written, that the call passes pointers
  /// derived from the same item as Origin's argument (`sum(a, a + 8)`).
  std::set<const ValueDecl *> Alike;
};

} // namespace pvu
} // namespace omp2cuda

#endif
