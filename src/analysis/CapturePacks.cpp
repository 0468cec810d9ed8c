// A function parameter pack a region uses (`Ts... xs`, `auto... xs`): the
// kernel and the stub take it as a pack of their own, and each element
// reaches the kernel as OpenMP passes a variable of its type: a scalar
// firstprivate, a pointer as a zero-length section (its device address
// where what it points to is mapped). One kernel template serves every
// instantiation, so every instantiation's elements must be of such types.
#include "analysis/Instantiations.h"
#include "analysis/RegionSteps.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace omp2cuda {

namespace {

/// The instantiations of the function template whose pattern is F.
std::vector<const FunctionDecl *> instantiationsOf(const FunctionDecl *F,
                                                   ASTContext &Ctx) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const FunctionDecl *Pattern;
    const SourceManager *SM;
    std::vector<const FunctionDecl *> Found;
    bool shouldVisitTemplateInstantiations() const { return true; }
    bool shouldVisitImplicitCode() const { return true; }
    bool TraverseDecl(Decl *D) {
      if (D && !isa<TranslationUnitDecl>(D) &&
          isa<TranslationUnitDecl>(D->getDeclContext()) &&
          SM->isInSystemHeader(D->getLocation()))
        return true;
      return RecursiveASTVisitor::TraverseDecl(D);
    }
    bool VisitFunctionDecl(FunctionDecl *FD) {
      if (FD != Pattern && FD->isThisDeclarationADefinition() &&
          FD->getTemplateInstantiationPattern() == Pattern)
        Found.push_back(FD);
      return true;
    }
  } Find;
  Find.Pattern = F;
  Find.SM = &Ctx.getSourceManager();
  Find.TraverseDecl(Ctx.getTranslationUnitDecl());
  return Find.Found;
}

/// Whether T names a type declared inside a function (through pointers,
/// arrays and a class template's arguments): nvcc refuses one in a
/// __global__ function's template arguments, which a pack's elements are.
bool reachesLocalType(QualType T, unsigned Depth = 0) {
  T = T.getNonReferenceType();
  while (true) {
    if (T->isPointerType() || T->isArrayType())
      T = T->isPointerType() ? T->getPointeeType()
                             : QualType(T->getArrayElementTypeNoTypeQual(), 0);
    else
      break;
  }
  const TagDecl *D = T->getAsTagDecl();
  if (!D)
    return false;
  if (D->getParentFunctionOrMethod())
    return true;
  const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(D);
  if (!Spec || Depth > 8)
    return false;
  for (const TemplateArgument &A : Spec->getTemplateArgs().asArray())
    if (A.getKind() == TemplateArgument::Type &&
        reachesLocalType(A.getAsType(), Depth + 1))
      return true;
  return false;
}

/// Why an element of type T cannot reach the kernel as OpenMP passes it,
/// or null.
const char *elementWhy(QualType T) {
  if (reachesLocalType(T))
    return "of a type declared inside a function or made of one (nvcc "
           "refuses it in a kernel's template arguments)";
  if (T->isReferenceType())
    return "a reference";
  if (T->isPointerType())
    return T->getPointeeType()->isObjectType() ? nullptr
                                               : "a pointer to a function";
  if (T->isArithmeticType() || T->isEnumeralType())
    return nullptr;
  return "neither a scalar nor a pointer (a class object is mapped "
         "tofrom, which a pack's element is not yet)";
}

} // namespace

std::string packWhy(const VarDecl *V, ASTContext &Ctx) {
  const auto *P = dyn_cast<ParmVarDecl>(V);
  const auto *F = P ? dyn_cast<FunctionDecl>(P->getDeclContext()) : nullptr;
  if (!F)
    return "it is not a function's parameter";
  if (P->getType()->getAs<PackExpansionType>()->getPattern()->isReferenceType())
    return "its elements are references";
  unsigned Packs = 0, At = 0;
  for (unsigned I = 0; I < F->getNumParams(); ++I)
    if (F->getParamDecl(I)->isParameterPack()) {
      ++Packs;
      At = I;
    }
  if (Packs != 1)
    return "the function has more than one parameter pack";
  for (const FunctionDecl *Inst : instantiationsOf(F, Ctx)) {
    unsigned N = Inst->getNumParams() + 1 - F->getNumParams();
    for (unsigned I = At; I < At + N && I < Inst->getNumParams(); ++I) {
      QualType T = Inst->getParamDecl(I)->getType();
      if (const char *Why = elementWhy(T))
        return "an instantiation's element of type '" +
               T.getAsString(Ctx.getPrintingPolicy()) + "' is " + Why;
    }
  }
  return "";
}

Verdict packParams(Capture &Cap) {
  // The texts spell the pattern's element: `Ts xs` becomes `Ts... xs`.
  auto Expand = [&](std::string &Text) {
    std::string Tail = " " + Cap.Name;
    if (Text.size() <= Tail.size() ||
        Text.compare(Text.size() - Tail.size(), Tail.size(), Tail) != 0)
      return false;
    Text.insert(Text.size() - Tail.size(), "...");
    return true;
  };
  if (!Expand(Cap.KernelParam) || !Expand(Cap.StubParam))
    return Verdict::no(DiagId::HostType,
                       "the parameter pack '" + Cap.Name +
                           "' has a type the kernel cannot spell as a pack");
  // The call passes the pack; the stub's launch passes each element as
  // OpenMP does (Lower.cpp reads the "..." of the call).
  Cap.CallArg = Cap.Name + "...";
  return {};
}

bool pointerInInstantiation(const Stmt *Region, SourceLocation Ref,
                            ASTContext &Ctx) {
  struct Finder : RecursiveASTVisitor<Finder> {
    SourceLocation At;
    bool Pointer = false;
    bool shouldVisitImplicitCode() const { return true; }
    bool check(const Expr *E) {
      if (E->getBeginLoc() == At &&
          E->getType().getNonReferenceType()->isPointerType())
        Pointer = true;
      return !Pointer;
    }
    bool VisitDeclRefExpr(DeclRefExpr *E) { return check(E); }
    bool VisitMemberExpr(MemberExpr *E) { return check(E); }
  };
  for (const Stmt *Copy : instantiatedCopies(Region, Ctx)) {
    Finder Find;
    Find.At = Ref;
    Find.TraverseStmt(const_cast<Stmt *>(Copy));
    if (Find.Pointer)
      return true;
  }
  return false;
}

} // namespace omp2cuda
