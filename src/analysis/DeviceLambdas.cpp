#include "analysis/DeviceLambdas.h"

#include "frontend/FileScope.h"

#include "clang/AST/ASTLambda.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace omp2cuda {

namespace {

/// The function or class a lambda is written in: an OpenMP construct's
/// body is a captured declaration of its own inside the function.
const Decl *writtenIn(const CXXRecordDecl *Closure) {
  const DeclContext *DC = Closure->getDeclContext();
  while (DC && isa<CapturedDecl>(DC))
    DC = DC->getParent();
  return DC && (isa<FunctionDecl>(DC) || isa<RecordDecl>(DC)) ? cast<Decl>(DC)
                                                             : nullptr;
}

const CXXMethodDecl *lambdaCallOperator(const FunctionDecl *F) {
  const auto *M = dyn_cast_or_null<CXXMethodDecl>(F);
  return M && isLambdaCallOperator(M) ? M : nullptr;
}

/// Whether a value of type T holds an address (a pointer, a reference, one
/// in a member or element): as bytes on the device it would point into the
/// host's memory.
bool holdsAddress(QualType T, const ASTContext &Ctx, unsigned Depth = 0) {
  T = T.getCanonicalType();
  if (Depth > 8 || T->isPointerType() || T->isReferenceType() ||
      T->isMemberPointerType() || T->isDependentType())
    return true;
  if (const ArrayType *A = Ctx.getAsArrayType(T))
    return holdsAddress(A->getElementType(), Ctx, Depth + 1);
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  if (!RD)
    return false;
  if (!RD->hasDefinition())
    return true;
  for (const CXXBaseSpecifier &B : RD->bases())
    if (holdsAddress(B.getType(), Ctx, Depth + 1))
      return true;
  for (const FieldDecl *F : RD->fields())
    if (holdsAddress(F->getType(), Ctx, Depth + 1))
      return true;
  return false;
}

/// Why nvcc cannot make a lambda written in P an extended lambda (its
/// rules for the enclosing function), or empty.
std::string enclosingProblem(const FunctionDecl *P) {
  if (!P)
    return "it is not written in a function";
  if (P->getDeclaredReturnType()->getContainedDeducedType())
    return "the function it is written in has a deduced return type, which "
           "nvcc does not allow around a __host__ __device__ lambda";
  for (const DeclContext *DC = P->getDeclContext(); DC; DC = DC->getParent()) {
    const auto *RD = dyn_cast<CXXRecordDecl>(DC);
    if (!RD)
      continue;
    if (RD->isLocalClass())
      return "the function it is written in is a member of a class local to "
             "a function, which nvcc does not allow around a __host__ "
             "__device__ lambda";
    if (RD->getName().empty())
      return "the function it is written in is a member of an unnamed "
             "class, which nvcc does not allow around a __host__ __device__ "
             "lambda";
  }
  for (const Decl *D = P; D && isa<CXXRecordDecl>(D->getDeclContext());
       D = cast<Decl>(D->getDeclContext()))
    if (D->getAccess() == AS_private || D->getAccess() == AS_protected)
      return "the function it is written in is a private or protected member "
             "(or in such a class), which nvcc does not allow around a "
             "__host__ __device__ lambda";
  return "";
}

/// Why the captures of a lambda written in host code cannot travel to the
/// device as bytes, and where; empty when they can.
std::string captureProblem(const LambdaExpr &LE, const ASTContext &Ctx,
                           SourceLocation &Where) {
  for (const LambdaCapture &C : LE.captures()) {
    Where = C.getLocation().isValid() ? C.getLocation() : LE.getBeginLoc();
    if (C.capturesThis())
      return "it captures 'this', which would point into the host's memory "
             "on the device";
    if (C.capturesVLAType() || !C.capturesVariable())
      return "it captures a variable-length array";
    const auto *V = dyn_cast<VarDecl>(C.getCapturedVar());
    std::string Name = "'" + C.getCapturedVar()->getNameAsString() + "'";
    if (V && V->isInitCapture())
      return "it has the init-capture " + Name +
             ", which nvcc does not allow in a __host__ __device__ lambda";
    if (C.getCaptureKind() == LCK_ByRef)
      return "it captures " + Name +
             " by reference, which would refer to the host's variable on "
             "the device";
    if (holdsAddress(C.getCapturedVar()->getType(), Ctx))
      return "it captures " + Name +
             " by copy, which holds an address: OpenMP 5.0 attaches a "
             "pointer a mapped lambda captures to the device copy of what it "
             "points into, which omp2cuda does not do yet";
  }
  return "";
}

} // namespace

