// The control-loop form of a target region (seed 000 §3.2, seed 003,
// ARCHITECTURE §4; issue 9 point 2): for regions whose team-master code the
// SPMD form cannot run on every thread (side effects around a nested
// parallel region, per-thread answers, addresses of team locals). Thread 0
// runs the team-master code as written; each parallel construct in it, at
// any depth of its control flow, is a state of the control loop that every
// thread of the block runs; thread 0 resumes after it.
//
// Thread 0 resumes with a jump into the middle of its code, which C++ allows
// only where no declaration with an initialiser is skipped: the team-master
// variables declared before a parallel construct in a scope around it are
// hoisted to the kernel's top (their declarations become assignments), and
// so are those the parallel regions use or whose address is taken, which
// go to shared memory, one per team (Level 0 of seed 002).
#include "analysis/DirectiveTree.h"
#include "analysis/Transparent.h"
#include "edits/Edits.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Frontend/OpenMP/OMP.h"

#include <algorithm>
#include <map>
#include <optional>

using namespace clang;

namespace omp2cuda {

namespace {

bool isDistributeOnly(const OMPExecutableDirective &D) {
  OpenMPDirectiveKind K = D.getDirectiveKind();
  return K == llvm::omp::OMPD_distribute ||
         K == llvm::omp::OMPD_distribute_simd;
}

/// A construct of team-master code that becomes a state of the loop.
bool isState(const OMPExecutableDirective &D) {
  return !isa<OMPAtomicDirective>(D) && !isTransparent(D) &&
         !isDistributeOnly(D);
}

bool containsState(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
    if (isState(*D))
      return true;
    return !isa<OMPAtomicDirective>(D) && containsState(associatedBody(*D));
  }
  for (const Stmt *C : S->children())
    if (containsState(C))
      return true;
  return false;
}

/// Walks team-master code: its locals, the states, and the locals a jump to
/// a state would skip.
struct MasterWalk {
  ASTContext &Ctx;
  std::vector<std::vector<const VarDecl *>> Scopes;
  std::vector<const VarDecl *> Locals; // in source order
  std::map<const VarDecl *, const DeclStmt *> DeclOf;
  std::set<const VarDecl *> Skipped, AddressTaken;
  std::vector<const OMPExecutableDirective *> States;
  std::vector<const DeclStmt *> Allocates; // `#pragma omp allocate` lines
  Verdict V;
  SourceLocation Where;

  void no(const std::string &Why, SourceLocation At) {
    if (V.Ok) {
      V = Verdict::no(DiagId::HostGeneral, Why);
      Where = At;
    }
  }

  void state(const OMPExecutableDirective &D) {
    States.push_back(&D);
    for (const auto &Scope : Scopes)
      Skipped.insert(Scope.begin(), Scope.end());
  }

  /// A statement with a declaration of its own in its header (C++17
  /// if-init, a condition variable, range-for) around a state.
  bool headerDecl(const Stmt *S) {
    if (const auto *I = dyn_cast<IfStmt>(S))
      return I->getInit() || I->getConditionVariable();
    if (const auto *W = dyn_cast<WhileStmt>(S))
      return W->getConditionVariable();
    if (const auto *Sw = dyn_cast<SwitchStmt>(S))
      return Sw->getInit() || Sw->getConditionVariable();
    if (const auto *F = dyn_cast<ForStmt>(S))
      return F->getConditionVariable();
    return isa<CXXForRangeStmt>(S);
  }

