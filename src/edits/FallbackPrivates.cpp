// The variables a target region left on the host makes firstprivate, as
// o2c::HostFallback's last argument (docs/host-fallback.md, step 1): their
// private copies start from the host's originals, so the fallback keeps the
// host's bytes there.
#include "edits/FallbackPrivates.h"
#include "analysis/PointerValueUse.h"
#include "analysis/StaticReferences.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/QualTypeNames.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <fmt/format.h>

#include <map>
#include <vector>

using namespace clang;

namespace omp2cuda {

namespace {

/// The instantiations of a directive written in a template (its pattern
/// has no implicit clauses: Clang computes them per instantiation).
class Instances : public RecursiveASTVisitor<Instances> {
public:
  explicit Instances(const OMPExecutableDirective &Pattern) : P(Pattern) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }
  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    if (D != &P && D->getBeginLoc() == P.getBeginLoc() &&
        D->getDirectiveKind() == P.getDirectiveKind())
      Found.push_back(D);
    return true;
  }
  std::vector<const OMPExecutableDirective *> Found;

private:
  const OMPExecutableDirective &P;
};

/// A class as host code from the global namespace, or empty: a
/// specialization of a class template with its arguments (review rv40 f05,
/// `Box<int>::sm`), unless one of them has no name there (a lambda, a local
/// or unnamed class).
std::string recordName(const CXXRecordDecl *RD, const ASTContext &Ctx) {
  if (RD->isLocalClass() || !RD->getIdentifier())
    return "";
  PrintingPolicy PP = Ctx.getPrintingPolicy();
  PP.SuppressUnwrittenScope = true; // anonymous and inline namespaces
  PP.SuppressTagKeyword = true;
  std::string N = TypeName::getFullyQualifiedName(
      Ctx.getRecordType(RD), Ctx, PP, /*WithGlobalNsPrefix=*/true);
  for (const char *Bad : {"(lambda", "(anonymous", "(unnamed", "(unknown"})
    if (N.find(Bad) != std::string::npos)
      return "";
  return N;
}

/// A name for VD that denotes it where the region starts, or empty: a
/// local variable's or parameter's own name (declared outside the region,
/// so visible there), a global's or static member's name qualified from the
/// global namespace (the region may spell it `ns::g`), through named
/// namespaces and classes (specializations with their arguments).
std::string hostName(const VarDecl *VD, const ASTContext &Ctx) {
  if (!VD->getDeclName().isIdentifier() || VD->getName().empty())
    return "";
  if (VD->isLocalVarDeclOrParm() || !Ctx.getLangOpts().CPlusPlus)
    return VD->getName().str();
  std::string Q = VD->getName().str();
  // A variable template specialization: with its arguments (`::vt<int>`).
  if (const auto *VS = dyn_cast<VarTemplateSpecializationDecl>(VD)) {
    PrintingPolicy PP = Ctx.getPrintingPolicy();
    PP.SuppressUnwrittenScope = true;
    PP.FullyQualifiedName = true;
    std::string Args;
    llvm::raw_string_ostream OS(Args);
    printTemplateArgumentList(OS, VS->getTemplateArgs().asArray(), PP);
    for (const char *Bad : {"(lambda", "(anonymous", "(unnamed", "(unknown"})
      if (Args.find(Bad) != std::string::npos)
        return "";
    Q += Args;
  }
  for (const DeclContext *DC = VD->getDeclContext(); !DC->isTranslationUnit();
       DC = DC->getParent()) {
    if (isa<LinkageSpecDecl>(DC)) // extern "C" { ... }
      continue;
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC)) {
      if (!NS->isAnonymousNamespace() && !NS->isInline())
        Q = NS->getName().str() + "::" + Q;
      continue;
    }
    const auto *RD = dyn_cast<CXXRecordDecl>(DC);
    if (!RD)
      return "";
    std::string R = recordName(RD, Ctx);
    return R.empty() ? "" : R + "::" + Q;
  }
  return "::" + Q;
}

