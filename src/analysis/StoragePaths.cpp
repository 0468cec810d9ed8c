// The storage paths of expressions and map items, and whether a path is
// attached by a set of items' paths (AttachedPaths.h, StoragePaths.h).
#include "analysis/StoragePaths.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/CXXInheritance.h"
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
#include <string>
#include <tuple>
#include <type_traits>

using namespace clang;

namespace omp2cuda {

const void *thisRoot() {
  static const char This = 0;
  return &This;
}

const VarDecl *referent(const VarDecl *VD, bool &Bound) {
  for (int Steps = 0; VD && VD->getType()->isReferenceType(); ++Steps) {
    const Expr *Init =
        VD->getInit() ? VD->getInit()->IgnoreParenImpCasts() : nullptr;
    const auto *D = dyn_cast_or_null<DeclRefExpr>(Init);
    const auto *Next = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
    if (!Next || isa<ParmVarDecl>(VD) || Steps > 8) {
      Bound = true;
      return VD;
    }
    VD = Next;
  }
  return VD;
}

const void *anyElement() {
  static const char Any = 0;
  return &Any;
}

/// The step of an item's element at the index of the loop that enters it
/// (`A[i]` of `enter data map(A[i][0:m])` in a loop over i): the runtime
/// attaches each element the loop enters, which stands for any element.
const void *loopElement() {
  static const char Loop = 0;
  return &Loop;
}

/// Whether the step Use of a path matches the step Item of an item's path:
/// the same, or an element of any index where Item is a loopElement().
bool stepMatches(const std::pair<const void *, int64_t> &Item,
                 const std::pair<const void *, int64_t> &Use) {
  if (Item.first == loopElement())
    return !Use.first || Use.first == anyElement() ||
           Use.first == loopElement();
  return Item == Use;
}

namespace {

/// The values of the iterator D of Iter, one with a constant range.
bool iteratorValues(const Decl *D, const OMPIteratorExpr *Iter,
                    const ASTContext &Ctx, std::vector<int64_t> &Out) {
  auto Int = [&](const Expr *E, int64_t &V) {
    Expr::EvalResult R;
    if (!E || E->isValueDependent() || !E->EvaluateAsInt(R, Ctx))
      return false;
    V = R.Val.getInt().getExtValue();
    return true;
  };
  for (unsigned I = 0; Iter && I < Iter->numOfIterators(); ++I) {
    if (Iter->getIteratorDecl(I) != D)
      continue;
    OMPIteratorExpr::IteratorRange R = Iter->getIteratorRange(I);
    int64_t Begin, End, Step = 1;
    if (!Int(R.Begin, Begin) || !Int(R.End, End) ||
        (R.Step && !Int(R.Step, Step)) || Step == 0)
      return false;
    for (int64_t V = Begin; Step > 0 ? V < End : V > End; V += Step) {
      if (Out.size() == MaxStoragePaths)
        return false;
      Out.push_back(V);
    }
    return true;
  }
  return false;
}

/// Whether the member M names a field of a base class its object holds more
/// than once (`d.L::p`, `d.R::p` of `struct D : L, R`, both of B): the path
/// has no step for the base, so the two would be one (review rv mi).
bool repeatedBase(const MemberExpr *M, const FieldDecl *FD,
                  const ASTContext &Ctx) {
  QualType T = M->getBase()->IgnoreParenImpCasts()->getType();
  if (M->isArrow())
    T = T->getPointeeType();
  const CXXRecordDecl *RD = T.isNull() ? nullptr : T->getAsCXXRecordDecl();
  const auto *Parent = dyn_cast<CXXRecordDecl>(FD->getParent());
  if (!RD || !Parent || !RD->hasDefinition() ||
      RD->getCanonicalDecl() == Parent->getCanonicalDecl())
    return false;
  CXXBasePaths Paths(/*FindAmbiguities=*/true, /*RecordPaths=*/true,
                     /*DetectVirtual=*/false);
  return RD->isDerivedFrom(Parent, Paths) &&
         Paths.isAmbiguous(Ctx.getCanonicalType(Ctx.getRecordType(Parent)));
}

/// Whether D is an iterator of Iter.
bool isIterator(const Decl *D, const OMPIteratorExpr *Iter) {
  for (unsigned I = 0; Iter && I < Iter->numOfIterators(); ++I)
    if (Iter->getIteratorDecl(I) == D)
      return true;
  return false;
}

/// E's paths, appended to each of Out (one empty path to start with): an
/// index that is not a constant is anyElement() where Unknown (a
/// dereference), or one path per value of an iterator of Iter (an item).
} // namespace

bool pathsOf(const Expr *E, const ASTContext &Ctx,
             std::vector<StoragePath> &Out, bool Unknown,
             const OMPIteratorExpr *Iter, const Decl *Loop) {
  auto Append = [&](const void *Step, int64_t Index) {
    for (StoragePath &P : Out)
      P.push_back({Step, Index});
  };
  E = E->IgnoreParenImpCasts();
  if (const auto *M = dyn_cast<MemberExpr>(E)) {
    const auto *FD = dyn_cast<FieldDecl>(M->getMemberDecl());
    if (!FD || repeatedBase(M, FD, Ctx) ||
        !pathsOf(M->getBase(), Ctx, Out, Unknown, Iter, Loop))
      return false;
    if (M->isArrow())
      Append(nullptr, 0);
    Append(FD->getCanonicalDecl(), 0);
    return true;
  }
  if (const auto *A = dyn_cast<ArraySubscriptExpr>(E)) {
    if (!pathsOf(A->getBase(), Ctx, Out, Unknown, Iter, Loop))
      return false;
    Expr::EvalResult R;
    if (!A->getIdx()->isValueDependent() &&
        A->getIdx()->EvaluateAsInt(R, Ctx)) {
      Append(nullptr, R.Val.getInt().getExtValue());
      return true;
    }
    // Two items of one element at an index that is not a constant may
    // still be different elements.
    if (Unknown) {
      const auto *CA = Ctx.getAsConstantArrayType(
          A->getBase()->IgnoreParenImpCasts()->getType());
      Append(anyElement(), CA ? int64_t(CA->getSize().getZExtValue()) : -1);
      return true;
    }
    const auto *D = dyn_cast<DeclRefExpr>(A->getIdx()->IgnoreParenImpCasts());
    std::vector<int64_t> Values;
    // An iterator over a range that is not constant (`lst[it][:m]`, `it =
    // 0:n`) attaches what it maps like a loop entering each element.
    if (D && ((Loop && D->getDecl() == Loop) ||
              (isIterator(D->getDecl(), Iter) &&
               !iteratorValues(D->getDecl(), Iter, Ctx, Values)))) {
      Append(loopElement(), 0);
      return true;
    }
    Values.clear();
    if (!D || !iteratorValues(D->getDecl(), Iter, Ctx, Values) ||
        Out.size() * Values.size() > MaxStoragePaths)
      return false;
    std::vector<StoragePath> Each;
    for (const StoragePath &P : Out)
      for (int64_t V : Values) {
        Each.push_back(P);
        Each.back().push_back({nullptr, V});
      }
    Out = std::move(Each);
    return true;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_Deref) {
    if (!pathsOf(U->getSubExpr(), Ctx, Out, Unknown, Iter, Loop))
      return false;
    Append(nullptr, 0);
    return true;
  }
  if (isa<CXXThisExpr>(E)) {
    Append(thisRoot(), 0);
    return true;
  }
  const auto *D = dyn_cast<DeclRefExpr>(E);
  const auto *VD = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
  if (!VD)
    return false;
  bool Bound = false;
  Append(referent(VD, Bound)->getCanonicalDecl(), 0);
  return true;
}

namespace {

/// Whether P is in Paths with each element of any index from step I on
/// taken at every index of its array (at most Budget paths looked up).
bool everyAttached(const std::set<StoragePath> &Paths, StoragePath &P, size_t I,
                   size_t &Budget) {
  for (; I < P.size(); ++I)
    if (P[I].first == anyElement())
      break;
  if (I == P.size()) {
    if (Budget == 0)
      return false;
    --Budget;
    return Paths.count(P);
  }
  int64_t Length = P[I].second;
  if (Length < 0)
    return false;
  bool All = true;
  for (int64_t K = 0; All && K < Length; ++K) {
    P[I] = {nullptr, K};
    All = everyAttached(Paths, P, I + 1, Budget);
  }
  P[I] = {anyElement(), Length};
  return All;
}

} // namespace

bool storagePath(const Expr *E, const ASTContext &Ctx, StoragePath &Out) {
  std::vector<StoragePath> One(1);
  if (!pathsOf(E, Ctx, One, /*Unknown=*/true, nullptr))
    return false;
  Out = std::move(One.front());
  return true;
}

bool isAttached(const std::set<StoragePath> &Paths, const StoragePath &P) {
  for (const StoragePath &Q : Paths)
    if (Q.size() == P.size() &&
        std::any_of(Q.begin(), Q.end(),
                    [](const auto &S) { return S.first == loopElement(); }) &&
        std::equal(Q.begin(), Q.end(), P.begin(), stepMatches))
      return true;
  StoragePath Each = P;
  size_t Budget = MaxStoragePaths;
  return everyAttached(Paths, Each, 0, Budget);
}

} // namespace omp2cuda