  void walk(const Stmt *S) {
    if (!S || !V.Ok)
      return;
    if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
      if (isa<OMPAtomicDirective>(D))
        return;
      if (isState(*D)) {
        state(*D);
        return;
      }
      if (isDistributeOnly(*D)) {
        // Its loop is team-master code: the emitter prints its header.
        Scopes.emplace_back();
        walk(D->getInnermostCapturedStmt()->getCapturedStmt());
        Scopes.pop_back();
        return;
      }
      walk(associatedBody(*D));
      return;
    }
    if (headerDecl(S) && containsState(S))
      return no("a statement that declares a variable in its header holds a "
                "parallel construct; the control loop cannot resume inside it "
                "yet",
                S->getBeginLoc());
    if (const auto *CE = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *FD = CE->getDirectCallee();
          FD && !isMasterAnswered(FD->getName())) {
        // The team master's answers are spelled out (MasterApi.cpp); a
        // function compiled for the device answers for the block.
        std::string Api = threadApiReachedBy(FD);
        if (!Api.empty() && Api == FD->getName())
          return no("team-master code calls '" + Api +
                        "', whose answer there the control loop does not "
                        "give yet",
                    CE->getBeginLoc());
        if (!Api.empty())
          return no("team-master code calls '" + FD->getNameAsString() +
                        "', which calls '" + Api +
                        "': a function cannot be given the team master's "
                        "answer yet",
                    CE->getBeginLoc());
      }
    if (const auto *UO = dyn_cast<UnaryOperator>(S);
        UO && UO->getOpcode() == UO_AddrOf)
      if (const auto *DR =
              dyn_cast<DeclRefExpr>(UO->getSubExpr()->IgnoreParenImpCasts()))
        if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl()))
          AddressTaken.insert(VD);
    bool Scope = isa<CompoundStmt, ForStmt>(S);
    if (Scope)
      Scopes.emplace_back();
    if (const auto *DS = dyn_cast<DeclStmt>(S);
        DS && DS->isSingleDecl() && isa<OMPAllocateDecl>(DS->getSingleDecl()))
      Allocates.push_back(DS);
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D);
            VD && !VD->hasGlobalStorage() && !Scopes.empty()) {
          Scopes.back().push_back(VD);
          Locals.push_back(VD);
          DeclOf[VD] = DS;
        }
    for (const Stmt *C : S->children())
      walk(C);
    if (Scope)
      Scopes.pop_back();
  }
};

bool inside(const SourceManager &SM, SourceLocation L, const Stmt *S) {
  return SM.isPointWithin(SM.getExpansionLoc(L),
                          SM.getExpansionLoc(S->getBeginLoc()),
                          SM.getExpansionLoc(stmtEndLoc(S)));
}

/// Why VD cannot live at the kernel's top, or "".
std::string unhoistable(const VarDecl *VD, const DeclStmt *DS,
                        const Stmt *Region, const SourceManager &SM) {
  QualType T = VD->getType();
  std::string N = "'" + VD->getNameAsString() + "'";
  if (VD->getLocation().isMacroID())
    return N + " is declared by a macro";
  if (T->isReferenceType())
    return N + " is a reference";
  if (T->isVariablyModifiedType() || T->isDependentType())
    return N + " has a variable or dependent size";
  if (const auto *Tag = T->getBaseElementTypeUnsafe()->getAsTagDecl()) {
    if (inside(SM, Tag->getLocation(), Region))
      return N + " has a type declared in the region";
    if (const auto *RD = dyn_cast<CXXRecordDecl>(Tag);
        RD && RD->hasDefinition() &&
        (!RD->hasTrivialDefaultConstructor() || !RD->hasTrivialDestructor()))
      return N + " has a constructor or destructor";
  }
  // `T a[n] = {...}` and `S s = {...}` are copied from a temporary
  // (hoistEdits), which needs the declaration to itself.
  if (VD->hasInit() &&
      (T->isArrayType() || isa<InitListExpr>(VD->getInit()->IgnoreImplicit())) &&
      (VD->getInitStyle() != VarDecl::CInit || !DS || !DS->isSingleDecl()))
    return N + " is initialised by braces other than as the only variable "
               "of its declaration, by '= {...}'";
  if (VD->hasInit() && VD->getInitStyle() != VarDecl::CInit)
    return N + " is initialised other than by '= value'";
  return "";
}

} // namespace

