// The directive tree of a target region with nested constructs (ARCHITECTURE
// §3, issue 9): team-master code, parallel regions, worksharing loops,
// barriers. DirectiveTree.cpp builds it and records what each statement of
// team-master code does; SpmdClassify.cpp holds the rules that decide whether
// the region runs in the SPMD form, with the reason and the location of the
// construct that decided; SpmdText.cpp turns it into Region::Spmd (text).
#ifndef OMP2CUDA_ANALYSIS_DIRECTIVETREE_H
#define OMP2CUDA_ANALYSIS_DIRECTIVETREE_H

#include "analysis/Analysis.h"

#include <set>
#include <string>
#include <vector>

namespace omp2cuda {

/// What the rules see of one nested construct or statement.
enum class DirKind {
  Team,       // team-master code
  TeamLoop,   // distribute
  GridLoop,   // distribute parallel for
  Parallel,   // parallel, or the parallel of parallel for
  ThreadLoop, // for inside a parallel region
  Guard,      // team-master statement with side effects
  Barrier,
  Sections, // sections inside a parallel region
  Section,  // one of them: an OMPSectionDirective, or the first statement
};

/// Where a construct appears.
enum class DirContext { TeamCode, ParallelCode, LoopBody };

/// A construct rewritten in place (Transparent.h) and the code it stands in:
/// TeamCode is code one thread runs for its team (or that every thread runs
/// redundantly), ParallelCode code every thread of a parallel region runs,
/// LoopBody an iteration of a worksharing loop.
struct TransparentUse {
  const clang::OMPExecutableDirective *D = nullptr;
  DirContext Where = DirContext::TeamCode;
  /// A parallel region nested in parallel code, run by its encountering
  /// thread alone (docs/nested-parallel.md), or a worksharing construct or
  /// barrier that binds to such a team of one. Own: the parallel code whose
  /// locals are the encountering thread's own.
  bool Serial = false;
  const clang::Stmt *Own = nullptr;
};

struct DirNode {
  DirKind Kind = DirKind::Team;
  const clang::OMPExecutableDirective *D = nullptr; // constructs
  const clang::Stmt *S = nullptr; // Guard: its first and last statements
  const clang::Stmt *SEnd = nullptr;
  const clang::Stmt *Body = nullptr; // the statement the node's text is
  std::vector<unsigned> Children;    // node indices in source order
  unsigned Collapse = 1;             // loops
  bool NoWait = false;
  /// A ThreadLoop with the ordered clause: its iterations' ordered regions
  /// run in turn (o2c_dev::OrderedTurn).
  bool Ordered = false;
  /// A static schedule without a chunk: one contiguous block of iterations
  /// per team (a TeamLoop with dist_schedule(static), ClauseInfo::DistBlocks)
  /// or per thread (a ThreadLoop with schedule(static)).
  bool Blocks = false;
  /// A static schedule with a chunk: its text (SpmdNode::Chunk).
  std::string Chunk;
  bool InControlFlow = false; // inside a statement of team-master code
  std::vector<const clang::VarDecl *> Privates, FirstPrivates;
  std::vector<std::pair<const clang::VarDecl *, std::string>> Reductions;
  /// Guard: declarations of team locals in shared memory whose initial
  /// values thread 0 stores (`int x = f();` becomes `x = f();` under the
  /// guard, `__shared__ int x;` before it).
  std::vector<const clang::DeclStmt *> PromotedDecls;
  /// Reduction variables the team shares (mapped, or in shared memory):
  /// each thread reduces into a partial of its own, and the team's result is
  /// combined into the variable atomically.
  std::set<const clang::VarDecl *> SharedReductions;
  /// Those of them declared outside the region: the kernel takes them by
  /// address (mapped), and its text says `(*x)`.
  std::set<const clang::VarDecl *> MappedReductions;
  /// A parallel region of fewer threads than the block: num_threads and if
  /// as written ("" when absent); MasterOnly: parallel master, whose body
  /// the team's thread 0 runs.
  std::string NumThreads, IfCond;
  bool MasterOnly = false;
  bool restricted() const {
    return !NumThreads.empty() || !IfCond.empty() || MasterOnly;
  }
};

/// What one statement of team-master code does (the redundant-or-guard
/// decision, and where the team must synchronise).
struct StmtFacts {
  bool ReadsMemory = false;  ///< reads data other threads may write
  bool WritesMemory = false; ///< writes data, calls, atomics: side effects
  bool Declares = false;     ///< declares variables the team code uses later
  /// Writes a thread's own copy of a variable declared outside the statement.
  const clang::VarDecl *WritesTeamVar = nullptr;
  /// break/continue/return that leaves the statement.
  const clang::Stmt *Jumps = nullptr;
  /// A call whose answer differs per thread (omp_get_thread_num).
  const clang::CallExpr *ThreadApi = nullptr;
  /// A construct inside the statement's control flow.
  const clang::OMPExecutableDirective *Nested = nullptr;
  /// Takes the address of a region-local variable.
  const clang::Expr *AddressOfLocal = nullptr;
};

/// How the region's variables are shared, as far as the rules need it.
struct TreeVars {
  const clang::Stmt *Region = nullptr;       ///< declarations inside are local
  std::set<const clang::ValueDecl *> Mapped; ///< scalars in map clauses
  bool ScalarsMapped = false;                ///< defaultmap maps every scalar
  /// Team-master locals in shared memory (SpmdSharing.cpp).
  std::set<const clang::VarDecl *> Promoted;
};

struct DirectiveTree {
  std::vector<DirNode> Nodes; // Nodes[0] is the root
  /// Facts of each direct statement of team-master code.
  std::vector<std::pair<const clang::Stmt *, StmtFacts>> TeamStmts;
  /// Team-local arrays of constant size that only parallel code uses:
  /// declared __shared__, one per team as OpenMP has it.
  std::vector<const clang::DeclStmt *> SharedDecls;
  /// Constructs rewritten in place, outermost first.
  std::vector<TransparentUse> Transparent;
  Verdict V;                   // the rules' decision
  clang::SourceLocation Where; // the construct that decided a 'no'

