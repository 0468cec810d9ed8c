// Which outside variables a region uses, whether it writes them, and where
// each reference is (so lowering can re-spell references when a variable
// changes from an object to a pointer in the kernel).
#include "analysis/Analysis.h"
#include "analysis/Instantiations.h"
#include "analysis/PreInits.h"
#include "analysis/RegionSteps.h"

#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <map>

using namespace clang;

namespace omp2cuda {

namespace {

class Scanner : public RecursiveASTVisitor<Scanner> {
public:
  explicit Scanner(CaptureScan &Out) : Out(Out) {}

  bool VisitVarDecl(VarDecl *VD) {
    Declared.insert(VD);
    // decltype(auto) takes the type of its initialiser as decltype does.
    if (const AutoType *AT = VD->getType()->getContainedAutoType();
        AT && AT->isDecltypeAuto())
      markTypeOperand(VD->getInit());
    return true;
  }
  // A nested construct's clause expression that the kernel evaluates
  // (`schedule(static, c)`) is, unless constant, a reference to an implicit
  // `.capture_expr.` variable whose initialiser, in the clause's pre-init
  // statement, names the user's variables: the traversal skips implicit
  // declarations, so read the initialisers here.
  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    for (const OMPCapturedExprDecl *CE : preInitCaptures(*D))
      if (PreInits.insert(CE).second)
        TraverseStmt(const_cast<Expr *>(CE->getInit()));
    return true;
  }
  /// `getr<cfg::N>()` of `template <const int &R>`: the argument names
  /// the variable itself, which a value cannot stand for (review bq2 a2,
  /// rv40 t03, t06, t08). Converted: the specialization's arguments, whose
  /// kind says it (a declaration, not an integral value).
  void objectArguments(ArrayRef<TemplateArgumentLoc> Args,
                       ArrayRef<TemplateArgument> Converted) {
    std::vector<TemplateArgument> Flat;
    for (const TemplateArgument &A : Converted)
      if (A.getKind() == TemplateArgument::Pack)
        Flat.insert(Flat.end(), A.pack_begin(), A.pack_end());
      else
        Flat.push_back(A);
    for (unsigned I = 0; I < Args.size(); ++I)
      if (I >= Flat.size() ||
          (Flat[I].getKind() != TemplateArgument::Integral &&
           Flat[I].getKind() != TemplateArgument::Type &&
           Flat[I].getKind() != TemplateArgument::Template))
        objectArgument(Args[I]);
  }
  /// The same where no specialization says it: by TD's parameters, one of
  /// a dependent type counting as a reference; every argument without TD.
  void objectArguments(const TemplateDecl *TD,
                       ArrayRef<TemplateArgumentLoc> Args) {
    const TemplateParameterList *Params =
        TD ? TD->getTemplateParameters() : nullptr;
    for (unsigned I = 0; I < Args.size(); ++I) {
      if (!Params || Params->size() == 0) {
        objectArgument(Args[I]);
        continue;
      }
      unsigned J = std::min<unsigned>(I, Params->size() - 1);
      const auto *P = dyn_cast<NonTypeTemplateParmDecl>(Params->getParam(J));
      if (J < I && !(P && P->isParameterPack()))
        break;
      if (P && !P->getType()->isIntegralOrEnumerationType())
        objectArgument(Args[I]);
    }
  }
  void objectArgument(const TemplateArgumentLoc &A) {
    if (A.getArgument().getKind() == TemplateArgument::Expression)
      ObjectArgs.insert(
          A.getSourceExpression()->IgnoreImplicit()->IgnoreParens());
  }
  /// A function template's explicit arguments (`f<N>()`, `o.f<N>()`).
  void calleeArguments(const ValueDecl *D, ArrayRef<TemplateArgumentLoc> Args) {
    const auto *FD = dyn_cast_or_null<FunctionDecl>(D);
    if (const TemplateArgumentList *TAL =
            FD ? FD->getTemplateSpecializationArgs() : nullptr)
      objectArguments(Args, TAL->asArray());
    else
      objectArguments(FD ? FD->getPrimaryTemplate() : nullptr, Args);
  }
  bool VisitTemplateSpecializationTypeLoc(TemplateSpecializationTypeLoc TL) {
    std::vector<TemplateArgumentLoc> Args;
    for (unsigned I = 0; I < TL.getNumArgs(); ++I)
      Args.push_back(TL.getArgLoc(I));
    const TemplateDecl *TD =
        TL.getTypePtr()->getTemplateName().getAsTemplateDecl();
    const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
        TL.getTypePtr()->getAsCXXRecordDecl());
    if (Spec && isa_and_nonnull<ClassTemplateDecl>(TD) &&
        !TL.getTypePtr()->isDependentType())
      objectArguments(Args, Spec->getTemplateArgs().asArray());
    else
      objectArguments(TD, Args);
    return true;
  }
  /// In a template's pattern: a callee the arguments decide (every
  /// candidate's parameters), or one of a dependent scope (none known).
  bool VisitOverloadExpr(OverloadExpr *E) {
    if (E->hasExplicitTemplateArgs())
      for (const NamedDecl *D : E->decls())
        objectArguments(dyn_cast<TemplateDecl>(D->getUnderlyingDecl()),
                        E->template_arguments());
    return true;
  }
  bool VisitCXXDependentScopeMemberExpr(CXXDependentScopeMemberExpr *E) {
    if (E->hasExplicitTemplateArgs())
      objectArguments(nullptr, E->template_arguments());
    return true;
  }
  bool VisitDependentScopeDeclRefExpr(DependentScopeDeclRefExpr *E) {
    if (E->hasExplicitTemplateArgs())
      objectArguments(nullptr, E->template_arguments());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (E->hasExplicitTemplateArgs())
      calleeArguments(E->getDecl(), E->template_arguments());
    // In a member function, clang refers to a data member named in a
    // private/firstprivate/lastprivate clause through an implicit capture
    // declaration: it is a use of the member.
    if (isa<OMPCapturedExprDecl>(E->getDecl()))
      if (const ValueDecl *Field = namedVariable(E); Field && isa<FieldDecl>(Field)) {
        use(Field, true).Refs.push_back(E->getSourceRange());
        if (E->getType()->isArrayType())
          ++ArrayRefs[Field];
        return true;
      }
    const auto *VD = dyn_cast<VarDecl>(E->getDecl());
    if (!VD || VD->isImplicit() || isa<ImplicitParamDecl>(VD))
      return true;
    // Constants of integral type are folded into the kernel text as written
    // only if they are visible there; globals are.
    use(VD, false).Refs.push_back(E->getSourceRange());
    if (Unevaluated)
      ++UnevaluatedRefs[VD];
    // In a template's pattern a constant whose value depends on the
    // template's arguments is no NOUR_Constant use yet, and its value cannot
    // be written (review bq: `constexpr int L = K + 1;` then `twice<L>()`).
    // `get<&cfg::N>()`, `constexpr const int *p = &g;`: a constant
    // expression that needs the variable itself, not its value. (A template
    // argument is kept as written, with no lvalue-to-rvalue conversion.)
    if (StrictConstant && VD->hasGlobalStorage() && !E->isValueDependent() &&
        ((E->isNonOdrUse() == NOUR_None && !ReadRefs.count(E)) ||
         ObjectArgs.count(E))) {
      use(VD, false).AddressConstantRefs.push_back(E->getSourceRange());
    } else if (ConstantContext &&
        (E->isNonOdrUse() == NOUR_Constant ||
         (E->isValueDependent() && (VD->isConstexpr() ||
                                    VD->getType().isConstQualified()))))
      use(VD, false).ConstantRefs.push_back(E->getSourceRange());
    if (E->getType()->isArrayType())
      ++ArrayRefs[VD];
    return true;
  }
  // `sizeof...(xs)` of a function parameter pack names xs with no
  // DeclRefExpr: the kernel must take the pack for the text to compile.
  bool VisitSizeOfPackExpr(SizeOfPackExpr *E) {
    if (const auto *P = dyn_cast<ParmVarDecl>(E->getPack());
        P && P->isParameterPack())
      use(P, false).Refs.push_back(SourceRange(E->getPackLoc()));
    return true;
  }
  // Where C++ requires a constant expression (Use::ConstantRefs): types
  // (array bounds, template arguments of types), template arguments, the
  // wrapper of `if constexpr`, case labels and alignas, static_assert,
  // and the initialisers of constants, which other such places may read.
  // StrictConstant: only where the expression must be constant (not the
  // initialiser of a `const int`, which may be any value).
  bool TraverseTypeLoc(TypeLoc TL) {
    ConstantScope In(ConstantContext), Strict(StrictConstant);
    return RecursiveASTVisitor::TraverseTypeLoc(TL);
  }
  bool TraverseTemplateArgumentLoc(const TemplateArgumentLoc &A) {
    ConstantScope In(ConstantContext), Strict(StrictConstant);
    return RecursiveASTVisitor::TraverseTemplateArgumentLoc(A);
  }
  bool TraverseConstantExpr(ConstantExpr *E, DataRecursionQueue * = nullptr) {
    ConstantScope In(ConstantContext), Strict(StrictConstant);
    // No queue: the children are visited inside the scope.
    return RecursiveASTVisitor::TraverseConstantExpr(E, nullptr);
  }
  // Unevaluated operands (Use::OnlyUnevaluated).
  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *E,
                                        DataRecursionQueue * = nullptr) {
    ConstantScope In(Unevaluated);
    // No queue: the children are visited inside the scope.
    return RecursiveASTVisitor::TraverseUnaryExprOrTypeTraitExpr(E, nullptr);
  }
  bool TraverseDecltypeTypeLoc(DecltypeTypeLoc TL) {
    ConstantScope In(Unevaluated);
    return RecursiveASTVisitor::TraverseDecltypeTypeLoc(TL);
  }
  bool TraverseStaticAssertDecl(StaticAssertDecl *D) {
    ConstantScope In(ConstantContext), Strict(StrictConstant);
    return RecursiveASTVisitor::TraverseStaticAssertDecl(D);
  }
  bool TraverseVarDecl(VarDecl *D) {
    QualType T = D->getType();
    bool Constant = D->isConstexpr() || (T.isConstQualified() &&
                                         T->isIntegralOrEnumerationType());
    ConstantScope In(ConstantContext, Constant),
        Strict(StrictConstant, D->isConstexpr());
    return RecursiveASTVisitor::TraverseVarDecl(D);
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *C) {
    if (C->getCastKind() == CK_ArrayToPointerDecay)
      if (const ValueDecl *D = refDecl(C->getSubExpr()))
        ++Decayed[D];
    if (C->getCastKind() == CK_LValueToRValue)
      if (const ValueDecl *D = refDecl(C->getSubExpr())) {
        ++Reads[D];
        ReadRefs.insert(C->getSubExpr()->IgnoreParens());
      }
    return true;
  }
  bool VisitDecltypeTypeLoc(DecltypeTypeLoc TL) {
    markTypeOperand(TL.getUnderlyingExpr());
    return true;
  }
  bool VisitTypeOfExprTypeLoc(TypeOfExprTypeLoc TL) {
    markTypeOperand(TL.getUnderlyingExpr());
    return true;
  }
  bool VisitMemberExpr(MemberExpr *E) {
    // `o.f<N>()`: a member function template's explicit arguments.
    if (E->hasExplicitTemplateArgs())
      calleeArguments(E->getMemberDecl(), E->template_arguments());
    const auto *This = dyn_cast<CXXThisExpr>(E->getBase()->IgnoreParenImpCasts());
    if (!This || !isa<FieldDecl>(E->getMemberDecl()))
      return true;
    ThisForField.insert(This);
    Use &U = use(E->getMemberDecl(), true);
    U.Refs.push_back(E->getSourceRange());
    if (E->getType()->isArrayType())
      ++ArrayRefs[E->getMemberDecl()];
    if (!This->isImplicit())
      U.ThisArrows.push_back(
          SourceRange(E->getBeginLoc(), E->getMemberLoc()));
    return true;
  }
  bool VisitCXXThisExpr(CXXThisExpr *E) {
    AllThis.push_back(E);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      markWritten(B->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
      markWritten(U->getSubExpr());
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    if (C->isAssignmentOp() && C->getNumArgs() > 0)
      markWritten(C->getArg(0));
    return true;
  }

  void finish() {
    for (const CXXThisExpr *T : AllThis)
      if (!ThisForField.count(T)) {
        Out.ThisProblem = "the region uses 'this' other than to access data "
                          "members (e.g. a member function call)";
        break;
      }
    std::vector<Use> Kept;
    for (Use &U : Out.Uses) {
      const auto *VD = dyn_cast<VarDecl>(U.Decl);
      if (VD && Declared.count(VD))
        continue;
      U.Written = U.Written || WrittenSet.count(U.Decl);
      // A member reached through the mapped `this` may also be written
      // through a reference or a pointer to it: any reference other than a
      // plain read counts.
      if (U.Member && U.Refs.size() > Reads[U.Decl]) {
        // A template's pattern reads a member of dependent type with no
        // lvalue-to-rvalue conversion: its instantiations tell.
        if (!U.Written && U.Decl->getType()->isDependentType())
          UnclearMembers.push_back(U.Decl);
        U.Written = true;
      }
      U.WholeArray = ArrayRefs[U.Decl] > Decayed[U.Decl];
      U.InTypeOperand = TypeOperands.count(U.Decl) > 0;
      U.OnlyUnevaluated = !U.Member && !U.Refs.empty() &&
                          UnevaluatedRefs[U.Decl] == U.Refs.size();
      Kept.push_back(std::move(U));
    }
    Out.Uses = std::move(Kept);
  }

  /// Members of dependent type whose references the pattern does not show
  /// to be plain reads (finish).
  std::vector<const ValueDecl *> UnclearMembers;

private:
  struct ConstantScope {
    unsigned &Depth;
    bool On;
    ConstantScope(unsigned &Depth, bool On = true) : Depth(Depth), On(On) {
      Depth += On;
    }
    ~ConstantScope() { Depth -= On; }
  };

  Use &use(const ValueDecl *D, bool Member) {
    auto It = Index.find(D);
    if (It != Index.end())
      return Out.Uses[It->second];
    Index[D] = Out.Uses.size();
    Out.Uses.push_back(Use{D, Member, false, {}, {}});
    return Out.Uses.back();
  }
  static const ValueDecl *refDecl(const Expr *E) {
    return namedVariable(E->IgnoreParens());
  }
  void markTypeOperand(const Stmt *S) {
    if (!S)
      return;
    if (const auto *E = dyn_cast<Expr>(S))
      if (const ValueDecl *D = refDecl(E))
        TypeOperands.insert(D);
    for (const Stmt *Child : S->children())
      markTypeOperand(Child);
  }
  void markWritten(const Expr *E) {
    if (const ValueDecl *D = namedVariable(E->IgnoreParenImpCasts()))
      WrittenSet.insert(D);
  }

  CaptureScan &Out;
  unsigned ConstantContext = 0, StrictConstant = 0, Unevaluated = 0;
  std::map<const ValueDecl *, size_t> UnevaluatedRefs;
  std::set<const Expr *> ReadRefs; // operands of lvalue-to-rvalue casts
  // template arguments of reference and pointer parameters (objectArguments)
  std::set<const Expr *> ObjectArgs;
  std::map<const ValueDecl *, size_t> Index;
  std::set<const VarDecl *> Declared;
  std::set<const OMPCapturedExprDecl *> PreInits;
  std::set<const ValueDecl *> WrittenSet;
  std::map<const ValueDecl *, unsigned> ArrayRefs, Decayed, Reads;
  std::set<const ValueDecl *> TypeOperands;
  std::set<const CXXThisExpr *> ThisForField;
  std::vector<const CXXThisExpr *> AllThis;
};

} // namespace