/// Declarations become assignments: `int i = 0, j;` reads `i = 0;`.
static bool hoistEdits(const DeclStmt &DS, ASTContext &Ctx,
                       std::vector<TextEdit> &Out) {
  const SourceManager &SM = Ctx.getSourceManager();
  unsigned Prev = 0;
  bool Kept = false, First = true;
  for (const Decl *D : DS.decls()) {
    const auto *VD = cast<VarDecl>(D);
    unsigned B, E;
    if (!fileOffsets(SM, Ctx.getLangOpts(), VD->getSourceRange(), B, E))
      return false;
    if (First) {
      unsigned DB, DE;
      if (!fileOffsets(SM, Ctx.getLangOpts(), DS.getSourceRange(), DB, DE))
        return false;
      Prev = DB;
    }
    unsigned Name = SM.getFileOffset(SM.getExpansionLoc(VD->getLocation()));
    const Expr *Init = VD->getInit();
    if (Init && (VD->getType()->isArrayType() ||
                 isa<InitListExpr>(Init->IgnoreImplicit()))) {
      // Not assignable, or braces an assignment does not take: the
      // initialiser makes a temporary of the variable's type, copied in.
      unsigned IB, IE;
      if (!DS.isSingleDecl() ||
          !fileOffsets(SM, Ctx.getLangOpts(), Init->getSourceRange(), IB, IE))
        return false;
      std::string N = VD->getNameAsString();
      Out.push_back({Prev, IB - Prev,
                     "{ decltype(" + N + ") o2c_init_" + N + " = "});
      Out.push_back({IE, 0,
                     "; memcpy((void *)&" + N + ", (const void *)&o2c_init_" +
                         N + ", sizeof(" + N + ")); }"});
      return true;
    }
    if (VD->hasInit()) {
      Out.push_back({Prev, Name - Prev, Kept ? ", " : ""});
      Kept = true;
    } else {
      Out.push_back({Prev, E - Prev, ""});
    }
    Prev = E;
    First = false;
  }
  return true;
}

/// What a hoisted variable's `allocate` directive asks that a local at the
/// kernel's top (or a team slot) does not give: an alignment beyond its
/// type's, or an allocator of the program's, whose traits may align it.
static Verdict allocateKept(const OMPAllocateDecl &AD,
                            const std::vector<const VarDecl *> &Vars,
                            ASTContext &Ctx) {
  for (const OMPClause *C : AD.clauselists()) {
    if (const auto *A = dyn_cast<OMPAlignClause>(C)) {
      std::optional<llvm::APSInt> N =
          A->getAlignment()->getIntegerConstantExpr(Ctx);
      for (const VarDecl *VD : Vars)
        if (!N ||
            N->getZExtValue() >
                uint64_t(
                    Ctx.getTypeAlignInChars(VD->getType()).getQuantity())) {
          Verdict V = Verdict::no(
              DiagId::HostClause,
              "the 'align' clause of an 'allocate' directive for '" +
                  VD->getNameAsString() +
                  "', which the control loop moves to the kernel's top, "
                  "where it would have its type's alignment only");
          V.Where = C->getBeginLoc();
          return V;
        }
    }
    if (isa<OMPAllocatorClause>(C))
      for (const VarDecl *VD : Vars)
        if (const auto *A = VD->getAttr<OMPAllocateDeclAttr>();
            A && A->getAllocatorType() ==
                     OMPAllocateDeclAttr::OMPUserDefinedMemAlloc) {
          Verdict V = Verdict::no(
              DiagId::HostClause,
              "the allocator of an 'allocate' directive for '" +
                  VD->getNameAsString() +
                  "' is not a predefined one (its traits may align or "
                  "place it), and the control loop moves the variable to "
                  "the kernel's top");
          V.Where = C->getBeginLoc();
          return V;
        }
  }
  return Verdict();
}

/// Where the directive that starts at From ends: its last token's end, by
/// clang's lexer (a `\` before the newline continues it, with spaces
/// between or a CRLF; a comment after it is not part of it). A `_Pragma`
/// ends at its `)`. None if it is neither.
static std::optional<unsigned>
directiveEnd(const SourceManager &SM, const LangOptions &LO, unsigned From) {
  FileID F = SM.getMainFileID();
  llvm::StringRef Buffer = SM.getBufferData(F);
  Lexer L(SM.getLocForStartOfFile(F), LO, Buffer.begin(), Buffer.begin() + From,
          Buffer.end());
  Token T;
  L.LexFromRawLexer(T);
  auto End = [&](const Token &K) {
    return SM.getFileOffset(K.getLocation()) + K.getLength();
  };
  if (T.is(tok::raw_identifier) && T.getRawIdentifier() == "_Pragma") {
    for (tok::TokenKind K : {tok::l_paren, tok::string_literal, tok::r_paren})
      if (L.LexFromRawLexer(T), !T.is(K))
        return std::nullopt;
    return End(T);
  }
  if (!T.is(tok::hash))
    return std::nullopt;
  unsigned Last = End(T);
  for (L.LexFromRawLexer(T); T.isNot(tok::eof) && !T.isAtStartOfLine();
       L.LexFromRawLexer(T))
    Last = End(T);
  return Last;
}

