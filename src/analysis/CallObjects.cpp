// Objects in device code (CallChecker.h): the constructors and destructors
// they run, and the virtual calls on them, whose every overrider must exist
// on the device (VirtualCalls.h).
#include "analysis/CallChecker.h"
#include "analysis/VirtualCalls.h"
#include "frontend/FileScope.h"

using namespace clang;

namespace omp2cuda {
namespace calls {

bool CallChecker::VisitCXXConstructExpr(CXXConstructExpr *C) {
  const CXXConstructorDecl *Ctor = C->getConstructor();
  // An object the device constructs gets the device's virtual table:
  // every function in it must exist there.
  if (const CXXRecordDecl *RD = Ctor->getParent();
      RD->isPolymorphic() && VtablesChecked.insert(RD).second &&
      !checkVirtuals(overrideFamily(virtualsOf(RD), TU.Ctx)))
    return false;
  if (!Ctor->isTrivial()) {
    // nvcc compiles a defaulted constructor for the device by itself, and
    // where it reaches a host-only constructor of a member or base it
    // only warns and skips the call on the device (a wrong answer on a
    // GPU): what it calls is checked and marked here.
    if (Ctor->isDefaulted() ? !checkInits(Ctor) : !checkCallee(Ctor, nullptr))
      return false;
  }
  return true;
}

/// `delete p` runs the destructor, through the virtual table when it is
/// virtual (then as a virtual call: checkDispatch).
bool CallChecker::VisitCXXDeleteExpr(CXXDeleteExpr *E) {
  const CXXRecordDecl *RD = E->getDestroyedType()->getAsCXXRecordDecl();
  const CXXDestructorDecl *D =
      RD && RD->hasDefinition() ? RD->getDestructor() : nullptr;
  if (!D || !D->isVirtual())
    return checkDestructor(RD);
  std::string Why = pointeeNotDeviceBuilt(E->getArgument(), E, TU.Ctx);
  if (!Why.empty()) {
    Result = Verdict::no(DiagId::HostCall,
                         "it deletes, through its virtual destructor, an "
                         "object " + Why);
    Result.Where = TU.Ctx.getSourceManager().getExpansionLoc(E->getBeginLoc());
    return false;
  }
  return checkVirtuals(overrideFamily({D}, TU.Ctx));
}

/// The run-time type of an object: its virtual table, which a mapped
/// object's copy holds the host's of, and nvcc allows neither in device
/// code. A dynamic_cast to a base is a static conversion.
bool CallChecker::VisitCXXDynamicCastExpr(CXXDynamicCastExpr *E) {
  if (E->getCastKind() != CK_Dynamic)
    return true;
  Result = Verdict::no(DiagId::HostCall,
                       "it uses dynamic_cast, which reads the object's "
                       "run-time type (device code has none)");
  Result.Where = TU.Ctx.getSourceManager().getExpansionLoc(E->getBeginLoc());
  return false;
}

bool CallChecker::VisitCXXTypeidExpr(CXXTypeidExpr *E) {
  Result = Verdict::no(DiagId::HostCall,
                       "it uses typeid, which device code does not have");
  Result.Where = TU.Ctx.getSourceManager().getExpansionLoc(E->getBeginLoc());
  return false;
}

/// Whether E is `&x` (Address) or x of a class object x that the region
/// around At declares itself: its table pointer is the device's.
static bool regionLocal(const Expr *E, bool Address, const Stmt *At,
                        ASTContext &Ctx) {
  E = E->IgnoreParenImpCasts();
  if (Address) {
    const auto *U = dyn_cast<UnaryOperator>(E);
    if (!U || U->getOpcode() != UO_AddrOf)
      return false;
    E = U->getSubExpr()->IgnoreParens();
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return V && !V->getType()->isReferenceType() && !namedFromOutside(V, At, Ctx);
}

/// Placement new of a class with a virtual table writes the device's table
/// pointer into the storage: into a mapped object's copy, which goes back to
/// the host, whose calls then jump to device code.
bool CallChecker::VisitCXXNewExpr(CXXNewExpr *E) {
  const CXXRecordDecl *RD = E->getAllocatedType()->getAsCXXRecordDecl();
  if (!E->getNumPlacementArgs() || !RD || !RD->hasDefinition() ||
      !RD->isDynamicClass() ||
      regionLocal(E->getPlacementArg(0), /*Address=*/true, E, TU.Ctx))
    return true;
  Result = Verdict::no(DiagId::HostCall,
                       "it constructs an object of a class with a virtual "
                       "table in place, in storage the region does not "
                       "declare (the device's table pointer would reach the "
                       "host)");
  Result.Where = TU.Ctx.getSourceManager().getExpansionLoc(E->getBeginLoc());
  return false;
}

/// An explicit destructor call of such a class rewrites the table pointer
/// (to the bases' tables) in the same way.
bool CallChecker::VisitCXXMemberCallExpr(CXXMemberCallExpr *C) {
  const auto *DD = dyn_cast_or_null<CXXDestructorDecl>(C->getMethodDecl());
  const auto *ME = dyn_cast<MemberExpr>(C->getCallee()->IgnoreParens());
  if (!DD || !DD->getParent()->isDynamicClass() ||
      (ME && !ME->isArrow() &&
       regionLocal(ME->getBase(), /*Address=*/false, C, TU.Ctx)))
    return true;
  Result = Verdict::no(DiagId::HostCall,
                       "it calls the destructor of a class with a virtual "
                       "table on an object the region does not declare (the "
                       "device's table pointers would reach the host)");
  Result.Where = TU.Ctx.getSourceManager().getExpansionLoc(C->getExprLoc());
  return false;
}

/// A local object and a temporary also die in device code.
/// Whether T is a long double, or a complex number or array of them.
static bool isLongDouble(QualType T, const ASTContext &Ctx) {
  T = Ctx.getBaseElementType(T);
  if (const auto *CT = T->getAs<ComplexType>())
    T = CT->getElementType();
  return T->isSpecificBuiltinType(BuiltinType::LongDouble);
}

bool CallChecker::longDouble(QualType T, SourceLocation At) {
  if (Unevaluated || T.isNull() || T->isDependentType() ||
      !isLongDouble(T, TU.Ctx))
    return true;
  // nvcc #20208-D: the GPU computes in double precision what the host
  // build computes in x87's 80-bit format (1.0L / 3, sqrtl, a long double
  // parameter), so results differ in their last digits and beyond.
  Result = Verdict::no(DiagId::HostType,
                       "it computes a long double, which CUDA device code "
                       "takes as a double (the host build computes it in "
                       "80-bit extended precision)");
  Result.Where = TU.Ctx.getSourceManager().getExpansionLoc(At);
  return false;
}

bool CallChecker::VisitExpr(Expr *E) {
  return longDouble(E->getType(), E->getBeginLoc());
}

bool CallChecker::VisitVarDecl(VarDecl *V) {
  if (!longDouble(V->getType(), V->getLocation()))
    return false;
  if (!V->hasLocalStorage() || V->getType()->isReferenceType())
    return true;
  return checkDestructor(
      TU.Ctx.getBaseElementType(V->getType())->getAsCXXRecordDecl());
}

bool CallChecker::VisitCXXBindTemporaryExpr(CXXBindTemporaryExpr *E) {
  return checkDestructor(E->getTemporary()->getDestructor()->getParent());
}

/// A virtual call that dispatches: on an object the device constructed,
/// to any overrider (VirtualCalls.h); on another, in the region's own
/// text, to the overrider of the class the function proves its object
/// has, called directly (devirtualize).
bool CallChecker::checkDispatch(const CallExpr *C) {
  const auto *MD = cast<CXXMethodDecl>(C->getDirectCallee());
  const auto *MC = dyn_cast<CXXMemberCallExpr>(C);
  // A direct call is exact whoever built the object, also where the
  // device-built rule below only presumes (an is_device_ptr pointer may
  // hold a use_device_ptr address of a host-built object): first.
  std::string Direct = "it is written as an operator";
  std::vector<TextEdit> Devirtualized;
  const CXXMethodDecl *Target = nullptr;
  bool Partial = false;
  if (MC && Edits)
    Direct = devirtualize(MC, TU.Ctx, Devirtualized, Target, Partial);
  else if (MC)
    Direct = "it is not in the region's own code";
  if (Direct.empty()) {
    Edits->insert(Edits->end(), Devirtualized.begin(), Devirtualized.end());
    // nvcc requires an overrider to have the execution space of what it
    // overrides: the family goes to the device with Target.
    return checkVirtuals(overrideFamily({MD, Target}, TU.Ctx));
  }
  // A larger object than the pointer's type, reached through it: a mapped
  // one is cut short, and an is_device_ptr one the device-built rule would
  // presume may be a host-built object's (its table the host's).
  std::string Why =
      Partial ? std::string("whose class the function shows, larger than "
                            "the pointer's or not at its start")
      : MC    ? receiverNotDeviceBuilt(MC, TU.Ctx)
              : receiverNotDeviceBuilt(cast<CXXOperatorCallExpr>(C), TU.Ctx);
  if (Why.empty())
    return checkVirtuals(overrideFamily({MD}, TU.Ctx));
  Result =
      Verdict::no(DiagId::HostCall,
                  "it calls the virtual function '" +
                      MD->getQualifiedNameAsString() + "' on an object " + Why +
                      "; nor can the call name its overrider (" + Direct + ")");
  Result.Where = TU.Ctx.getSourceManager().getExpansionLoc(C->getExprLoc());
  return false;
}

/// A virtual function called on an object named directly (`x.f(a)`, no
/// dispatch in the source) that the region names from outside: the kernel
/// reaches a mapped x's copy through a pointer, where the same text
/// dispatches through the host's virtual-table pointer that the map
/// copied. In the region's own code the call names its overrider
/// (qualifyNamedCall); elsewhere it keeps the region on the host.
bool CallChecker::checkNamedObjectCall(const CallExpr *C) {
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(C->getDirectCallee());
  if (!MD || !MD->isVirtual())
    return true;
  const auto *MC = dyn_cast<CXXMemberCallExpr>(C);
  const Expr *Obj = nullptr;
  if (MC) {
    const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens());
    if (!ME || ME->isArrow())
      return true;
    Obj = ME->getBase();
  } else if (isa<CXXOperatorCallExpr>(C) && C->getNumArgs() > 0) {
    Obj = C->getArg(0);
  } else {
    return true;
  }
  // nvcc requires an overrider to have the execution space of what it
  // overrides: the family goes to the device with the function called
  // (`two.a.f()` on a mapped member object, which nvcc does not
  // dispatch either, too).
  const CXXMethodDecl *Target =
      MD->getDevirtualizedMethod(Obj, /*IsAppleKext=*/false);
  auto Family = [&] {
    return checkVirtuals(overrideFamily({MD, Target ? Target : MD}, TU.Ctx));
  };
  if (MC && cast<MemberExpr>(MC->getCallee()->IgnoreParens())->hasQualifier())
    return Family();
  // Clang sees no dispatch through a cast to a base
  // (`static_cast<const B &>(x).f()`), but the kernel's
  // `static_cast<const B &>((*x)).f()` dispatches (nvcc -ptx: an indirect
  // call): only an object the region itself declares is safe there.
  if (const Expr *Best = Obj->getBestDynamicClassTypeExpr()->IgnoreParens();
      Best != Obj->IgnoreParenImpCasts()) {
    const auto *BestRef = dyn_cast<DeclRefExpr>(Best);
    const auto *BV = BestRef ? dyn_cast<VarDecl>(BestRef->getDecl()) : nullptr;
    if (BV && !BV->getType()->isReferenceType() &&
        !namedFromOutside(BV, C, TU.Ctx))
      return Family();
    Result = Verdict::no(
        DiagId::HostCall,
        "it calls the virtual function '" + MD->getQualifiedNameAsString() +
            "' on an object converted to a base, which device code may "
            "dispatch through the host's virtual-table pointer of an object "
            "from outside the region");
    Result.Where = TU.Ctx.getSourceManager().getExpansionLoc(C->getExprLoc());
    return false;
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(Obj->IgnoreParenImpCasts());
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!V || V->getType()->isReferenceType() || !namedFromOutside(V, C, TU.Ctx))
    return Family();
  std::string Why = !MC      ? "it is written as an operator"
                    : !Edits ? "it is not in the region's own code"
                             : qualifyNamedCall(MC, TU.Ctx, *Edits);
  if (Why.empty())
    return Family();
  Result = Verdict::no(
      DiagId::HostCall,
      "it calls the virtual function '" + MD->getQualifiedNameAsString() +
          "' on '" + V->getNameAsString() +
          "', an object from outside the region, whose copy device code "
          "reaches through a pointer, where the call would dispatch through "
          "the host's virtual-table pointer; nor can the call name its "
          "overrider (" +
          Why + ")");
  Result.Where = TU.Ctx.getSourceManager().getExpansionLoc(C->getExprLoc());
  return false;
}

/// Each of Ms runs on the device (a pure one without a body is only
/// declared so).
bool CallChecker::checkVirtuals(const std::vector<const CXXMethodDecl *> &Ms) {
  const SourceManager &SM = TU.Ctx.getSourceManager();
  for (const CXXMethodDecl *M : Ms) {
    if (M->isPureVirtual() && !M->isDefined()) {
      if (!rewritable(TU, SM.getExpansionLoc(M->getBeginLoc()))) {
        Result = Verdict::no(DiagId::HostCall,
                             "it needs the virtual function '" +
                                 M->getQualifiedNameAsString() +
                                 "' on the device, which is declared in a "
                                 "file that is not translated");
        return false;
      }
      TU.DeviceFunctions.insert(M);
      continue;
    }
    if (!checkCallee(M, nullptr))
      return false;
  }
  return true;
}

/// The member and base initialisers of a constructor (written ones and
/// those the compiler adds).
bool CallChecker::checkInits(const CXXConstructorDecl *Ctor) {
  for (const CXXCtorInitializer *I : Ctor->inits())
    if (I->getInit() && !TraverseStmt(I->getInit()))
      return false;
  return true;
}

/// The destructor of RD, a user-written one marked like any callee, an
/// implicit one through those of its members and bases.
bool CallChecker::checkDestructor(const CXXRecordDecl *RD) {
  if (!RD || !RD->hasDefinition() || RD->hasTrivialDestructor())
    return true;
  const CXXDestructorDecl *D = RD->getDestructor();
  if (!D)
    return true;
  if (!D->isDefaulted())
    return checkCallee(D, nullptr);
  for (const CXXBaseSpecifier &B : RD->bases())
    if (!checkDestructor(B.getType()->getAsCXXRecordDecl()))
      return false;
  for (const FieldDecl *F : RD->fields()) {
    QualType T = TU.Ctx.getBaseElementType(F->getType());
    if (!checkDestructor(T->getAsCXXRecordDecl()))
      return false;
  }
  return true;
}

namespace {

/// Whether copying an object of class RD runs a user-written copy
/// constructor (Assign: copy assignment), its own or a base's or a
/// member's. An implicit one that is non-trivial only for a virtual-table
/// pointer copies the bytes as the kernel does.
bool userCopy(const CXXRecordDecl *RD, bool Assign, const ASTContext &Ctx) {
  if (!RD || !RD->hasDefinition())
    return false;
  RD = RD->getDefinition();
  if (Assign ? RD->hasTrivialCopyAssignment() : RD->hasTrivialCopyConstructor())
    return false;
  for (const CXXMethodDecl *M : RD->methods()) {
    const auto *C = dyn_cast<CXXConstructorDecl>(M);
    bool Copy =
        Assign ? M->isCopyAssignmentOperator() : C && C->isCopyConstructor();
    if (Copy && M->isUserProvided())
      return true;
  }
  for (const CXXBaseSpecifier &B : RD->bases())
    if (userCopy(B.getType()->getAsCXXRecordDecl(), Assign, Ctx))
      return true;
  for (const FieldDecl *F : RD->fields())
    if (userCopy(Ctx.getBaseElementType(F->getType())->getAsCXXRecordDecl(),
                 Assign, Ctx))
      return true;
  return false;
}

} // namespace

bool CallChecker::refuseCopy(const Expr *Item, const char *Clause,
                             const std::string &Member) {
  QualType T = TU.Ctx.getBaseElementType(Item->getType().getNonReferenceType());
  std::string Name = "the list item";
  if (const auto *DR = dyn_cast<DeclRefExpr>(Item->IgnoreParenImpCasts()))
    Name = "'" + DR->getDecl()->getNameAsString() + "'";
  Result = Verdict::no(
      DiagId::HostClause,
      std::string(Clause) + "(" + Name + ") copies an object of class '" +
          T.getAsString(TU.Ctx.getPrintingPolicy()) + "' by a user-written " +
          Member +
          ", which the kernel would run a different number of times than "
          "the host build (its copies are bitwise)");
  const SourceManager &SM = TU.Ctx.getSourceManager();
  SourceLocation L = SM.getExpansionLoc(Item->getBeginLoc());
  if (inMainFile(SM, L))
    Result.Where = L;
  return false;
}

/// One private copy (the implicit variable a clause declares): its
/// construction and its destruction run in device code. A firstprivate
/// copy is copy-constructed: the kernel takes the object bitwise and
/// copies it bitwise again, so only a trivial copy constructor gives what
/// the host build computes (task b19: `Acc(const Acc &o) : v(o.v + 10)`
/// printed 55 under emu, 25 on the host).
bool CallChecker::checkPrivateCopy(const Expr *Copy, bool Firstprivate,
                                   const Expr *Item, const char *Clause) {
  const auto *DR = dyn_cast_or_null<DeclRefExpr>(Copy);
  const auto *VD = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
  if (!VD)
    return true;
  QualType T = TU.Ctx.getBaseElementType(VD->getType().getNonReferenceType());
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition())
    return true;
  if (Firstprivate && userCopy(RD, false, TU.Ctx))
    return refuseCopy(Item, Clause, "copy constructor");
  if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(VD->getInit()))
    if (!VisitCXXConstructExpr(const_cast<CXXConstructExpr *>(CE)))
      return false;
  return checkDestructor(RD);
}