/// The variables of map, lastprivate, reduction, linear and device-pointer
/// clauses: on a combined construct the target leaf maps them, and a
/// firstprivate clause applies to an inner leaf.
llvm::SmallPtrSet<const VarDecl *, 8>
mappedVars(const OMPExecutableDirective &D) {
  llvm::SmallPtrSet<const VarDecl *, 8> Mapped;
  auto Note = [&](auto Items) {
    for (const Expr *E : Items)
      if (const VarDecl *VD = namedVarOf(E))
        Mapped.insert(VD->getCanonicalDecl());
  };
  for (const OMPClause *C : D.clauses()) {
    if (const auto *M = dyn_cast_or_null<OMPMapClause>(C))
      Note(M->varlists());
    else if (const auto *L = dyn_cast_or_null<OMPLastprivateClause>(C))
      Note(L->varlists());
    else if (const auto *R = dyn_cast_or_null<OMPReductionClause>(C))
      Note(R->varlists());
    else if (const auto *Li = dyn_cast_or_null<OMPLinearClause>(C))
      Note(Li->varlists());
    else if (const auto *P = dyn_cast_or_null<OMPIsDevicePtrClause>(C))
      Note(P->varlists());
    else if (const auto *A = dyn_cast_or_null<OMPHasDeviceAddrClause>(C))
      Note(A->varlists());
    else if (const auto *I = dyn_cast_or_null<OMPInReductionClause>(C))
      Note(I->varlists());
  }
  return Mapped;
}

/// Whether Clang's implicit data-sharing makes a captured variable of type
/// T firstprivate in a target region without defaultmap: scalars and
/// pointers, and lambdas.
bool implicitlyFirstprivate(QualType T) {
  T = T.getNonReferenceType();
  if (const auto *RD = T->getAsCXXRecordDecl())
    return RD->isLambda();
  return T->isScalarType();
}

/// What o2c::scalarRange keeps: std::is_scalar's types.
bool stdScalar(QualType T) {
  T = T.getNonReferenceType().getCanonicalType();
  return T->isIntegralOrEnumerationType() || T->isRealFloatingType() ||
         T->isAnyPointerType() || T->isMemberPointerType() ||
         T->isNullPtrType();
}

/// One directive's firstprivate variables by host name, and the names of
/// every variable its clauses or captures refer to.
struct DirectiveVars {
  std::map<std::string, const VarDecl *> Fp;
  std::vector<std::string> Order; // Fp's names in clause order
  std::map<std::string, const VarDecl *> Referenced;
  std::string Unnamed; // a firstprivate variable with no host name
};

DirectiveVars directiveVars(const OMPExecutableDirective &D, ASTContext &Ctx) {
  DirectiveVars Out;
  llvm::SmallPtrSet<const VarDecl *, 8> Mapped = mappedVars(D);
  auto Add = [&](const VarDecl *VD) {
    if (isa<OMPCapturedExprDecl>(VD) || VD->getStorageClass() == SC_Register ||
        Mapped.count(VD->getCanonicalDecl()))
      return; // Clang's captured member expressions; no address
    std::string N = hostName(VD, Ctx);
    if (N.empty() && Out.Unnamed.empty())
      Out.Unnamed = VD->getNameAsString();
    else if (!N.empty() && Out.Fp.emplace(N, VD).second)
      Out.Order.push_back(N);
  };
  for (const auto *F : D.getClausesOfKind<OMPFirstprivateClause>())
    for (const Expr *E : F->varlists())
      if (const VarDecl *VD = namedVarOf(E))
        Add(VD);
  const CapturedStmt *CS =
      D.hasAssociatedStmt() ? D.getInnermostCapturedStmt() : nullptr;
  if (CS && !D.getSingleClause<OMPDefaultmapClause>()) {
    // Local references bound to objects of static storage (`int &r =
    // gi;`): Clang captures them not and makes no implicit clause for them,
    // where OpenMP makes them firstprivate as any other reference it names
    // (review rv40 f16: host 9 8 7, emu 1 1 1), but only those the region
    // may copy (staticReferences: rv41 f3, f5).
    for (const VarDecl *VD :
         staticReferences(CS->getCapturedStmt()).Copied) {
      Out.Referenced.emplace(hostName(VD, Ctx), VD);
      if (implicitlyFirstprivate(VD->getType()))
        Add(VD);
    }
  }
  for (const OMPClause *C : D.clauses())
    for (const Stmt *S : const_cast<OMPClause *>(C)->children())
      if (const auto *E = dyn_cast_or_null<Expr>(S))
        if (const VarDecl *VD = namedVarOf(E))
          Out.Referenced.emplace(hostName(VD, Ctx), VD);
  if (CS)
    for (const CapturedStmt::Capture &Cap : CS->captures())
      if (Cap.capturesVariable())
        Out.Referenced.emplace(hostName(Cap.getCapturedVar(), Ctx),
                               Cap.getCapturedVar());
  return Out;
}

