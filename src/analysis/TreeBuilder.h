// The builder of a region's directive tree (DirectiveTree.h), private to the
// files that hold its steps:
// - DirectiveTree.cpp: the entry points, and team-local arrays in shared
//   memory;
// - TreeClauses.cpp: a nested construct's clauses, and the teams smaller
//   than the block (num_threads, if, master) and what they may synchronise;
// - TreeParallel.cpp: parallel code, its worksharing loops and sections;
// - TreeTeamCode.cpp: team-master code and the constructs that split it.
#ifndef OMP2CUDA_ANALYSIS_TREEBUILDER_H
#define OMP2CUDA_ANALYSIS_TREEBUILDER_H

#include "analysis/DirectiveTree.h"

#include "clang/AST/StmtOpenMP.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace omp2cuda {

/// The statement a loop construct (or parallel region) is associated with.
inline const clang::Stmt *loopStmt(const clang::OMPExecutableDirective &D) {
  return D.getInnermostCapturedStmt()->getCapturedStmt();
}

/// Builds T node by node, checking each construct by the rules of
/// SpmdClassify.cpp as it is met; the first refusal stays in T.V and T.Where.
struct TreeBuilder {
  DirectiveTree &T;
  const TreeVars &Vars;
  clang::ASTContext &Ctx;
  bool Teams;
  /// The control-loop form (ControlTree.cpp): thread 0 alone runs the
  /// team-master code, so its statements need no rule of the SPMD form.
  bool Control;
  /// Team-local arrays of constant size without initialiser (candidates for
  /// shared memory), their declarations, and those parallel code uses.
  std::set<const clang::VarDecl *> Shared;
  std::map<const clang::VarDecl *, const clang::DeclStmt *> SharedDecl;
  std::set<const clang::VarDecl *> SharedUsed;
  /// DirectiveTree::BlockThreads: num_threads then asks for the block.
  unsigned BlockThreads = 0;

  // ---- DirectiveTree.cpp ----------------------------------------------------
  void sharedCandidate(const clang::Stmt *S);
  /// A reference to VD in S outside nested constructs other than atomics.
  static const clang::Expr *refTo(const clang::Stmt *S,
                                  const clang::VarDecl *VD);
  /// Shared arrays must be the team's alone: team-master code run by every
  /// thread must not touch them.
  bool sharedArrays();
  /// Records the first refusal (at Where); always false.
  bool no(const Verdict &V, clang::SourceLocation Where);
  unsigned add(DirNode N);

  // ---- TreeClauses.cpp ------------------------------------------------------
  /// Reads a nested construct's clauses into its node N.
  bool clauses(const clang::OMPExecutableDirective &D, DirNode &N);
  /// A static schedule's chunk on a nested loop (DirNode::Chunk), which
  /// every thread of the kernel must be able to evaluate.
  bool chunk(const clang::OMPExecutableDirective &D, const ClauseInfo &NCI,
             DirNode &N);
  /// num_threads and if of a parallel construct that may be smaller than the
  /// block: as written, when every thread can evaluate them.
  bool restrictedTeam(const clang::OMPExecutableDirective &D, DirNode &N,
                      const ClauseInfo &NCI);
  /// The private, firstprivate and reduction items of N: copies the kernel
  /// can declare from a thread's own copy, reductions over numbers.
  bool clauseCopies(const clang::OMPExecutableDirective &D, DirNode &N);
  /// A variable of E whose value the threads that evaluate a nested
  /// parallel construct's clauses (every thread of the block, where it
  /// stands) may not agree on or cannot name: in the control loop, the team
  /// master's locals; mapped scalars, whose kernel text differs.
  const clang::DeclRefExpr *nonUniform(const clang::Stmt *E) const;
  /// A call in a nested chunk, which the kernel evaluates: nothing makes
  /// its callee a device function (device functions come from the body).
  const clang::Expr *notInKernel(const clang::Expr *E) const;
  static std::string constructName(const clang::OMPExecutableDirective &D);
  /// A restricted team whose size, when smaller than the block, is whole
  /// warps: num_threads(N) with N a constant multiple of 32, no if.
  bool warpTeam(const DirNode &N) const;
  /// A parallel region of fewer threads than the block runs on some of its
  /// threads only, which a barrier of all of them cannot wait for: its body
  /// must not synchronise (worksharing loops, barrier, single, reductions),
  /// unless it is whole warps, which a named barrier waits for (warpTeam):
  /// then its barriers and plain worksharing loops are translated.
  bool unsynchronised(unsigned I, size_t FirstUse);

  // ---- TreeParallel.cpp -----------------------------------------------------
  /// Checks what parallel code S, inside construct Construct (of node N
  /// and its parallel region Outer), does to the team's variables.
  bool sharing(const clang::Stmt *S, const clang::Stmt *Construct,
               const DirNode &N, const DirNode *Outer);
  /// A sections construct's node, with a node for each section (the
  /// first one's pragma may be left out), which the threads share.
  bool sections(const clang::OMPExecutableDirective &D, unsigned &Out,
                const DirNode *Outer);
  /// A loop construct's node: its canonical nest and body.
  bool loop(const clang::OMPExecutableDirective &D, DirKind Kind, unsigned &Out,
            const DirNode *Outer = nullptr);
  /// Code that every thread of a parallel region runs: only atomics may
  /// be nested, and `for` and `barrier` where Worksharing.
  bool parallelCode(const clang::Stmt *Body, unsigned Parent, bool Worksharing);
  /// The outermost constructs inside S, in source order, other than atomics
  /// and those rewritten in place, which S (in context Where) keeps.
  bool nested(const clang::Stmt *S, DirContext Where,
              std::vector<const clang::OMPExecutableDirective *> &Out);
  /// A parallel construct of team-master code: its node in Child.
  bool parallelConstruct(const clang::OMPExecutableDirective &D,
                         unsigned &Child);

  // ---- TreeTeamCode.cpp -----------------------------------------------------
  /// Team-master code of the control-loop form: thread 0 runs it as it is
  /// written; each construct in it, at any depth of its control flow, is a
  /// state of the control loop (or, for distribute, team code again).
  bool masterCode(const clang::Stmt *Body, unsigned Parent, bool InTeamLoop);
  /// Team-master code: redundant statements, guarded statements, and the
  /// constructs that split it.
  bool teamCode(const clang::Stmt *Body, unsigned Parent, bool InTeamLoop);
  bool teamConstruct(const clang::OMPExecutableDirective &D, unsigned Parent,
                     bool InTeamLoop, bool InControlFlow);
};

} // namespace omp2cuda

#endif
