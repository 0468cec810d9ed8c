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

/// The declaration that the first name of T's spelling names (namespace
/// lk of `lk::V`, V of `V`), if any.
const NamedDecl *firstNamed(QualType T) {
  const Type *Ty = T.getTypePtr();
  if (const auto *ET = dyn_cast<ElaboratedType>(Ty)) {
    const NestedNameSpecifier *Q = ET->getQualifier();
    while (Q && Q->getPrefix())
      Q = Q->getPrefix();
    if (Q && Q->getAsNamespace())
      return Q->getAsNamespace();
    if (Q && Q->getAsNamespaceAlias())
      return Q->getAsNamespaceAlias();
    if (Q)
      return nullptr;
    Ty = ET->getNamedType().getTypePtr();
  }
  if (const auto *TT = dyn_cast<TypedefType>(Ty))
    return TT->getDecl();
  if (const auto *TT = dyn_cast<TagType>(Ty))
    return TT->getDecl();
  if (const auto *TS = dyn_cast<TemplateSpecializationType>(Ty))
    return TS->getTemplateName().getAsTemplateDecl();
  return nullptr;
}

/// Whether a namespace of the program, where a kernel may be emitted,
/// declares another entity of First's name, which would hide First there.
bool hiddenInANamespace(const NamedDecl *First, const DeclContext *DC,
                        const SourceManager &SM) {
  for (const Decl *D : DC->decls()) {
    const auto *NS = dyn_cast<NamespaceDecl>(D);
    if (!NS) {
      if (isa<LinkageSpecDecl, ExportDecl>(D) &&
          hiddenInANamespace(First, cast<DeclContext>(D), SM))
        return true;
      continue;
    }
    // A kernel goes in its function's namespace, which a user header may
    // open first (`int app::run()` in the main file): only the system's
    // namespaces never hold one.
    if (SM.isInSystemHeader(SM.getExpansionLoc(NS->getLocation())))
      continue;
    for (const NamedDecl *Found : NS->lookup(First->getDeclName()))
      if (Found->getCanonicalDecl() != First->getCanonicalDecl())
        return true;
    if (hiddenInANamespace(First, NS, SM))
      return true;
  }
  return false;
}

/// T, qualified by getFullyQualifiedType, with a `::` in front: that gives
/// none to a member of an unnamed namespace, which `::A` still finds.
QualType fromGlobalScope(QualType T, const ASTContext &Ctx) {
  if (writtenFromGlobalScope(T.getTypePtr()))
    return T;
  QualType Named(T.getTypePtr(), 0);
  ElaboratedTypeKeyword Keyword = ElaboratedTypeKeyword::None;
  if (const auto *ET = dyn_cast<ElaboratedType>(Named)) {
    if (ET->getQualifier())
      return T;
    Keyword = ET->getKeyword();
    Named = ET->getNamedType();
  }
  return Ctx.getQualifiedType(
      Ctx.getElaboratedType(Keyword, NestedNameSpecifier::GlobalSpecifier(Ctx),
                            Named),
      T.getLocalQualifiers());
}

/// The inline namespaces clang's getFullyQualifiedType leaves out all name
/// D's scope, outermost first, with each inline namespace that lookup
/// needs (`lib::v1::P` where lib declares a P of its own) and none that
/// it does not, as the type printer spells a scope (AppendScope). Empty
/// when every inline namespace around D may be left out.
SmallVector<const NamespaceDecl *, 4> neededScope(const NamedDecl *D) {
  SmallVector<const NamespaceDecl *, 4> Chain;
  bool Needed = false;
  DeclarationName Name = D->getDeclName();
  for (const DeclContext *DC = D->getDeclContext(); !DC->isTranslationUnit();
       DC = DC->getParent()) {
    const auto *NS = dyn_cast<NamespaceDecl>(DC);
    if (!NS || NS->isAnonymousNamespace() ||
        (NS->isInline() && NS->isRedundantInlineQualifierFor(Name)))
      continue;
    Needed = Needed || NS->isInline();
    Chain.push_back(NS);
    Name = NS->getDeclName();
  }
  if (!Needed)
    Chain.clear();
  std::reverse(Chain.begin(), Chain.end());
  return Chain;
}

/// Whether Q names namespaces only (`lib::`, `::lib::`, `::`).
bool namespacesOnly(const NestedNameSpecifier *Q) {
  for (; Q; Q = Q->getPrefix())
    if (!Q->getAsNamespace() && Q->getKind() != NestedNameSpecifier::Global)
      return false;
  return true;
}

QualType keepInlineNamespaces(QualType T, const ASTContext &Ctx);

