// What a called function's parameters and `this` stand for in the region
// (CallFrames.h).
#include "analysis/CallFrames.h"
#include "analysis/PointerValueUse.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

#include <tuple>

using namespace clang;

namespace omp2cuda {

namespace {

/// The length of the constant array T, or -1.
int64_t lengthOf(QualType T, const ASTContext &Ctx) {
  const auto *CA = Ctx.getAsConstantArrayType(T);
  return CA ? int64_t(CA->getSize().getZExtValue()) : -1;
}

/// Whether a path step is an element's (a member's names its field).
bool elementStep(const std::pair<const void *, int64_t> &S) {
  return S.first == nullptr || S.first == anyElement();
}

/// Whether P, from step From on, goes through a reference member, whose
/// storage is elsewhere (`r.x.p` of `struct R { S &x; }`).
bool throughReference(const StoragePath &P, size_t From) {
  for (size_t I = From; I < P.size(); ++I)
    if (!elementStep(P[I]) &&
        static_cast<const FieldDecl *>(P[I].first)->getType()->isReferenceType())
      return true;
  return false;
}

/// The glvalue E with the conversions that keep its storage peeled off;
/// null for a temporary (a const reference to a value the call makes).
const Expr *storageOf(const Expr *E) {
  while (true) {
    if (const auto *P = dyn_cast<ParenExpr>(E)) {
      E = P->getSubExpr();
    } else if (const auto *C = dyn_cast<ImplicitCastExpr>(E);
               C && (C->getCastKind() == CK_NoOp ||
                     C->getCastKind() == CK_DerivedToBase ||
                     C->getCastKind() == CK_UncheckedDerivedToBase)) {
      E = C->getSubExpr();
    } else if (isa<MaterializeTemporaryExpr>(E) || isa<CXXTemporaryObjectExpr>(E)) {
      return nullptr;
    } else {
      return E;
    }
  }
}

/// The path of what the pointer E points to (`&s`: s; `sp`: *sp; `sa`,
/// `sa + 1`: sa[0], sa[1]), and the length of the array it is an element
/// of (-1: not known); false where no path names it.
bool pointeePath(const Expr *E, const ASTContext &Ctx, StoragePath &P,
                 int64_t &Length) {
  E = E->IgnoreParens();
  // Casts that keep the address (a base class's, a void pointer's).
  while (const auto *C = dyn_cast<CastExpr>(E)) {
    CastKind K = C->getCastKind();
    if (K != CK_NoOp && K != CK_BitCast && K != CK_DerivedToBase &&
        K != CK_UncheckedDerivedToBase)
      break;
    E = C->getSubExpr()->IgnoreParens();
  }
  const auto *C = dyn_cast<ImplicitCastExpr>(E);
  const auto *U = dyn_cast<UnaryOperator>(E);
  if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->isAdditiveOp()) {
    // A constant offset moves to another element of the same array.
    bool Left = BO->getLHS()->getType()->isPointerType();
    const Expr *Offset = Left ? BO->getRHS() : BO->getLHS();
    Expr::EvalResult R;
    if (Offset->isValueDependent() || !Offset->EvaluateAsInt(R, Ctx) ||
        !pointeePath(Left ? BO->getLHS() : BO->getRHS(), Ctx, P, Length) ||
        P.size() < 2 || P.back().first != nullptr)
      return false;
    int64_t K = R.Val.getInt().getExtValue();
    P.back().second += BO->getOpcode() == BO_Sub ? -K : K;
    return true;
  }
  if (C && C->getCastKind() == CK_ArrayToPointerDecay) {
    if (!storagePath(C->getSubExpr(), Ctx, P))
      return false;
    P.push_back({nullptr, 0});
    Length = lengthOf(C->getSubExpr()->getType(), Ctx);
    return true;
  }
  if (C && C->getCastKind() == CK_LValueToRValue) {
    if (!storagePath(C->getSubExpr(), Ctx, P))
      return false;
    P.push_back({nullptr, 0}); // what the pointer variable points to
    return true;
  }
  if (U && U->getOpcode() == UO_AddrOf) {
    const Expr *X = U->getSubExpr()->IgnoreParenImpCasts();
    if (!storagePath(X, Ctx, P))
      return false;
    if (const auto *A = dyn_cast<ArraySubscriptExpr>(X))
      Length = lengthOf(A->getBase()->IgnoreParenImpCasts()->getType(), Ctx);
    return true;
  }
  if (isa<CXXThisExpr>(E)) {
    P = {{thisRoot(), 0}, {nullptr, 0}};
    return true;
  }
  return false;
}

} // namespace

bool CallFrame::Binding::operator<(const Binding &O) const {
  return std::tie(K, Object, Length) < std::tie(O.K, O.Object, O.Length);
}

bool CallFrame::operator<(const CallFrame &O) const {
  return std::tie(Callee, Bindings) < std::tie(O.Callee, O.Bindings);
}

