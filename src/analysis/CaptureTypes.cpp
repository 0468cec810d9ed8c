// The types a region's captures have in the kernel, which lives at file
// scope before or after the class or template the region is in: the
// class's own names spelled canonically, nested and local classes that the
// kernel cannot name, the out-of-line definition's injected names
// (captureVars, CaptureVars.cpp).
#include "analysis/CaptureTypes.h"
#include "analysis/ClassAhead.h"
#include "analysis/IndirectCalls.h"

#include "clang/AST/ASTLambda.h"
#include "clang/AST/DeclTemplate.h"

using namespace clang;

namespace omp2cuda {
namespace {

/// The member function whose `this` a region in F uses: F, or for a lambda
/// the member function it is written in. Null outside member functions.
const CXXMethodDecl *thisOwner(const FunctionDecl *F) {
  for (const DeclContext *DC = F; DC; DC = DC->getParent()) {
    const auto *M = dyn_cast<CXXMethodDecl>(DC);
    if (M && !isLambdaCallOperator(M))
      return M;
  }
  return nullptr;
}

} // namespace

/// U's type as the kernel at file scope spells it: canonical where the
/// written one names the class's scope.
Verdict classScopeType(const CaptureSite &S, const Use &U,
                       const std::string &Name, QualType &T) {
  ASTContext &Ctx = S.TU.Ctx;
  T = U.Decl->getType().getNonReferenceType();
  // In a const member function the data members are const too (in a
  // lambda, the function whose `this` it captured decides).
  if (const CXXMethodDecl *MD = thisOwner(S.C.Function);
      U.Member && MD && MD->isConst() && !cast<FieldDecl>(U.Decl)->isMutable())
    T = Ctx.getConstType(T);
  // A member function defined inside its class gets its kernel before the
  // class, where the class's own member types cannot be named: spell such
  // types canonically.
  if (S.InClass && !T->isDependentType())
    T = T.getCanonicalType();
  // Written with the class's parameter names; spellParams puts in the
  // out-of-line definition's.
  if ((S.TC.Renamed && U.Member && T->isDependentType()) ||
      (S.TC.Invented && T->isDependentType()))
    T = T.getCanonicalType();
  // A pointer to a function holds the host's address, which kernels call
  // through the file's table of indirect functions (IndirectCalls.h).
  if ((T->isFunctionPointerType() && !indirectTableServes(S.TU)) ||
      T->isMemberFunctionPointerType() || T->isFunctionReferenceType())
    return Verdict::no(DiagId::HostType,
                       "'" + Name + "' is a pointer to a function, "
                       "which the device cannot call");
  // A dependent type is spelled as written, and at file scope a name of
  // the class's own scope means nothing: a member typedef is spelled as
  // what it stands for (canonically: the template's parameters by
  // position, which spellParams names), a member class cannot be.
  if (!classScopedName(T).empty())
    T = T.getCanonicalType();
  if (T->isDependentType())
    if (std::string CN = classScopedName(T); !CN.empty())
      return Verdict::no(DiagId::HostType,
                         "'" + Name + "' has a type that names '" + CN +
                             "' of the class template, which the kernel "
                             "outside the class cannot name");
  // `auto` deduced from a dependent initialiser is deduced in each
  // instantiation only; the pattern's type prints as `auto`, which a
  // parameter cannot be.
  if (const AutoType *AT = T->getContainedAutoType();
      AT && AT->getDeducedType().isNull())
    return Verdict::no(DiagId::HostType,
                       "'" + Name +
                           "' has a type deduced ('auto') from a "
                           "dependent initialiser in a template, which the "
                           "kernel's parameter cannot name");
  if (spelledByExpression(T)) {
    if (T->isDependentType())
      return Verdict::no(DiagId::HostType,
                         "'" + Name + "' has a type written with "
                         "decltype or typeof in a template");
    T = T.getCanonicalType();
  }
  return {};
}

/// T names a local typedef that cannot move (file scope has its name):
/// whether what it stands for moves without it (LocalTypes.cpp), T then
/// spelled as that.
bool tagMovesAlone(CaptureSite &S, QualType &T) {
  QualType C = T.getCanonicalType();
  for (const NamedDecl *Local : localTypesOf(C))
    if (std::string Why; !isa<TagDecl>(Local) ||
                         !planLocalTypeMove(Local, S.C.TopLevel, S.C.Function,
                                            S.TU, Why))
      return false;
  T = C;
  return true;
}

/// The region names the class whose member holds it (What says how): its
/// kernel and stub follow the class (ClassAhead.h), which must allow it.
Verdict kernelAfterClass(CaptureSite &S, const std::string &What) {
  std::string Why;
  // A class template: the kernel stays before it, the class declared ahead
  // of it, and its injected name spelled with its arguments.
  if (std::string Forward = classTemplateForward(S.InClass, Why);
      !Forward.empty()) {
    std::vector<TextEdit> Names;
    if (!injectedNameEdits(S.C.Directive, S.InClass, S.TU.Ctx, Names))
      return Verdict::no(DiagId::HostContext,
                         What + ", and its name comes from a macro");
    S.Text.BodyEdits.insert(S.Text.BodyEdits.end(), Names.begin(),
                            Names.end());
    S.Text.BoundEdits.insert(S.Text.BoundEdits.end(), Names.begin(),
                             Names.end());
    S.R.ClassAhead = Forward;
    S.R.ClassAheadTemplate = true;
    return {};
  }
  std::string Forward = classForward(S.InClass, S.TU.Ctx, Why);
  if (Forward.empty())
    return Verdict::no(DiagId::HostContext,
                       What + ", and the kernel cannot follow the class: " +
                           Why + "; define the member function outside the "
                           "class to offload it");
  S.R.ClassAhead = Forward;
  return {};
}

/// A member of a class template defined outside it: its kernel goes before
/// that definition, after the class, and spells the injected name (`sizeof(
/// Vec)`) with its arguments, as the class names them (`Vec<T>`).
Verdict outOfLineInjectedName(CaptureSite &S) {
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(S.C.Function);
  if (S.InClass || S.IsData || !MD || isLambdaCallOperator(MD) ||
      !MD->getParent()->getDescribedClassTemplate())
    return {};
  std::vector<TextEdit> Names;
  if (!injectedNameEdits(S.C.Directive, MD->getParent(), S.TU.Ctx, Names))
    return Verdict::no(DiagId::HostContext,
                       "the region names its class, and the name comes from "
                       "a macro");
  if (Names.empty())
    return {};
  if (S.TC.Renamed)
    return Verdict::no(DiagId::HostContext,
                       "the region names its class, whose parameters the "
                       "member's definition names otherwise than the class "
                       "(not supported yet)");
  S.Text.BodyEdits.insert(S.Text.BodyEdits.end(), Names.begin(), Names.end());
  S.Text.BoundEdits.insert(S.Text.BoundEdits.end(), Names.begin(), Names.end());
  return {};
}

/// Whether the kernel at file scope can name T: a local type is spelled
/// through or moves to file scope, and a class being defined is incomplete
/// before it (the kernel then follows it).
/// Whether a template argument of Tag's type names Cls or a type nested in
/// it (`W<C::In>`): the stub, declared before Cls, cannot name either.
bool argumentNamesClass(const TagDecl *Tag, const DeclContext *Cls) {
  const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(Tag);
  if (!Spec)
    return false;
  for (const TemplateArgument &Arg : Spec->getTemplateArgs().asArray()) {
    if (Arg.getKind() != TemplateArgument::Type)
      continue;
    const Type *Base = Arg.getAsType()->getPointeeOrArrayElementType();
    while (Base->isPointerType() || Base->isArrayType())
      Base = Base->getPointeeOrArrayElementType();
    const TagDecl *TD = Base->getAsTagDecl();
    if (!TD)
      continue;
    for (const DeclContext *DC = TD; DC; DC = DC->getParent())
      if (DC == Cls)
        return true;
    if (argumentNamesClass(TD, Cls))
      return true;
  }
  return false;
}

Verdict fileScopeType(CaptureSite &S, const std::string &Name, QualType &T) {
  // The kernel and stub are at file scope: a local typedef is spelled
  // through, a local struct, union or enum cannot be named there. Data
  // constructs name no type (their runtime calls take addresses and sizes
  // in place).
  if (!S.IsData && !localTypesOf(T).empty()) {
    if (T->isDependentType())
      // Its canonical spelling would name the template's parameters by
      // position (type-parameter-0-0).
      return Verdict::no(DiagId::HostType,
                         "'" + Name + "' has a type declared inside "
                         "a function template, which the kernel cannot "
                         "name");
    if (localTypesOf(T.getCanonicalType()).empty())
      T = T.getCanonicalType();
    else
      for (const NamedDecl *Local : localTypesOf(T))
        if (std::string Why;
            !planLocalTypeMove(Local, S.C.TopLevel, S.C.Function, S.TU, Why) &&
            !tagMovesAlone(S, T))
          return Verdict::no(
              DiagId::HostType,
              "'" + Name + "' has a type declared inside the function, "
              "which the kernel cannot name and which cannot move to file "
              "scope: " + Why);
  }
  if (S.InClass && !S.IsData) {
    // The kernel goes before the class, where the class is incomplete (a
    // data construct's calls stay in the member's body, where it is
    // complete).
    const Type *Base = T->getPointeeOrArrayElementType();
    while (Base->isPointerType() || Base->isArrayType())
      Base = Base->getPointeeOrArrayElementType();
    if (const TagDecl *TD = Base->getAsTagDecl();
        TD && argumentNamesClass(TD, dyn_cast<DeclContext>(S.InClass)))
      return Verdict::no(
          DiagId::HostContext,
          "'" + Name + "' has a type whose template argument names the class "
          "being defined, which the stub declared before the class cannot "
          "name; define the member function outside the class to offload it");
    if (const TagDecl *TD = Base->getAsTagDecl())
      for (const DeclContext *DC = TD; DC; DC = DC->getParent())
        if (DC == dyn_cast<DeclContext>(S.InClass)) {
          // The stub is declared before the class, where a type nested in
          // it cannot be named (`Outer::Inner &` of an incomplete Outer).
          if (DC != TD)
            return Verdict::no(
                DiagId::HostContext,
                "'" + Name + "' has a type nested in the class being "
                "defined, which the stub declared before the class cannot "
                "name; define the member function outside the class to "
                "offload it");
          return kernelAfterClass(S, "'" + Name + "' has a type of the "
                                  "class being defined");
        }
  }
  return {};
}


} // namespace omp2cuda