bool CallChecker::checkClauseCopies(const OMPExecutableDirective &D) {
  for (const OMPClause *C : D.clauses()) {
    // Clang's implicit firstprivate items (scalars, defaultmap) are
    // CapturePassing's to judge.
    if (C->isImplicit())
      continue;
    if (const auto *P = dyn_cast<OMPPrivateClause>(C)) {
      auto Item = P->varlist_begin();
      for (const Expr *Copy : P->private_copies())
        if (!checkPrivateCopy(Copy, false, *Item++, "private"))
          return false;
    } else if (const auto *F = dyn_cast<OMPFirstprivateClause>(C)) {
      auto Item = F->varlist_begin();
      for (const Expr *Copy : F->private_copies())
        if (!checkPrivateCopy(Copy, true, *Item++, "firstprivate"))
          return false;
    } else if (const auto *L = dyn_cast<OMPLastprivateClause>(C)) {
      auto Item = L->varlist_begin();
      for (const Expr *Copy : L->private_copies()) {
        const Expr *It = *Item++;
        QualType T =
            TU.Ctx.getBaseElementType(It->getType().getNonReferenceType());
        // The last value goes back by the class's copy assignment, which
        // the kernel does bitwise (and a combined construct's host build
        // may run it once per leaf construct).
        if (userCopy(T->getAsCXXRecordDecl(), true, TU.Ctx))
          return refuseCopy(It, "lastprivate", "copy assignment");
        if (!checkPrivateCopy(Copy, false, It, "lastprivate"))
          return false;
      }
    } else if (const auto *R = dyn_cast<OMPReductionClause>(C)) {
      auto Item = R->varlist_begin();
      for (const Expr *Copy : R->privates())
        if (!checkPrivateCopy(Copy, false, *Item++, "reduction"))
          return false;
    }
  }
  return true;
}

} // namespace calls
} // namespace omp2cuda