CallFrame::CallFrame(const CallFrame &Outer, const FunctionDecl *Def,
                     const Expr *Call, const ASTContext &Ctx, bool Deep)
    : RegionBody(Outer.RegionBody), Callee(Def) {
  const auto *MD = dyn_cast<CXXMethodDecl>(Def);
  // A lambda's `this` is its enclosing function's, not the closure.
  bool Object = MD && MD->isImplicitObjectMemberFunction() &&
                !MD->getParent()->isLambda();
  std::vector<const Expr *> Args;
  if (!Call || isa<CXXDeleteExpr>(Call)) {
    // A local's or a temporary's destructor; or what a delete expression
    // frees, which the device must have allocated (OpenMP_VV's
    // test_target_VirDestr.cpp: `delete b` of a `new derived()`): the
    // region's own. (A reference member still leads elsewhere.)
    Bindings[thisRoot()].K = Kind::Local;
  } else if (const auto *CE = dyn_cast<CXXConstructExpr>(Call)) {
    Bindings[thisRoot()].K = Kind::Local; // the object it makes
    Args.assign(CE->arg_begin(), CE->arg_end());
  } else if (const auto *CE = dyn_cast<CallExpr>(Call)) {
    Args.assign(CE->arg_begin(), CE->arg_end());
    bool Operator = isa<CXXOperatorCallExpr>(CE) && MD &&
                    MD->isImplicitObjectMemberFunction();
    if (Operator) {
      if (Object && !Args.empty())
        Bindings[thisRoot()] = Outer.bindingOf(Args.front(), true, Ctx);
      Args.erase(Args.begin());
    } else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE); MC && Object) {
      const auto *M = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens());
      if (const Expr *Obj = MC->getImplicitObjectArgument())
        Bindings[thisRoot()] =
            Outer.bindingOf(Obj, !(M && M->isArrow()), Ctx);
    }
  }
  for (unsigned I = 0; I < Args.size() && I < Def->getNumParams(); ++I) {
    const ParmVarDecl *PD = Def->getParamDecl(I);
    QualType T = PD->getType();
    // A parameter taken by value is the callee's own copy, checked where
    // the call copies it.
    if (T->isReferenceType() || T->isPointerType())
      Bindings[static_cast<const VarDecl *>(PD)] =
          Outer.bindingOf(Args[I], T->isReferenceType(), Ctx);
  }
  if (Deep)
    for (auto &[Key, B] : Bindings)
      if (B.K == Kind::Region)
        B = Binding();
}

/// Arg as the object a reference parameter names (Object) or as what a
/// pointer parameter points to, in the region's terms.
CallFrame::Binding CallFrame::bindingOf(const Expr *Arg, bool Object,
                                        const ASTContext &Ctx) const {
  Binding B;
  StoragePath P;
  const Expr *E = Arg->IgnoreParens();
  if (Object) {
    E = storageOf(E);
    if (!E) {
      B.K = Kind::Local;
      return B;
    }
    if (!storagePath(E, Ctx, P))
      return B;
    if (const auto *A = dyn_cast<ArraySubscriptExpr>(E->IgnoreParenImpCasts()))
      B.Length = lengthOf(A->getBase()->IgnoreParenImpCasts()->getType(), Ctx);
  } else if (!pointeePath(E, Ctx, P, B.Length)) {
    return B;
  }
  B.K = resolve(P);
  if (B.K == Kind::Region)
    B.Object = std::move(P);
  return B;
}

CallFrame::Kind CallFrame::substitute(const Binding &B, bool Pointer,
                                      StoragePath &P) const {
  if (B.K == Kind::Local && throughReference(P, 1))
    return Kind::Unknown;
  if (B.K != Kind::Region)
    return B.K;
  StoragePath Out = B.Object;
  size_t Rest = 1;
  if (Pointer) {
    // x->f, x[k], *x: an element of what the argument points into.
    if (P.size() < 2 || !elementStep(P[1]))
      return Kind::Unknown;
    Rest = 2;
    auto [Step, Index] = P[1];
    bool Element = Out.size() > 1 && elementStep(Out.back());
    if (Step == nullptr && Index == 0) {
      // the object itself
    } else if (!Element) {
      return Kind::Unknown; // past a lone object
    } else if (Out.back().first == anyElement()) {
      // any element stays any
    } else if (Step == nullptr) {
      Out.back().second += Index;
    } else {
      Out.back() = {anyElement(), Out.back().second == 0 ? B.Length : -1};
    }
  }
  Out.insert(Out.end(), P.begin() + Rest, P.end());
  P = std::move(Out);
  return Kind::Region;
}

CallFrame::Kind CallFrame::resolve(StoragePath &P) const {
  if (P.empty())
    return Kind::Unknown;
  const void *Root = P.front().first;
  if (Callee) {
    const auto *VD = Root == thisRoot() ? nullptr
                                        : static_cast<const VarDecl *>(Root);
    const auto *PD = dyn_cast_or_null<ParmVarDecl>(VD);
    bool Param = PD && PD->getDeclContext() == Callee;
    auto It = Bindings.find(Root);
    if (It != Bindings.end()) {
      bool Pointer = !VD || !VD->getType()->isReferenceType();
      if (Kind K = substitute(It->second, Pointer, P); K != Kind::Region)
        return K;
    } else if (Param) {
      return Kind::Local; // taken by value
    }
  }
  // A record or array of the region's or the callee's own: its pointers
  // are the values they put there.
  if (P.front().first == thisRoot())
    return Kind::Region;
  const auto *VD = static_cast<const VarDecl *>(P.front().first);
  QualType T = VD->getType();
  bool Own = declaredIn(VD, RegionBody) ||
             (Callee && Callee->getBody() && declaredIn(VD, Callee->getBody()));
  if (Own && !T->isPointerType() && !T->isReferenceType() &&
      !throughReference(P, 1))
    return Kind::Local;
  return Kind::Region;
}

} // namespace omp2cuda