std::string rangeText(const std::string &N, bool IfScalar) {
  // The cast drops volatile (`static int (*volatile fp)()`); the builtin
  // ignores an overloaded operator&.
  if (IfScalar)
    return fmt::format("o2c::scalarRange(__builtin_addressof({}))", N);
  return fmt::format("o2c::HostFallback::HostRange{{(const void "
                     "*)__builtin_addressof({}), sizeof({})}}",
                     N, N);
}

} // namespace

FallbackPrivates fallbackPrivates(const OMPExecutableDirective &D,
                                  ASTContext &Ctx) {
  FallbackPrivates Out;
  auto Join = [&](const std::string &T) {
    Out.Ranges += (Out.Ranges.empty() ? "" : ", ") + T;
  };
  const CapturedStmt *CS =
      D.hasAssociatedStmt() ? D.getInnermostCapturedStmt() : nullptr;
  std::vector<const OMPExecutableDirective *> Dirs{&D};
  if (CS && CS->getCapturedDecl()->isDependentContext()) {
    Instances I(D);
    I.TraverseDecl(Ctx.getTranslationUnitDecl());
    if (!I.Found.empty()) // else it never runs: the pattern's names serve
      Dirs = I.Found;
  }
  std::vector<DirectiveVars> Vars;
  std::vector<std::string> All; // in clause order
  for (const OMPExecutableDirective *X : Dirs) {
    Vars.push_back(directiveVars(*X, Ctx));
    if (!Vars.back().Unnamed.empty()) {
      Out.Unguardable = "its firstprivate variable '" + Vars.back().Unnamed +
                        "' has no name the host fallback could use";
      return Out;
    }
    for (const std::string &N : Vars.back().Order)
      if (!llvm::is_contained(All, N))
        All.push_back(N);
  }
  // In a template Clang decides per instantiation. A variable firstprivate
  // in some and mapped in others, by its type (rv40 f04: T t, an int or a
  // struct), is kept where std::is_scalar holds, when that is exactly
  // Clang's choice in each; one some instantiations do not name at all
  // (rv40 f13: a discarded `if constexpr` branch) has no such test.
  for (const std::string &N : All) {
    bool Every = true, ByType = true, Pointer = false;
    for (const DirectiveVars &V : Vars) {
      auto It = V.Fp.find(N);
      Every = Every && It != V.Fp.end();
      if (It != V.Fp.end()) {
        QualType T = It->second->getType().getNonReferenceType();
        ByType = ByType && stdScalar(T);
        Pointer = Pointer || T->isPointerType();
        continue;
      }
      auto Ref = V.Referenced.find(N);
      ByType = ByType && Ref != V.Referenced.end() &&
               !stdScalar(Ref->second->getType());
    }
    // What a firstprivate pointer reaches (HostFallback's Reached).
    if (Pointer)
      Out.Pointees +=
          (Out.Pointees.empty() ? "" : ", ") +
          fmt::format("o2c::pointeeRange(__builtin_addressof({}))", N);
    if (Every) {
      Join(rangeText(N, false));
      continue;
    }
    if (!ByType) {
      Out.Unguardable = "the instantiations of its template make '" + N +
                        "' firstprivate in some and not in others";
      return Out;
    }
    Join(rangeText(N, true));
  }
  return Out;
}

} // namespace omp2cuda
