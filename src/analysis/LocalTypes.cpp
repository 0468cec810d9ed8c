// Types declared inside a function cannot be named by a kernel, which is
// emitted at file scope (CUDA does not take local types as __global__
// template arguments either). A typedef of a file-scope type is spelled
// through; a local struct, union or enum keeps the region on the host.
#include "analysis/Analysis.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace omp2cuda {

namespace {

bool isLocal(const Decl *D) { return D->getParentFunctionOrMethod() != nullptr; }

struct BodyTypes : RecursiveASTVisitor<BodyTypes> {
  SourceRange Body;
  const SourceManager &SM;
  const NamedDecl *Found = nullptr;
  BodyTypes(SourceRange Body, const SourceManager &SM) : Body(Body), SM(SM) {}

  bool outsideBody(const Decl *D) const {
    SourceLocation L = SM.getExpansionLoc(D->getLocation());
    return !SM.isPointWithin(L, SM.getExpansionLoc(Body.getBegin()),
                             SM.getExpansionLoc(Body.getEnd()));
  }
  bool check(const NamedDecl *D) {
    if (D && isLocal(D) && outsideBody(D))
      Found = D;
    return !Found;
  }
  bool VisitTypedefTypeLoc(TypedefTypeLoc TL) { return check(TL.getTypedefNameDecl()); }
  bool VisitTagTypeLoc(TagTypeLoc TL) { return check(TL.getDecl()); }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    // An enumerator of a local enum (which may have no name of its own).
    if (isa<EnumConstantDecl>(E->getDecl())) {
      const auto *Enum = cast<Decl>(E->getDecl()->getDeclContext());
      if (isLocal(Enum) && outsideBody(Enum))
        Found = E->getDecl();
    }
    return !Found;
  }
};

} // namespace

bool namesLocalType(QualType T) {
  while (!T.isNull()) {
    const Type *Ty = T.getTypePtr();
    if (const auto *TD = dyn_cast<TypedefType>(Ty)) {
      if (isLocal(TD->getDecl()))
        return true;
      T = TD->desugar();
    } else if (const auto *Tag = dyn_cast<TagType>(Ty)) {
      return isLocal(Tag->getDecl());
    } else if (const auto *E = dyn_cast<ElaboratedType>(Ty)) {
      T = E->getNamedType();
    } else if (const auto *P = dyn_cast<ParenType>(Ty)) {
      T = P->getInnerType();
    } else if (const auto *P = dyn_cast<PointerType>(Ty)) {
      T = P->getPointeeType();
    } else if (const auto *R = dyn_cast<ReferenceType>(Ty)) {
      T = R->getPointeeType();
    } else if (const auto *A = dyn_cast<ArrayType>(Ty)) {
      T = A->getElementType();
    } else if (const auto *A = dyn_cast<AttributedType>(Ty)) {
      T = A->getModifiedType();
    } else if (const auto *D = dyn_cast<DecayedType>(Ty)) {
      T = D->getOriginalType();
    } else {
      return false;
    }
  }
  return false;
}

const NamedDecl *localTypeNamedIn(const Stmt *Body, ASTContext &Ctx) {
  BodyTypes V(Body->getSourceRange(), Ctx.getSourceManager());
  V.TraverseStmt(const_cast<Stmt *>(Body));
  return V.Found;
}

} // namespace omp2cuda
