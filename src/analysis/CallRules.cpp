// The fixed lists and small finders the device-call checker
// (CallChecker.h) consults: the OpenMP API device code has, the <math.h>
// builtins CUDA gets wrong, constructs CUDA device code lacks, and the
// globals a function body uses.
#include "analysis/CallChecker.h"
#include "analysis/FoldedConstants.h"
#include "frontend/FileScope.h"

#include <algorithm>

using namespace clang;

namespace omp2cuda {
namespace calls {

const llvm::StringSet<> &ompDeviceApi() {
  static const llvm::StringSet<> S = {
      "omp_is_initial_device", "omp_get_team_num",   "omp_get_num_teams",
      "omp_get_thread_num",    "omp_get_num_threads", "omp_get_thread_limit",
      "omp_get_max_threads",   "omp_in_parallel",    "omp_get_level",
      "omp_get_active_level",  "omp_get_num_procs",  "omp_in_final",
      "omp_get_dynamic",       "omp_get_nested",     "omp_get_max_active_levels",
      "omp_get_device_num",    "omp_alloc",          "omp_aligned_alloc",
      "omp_calloc",            "omp_aligned_calloc", "omp_free",
      "omp_get_max_teams",     "omp_get_teams_thread_limit",
      "omp_init_allocator",    "omp_destroy_allocator"};
  return S;
}

/// What <math.h>'s classification macros and their std:: functions become,
/// where CUDA's device code cannot be trusted with them: fpclassify and
/// isnormal answered 0 for every value on an H100; the comparisons were
/// not checked on a GPU. Null for the others.
const char *unsafeClassification(llvm::StringRef Name) {
  if (Name == "__builtin_fpclassify" || Name == "__builtin_isnormal")
    return "it calls fpclassify or isnormal, which CUDA's device code gets "
           "wrong (0 for every value on an H100)";
  if (Name == "__builtin_isgreater" || Name == "__builtin_isgreaterequal" ||
      Name == "__builtin_isless" || Name == "__builtin_islessequal" ||
      Name == "__builtin_islessgreater" || Name == "__builtin_isunordered")
    return "it calls a floating-point comparison macro (isgreater, isless, "
           "...), which CUDA's device code was not checked with on a GPU";
  return nullptr;
}

bool rewritable(const TUState &TU, SourceLocation L) {
  const SourceManager &SM = TU.Ctx.getSourceManager();
  return TU.Rewritable ? TU.Rewritable(L) : inMainFile(SM, L);
}

const char *hostOnlyConstruct(const Stmt *S) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const char *What = nullptr;
    bool VisitCXXThrowExpr(CXXThrowExpr *) { return !(What = "throws"); }
    bool VisitCXXTryStmt(CXXTryStmt *) { return !(What = "catches exceptions"); }
    bool VisitCXXTypeidExpr(CXXTypeidExpr *) { return !(What = "uses typeid"); }
    bool VisitCXXDynamicCastExpr(CXXDynamicCastExpr *) {
      return !(What = "uses dynamic_cast");
    }
    bool VisitAsmStmt(AsmStmt *) { return !(What = "uses inline assembly"); }
  } F;
  F.TraverseStmt(const_cast<Stmt *>(S));
  return F.What;
}

std::vector<const VarDecl *> globalsUsed(const Stmt *S,
                                         std::set<const VarDecl *> *Unspelled) {
  struct Finder : RecursiveASTVisitor<Finder> {
    std::vector<const VarDecl *> Found;
    /// Operands of lvalue-to-rvalue conversions, seen before them.
    std::set<const Expr *> Reads;
    bool VisitImplicitCastExpr(ImplicitCastExpr *C) {
      if (C->getCastKind() == CK_LValueToRValue)
        Reads.insert(C->getSubExpr()->IgnoreParens());
      return true;
    }
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      const auto *VD = dyn_cast<VarDecl>(E->getDecl());
      if (!VD || !VD->hasGlobalStorage() || VD->isStaticLocal())
        return true;
      // Compile-time constants are folded into device code.
      if (valueOnlyUse(VD, E, E->isNonOdrUse(), Reads.count(E)))
        return true;
      if (std::find(Found.begin(), Found.end(), VD) == Found.end())
        Found.push_back(VD);
      // Device code names the variable's device copy by an edit of this
      // reference (DeviceGlobals.cpp), which needs its text.
      const ASTContext &Ctx = VD->getASTContext();
      unsigned B, End;
      if (!fileOffsets(Ctx.getSourceManager(), Ctx.getLangOpts(),
                       E->getSourceRange(), B, End))
        Unspelled.insert(VD);
      return true;
    }
    /// A static data member named through an object (`k.off`): no edit
    /// of a DeclRefExpr replaces it.
    bool VisitMemberExpr(MemberExpr *E) {
      const auto *VD = dyn_cast<VarDecl>(E->getMemberDecl());
      if (!VD || !VD->hasGlobalStorage() ||
          valueOnlyUse(VD, E, E->isNonOdrUse(), Reads.count(E)))
        return true;
      if (std::find(Found.begin(), Found.end(), VD) == Found.end())
        Found.push_back(VD);
      Unspelled.insert(VD);
      return true;
    }
    std::set<const VarDecl *> Unspelled;
  } F;
  F.TraverseStmt(const_cast<Stmt *>(S));
  if (Unspelled)
    *Unspelled = F.Unspelled;
  return F.Found;
}

} // namespace calls
} // namespace omp2cuda