const ValueDecl *namedVariable(const Expr *E) {
  if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
    // A data member in a data-sharing clause of a member function.
    if (const auto *CE = dyn_cast<OMPCapturedExprDecl>(DR->getDecl()))
      if (const Expr *Init = CE->getInit())
        if (const auto *ME = dyn_cast<MemberExpr>(Init->IgnoreParenImpCasts()))
          if (isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
            return ME->getMemberDecl();
    return DR->getDecl();
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    if (isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
      return ME->getMemberDecl();
  return nullptr;
}

namespace {

/// Whether a member named Name is written in some instantiation of the
/// pattern S (or S has none, when nothing shows it is only read).
bool writtenInInstantiations(const Stmt *S, StringRef Name, ASTContext &Ctx) {
  std::vector<const Stmt *> Copies = instantiatedCopies(S, Ctx);
  if (Copies.empty())
    return true;
  for (const Stmt *Copy : Copies) {
    CaptureScan Scan;
    Scanner V(Scan);
    V.TraverseStmt(const_cast<Stmt *>(Copy));
    V.finish();
    for (const Use &U : Scan.Uses)
      if (U.Member && U.Decl->getName() == Name && U.Written)
        return true;
  }
  return false;
}

} // namespace

CaptureScan scanCaptures(const Stmt *S, ASTContext &Ctx) {
  CaptureScan Out;
  Scanner V(Out);
  V.TraverseStmt(const_cast<Stmt *>(S));
  V.finish();
  for (const ValueDecl *D : V.UnclearMembers)
    for (Use &U : Out.Uses)
      if (U.Decl == D)
        U.Written = writtenInInstantiations(S, D->getName(), Ctx);
  return Out;
}

const VarDecl *dependentGlobal(const Stmt *S, const CaptureScan &Pattern,
                               ASTContext &Ctx, SourceLocation &Where) {
  // A namespace's variable or a static data member; the static locals of a
  // function template are instantiated with it.
  auto Global = [](const VarDecl *VD) {
    return VD && (VD->isStaticDataMember() ||
                  (VD->hasGlobalStorage() &&
                   VD->getDeclContext()->getRedeclContext()->isFileContext()));
  };
  std::set<const Decl *> Named;
  for (const Use &U : Pattern.Uses)
    if (const auto *VD = dyn_cast<VarDecl>(U.Decl); Global(VD))
      Named.insert(VD->getCanonicalDecl());
  for (const Stmt *Copy : instantiatedCopies(S, Ctx))
    for (const Use &U : scanCaptures(Copy, Ctx).Uses) {
      const auto *VD = dyn_cast<VarDecl>(U.Decl);
      if (!Global(VD) || VD->isUsableInConstantExpressions(Ctx))
        continue;
      // A class template's member named in its own member function is the
      // pattern's member in the pattern.
      const VarDecl *From = VD->getTemplateInstantiationPattern();
      if (Named.count(VD->getCanonicalDecl()) ||
          (From && Named.count(From->getCanonicalDecl())))
        continue;
      if (!U.Refs.empty())
        Where = U.Refs.front().getBegin();
      return VD;
    }
  return nullptr;
}

void scanClauseExprs(const std::vector<const Expr *> &Exprs, CaptureScan &Scan,
                     ASTContext &Ctx) {
  for (const Expr *E : Exprs) {
    CaptureScan Extra = scanCaptures(E, Ctx);
    for (Use &U : Extra.Uses) {
      bool Known = false;
      for (const Use &Have : Scan.Uses)
        Known = Known || Have.Decl == U.Decl;
      if (!Known) {
        // Clause-only variables are passed to the stub, not to the kernel.
        U.Refs.clear();
        U.ThisArrows.clear();
        U.Written = false;
        Scan.Uses.push_back(std::move(U));
      }
    }
  }
}

} // namespace omp2cuda
