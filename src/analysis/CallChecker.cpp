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

using PlaceMap = std::map<const CallExpr *, std::pair<CallPlace, std::string>>;

/// Whether Body may jump past code that follows (a goto, a label, a return
/// before its last statement): then not every thread that starts it
/// reaches a call in it.
bool jumpsIn(const Stmt *S, const Stmt *Last) {
  if (!S || isa<LambdaExpr>(S))
    return false;
  if (isa<GotoStmt, IndirectGotoStmt, LabelStmt>(S))
    return true;
  if (isa<ReturnStmt>(S) && S != Last)
    return true;
  if (const auto *CS = dyn_cast<CapturedStmt>(S))
    return jumpsIn(CS->getCapturedStmt(), Last);
  for (const Stmt *Child : S->children())
    if (jumpsIn(Child, Last))
      return true;
  return false;
}

const char *jumpWhy(const Stmt *Body) {
  const Stmt *Last = nullptr;
  if (const auto *C = dyn_cast_or_null<CompoundStmt>(Body);
      C && !C->body_empty())
    Last = C->body_back();
  return jumpsIn(Body, Last) ? "follows a 'goto', a label or an early "
                               "'return' that may take threads past it"
                             : nullptr;
}

/// The place of the code of directive D (its body Body), encountered at
/// P; InWhy: why a parallel region's code is not a binding place.
CallPlace directivePlace(const OMPExecutableDirective &D, const Stmt *Body,
                         CallPlace P, std::string &InWhy) {
  if (D.getDirectiveKind() != llvm::omp::OMPD_parallel)
    return CallPlace::Other;
  if (P == CallPlace::Parallel)
    return CallPlace::Master; // serialised: a team of one
  if (P != CallPlace::Master && P != CallPlace::TeamMaster)
    return CallPlace::Other;
  if (D.getSingleClause<OMPNumThreadsClause>() ||
      D.getSingleClause<OMPIfClause>())
    InWhy = "is in a parallel region with 'num_threads' or 'if', whose team "
            "may be fewer threads than the kernel's block";
  else if (const char *J = jumpWhy(Body))
    InWhy = J;
  else
    return CallPlace::Parallel;
  return CallPlace::Other;
}

/// The places of the calls under S (P: S's place; Why: why P is Other
/// in parallel code), into Out (Places, CallChecker.h): a worksharing loop
/// a call reaches binds to the innermost parallel region, which must be
/// the kernel's block (no num_threads or if: the team may be fewer
/// threads) and whose every thread must reach the call alike (no branch,
/// loop or jump around it, Parallel), or a team of one (a parallel region
/// nested in parallel code is serialised, Master); inside any other
/// construct, or a lambda, a call is Other.
void placesIn(const Stmt *S, CallPlace P, const std::string &Why,
              PlaceMap &Out) {
  if (!S)
    return;
  if (isa<LambdaExpr>(S)) {
    for (const Stmt *Child : S->children())
      placesIn(Child, CallPlace::Other, "", Out);
    return;
  }
  if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
    const Stmt *Body =
        D->hasAssociatedStmt() ? D->getAssociatedStmt() : nullptr;
    if (const auto *CS = dyn_cast_or_null<CapturedStmt>(Body))
      Body = CS->getCapturedStmt();
    std::string InWhy;
    CallPlace In = directivePlace(*D, Body, P, InWhy);
    placesIn(Body, In, InWhy, Out);
    return;
  }
  if (const auto *C = dyn_cast<CallExpr>(S))
    Out[C] = {P, Why};
  if (const auto *CS = dyn_cast<CapturedStmt>(S)) {
    placesIn(CS->getCapturedStmt(), P, Why, Out);
    return;
  }
  // In parallel code, what not every thread may run as often as the
  // others: a branch, a loop's repetitions, the right of && and ||.
  auto Divergent = [&](const Stmt *Child, const char *In) {
    if (P == CallPlace::Parallel)
      placesIn(Child, CallPlace::Other,
               std::string("is in ") + In +
                   ", which not every thread of the parallel region may "
                   "run alike",
               Out);
    else
      placesIn(Child, P, Why, Out);
  };
  if (const auto *I = dyn_cast<IfStmt>(S)) {
    placesIn(I->getInit(), P, Why, Out);
    placesIn(I->getConditionVariableDeclStmt(), P, Why, Out);
    placesIn(I->getCond(), P, Why, Out);
    Divergent(I->getThen(), "a branch of an 'if'");
    Divergent(I->getElse(), "a branch of an 'if'");
    return;
  }
  if (const auto *F = dyn_cast<ForStmt>(S)) {
    placesIn(F->getInit(), P, Why, Out);
    for (const Stmt *Child : std::initializer_list<const Stmt *>{
             F->getCond(), F->getInc(), F->getBody()})
      Divergent(Child, "a loop");
    return;
  }
  // `a ?: b`: its condition and true operand are opaque values of a.
  if (const auto *BCO = dyn_cast<BinaryConditionalOperator>(S)) {
    placesIn(BCO->getCommon(), P, Why, Out);
    Divergent(BCO->getFalseExpr(), "an arm of '?:'");
    return;
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(S)) {
    placesIn(CO->getCond(), P, Why, Out);
    Divergent(CO->getTrueExpr(), "an arm of '?:'");
    Divergent(CO->getFalseExpr(), "an arm of '?:'");
    return;
  }
  if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isLogicalOp()) {
    placesIn(B->getLHS(), P, Why, Out);
    Divergent(B->getRHS(), "the right operand of && or ||");
    return;
  }
  if (isa<WhileStmt, DoStmt, SwitchStmt, CXXForRangeStmt>(S)) {
    for (const Stmt *Child : S->children())
      Divergent(Child, isa<SwitchStmt>(S) ? "a 'switch'" : "a loop");
    return;
  }
  for (const Stmt *Child : S->children())
    placesIn(Child, P, Why, Out);
}

} // namespace

CallPlace CallChecker::placeOf(const CallExpr *C, std::string &Why) {
  Why.clear();
  if (Place == CallPlace::Other || !Root)
    return CallPlace::Other;
  if (!PlacesKnown) {
    std::string RootWhy;
    CallPlace P = Place;
    if (P == CallPlace::Parallel)
      if (const char *J = jumpWhy(Root)) {
        P = CallPlace::Other;
        RootWhy = J;
      }
    placesIn(Root, P, RootWhy, Places);
  }
  PlacesKnown = true;
  auto It = Places.find(C);
  // Not reached through Root's statements (a clause's, a default
  // argument's, the common operand of `?:` behind an opaque value): no
  // place a worksharing loop may bind to is known for it.
  if (It == Places.end())
    return CallPlace::Other;
  Why = It->second.second;
  return It->second.first;
}

bool CallChecker::VisitCallExpr(CallExpr *C) {
  HereCall = C;
  HerePlace = placeOf(C, HereWhy);
  bool Ok = visitCall(C);
  HereCall = nullptr;
  HerePlace = CallPlace::Other;
  HereWhy.clear();
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
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(C); OC && dispatches(OC))
    return checkDispatch(OC);
  if (!checkNamedObjectCall(C))
    return false;
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