/// An `allocate` directive must be in its variables' scope, which hoisting
/// leaves: its tokens go (comments and lines stay). The variables keep
/// what it asked for: a team allocator's (teamAllocated) are promoted to
/// the team's memory, and the others are the thread's own locals at the
/// kernel's top; a directive asking for more keeps the region on the host.
static Verdict allocateEdits(const std::vector<const DeclStmt *> &Allocates,
                             const std::set<const VarDecl *> &Hoisted,
                             ASTContext &Ctx, std::vector<TextEdit> &Out) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const DeclStmt *DS : Allocates) {
    const auto *AD = cast<OMPAllocateDecl>(DS->getSingleDecl());
    unsigned N = 0;
    std::vector<const VarDecl *> Moved;
    for (const Expr *E : AD->varlists()) {
      ++N;
      if (const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
        if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl());
            VD && Hoisted.count(VD))
          Moved.push_back(VD);
    }
    if (Moved.empty())
      continue;
    SourceLocation B = DS->getBeginLoc();
    std::optional<unsigned> End;
    if (Moved.size() == N && !B.isMacroID() && SM.isWrittenInMainFile(B))
      End = directiveEnd(SM, Ctx.getLangOpts(), SM.getFileOffset(B));
    if (!End) {
      Verdict V = Verdict::no(
          DiagId::HostGeneral,
          "an 'allocate' directive names team-master variables the control "
          "loop moves to the kernel's top and others, or comes from a macro");
      V.Where = B;
      return V;
    }
    if (Verdict V = allocateKept(*AD, Moved, Ctx); !V.Ok)
      return V;
    unsigned From = SM.getFileOffset(B);
    Out.push_back({From, *End - From, ""});
  }
  return Verdict();
}