  /// The control-loop form (ControlTree.cpp): team-master code on thread 0,
  /// its variables that a resumption would skip, or that the team shares,
  /// declared at the kernel's top (TeamShared: in shared memory), and the
  /// edits that turn their declarations into assignments.
  bool ControlLoop = false;
  std::vector<const clang::VarDecl *> Hoisted;
  std::set<const clang::VarDecl *> TeamShared;
  std::vector<TextEdit> HoistEdits;
  /// The region's firstprivate scalars the team shares (a parallel region
  /// reads what the team master wrote, or writes them itself).
  std::vector<const clang::VarDecl *> TeamCopies;
  /// Every parallel construct of the region asks for the same constant
  /// num_threads(n) (and the region sets no thread limit): the block is n
  /// threads, and each of those constructs is the whole block (0: none).
  unsigned BlockThreads = 0;
};

/// Builds the tree of a region whose root is RootKind (Team, Parallel or
/// TeamLoop) over Body; for a TeamLoop root, Loop is the distribute loop
/// statement whose body Body is. Applies the rules as it goes.
/// Control: the control-loop form (thread 0 alone runs team-master code).
/// BlockThreads: DirectiveTree::BlockThreads (blockThreads).
/// The region's own distribute loop (the root TeamLoop of `target teams
/// distribute` with nested constructs) takes dist_schedule from CI.
void rootDistBlocks(DirectiveTree &T, const ClauseInfo &CI);

DirectiveTree buildDirectiveTree(DirKind RootKind, const clang::Stmt *Body,
                                 const TreeVars &Vars, clang::ASTContext &Ctx,
                                 bool Teams, bool Control = false,
                                 unsigned BlockThreads = 0);

/// The num_threads(n) that every parallel construct of Body asks for (a
/// constant of 1 to 1024, the same for all, with no if clause), where the
/// region (root RootKind, clauses CI) sets no thread limit of its own; else 0.
unsigned blockThreads(DirKind RootKind, const clang::Stmt *Body,
                      const ClauseInfo &CI, clang::ASTContext &Ctx);

/// The region's variables as the rules see them, after the checks of the
/// region's own clauses that both forms share.
Verdict regionVars(DirKind RootKind, const clang::Stmt *Region,
                   const ClauseInfo &CI, TreeVars &Vars);

/// The tree of a region in the control-loop form (ControlTree.cpp), for
/// team-master code the SPMD form cannot run on every thread.
DirectiveTree controlTree(DirKind RootKind, const clang::Stmt *Body,
                          const clang::Stmt *Region, const ClauseInfo &CI,
                          clang::ASTContext &Ctx, bool Teams);

/// controlTree for a region the SPMD form refused (Spmd): when it takes the
/// region, R gets a remark that says why the SPMD form did not.
DirectiveTree controlLoopInstead(const DirectiveTree &Spmd, DirKind RootKind,
                                 const clang::Stmt *Body,
                                 const clang::Stmt *RegionStmt,
                                 const ClauseInfo &CI, clang::ASTContext &Ctx,
                                 bool Teams, omp2cuda::Region &R);

/// The tree of a region (statement Region, clauses CI of its combined
/// construct), with the checks of the region's own clauses first.
DirectiveTree spmdTree(DirKind RootKind, const clang::Stmt *Body,
                       const clang::Stmt *Region, const ClauseInfo &CI,
                       clang::ASTContext &Ctx, bool Teams);

// ---- SpmdFacts.cpp ---------------------------------------------------------
/// Where S ends: a construct's own range ends with its pragma line, its
/// statement's later (also for a loop or branch that ends with a construct).
clang::SourceLocation stmtEndLoc(const clang::Stmt *S);

/// Whether VD is declared inside the region (Vars.Region), not a global.
bool regionLocal(const clang::VarDecl *VD, const TreeVars &Vars,
                 const clang::SourceManager &SM);

/// Whether VD is a thread's own copy in the SPMD form (a region local, a
/// firstprivate scalar or pointer), not memory the threads share.
bool ownCopy(const clang::VarDecl *VD, const TreeVars &Vars,
             const clang::SourceManager &SM);

/// The first use in parallel code S (inside construct Construct) that needs
/// a team variable shared: written, address taken, a team-local array.
/// Exempt: the construct's own private and reduction items; Shared: the
/// arrays that go to shared memory (those used go to SharedUsed).
struct SharingProblem {
  const clang::Expr *Where = nullptr;
  std::string Why;
};
SharingProblem checkSharing(const clang::Stmt *S, const clang::Stmt *Construct,
                            const std::set<const clang::VarDecl *> &Exempt,
                            const std::set<const clang::VarDecl *> &Shared,
                            std::set<const clang::VarDecl *> &SharedUsed,
                            const TreeVars &Vars, clang::ASTContext &Ctx);

/// The OpenMP routines whose answer differs per thread (omp_get_thread_num).
bool isThreadLevelApi(llvm::StringRef Name);
/// Those of them whose answer in team-master code is a constant (the team
/// master is thread 0 of a team of one, at level 0), which MasterApi.cpp
/// spells out in the kernel.
bool isMasterAnswered(llvm::StringRef Name);
/// The thread-level routine that a call of FD asks, itself or through the
/// functions it calls (with definitions in the unit), or "".
std::string threadApiReachedBy(const clang::FunctionDecl *FD);

/// Facts of one statement of team-master code.
StmtFacts teamStmtFacts(const clang::Stmt *S, const TreeVars &Vars,
                        clang::ASTContext &Ctx);

/// The statements of a body: a compound's, or the statement itself.
std::vector<const clang::Stmt *> statementsOf(const clang::Stmt *Body);

// ---- TeamCopies.cpp --------------------------------------------------------
/// The variables S refers to, nested constructs included.
void referencedVars(const clang::Stmt *S,
                    std::set<const clang::VarDecl *> &Out);

/// The region's firstprivate scalars among Used that the team must share:
/// written inside parallel code (BodyIsParallel: Body is), or, in the
/// control loop (Control), written anywhere. A 'no' in V for one that is
/// not a scalar.
std::vector<const clang::VarDecl *>
teamCopies(const clang::Stmt *Body,
           const std::set<const clang::VarDecl *> &Used, bool Control,
           bool BodyIsParallel, const TreeVars &Vars, clang::ASTContext &Ctx,
           Verdict &V, clang::SourceLocation &Where);

// ---- SpmdSharing.cpp -------------------------------------------------------
/// Whether `#pragma omp allocate` puts VD in the team's memory
/// (omp_pteam_mem_alloc or omp_cgroup_mem_alloc): its slot is the team's.
bool teamAllocated(const clang::VarDecl *VD);
/// The team-master locals declared by the statements of Body that go to
/// shared memory: those parallel code writes or takes the address of, those
/// team-master code with side effects writes (thread 0 alone runs it), and
/// those allocated in the team's memory (teamAllocated).
std::set<const clang::VarDecl *> promotedTeamVars(const clang::Stmt *Body,
                                                  const TreeVars &Vars,
                                                  clang::ASTContext &Ctx);

// ---- SpmdClassify.cpp -----------------------------------------------------
/// The node a nested construct becomes where it appears, or why it cannot.
/// Teams: the region is a teams region (distribute binds to it).
Verdict constructRule(clang::OpenMPDirectiveKind K, DirContext Where,
                      bool Teams, DirKind &As);
/// Whether a statement of team-master code runs redundantly (As = Team),
/// under thread 0 (As = Guard), or not at all in this form.
Verdict teamStmtRule(const StmtFacts &F, DirKind &As,
                     clang::SourceLocation &Where);
/// parallel constructs in team-master code whose team may be smaller than
/// the block (num_threads, if; parallel master: one thread runs the body).
bool isRestrictable(clang::OpenMPDirectiveKind K);
bool isParallelMaster(clang::OpenMPDirectiveKind K);
/// Checks a nested construct's clauses (read into NCI) for the SPMD form.
Verdict nestedClauseRule(const clang::OMPExecutableDirective &D,
                         const ClauseInfo &NCI);

// ---- MasterApi.cpp ---------------------------------------------------------
/// Respells in Edits the calls of T's team-master code in Body to the
/// routines isMasterAnswered names: o2c_dev::master::NAME, the team
/// master's answer; in a parallel region of fewer threads than the block,
/// the team's (o2c_team.NAME). A 'no' (located in At) for one it cannot
/// respell, or a function there that asks.
Verdict masterApiEdits(const DirectiveTree &T, const clang::Stmt *Body,
                       clang::ASTContext &Ctx, std::vector<TextEdit> &Edits,
                       clang::SourceLocation &At);
/// The same for parallel code outside an SPMD tree (a parallel loop's body,
/// Uses: the constructs findTransparent found there): only the calls in its
/// serialised regions, which answer for their teams of one, change.
Verdict serialApiEdits(const std::vector<TransparentUse> &Uses,
                       const clang::Stmt *Body, clang::ASTContext &Ctx,
                       std::vector<TextEdit> &Edits, clang::SourceLocation &At);

// ---- SpmdText.cpp ---------------------------------------------------------
/// The region's SPMD tree with the user's text: Edits are the body's edits
/// (API respelling, mapped scalars, atomics, C fixes). RootLoops: the
/// distribute loop's levels for a TeamLoop root.
Verdict spmdText(const DirectiveTree &T,
                 const std::vector<LoopLevel> &RootLoops,
                 clang::ASTContext &Ctx, const std::vector<TextEdit> &Edits,
                 const std::string &FileName, DataSharing Mode,
                 SpmdTree &Out);

} // namespace omp2cuda

#endif