/// A template argument with keepInlineNamespaces applied to its types.
TemplateArgument keepInlineNamespaces(const TemplateArgument &A,
                                      const ASTContext &Ctx) {
  if (A.getKind() == TemplateArgument::Type) {
    QualType U = keepInlineNamespaces(A.getAsType(), Ctx);
    if (U != A.getAsType())
      return TemplateArgument(U);
  }
  return A;
}

/// T as getFullyQualifiedType spelled it, with the inline namespaces that
/// the spelling needs put back: that function drops every one, and
/// `lib::P` is then ambiguous or another entity where lib declares a P
/// besides the one of its inline namespace.
QualType keepInlineNamespaces(QualType T, const ASTContext &Ctx) {
  Qualifiers Q = T.getLocalQualifiers();
  const Type *Ty = T.getTypePtr();
  auto Requalify = [&](QualType U) { return Ctx.getQualifiedType(U, Q); };
  if (const auto *PT = dyn_cast<PointerType>(Ty))
    return Requalify(
        Ctx.getPointerType(keepInlineNamespaces(PT->getPointeeType(), Ctx)));
  if (const auto *RT = dyn_cast<LValueReferenceType>(Ty))
    return Requalify(Ctx.getLValueReferenceType(
        keepInlineNamespaces(RT->getPointeeType(), Ctx)));
  if (const auto *RT = dyn_cast<RValueReferenceType>(Ty))
    return Requalify(Ctx.getRValueReferenceType(
        keepInlineNamespaces(RT->getPointeeType(), Ctx)));
  ElaboratedTypeKeyword Keyword = ElaboratedTypeKeyword::None;
  NestedNameSpecifier *Qualifier = nullptr;
  const auto *ET = dyn_cast<ElaboratedType>(Ty);
  if (ET) {
    Keyword = ET->getKeyword();
    Qualifier = ET->getQualifier();
    Ty = ET->getNamedType().getTypePtr();
  }
  if (!namespacesOnly(Qualifier))
    return T;
  QualType Named(Ty, 0);
  const NamedDecl *D = nullptr;
  if (const auto *TT = dyn_cast<TypedefType>(Ty))
    D = TT->getDecl();
  else if (const auto *TT = dyn_cast<TagType>(Ty))
    D = TT->getDecl();
  else if (const auto *TS = dyn_cast<TemplateSpecializationType>(Ty)) {
    D = TS->getTemplateName().getAsTemplateDecl();
    SmallVector<TemplateArgument, 4> Args;
    for (const TemplateArgument &A : TS->template_arguments())
      Args.push_back(keepInlineNamespaces(A, Ctx));
    if (!llvm::equal(Args, TS->template_arguments(),
                     [](const TemplateArgument &X, const TemplateArgument &Y) {
                       return X.structurallyEquals(Y);
                     }))
      Named = Ctx.getTemplateSpecializationType(
          TS->getTemplateName(), Args, TS->getCanonicalTypeInternal());
  }
  auto Scope = D ? neededScope(D) : SmallVector<const NamespaceDecl *, 4>();
  if (Scope.empty() && Named.getTypePtr() == Ty)
    return T;
  if (!Scope.empty()) {
    bool Global = writtenFromGlobalScope(T.getTypePtr());
    Qualifier = Global ? NestedNameSpecifier::GlobalSpecifier(Ctx) : nullptr;
    for (const NamespaceDecl *NS : Scope)
      Qualifier = NestedNameSpecifier::Create(Ctx, Qualifier, NS);
  }
  if (!ET && !Qualifier)
    return Requalify(Named);
  return Requalify(Ctx.getElaboratedType(Keyword, Qualifier, Named));
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
  // `auto au = s;` prints its deduced type, which would print qualified
  // after a qualifier of its own (`a::a::S`, review rQ t23.cpp).
  if (const auto *DT = dyn_cast<DeducedType>(Ty); DT && DT->isDeduced())
    return Requalify(qualified(DT->getDeducedType(), Ctx));
  if (!onlyNamespaceScoped(T) || writtenFromGlobalScope(Ty))
    return T;
  QualType Full =
      TypeName::getFullyQualifiedType(T, Ctx, /*WithGlobalNsPrefix=*/false);
  // `V` of the global scope, in a kernel placed inside a namespace that has
  // a V of its own, would be that one: such names start with `::`.
  const NamedDecl *First = firstNamed(Full);
  if (First && First->getDeclName() &&
      hiddenInANamespace(First, Ctx.getTranslationUnitDecl(),
                         Ctx.getSourceManager()))
    Full = fromGlobalScope(
        TypeName::getFullyQualifiedType(T, Ctx, /*WithGlobalNsPrefix=*/true),
        Ctx);
  return keepInlineNamespaces(Full, Ctx);
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
