// Which pointers held in mapped storage the map items in force at a target
// region attach, path by path (AttachedPaths.h).
#include "analysis/AttachedPaths.h"
#include "analysis/EnteringLoops.h"
#include "analysis/StoragePaths.h"
#include "analysis/ItemScopes.h"
#include "analysis/WrittenVars.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ExprOpenMP.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>

using namespace clang;

namespace omp2cuda {

namespace {

/// The map, to and from items of Current and of the data constructs in
/// force at it, as the paths of the pointers they map through.
class AttachedFinder : public RecursiveASTVisitor<AttachedFinder> {
  // storage a construct maps, the construct and the item mapping it
  using CoverEntry = std::tuple<StoragePath, const Stmt *, const Expr *>;

public:
  AttachedFinder(std::set<StoragePath> &Paths, const Stmt *Current,
                 const Stmt *Scope, const ASTContext &Ctx)
      : Paths(Paths), Current(Current), Scope(Scope),
        PM(const_cast<Stmt *>(Scope)), Ctx(Ctx) {
    escapedVars(Scope, Escaped);
  }
  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    mappedAnywhere(D);
    // Another target region attaches nothing the next one sees (and may
    // itself stay on the host).
    if (D != Current &&
        (!isOpenMPTargetDataManagementDirective(D->getDirectiveKind()) ||
         !inForce(D) || !alwaysIf(D)))
      return true;
    Outer = D != Current;
    CurD = D;
    Modified.clear();
    PointerModified.clear();
    if (Outer)
      modifiedBetween(D);
    for (const OMPClause *C : D->clauses()) {
      if (const auto *M = dyn_cast<OMPMapClause>(C))
        add(M);
      else if (const auto *T = dyn_cast<OMPToClause>(C))
        add(T);
      else if (const auto *F = dyn_cast<OMPFromClause>(C))
        add(F);
    }
    return true;
  }

  /// The paths of other constructs' items whose holder one of them maps,
  /// that construct being present when the item's is mapped: a holder
  /// mapped afterwards gets a fresh copy holding the host's address (review
  /// rv x1, x2).
  /// The storage D's map and to items map (Anywhere): a holder of rows a
  /// loop enters may be present with more elements than the constructs in
  /// force at Current map (review rv40 j41, l12: an earlier `enter data
  /// map(A[0:3])`, the region's own `map(A[2:1])`).
  void mappedAnywhere(const OMPExecutableDirective *D) {
    if (isa<OMPTargetExitDataDirective>(D) || isa<OMPTargetUpdateDirective>(D))
      return;
    auto Saved = std::make_tuple(Reroot, Iter, Loop, CurD);
    Reroot = {};
    Loop = nullptr;
    CurD = D;
    for (const auto *M : D->getClausesOfKind<OMPMapClause>()) {
      Iter = dyn_cast_or_null<OMPIteratorExpr>(
          const_cast<OMPMapClause *>(M)->getIteratorModifier());
      for (const Expr *E : M->varlists())
        cover(E, Anywhere);
    }
    std::tie(Reroot, Iter, Loop, CurD) = Saved;
  }

