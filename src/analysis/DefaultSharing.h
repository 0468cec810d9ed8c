// Data sharing no clause writes (DefaultSharing.cpp): default(private) and
// default(firstprivate), and the variables of nested loops.
#ifndef OMP2CUDA_ANALYSIS_DEFAULTSHARING_H
#define OMP2CUDA_ANALYSIS_DEFAULTSHARING_H

#include "analysis/Analysis.h"
#include "analysis/DirectiveTree.h"

#include "clang/AST/OpenMPClause.h"
#include "clang/AST/StmtOpenMP.h"

#include <set>
#include <vector>

namespace omp2cuda {

/// D's default(private) or default(firstprivate) clause, else null: then
/// readClauses takes the implicit private and firstprivate clauses clang
/// derives from it as if written.
const clang::OMPDefaultClause *
privatizingDefault(const clang::OMPExecutableDirective &D);
/// A negative verdict, at the default clause, when D's default(private) or
/// default(firstprivate) makes private what is not a variable (a member of
/// `this`), which the readers of private items do not follow.
Verdict defaultPrivateVariables(const clang::OMPExecutableDirective &D);
/// A negative verdict, at the default clause, when default(private) or
/// default(firstprivate) on a construct of a target region's nest (Chain:
/// the target directive first) makes private anything but a local
/// arithmetic scalar that no map clause names.
Verdict defaultPrivatesInNest(
    const std::vector<const clang::OMPExecutableDirective *> &Chain);
/// A negative verdict, at the loop, when a variable of the nested loop
/// construct D, declared before its loop (Loop) and named in no clause of
/// D, would need what the kernel does not give it: the value after the
/// loop of a simd or loop construct's variable (linear or lastprivate,
/// OpenMP 5.2 §5.1.1) where storage that outlives the region holds it
/// (mapped, global, a reference) or the region names it again; or a
/// private copy, in its loop, of storage that outlives the region (whose
/// name the kernel's text spells otherwise than the loop's own).
Verdict nestedLoopVars(const clang::OMPExecutableDirective &D,
                       const clang::Stmt *Loop,
                       const std::set<const clang::VarDecl *> &LoopVars,
                       const TreeVars &Vars, const clang::SourceManager &SM);

} // namespace omp2cuda

#endif