DirectiveTree controlTree(DirKind RootKind, const Stmt *Body,
                          const Stmt *Region, const ClauseInfo &CI,
                          ASTContext &Ctx, bool Teams) {
  const SourceManager &SM = Ctx.getSourceManager();
  auto No = [](const Verdict &V, SourceLocation At) {
    DirectiveTree T;
    T.V = V;
    T.Where = At;
    return T;
  };
  TreeVars Vars;
  if (Verdict V = regionVars(RootKind, Region, CI, Vars); !V.Ok)
    return No(V, {});
  if (RootKind == DirKind::Parallel && !CI.Reductions.empty())
    return No(Verdict::no(DiagId::HostClause,
                          "a reduction on a parallel region in the control "
                          "loop is not supported yet"),
              {});
  MasterWalk W{Ctx, {}, {}, {}, {}, {}, {}, {}, {}, {}};
  W.Scopes.emplace_back(); // the region's own statement
  // A distribute loop as the region: its variable is the team master's too
  // (the threads may read it), declared in its header.
  const auto *RootLoop = dyn_cast<ForStmt>(Region);
  if (RootKind == DirKind::TeamLoop && (!RootLoop || !RootLoop->getInit() ||
                                        !isa<DeclStmt>(RootLoop->getInit())))
    return No(Verdict::no(DiagId::HostGeneral,
                          "the distribute loop of a control-loop region must "
                          "declare its variable in its header"),
              Region->getBeginLoc());
  W.walk(RootKind == DirKind::TeamLoop ? Region : Body);
  if (!W.V.Ok)
    return No(W.V, W.Where);
  // Level 0: team-master variables the threads reach go to shared memory.
  std::set<const VarDecl *> Used;
  for (const OMPExecutableDirective *D : W.States)
    referencedVars(D, Used);
  std::set<const VarDecl *> Hoisted;
  for (const VarDecl *VD : W.Locals)
    if (Used.count(VD) || W.AddressTaken.count(VD) ||
        VD->getType()->isArrayType() || teamAllocated(VD)) {
      Vars.Promoted.insert(VD);
      Hoisted.insert(VD);
    } else if (W.Skipped.count(VD)) {
      Hoisted.insert(VD);
    }
  for (const auto &R : CI.Reductions)
    if (const auto *VD = dyn_cast<VarDecl>(R.first))
      Vars.Promoted.insert(VD);
  // The region's firstprivate scalars the team master or a parallel region
  // writes while a parallel region uses them are the team's.
  std::vector<const VarDecl *> TeamCopies;
  {
    Verdict V;
    SourceLocation At;
    TeamCopies =
        teamCopies(Body, Used, /*Control=*/true, false, Vars, Ctx, V, At);
    if (!V.Ok)
      return No(V, At);
  }
  Vars.Promoted.insert(TeamCopies.begin(), TeamCopies.end());
  DirectiveTree T =
      buildDirectiveTree(RootKind, Body, Vars, Ctx, Teams, /*Control=*/true,
                         blockThreads(RootKind, Body, CI, Ctx));
  if (!T.V.Ok)
    return T;
  rootDistBlocks(T, CI);
  for (const DirNode &N : T.Nodes)
    if (N.Kind == DirKind::TeamLoop && N.D &&
        (!N.Privates.empty() || !N.FirstPrivates.empty() ||
         !N.Reductions.empty()))
      return No(Verdict::no(DiagId::HostClause,
                            "a data-sharing clause on a distribute loop of a "
                            "control-loop region is not supported yet"),
                N.D->getBeginLoc());
  // Every variable of a declaration goes, or none.
  std::map<std::string, const VarDecl *> Names;
  for (const VarDecl *VD : W.Locals) {
    if (!Hoisted.count(VD))
      continue;
    if (std::string Why = unhoistable(VD, W.DeclOf[VD], Region, SM); !Why.empty())
      return No(Verdict::no(DiagId::HostGeneral,
                            "the control loop keeps team-master variables at "
                            "the kernel's top, and " +
                                Why),
                VD->getLocation());
    auto [It, New] = Names.insert({VD->getNameAsString(), VD});
    if (!New)
      return No(Verdict::no(DiagId::HostGeneral,
                            "two team-master variables named '" +
                                VD->getNameAsString() +
                                "' would both live at the kernel's top"),
                VD->getLocation());
    T.Hoisted.push_back(VD);
  }
  // A hoisted name must not hide a variable from outside the region.
  std::set<const VarDecl *> All;
  referencedVars(Region, All);
  for (const VarDecl *VD : All)
    if (Names.count(VD->getNameAsString()) && !Hoisted.count(VD) &&
        !inside(SM, VD->getLocation(), Region))
      return No(Verdict::no(DiagId::HostGeneral,
                            "a team-master variable would hide '" +
                                VD->getNameAsString() +
                                "' from outside the region at the kernel's "
                                "top"),
                Names[VD->getNameAsString()]->getLocation());
  for (const VarDecl *VD : T.Hoisted)
    if (Vars.Promoted.count(VD))
      T.TeamShared.insert(VD);
  // The declarations that hoisting rewrites.
  std::set<const DeclStmt *> Done;
  for (const VarDecl *VD : W.Locals) {
    if (!Hoisted.count(VD))
      continue;
    const DeclStmt *DS = W.DeclOf[VD];
    if (!DS || !Done.insert(DS).second)
      continue;
    for (const Decl *D : DS->decls())
      if (!Hoisted.count(cast<VarDecl>(D)))
        return No(Verdict::no(DiagId::HostGeneral,
                              "a declaration of team-master variables mixes "
                              "ones the control loop hoists with others"),
                  D->getLocation());
    if (!hoistEdits(*DS, Ctx, T.HoistEdits))
      return No(Verdict::no(DiagId::HostMacro,
                            "a team-master declaration comes from a macro"),
                DS->getBeginLoc());
  }
  if (Verdict V = allocateEdits(W.Allocates, Hoisted, Ctx, T.HoistEdits); !V.Ok)
    return No(V, V.Where);
  T.TeamCopies = TeamCopies;
  T.ControlLoop = true;
  return T;
}

} // namespace omp2cuda

namespace omp2cuda {

DirectiveTree controlLoopInstead(const DirectiveTree &Spmd, DirKind RootKind,
                                 const Stmt *Body, const Stmt *Region,
                                 const ClauseInfo &CI, ASTContext &Ctx,
                                 bool Teams, omp2cuda::Region &R) {
  DirectiveTree T = controlTree(RootKind, Body, Region, CI, Ctx, Teams);
  if (!T.V.Ok)
    return T;
  const SourceManager &SM = Ctx.getSourceManager();
  std::string At;
  if (Spmd.Where.isValid())
    At =
        " (line " + std::to_string(SM.getExpansionLineNumber(Spmd.Where)) + ")";
  R.Remarks.emplace_back(DiagId::ControlLoop,
                         "the region runs in the control-loop form: in the "
                         "SPMD form " +
                             Spmd.V.Reason + At);
  return T;
}

} // namespace omp2cuda