const LambdaExpr *lambdaExprOf(const CXXRecordDecl *Closure) {
  if (!Closure || !Closure->isLambda())
    return nullptr;
  const Decl *Around = writtenIn(Closure);
  if (!Around)
    return nullptr;
  struct Finder : RecursiveASTVisitor<Finder> {
    const CXXRecordDecl *Closure;
    const LambdaExpr *Found = nullptr;
    bool VisitLambdaExpr(LambdaExpr *E) {
      if (E->getLambdaClass() == Closure)
        Found = E;
      return !Found;
    }
  } F;
  F.Closure = Closure;
  F.TraverseDecl(const_cast<Decl *>(Around));
  return F.Found;
}

DeviceLambda
deviceLambda(const FunctionDecl *F, SourceRange Region,
             llvm::function_ref<bool(const FunctionDecl *)> InDevice,
             const TUState &TU) {
  DeviceLambda Out;
  const CXXMethodDecl *M = lambdaCallOperator(F);
  if (!M)
    return Out;
  const SourceManager &SM = TU.Ctx.getSourceManager();
  const LambdaExpr *LE = lambdaExprOf(M->getParent());
  auto No = [&](std::string Why, SourceLocation Where) {
    Out.K = DeviceLambda::Refused;
    Out.Why = "it calls the lambda at line " +
              std::to_string(SM.getExpansionLineNumber(M->getLocation())) +
              ", written in host code: " + std::move(Why);
    Out.Where = Where;
    return Out;
  };
  if (!LE)
    return No("its definition cannot be found", M->getLocation());
  SourceLocation At = SM.getExpansionLoc(LE->getBeginLoc());
  // Written inside the region: the kernel's copy of it is device code.
  if (Region.isValid() &&
      SM.isPointWithin(At, SM.getExpansionLoc(Region.getBegin()),
                       SM.getExpansionLoc(Region.getEnd()))) {
    Out.K = DeviceLambda::Implicit;
    return Out;
  }
  const auto *P = dyn_cast_or_null<FunctionDecl>(writtenIn(M->getParent()));
  if (P && InDevice(P)) {
    Out.K = DeviceLambda::Implicit;
    return Out;
  }
  if (P && lambdaCallOperator(P)) {
    if (deviceLambda(P, Region, InDevice, TU).K == DeviceLambda::Implicit) {
      Out.K = DeviceLambda::Implicit;
      return Out;
    }
    return No("it is written inside another lambda, where nvcc cannot make "
              "it a __host__ __device__ lambda",
              At);
  }
  if (LE->isGenericLambda())
    return No("it is a generic lambda (auto parameters), and nvcc cannot "
              "compile a __host__ __device__ generic lambda; write its "
              "parameters' types, or define it inside the region",
              At);
  if (std::string Why = enclosingProblem(P); !Why.empty())
    return No(Why, At);
  SourceLocation Where;
  if (std::string Why = captureProblem(*LE, TU.Ctx, Where); !Why.empty())
    return No(Why, SM.getExpansionLoc(Where));
  // The mark is an edit after the capture list.
  SourceLocation End = LE->getIntroducerRange().getEnd();
  bool Rewritable = TU.Rewritable ? TU.Rewritable(At) : inMainFile(SM, At);
  if (End.isMacroID() || !Rewritable)
    return No("its text comes from a macro or from a file that is not "
              "translated, where it cannot be marked for the device",
              At);
  Out.K = DeviceLambda::Marked;
  return Out;
}

bool lambdaMark(const FunctionDecl *F, const SourceManager &SM,
                TextEdit &Edit) {
  const CXXMethodDecl *M = lambdaCallOperator(F);
  const LambdaExpr *LE = M ? lambdaExprOf(M->getParent()) : nullptr;
  if (!LE)
    return false;
  SourceLocation End = SM.getExpansionLoc(LE->getIntroducerRange().getEnd());
  // `[=] __host__ __device__ (double x)`: nvcc takes the execution space
  // between the capture list and the parameters, which a lambda without
  // parameters must then spell.
  Edit = {SM.getFileOffset(End) + 1, 0,
          LE->hasExplicitParameters() ? " __host__ __device__"
                                      : " __host__ __device__ ()"};
  return true;
}

} // namespace omp2cuda
