// How generated declarations spell a type (kernel parameters, the copies
// and temporaries in a kernel, the stub's parameters, casts). They are
// placed at file scope or in the kernel, not where the type was written.
#include "analysis/Analysis.h"

#include "clang/AST/QualTypeNames.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace omp2cuda {
namespace {

/// Whether D is named from the global scope by its namespaces alone.
/// A class's member type is left as written: a kernel placed before its
/// class names the class's typedefs through its own aliases
/// (classTypedefAliases), and a function's local types are moved and
/// renamed by their own step (LocalTypes.h).
bool namespaceScoped(const Decl *D) {
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (DC->isRecord() || DC->isFunctionOrMethod())
      return false;
  return true;
}

/// Whether every declaration T names is namespaceScoped.
bool onlyNamespaceScoped(QualType T) {
  struct Finder : RecursiveASTVisitor<Finder> {
    bool Ok = true;
    bool check(const Decl *D) { return Ok = Ok && (!D || namespaceScoped(D)); }
    bool VisitTagType(TagType *TT) { return check(TT->getDecl()); }
    bool VisitTypedefType(TypedefType *TT) { return check(TT->getDecl()); }
    bool VisitUsingType(UsingType *UT) {
      return check(UT->getFoundDecl()->getTargetDecl());
    }
    bool VisitInjectedClassNameType(InjectedClassNameType *IT) {
      return check(IT->getDecl());
    }
    bool VisitTemplateSpecializationType(TemplateSpecializationType *TS) {
      return check(TS->getTemplateName().getAsTemplateDecl());
    }
  } F;
  F.TraverseType(T);
  return F.Ok;
}

/// Whether Ty is written `::V` or `::lk::V`: qualified names drop the `::`,
/// which a kernel inside a namespace of its own V needs.
bool writtenFromGlobalScope(const Type *Ty) {
  const auto *ET = dyn_cast<ElaboratedType>(Ty);
  const NestedNameSpecifier *Q = ET ? ET->getQualifier() : nullptr;
  while (Q && Q->getPrefix())
    Q = Q->getPrefix();
  return Q && Q->getKind() == NestedNameSpecifier::Global;
}

/// T with each named type qualified by its namespaces (`V` written inside
/// namespace lk becomes `lk::V`, `std::vector<V>` becomes
/// `std::vector<lk::V>`). Pointers, references and arrays are taken apart
/// here, which getFullyQualifiedType leaves unqualified for arrays.
QualType qualified(QualType T, const ASTContext &Ctx) {
  Qualifiers Q = T.getLocalQualifiers();
  const Type *Ty = T.getTypePtr();
  auto Requalify = [&](QualType U) { return Ctx.getQualifiedType(U, Q); };
  if (const auto *PT = dyn_cast<PointerType>(Ty))
    return Requalify(Ctx.getPointerType(qualified(PT->getPointeeType(), Ctx)));
  if (const auto *RT = dyn_cast<LValueReferenceType>(Ty))
    return Requalify(
        Ctx.getLValueReferenceType(qualified(RT->getPointeeType(), Ctx)));
  if (const auto *RT = dyn_cast<RValueReferenceType>(Ty))
    return Requalify(
        Ctx.getRValueReferenceType(qualified(RT->getPointeeType(), Ctx)));
  if (const auto *DT = dyn_cast<DecayedType>(Ty))
    return Requalify(qualified(DT->getDecayedType(), Ctx));
  if (const auto *AT = dyn_cast<ConstantArrayType>(Ty))
    return Requalify(Ctx.getConstantArrayType(
        qualified(AT->getElementType(), Ctx), AT->getSize(), AT->getSizeExpr(),
        AT->getSizeModifier(), AT->getIndexTypeCVRQualifiers()));
  if (const auto *AT = dyn_cast<IncompleteArrayType>(Ty))
    return Requalify(Ctx.getIncompleteArrayType(
        qualified(AT->getElementType(), Ctx), AT->getSizeModifier(),
        AT->getIndexTypeCVRQualifiers()));
  if (!onlyNamespaceScoped(T) || writtenFromGlobalScope(Ty))
    return T;
  return TypeName::getFullyQualifiedType(T, Ctx, /*WithGlobalNsPrefix=*/false);
}

} // namespace

PrintingPolicy typePolicy(const ASTContext &Ctx) {
  PrintingPolicy P = Ctx.getPrintingPolicy();
  P.Bool = true;      // C's _Bool is not C++
  P.Restrict = false; // print __restrict, which g++ and nvcc accept
  P.SuppressUnwrittenScope = true;
  return P;
}

std::string declText(QualType T, const std::string &Name,
                     const ASTContext &Ctx) {
  // A dependent type keeps its spelling: the kernel template declares the
  // same parameters.
  if (Ctx.getLangOpts().CPlusPlus && !T.isNull() &&
      !T->isInstantiationDependentType())
    T = qualified(T, Ctx);
  std::string S;
  llvm::raw_string_ostream OS(S);
  T.print(OS, typePolicy(Ctx), Name);
  return OS.str();
}

} // namespace omp2cuda