  void settle() {
    for (const auto &[P, Holder, ItemD, Range] : Pending) {
      // An item a loop enters for each element: every element its holder's
      // maps have must be one the loop entered (review hunt j1, j4).
      bool Any = false, All = true;
      for (const auto &[C, HolderD, Item] : Covered)
        if (covers(C, Holder) && presentAt(HolderD, ItemD)) {
          Any = true;
          if (!Range)
            break;
          All &= loopCovers(*Range, Holder, C, Item);
        }
      if (Range)
        for (const auto &[C, D, Item] : Anywhere)
          if (covers(C, Holder))
            All &= loopCovers(*Range, Holder, C, Item);
      if (Any && All)
        Paths.insert(P);
    }
  }

private:
  /// Whether the storage C maps holds the pointer at Holder: C is Holder
  /// or storage around it, an element of any index matching a loop's.
  static bool covers(const StoragePath &C, const StoragePath &Holder) {
    return C.size() <= Holder.size() &&
           std::equal(C.begin(), C.end(), Holder.begin(),
                      [](const auto &A, const auto &B) {
                        return stepMatches(B, A);
                      });
  }
  /// Whether the loop R enters every element that Item, mapped as C,
  /// maps of the array the loop's step of Holder indexes: C is that array
  /// or one of its elements, not a record or array around it.
  bool loopCovers(const LoopRange &R, const StoragePath &Holder,
                  const StoragePath &C, const Expr *Item) const {
    auto Step = std::find_if(Holder.begin(), Holder.end(), [](const auto &S) {
      return S.first == loopElement();
    });
    size_t K = Step - Holder.begin();
    return Item && (C.size() == K || C.size() == K + 1) &&
           omp2cuda::loopCovers(R, Item, Ctx);
  }
  /// Whether what HolderD maps is certainly present when ItemD maps its
  /// items: the same construct, a target data construct around ItemD, or
  /// an enter data construct before ItemD in a block that holds it (both
  /// are in force at Current, so nothing exits or jumps in between).
  bool presentAt(const Stmt *HolderD, const Stmt *ItemD) {
    if (HolderD == ItemD)
      return true;
    if (isa<OMPTargetDataDirective>(HolderD))
      return holds(HolderD, ItemD);
    if (!isa<OMPTargetEnterDataDirective>(HolderD))
      return false;
    const auto *CS = dyn_cast_or_null<CompoundStmt>(PM.getParent(HolderD));
    if (!CS || !holds(CS, ItemD))
      return false;
    for (const Stmt *S : CS->body()) {
      if (S == HolderD)
        return true;
      if (holds(S, ItemD))
        return false;
    }
    return false;
  }
  /// Whether D's if clause, if any, is a constant true: with a false one
  /// at run time D maps (and attaches) nothing.
  bool alwaysIf(const OMPExecutableDirective *D) const {
    for (const auto *C : D->getClausesOfKind<OMPIfClause>()) {
      bool V = false;
      const Expr *E = C->getCondition();
      if (!E || E->isValueDependent() ||
          !E->EvaluateAsBooleanCondition(V, Ctx) || !V)
        return false;
    }
    return true;
  }
  /// The storage that holds the pointer E: the variable, the member of
  /// `this` or the pointee that E reaches through members and elements of
  /// arrays (`s` of `s.in.p`, `*sp` of `sp->p`, `rows` of `rows[1]`).
  bool holderOf(const Expr *E, StoragePath &Out) {
    const Expr *Cur = E->IgnoreParenImpCasts();
    while (true) {
      if (const auto *M = dyn_cast<MemberExpr>(Cur); M && !M->isArrow()) {
        Cur = M->getBase()->IgnoreParenImpCasts();
      } else if (const auto *A = dyn_cast<ArraySubscriptExpr>(Cur);
                 A && A->getBase()
                          ->IgnoreParenImpCasts()
                          ->getType()
                          ->isArrayType()) {
        Cur = A->getBase()->IgnoreParenImpCasts();
      } else {
        break;
      }
    }
    std::vector<StoragePath> Each(1);
    const auto *M = dyn_cast<MemberExpr>(Cur);
    // A member of `this` holds its pointers as a variable would: the
    // region maps the member (`map(to: s)` covers `this->s.p`).
    if (M && isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()))
      M = nullptr;
    if (!pathsAt(M ? M->getBase() : Cur, Each) || Each.size() != 1)
      return false;
    Out = Each.front();
    if (M)
      Out.push_back({nullptr, 0});
    return true;
  }
  /// The storage an item of another construct maps itself (`s`, `sa`,
  /// `sp[0:1]` as `*sp`, `sa[1]`).
  void cover(const Expr *E) { cover(E, Covered); }
  void cover(const Expr *E, std::vector<CoverEntry> &Into) {
    E = E->IgnoreParenImpCasts();
    std::vector<StoragePath> Each(1);
    const auto *S = dyn_cast<ArraySectionExpr>(E);
    if (!S) {
      if (pathsAt(E, Each))
        for (const StoragePath &P : Each)
          Into.push_back({P, CurD, E});
      return;
    }
    const Expr *B = S->getBase()->IgnoreParenImpCasts();
    if (!pathsAt(B, Each))
      return;
    if (B->getType()->isArrayType()) {
      for (const StoragePath &P : Each)
        Into.push_back({P, CurD, E});
      return;
    }
    Expr::EvalResult Lo, Len;
    int64_t L = 0;
    if (S->getLowerBound()) {
      if (S->getLowerBound()->isValueDependent() ||
          !S->getLowerBound()->EvaluateAsInt(Lo, Ctx))
        return;
      L = Lo.Val.getInt().getExtValue();
    }
    if (!S->getLength() || S->getLength()->isValueDependent() ||
        !S->getLength()->EvaluateAsInt(Len, Ctx)) {
      // `A[0:n]`: the holder of what a loop enters (`A[i][0:m]`) only.
      for (StoragePath P : Each) {
        P.push_back({loopElement(), 0});
        Into.push_back({P, CurD, E});
      }
      return;
    }
    int64_t N = Len.Val.getInt().getExtValue();
    for (int64_t K = L; K < L + N && K < L + 64; ++K)
      for (StoragePath P : Each) {
        P.push_back({nullptr, K});
        Into.push_back({P, CurD, E});
      }
  }
  /// Whether what D maps is on the device whenever Current runs: a target
  /// data construct around it, or an enter data or update construct
  /// before it in an enclosing block with no exit data, and no label a
  /// jump could bypass D by, from D to the end of Current's statement
  /// there. (A construct later in the function attaches nothing here.)
  bool inForce(const OMPExecutableDirective *D) {
    // Exit data releases what it names; update attaches nothing.
    Loop = nullptr;
    LoopR.reset();
    if (isa<OMPTargetExitDataDirective>(D) || isa<OMPTargetUpdateDirective>(D))
      return false;
    const Stmt *Child = Current;
    for (const Stmt *P = PM.getParent(Child); P;
         Child = P, P = PM.getParent(P)) {
      if (P == D)
        return isa<OMPTargetDataDirective>(D);
      const auto *CS = dyn_cast<CompoundStmt>(P);
      if (!CS)
        continue;
      auto Pos = std::find(CS->body_begin(), CS->body_end(), Child);
      if (Pos == CS->body_end())
        continue;
      auto K = isa<OMPTargetDataDirective>(D)
                   ? Pos
                   : std::find(CS->body_begin(), Pos, D);
      if (K == Pos && isa<OMPTargetEnterDataDirective>(D))
        K = std::find_if(CS->body_begin(), Pos, [&](const Stmt *S) {
          LoopR = exitsOrJumps(S, 3) ? std::nullopt
                                     : enteringLoop(S, D, Scope, Ctx);
          Loop = LoopR ? LoopR->Var : nullptr;
          return Loop != nullptr;
        });
      bool Here = K != Pos;
      // What runs before the region in each block up to D (in a target
      // data construct around it too) may release what D mapped, also in a
      // function it calls.
      for (auto J = Here ? K + 1 : CS->body_begin(); J != Pos + 1; ++J)
        if (exitsOrJumps(*J, /*Calls=*/J != Pos ? 3 : -1))
          return false;
      if (Here)
        return true;
    }
    return false;
  }
  /// Whether S is D or holds it.
  bool holds(const Stmt *S, const Stmt *D) {
    for (; D; D = PM.getParent(D))
      if (D == S)
        return true;
    return false;
  }
  /// Modified: the variables that what runs between D and Current (in a
  /// loop around Current, all of each block around it) may change.
  void modifiedBetween(const Stmt *D) {
    bool InLoop = false;
    for (const Stmt *P = PM.getParent(Current); P && !holds(P, D);
         P = PM.getParent(P))
      InLoop |= isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(P);
    const Stmt *Child = Current;
    for (const Stmt *P = PM.getParent(Child); P && Child != D;
         Child = P, P = PM.getParent(P)) {
      const auto *CS = dyn_cast<CompoundStmt>(P);
      if (!CS) {
        for (const Stmt *C : P->children())
          if (C != Child && P != D)
            writtenVars(C, Current, Modified, &PointerModified);
        continue;
      }
      auto Begin = CS->body_begin();
      for (auto J = Begin; J != CS->body_end(); ++J)
        if (holds(*J, D))
          Begin = J + 1;
      for (auto J = Begin; J != CS->body_end(); ++J)
        if (*J != Child &&
            (InLoop || J < std::find(Begin, CS->body_end(), Child)))
          writtenVars(*J, Current, Modified, &PointerModified);
      if (Begin != CS->body_begin() && holds(*(Begin - 1), D))
        return;
    }
  }
  /// C's items; one mapped with a mapper (named, or its type's default
  /// one) attaches what the mapper's items map through.
  template <class ClauseT> void add(const ClauseT *C) {
    Iter = nullptr;
    if constexpr (std::is_same_v<ClauseT, OMPMapClause>)
      Iter = dyn_cast_or_null<OMPIteratorExpr>(
          const_cast<OMPMapClause *>(C)->getIteratorModifier());
    // `mapper(default)` of a type with no default mapper maps plainly.
    std::string Id = C->getMapperIdInfo().getAsString();
    bool Named = !Id.empty() && Id != "default";
    auto Mappers = C->mapperlists();
    auto Mapper = Mappers.begin();
    for (const Expr *E : C->varlists()) {
      const auto *Ref = Mapper != Mappers.end()
                            ? dyn_cast_or_null<DeclRefExpr>(*Mapper)
                            : nullptr;
      const auto *MD =
          Ref ? dyn_cast<OMPDeclareMapperDecl>(Ref->getDecl()) : nullptr;
      if (Mapper != Mappers.end())
        ++Mapper;
      std::vector<StoragePath> Roots(1);
      if (MD && itemRoots(E, Roots))
        mapped(Roots, MD, 0);
      // A named mapper we cannot see, or storage we cannot name, attaches
      // nothing we know of (review rm21 R3: a mapper of s.p exempted s.q).
      if (MD || Named)
        continue;
      cover(E); // for another construct's items and an iterator's
      add(E);
    }
  }
  /// The storage E maps, one path per element of an array section with
  /// constant bounds (appended to Out, one empty path to start with).
  bool itemRoots(const Expr *E, std::vector<StoragePath> &Out) {
    E = E->IgnoreParenImpCasts();
    const auto *S = dyn_cast<ArraySectionExpr>(E);
    if (!S)
      return pathsAt(E, Out);
    Expr::EvalResult Lo, Len;
    const Expr *L = S->getLowerBound(), *N = S->getLength();
    if (S->getStride() || !N || N->isValueDependent() ||
        !N->EvaluateAsInt(Len, Ctx) ||
        (L && (L->isValueDependent() || !L->EvaluateAsInt(Lo, Ctx))) ||
        !pathsAt(S->getBase(), Out))
      return false;
    int64_t First = L ? Lo.Val.getInt().getExtValue() : 0;
    int64_t Count = Len.Val.getInt().getExtValue();
    if (Count < 0 || Out.size() * size_t(Count) > MaxStoragePaths)
      return false;
    std::vector<StoragePath> Each;
    for (const StoragePath &P : Out)
      for (int64_t K = First; K < First + Count; ++K) {
        Each.push_back(P);
        Each.back().push_back({nullptr, K});
      }
    Out = std::move(Each);
    return true;
  }
  /// The storage at each of Roots mapped with the mapper MD: MD's items
  /// with its variable standing for that storage (`v.p[0:n]` of `map(s)`
  /// attaches s.p), a member item with a mapper of its own in turn.
  void mapped(const std::vector<StoragePath> &Roots,
              const OMPDeclareMapperDecl *MD, int Depth) {
    const auto *VarRef = dyn_cast_or_null<DeclRefExpr>(MD->getMapperVarRef());
    const auto *Var = VarRef ? dyn_cast<VarDecl>(VarRef->getDecl()) : nullptr;
    // Clang records on a mapper's items only mappers declared before it,
    // so none reaches itself; the bound keeps the work small all the same.
    if (!Var || Depth > 4)
      return;
    auto Saved = std::make_pair(Reroot, Iter);
    for (const StoragePath &Root : Roots)
      for (const OMPClause *C : MD->clauselists()) {
        const auto *M = dyn_cast<OMPMapClause>(C);
        if (!M)
          continue;
        auto Mapper = M->mapperlist_begin();
        for (const Expr *X : M->varlists()) {
          const auto *Ref = Mapper != M->mapperlist_end()
                                ? dyn_cast_or_null<DeclRefExpr>(*Mapper++)
                                : nullptr;
          Reroot = {Var->getCanonicalDecl(), Root};
          Iter = dyn_cast_or_null<OMPIteratorExpr>(
              const_cast<OMPMapClause *>(M)->getIteratorModifier());
          const auto *Self = dyn_cast<DeclRefExpr>(X->IgnoreParenImpCasts());
          const auto *Inner =
              Ref ? dyn_cast<OMPDeclareMapperDecl>(Ref->getDecl()) : nullptr;
          std::vector<StoragePath> Nested(1);
          // Clang records the type's default mapper on the variable too.
          if (Inner && !(Self && Self->getDecl() == Var)) {
            if (itemRoots(X, Nested))
              mapped(Nested, Inner, Depth + 1);
            continue;
          }
          cover(X);
          add(X);
        }
      }
    std::tie(Reroot, Iter) = Saved;
  }
  /// E's paths (pathsOf of an item), with the variable of the mapper whose
  /// items are looked at replaced by the storage it stands for; false where
  /// a path does not start at that variable.
  bool pathsAt(const Expr *E, std::vector<StoragePath> &Each) {
    if (!pathsOf(E, Ctx, Each, /*Unknown=*/false, Iter, Loop))
      return false;
    if (!Reroot.first)
      return true;
    for (StoragePath &P : Each) {
      if (P.empty() || P.front().first != Reroot.first)
        return false;
      StoragePath Full = Reroot.second;
      Full.insert(Full.end(), P.begin() + 1, P.end());
      P = std::move(Full);
    }
    return true;
  }
  /// The pointer paths Each of Next: an item of Current attaches them;
  /// one of another construct only where that construct or one in force
  /// maps the storage holding the pointer too, else the region maps that
  /// storage afresh and its copy holds the host's address (`target data
  /// map(s.p[0:4])` alone).
  void attach(const Expr *Next, const std::vector<StoragePath> &Each) {
    StoragePath Holder;
    // A holder the program may change between D and the region: the path
    // names other storage there (review rv R4: `sp = &s2;` in the data
    // construct's body).
    // (A record variable's member reassigned is no such case: the region
    // reads the device copy, as on a device.)
    const void *Root = Each.empty() ? nullptr : Each.front().front().first;
    const auto *RootVar = Root && Root != thisRoot()
                              ? static_cast<const VarDecl *>(Root)
                              : nullptr;
    if (Outer && RootVar && RootVar->getType()->isPointerType() &&
        (Modified.count(Root) ||
         (Modified.count(anyGlobal()) && RootVar->hasGlobalStorage())))
      return;
    // A pointer the record holds, changed by name, through an alias of the
    // record (`sp->p = other;` with `sp = &s1` anywhere) or by a call given
    // it (`set(&s1)`): the host's pointer names other storage than the
    // device copy's.
    if (Outer && RootVar && !RootVar->getType()->isPointerType() &&
        (PointerModified.count(Root) ||
         (Escaped.count(Root) &&
          std::any_of(PointerModified.begin(), PointerModified.end(),
                      [](const void *V) { return V != anyGlobal(); }))))
      return;
    // A holder we cannot name (`*sp`, a global, a reference's referent) may
    // be what a pointer or reference writes, or a call (review hwa c4, c6,
    // c7, b3).
    if (Outer && RootVar && unnamedPointerHolder(Next, RootVar) &&
        std::any_of(PointerModified.begin(), PointerModified.end(),
                    [&](const void *V) { return mayAlias(V); }))
      return;
    // The object a member function runs on is such a holder too: it may
    // be changed by name (`s.p = other;`), through `this` by a call, or
    // through any alias of it (review hwa: host 99, emu 10).
    if (Outer && Root == thisRoot() &&
        std::any_of(PointerModified.begin(), PointerModified.end(),
                    [&](const void *V) { return mayAlias(V); }))
      return;
    // An iterator's item enters the elements of its range only: like a
    // loop's, it attaches where that range holds every element its
    // holder's maps have (review hunt it1: `iterator(it = 0:n:2)`).
    std::optional<LoopRange> Range = LoopR;
    bool Iterated = !LoopR && Iter &&
                    std::any_of(Each.begin(), Each.end(), [](const auto &P) {
                      return std::any_of(P.begin(), P.end(), [](auto S) {
                        return S.first == loopElement();
                      });
                    });
    if (Iterated && !(Range = iteratorRange(Iter, Scope, Ctx)))
      return;
    if (!Outer && !Iterated) {
      Paths.insert(Each.begin(), Each.end());
      return;
    }
    if (!holderOf(Next, Holder))
      return;
    for (const StoragePath &P : Each)
      Pending.push_back({P, Holder, CurD, Range});
  }
  /// Whether the write PointerModified records as V may change storage the
  /// function cannot name: one through a pointer or a reference, a call,
  /// or a variable whose address is taken or of static storage.
  bool mayAlias(const void *V) const {
    if (V == anyGlobal())
      return false;
    if (V == throughPointer() || V == anyCall() || V == thisRoot())
      return true;
    // A pointer variable changed, or passed to a call (which anyCall()
    // stands for where it may write through it), changes no record.
    const auto *VD = static_cast<const VarDecl *>(V);
    return !VD->getType()->isPointerType() &&
           (Escaped.count(V) || VD->hasGlobalStorage() ||
            VD->getType()->isReferenceType());
  }
  /// Every pointer that E reaches its storage through: s.q of s.q[0:n],
  /// sp and sp->q of sp->q[0:n], arr[1] of arr[1][0:n].
  void add(const Expr *E) {
    const Expr *Cur = E->IgnoreParenImpCasts();
    while (true) {
      const Expr *Next = nullptr;
      bool Through = false;
      if (const auto *M = dyn_cast<MemberExpr>(Cur)) {
        Next = M->getBase();
        Through = M->isArrow();
      } else if (const auto *U = dyn_cast<UnaryOperator>(Cur);
                 U && U->getOpcode() == UO_Deref) {
        Next = U->getSubExpr();
        Through = true;
      } else if (const auto *A = dyn_cast<ArraySubscriptExpr>(Cur)) {
        Next = A->getBase();
      } else if (const auto *S = dyn_cast<ArraySectionExpr>(Cur)) {
        Next = S->getBase();
      } else {
        break;
      }
      Next = Next->IgnoreParenImpCasts();
      std::vector<StoragePath> Each(1);
      if ((Through || Next->getType()->isPointerType()) && pathsAt(Next, Each))
        attach(Next, Each);
      Cur = Next;
    }
  }
  std::set<StoragePath> &Paths;
  const Stmt *Current;
  const Stmt *Scope;
  ParentMap PM;
  const ASTContext &Ctx;
  const OMPIteratorExpr *Iter = nullptr; // the current clause's modifier
  const VarDecl *Loop = nullptr;         // the variable of the loop entering D
  std::optional<LoopRange> LoopR;        // and what it enters
  bool Outer = false; // the items are of a construct other than Current
  // The variable of the mapper whose items are added, and the storage it
  // stands for (null: the construct's own items).
  std::pair<const void *, StoragePath> Reroot;
  const Stmt *CurD = nullptr; // the construct whose items are added
  // path, holder, the construct of the item and the loop entering it
  std::vector<std::tuple<StoragePath, StoragePath, const Stmt *,
                         std::optional<LoopRange>>>
      Pending;
  // storage other constructs map, the construct and the item mapping it
  std::vector<CoverEntry> Covered;
  // what every construct of the scope maps, in force at Current or not
  std::vector<CoverEntry> Anywhere;
  std::set<const void *> Modified; // see modifiedBetween()
  // the roots of the pointers it may change (writtenVars' PointerOut)
  std::set<const void *> PointerModified;
  std::set<const void *> Escaped; // escapedVars() of the scope
};

} // namespace

void attachedPaths(const Stmt *Scope, const Stmt *Current,
                   const ASTContext &Ctx, std::set<StoragePath> &Paths) {
  AttachedFinder F(Paths, Current, Scope ? Scope : Current, Ctx);
  F.TraverseStmt(const_cast<Stmt *>(Scope ? Scope : Current));
  F.settle();
}

} // namespace omp2cuda
