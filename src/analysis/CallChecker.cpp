// The walk of device code for calls (CallChecker.h): each call's callee,
// the bodies of the functions it reaches, and what a template
// instantiation's copy of a region does to the objects it gets as copies.
#include "analysis/CallChecker.h"
#include "analysis/Instantiations.h"
#include "analysis/VirtualCalls.h"

using namespace clang;

namespace omp2cuda {
namespace calls {

namespace {

/// The calls under S inside a construct or lambda (In: S is).
void nestedCalls(const Stmt *S, bool In, std::set<const CallExpr *> &Out) {
  if (!S)
    return;
  In = In || isa<OMPExecutableDirective, LambdaExpr>(S);
  if (const auto *C = dyn_cast<CallExpr>(S); C && In)
    Out.insert(C);
  // A directive's child is its CapturedStmt, whose children are only the
  // captures' initialisers: the body is reached through it (review rOG: a
  // call in a nested parallel was taken for team-master code).
  if (const auto *CS = dyn_cast<CapturedStmt>(S))
    nestedCalls(CS->getCapturedStmt(), In, Out);
  for (const Stmt *Child : S->children())
    nestedCalls(Child, In, Out);
}

} // namespace

CallPlace CallChecker::placeOf(const CallExpr *C) {
  if (Place == CallPlace::Other || !Root)
    return CallPlace::Other;
  if (!NestedKnown)
    nestedCalls(Root, false, Nested);
  NestedKnown = true;
  return Nested.count(C) ? CallPlace::Other : Place;
}

bool CallChecker::VisitCallExpr(CallExpr *C) {
  HereCall = C;
  HerePlace = placeOf(C);
  bool Ok = visitCall(C);
  HereCall = nullptr;
  HerePlace = CallPlace::Other;
  return Ok;
}

bool CallChecker::visitCall(CallExpr *C) {
  DirectCallees.insert(C->getCallee()->IgnoreParenImpCasts());
  const FunctionDecl *FD = C->getDirectCallee();
  if (!FD) {
    if (isa<CXXPseudoDestructorExpr>(C->getCallee()))
      return true;
    if (isDependentCall(C)) {
      SawDependent = true;
      if (AllowDependent)
        return true;
      Result = Verdict::no(DiagId::HostCall,
                           "it makes a call that depends on template "
                           "arguments in a template that is not "
                           "instantiated");
      return false;
    }
    return checkIndirect(C); // IndirectCalls.cpp
  }
  if (InInstance && !checkCopiedObject(FD, C))
    return false;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(C); MC && dispatches(MC))
    return checkDispatch(MC);
  return checkCallee(FD, C);
}

/// A call of a function with `declare variant`s: clang put the host's
/// choice beside the written call, and device code makes its own choice
/// from the written one (checkVariant).
bool CallChecker::TraversePseudoObjectExpr(PseudoObjectExpr *E) {
  if (const auto *C = dyn_cast<CallExpr>(E->getSyntacticForm()))
    if (const FunctionDecl *FD = C->getDirectCallee();
        FD && hasDeclareVariant(FD))
      return TraverseStmt(E->getSyntacticForm());
  return Base::TraversePseudoObjectExpr(E);
}

/// In an instantiation's copy of the region: a non-const member function
/// (a stateful function object's, a `mutable` lambda's) called on a
/// variable from outside the region, which the kernel gets as a copy of a
/// dependent type (OpenMP maps an object tofrom: its changes would be
/// lost).
bool CallChecker::checkCopiedObject(const FunctionDecl *FD, const CallExpr *C) {
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  if (!MD || !MD->isInstance() || MD->isConst())
    return true;
  const Expr *Obj = nullptr;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(C))
    Obj = MC->getImplicitObjectArgument();
  else if (isa<CXXOperatorCallExpr>(C) && C->getNumArgs() > 0)
    Obj = C->getArg(0);
  const auto *DRE =
      Obj ? dyn_cast<DeclRefExpr>(Obj->IgnoreParenImpCasts()) : nullptr;
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  const SourceManager &SM = TU.Ctx.getSourceManager();
  if (!VD || SM.isPointWithin(SM.getExpansionLoc(VD->getLocation()),
                              SM.getExpansionLoc(Region.getBegin()),
                              SM.getExpansionLoc(Region.getEnd())))
    return true;
  Result = Verdict::no(DiagId::HostCall,
                       "it calls '" + MD->getNameAsString() + "' of '" +
                           VD->getNameAsString() +
                           "', which is not const: the kernel gets a copy "
                           "of it, whose changes would be lost");
  Result.Where = SM.getExpansionLoc(C->getBeginLoc());
  return false;
}

/// What Own's body (Def's, or an instantiation's of it) calls must run on
/// the device; Def gets `__host__ __device__` when Mark.
bool CallChecker::checkBody(const FunctionDecl *Own, const FunctionDecl *Def,
                            std::vector<std::string> Chain, bool Mark) {
  Visiting.insert(Own);
  CallChecker Inner(TU, nullptr, Visiting, nullptr, &Checked);
  Inner.Path = std::move(Chain);
  Inner.OneThread = OneThread;
  Inner.Place = HerePlace;
  Inner.Root = Own->getBody();
  Inner.Region = Region;
  Inner.AllowDependent = AllowDependent;
  if (Inner.TraverseStmt(Own->getBody()))
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Own))
      Inner.checkInits(Ctor);
  Visiting.erase(Own);
  if (!Inner.Result.Ok) {
    Result = Inner.Result;
    return false;
  }
  if (Own != Def)
    Checked.insert(Own);
  if (Mark)
    TU.DeviceFunctions.insert(Def);
  return true;
}

/// Whether P is compiled for the device: being checked for it, or marked.
bool CallChecker::inDevice(const FunctionDecl *P) const {
  const FunctionDecl *Pattern = P->getTemplateInstantiationPattern();
  const FunctionDecl *D = (Pattern ? Pattern : P)->getDefinition();
  return Visiting.count(P) ||
         (D && (Visiting.count(D) || TU.DeviceFunctions.count(D)));
}

} // namespace calls
} // namespace omp2cuda
