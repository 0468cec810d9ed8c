// What statements of a region with nested constructs do to its variables
// (DirectiveTree.h): the facts of team-master statements, and the uses in
// parallel code that would need the team's variables shared.
#include "analysis/DirectiveTree.h"
#include "analysis/VariantNames.h"
#include "analysis/Scope.h"
#include "analysis/Transparent.h"
#include "edits/Edits.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/Builtins.h"

using namespace clang;

namespace omp2cuda {

namespace {

/// Where an lvalue's storage is, for the SPMD form: a thread's own copy
/// (region locals; firstprivate scalars and pointers of the region) or
/// memory the threads share.
enum class Storage { Local, OuterPrivate, Memory };

struct VarClass {
  const TreeVars &Vars;
  const SourceManager &SM;

  bool isLocal(const VarDecl *VD) const { return regionLocal(VD, Vars, SM); }

  Storage ofVar(const ValueDecl *D) const {
    const auto *VD = dyn_cast<VarDecl>(D);
    if (!VD || Vars.Promoted.count(VD))
      return Storage::Memory; // fields of *this, team locals in shared memory
    if (isLocal(VD))
      return Storage::Local;
    QualType T = VD->getType();
    if (VD->hasGlobalStorage() || T->isArrayType() || T->isReferenceType() ||
        T->isRecordType() || Vars.Mapped.count(VD) ||
        (Vars.ScalarsMapped && !T->isPointerType()))
      return Storage::Memory;
    return Storage::OuterPrivate;
  }

  /// The storage an lvalue expression names, and its variable if it is one.
  Storage ofLValue(const Expr *E, const VarDecl **Var = nullptr) const {
    E = E->IgnoreParenImpCasts();
    if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
      if (Var)
        *Var = dyn_cast<VarDecl>(DR->getDecl());
      return ofVar(DR->getDecl());
    }
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      const Expr *B = AS->getBase()->IgnoreParenImpCasts();
      if (const auto *DR = dyn_cast<DeclRefExpr>(B))
        if (DR->getDecl()->getType()->isArrayType())
          return ofLValue(B, Var);
      if (isa<ArraySubscriptExpr>(B) && B->getType()->isArrayType())
        return ofLValue(B, Var);
      return Storage::Memory;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(E))
      return ME->isArrow() ? Storage::Memory : ofLValue(ME->getBase(), Var);
    return Storage::Memory;
  }
};

/// The lvalues a C++ expression may write or alias that the built-in
/// operators do not show: a class's operator= and compound operators, a
/// non-const member call (its implicit this), an argument bound to a
/// non-const reference parameter (swap, forwarding T&&, std::tie), a
/// reference variable or structured binding (range-for's __range too), a
/// by-reference lambda capture. Any of them may write the variable, or keep
/// its address, so callers treat them like `&x`.
template <typename Fn> void cxxAliases(const Stmt *S, Fn &&Alias) {
  auto nonConstRef = [](QualType T) {
    return T->isReferenceType() && !T.getNonReferenceType().isConstQualified();
  };
  auto params = [&](const FunctionDecl *FD, unsigned Skip,
                    llvm::ArrayRef<const Expr *> Args) {
    for (unsigned I = 0; I < Args.size(); ++I) {
      if (!FD || I < Skip || I - Skip >= FD->getNumParams()) {
        // Unknown callee or a variadic tail: an lvalue may be aliased.
        if (!FD && Args[I]->isGLValue())
          Alias(Args[I]);
        continue;
      }
      if (nonConstRef(FD->getParamDecl(I - Skip)->getType()))
        Alias(Args[I]);
    }
  };
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S)) {
    const auto *MD = dyn_cast_or_null<CXXMethodDecl>(OC->getDirectCallee());
    if (MD && !MD->isStatic() && !MD->isConst() && OC->getNumArgs() > 0)
      Alias(OC->getArg(0));
    params(OC->getDirectCallee(), MD && !MD->isStatic() ? 1 : 0,
           llvm::ArrayRef(OC->getArgs(), OC->getNumArgs()));
  } else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S)) {
    const CXXMethodDecl *MD = MC->getMethodDecl();
    const Expr *Obj = MC->getImplicitObjectArgument();
    const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens());
    if (Obj && (!MD || !MD->isConst()) && !(ME && ME->isArrow()))
      Alias(Obj);
    params(MD, 0, llvm::ArrayRef(MC->getArgs(), MC->getNumArgs()));
  } else if (const auto *CE = dyn_cast<CallExpr>(S)) {
    params(CE->getDirectCallee(), 0,
           llvm::ArrayRef(CE->getArgs(), CE->getNumArgs()));
  } else if (const auto *CC = dyn_cast<CXXConstructExpr>(S)) {
    params(CC->getConstructor(), 0,
           llvm::ArrayRef(CC->getArgs(), CC->getNumArgs()));
  } else if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D))
        if (VD->getInit() && nonConstRef(VD->getType()))
          Alias(VD->getInit());
  } else if (const auto *LE = dyn_cast<LambdaExpr>(S)) {
    auto Init = LE->capture_init_begin();
    for (const LambdaCapture &C : LE->captures()) {
      if (C.getCaptureKind() == LCK_ByRef && *Init)
        Alias(*Init);
      ++Init;
    }
  }
}

bool threadLevelApi(llvm::StringRef N) {
  return N == "omp_get_thread_num" || N == "omp_get_num_threads" ||
         N == "omp_in_parallel" || N == "omp_get_level" ||
         N == "omp_get_active_level" || N == "omp_get_ancestor_thread_num" ||
         N == "omp_get_team_size";
}

bool masterAnswer(llvm::StringRef N) {
  return N == "omp_get_thread_num" || N == "omp_get_num_threads" ||
         N == "omp_in_parallel" || N == "omp_get_level" ||
         N == "omp_get_active_level";
}

/// The first thread-level routine that S, or a function it calls, calls.
std::string reachedApi(const Stmt *S, std::set<const FunctionDecl *> &Seen) {
  if (!S)
    return "";
  if (const auto *CE = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *FD = CE->getDirectCallee()) {
      if (threadLevelApi(FD->getName()))
        return FD->getNameAsString();
      const FunctionDecl *Def = FD->getDefinition();
      if (Def && Seen.insert(Def).second)
        if (std::string N = reachedApi(Def->getBody(), Seen); !N.empty())
          return N;
    }
  for (const Stmt *C : S->children())
    if (std::string N = reachedApi(C, Seen); !N.empty())
      return N;
  return "";
}

/// Calls that only compute a value (the C math library, the team's OpenMP
/// queries): team-master code may make them in every thread.
bool isPureCall(const CallExpr *CE, const ASTContext &Ctx) {
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD)
    return false;
  if (unsigned ID = FD->getBuiltinID())
    return Ctx.BuiltinInfo.isConst(ID) ||
           Ctx.BuiltinInfo.isConstWithoutErrnoAndExceptions(ID);
  std::string N = writtenName(*FD);
  return N == "omp_get_team_num" || N == "omp_get_num_teams" ||
         N == "omp_is_initial_device" || N == "omp_get_device_num" ||
         N == "omp_get_max_threads" || N == "omp_get_thread_limit";
}

struct FactWalker {
  const VarClass &VC;
  const ASTContext &Ctx;
  const Stmt *Top; // the statement the facts are of
  StmtFacts F;

  bool declaredInTop(const VarDecl *VD) const {
    const SourceManager &SM = Ctx.getSourceManager();
    return SM.isPointWithin(SM.getExpansionLoc(VD->getLocation()),
                            SM.getExpansionLoc(Top->getBeginLoc()),
                            SM.getExpansionLoc(stmtEndLoc(Top)));
  }

  void written(const Expr *LHS) {
    const VarDecl *VD = nullptr;
    Storage S = VC.ofLValue(LHS, &VD);
    if (S == Storage::Memory)
      F.WritesMemory = true;
    else if (VD && !declaredInTop(VD) && !F.WritesTeamVar)
      F.WritesTeamVar = VD;
  }

  void walk(const Stmt *S, unsigned Loops) {
    if (!S)
      return;
    if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
      // An atomic is a side effect of the team master; any other construct
      // is a node of its own, inside team-master control flow.
      if (isa<OMPAtomicDirective>(D)) {
        F.WritesMemory = true;
      } else if (isTransparent(*D)) {
        // Rewritten in place: what its statement does is what it does; a
        // lock or a fence is the team master's to take.
        if (isa<OMPCriticalDirective, OMPFlushDirective>(D))
          F.WritesMemory = true;
        walk(associatedBody(*D), Loops);
      } else if (!F.Nested) {
        F.Nested = D;
      }
      return;
    }
    if (isa<ReturnStmt, GotoStmt, IndirectGotoStmt>(S) ||
        (isa<BreakStmt, ContinueStmt>(S) && Loops == 0))
      if (!F.Jumps)
        F.Jumps = S;
    if (const auto *DS = dyn_cast<DeclStmt>(S); DS && S == Top)
      for (const Decl *D : DS->decls()) {
        const auto *VD = dyn_cast<VarDecl>(D);
        if (VD && VC.Vars.Promoted.count(VD))
          // The team's one copy: its initial value is a store.
          F.WritesMemory = F.WritesMemory || VD->hasInit();
        else
          F.Declares = true;
      }
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->isAssignmentOp())
      written(BO->getLHS());
    cxxAliases(S, [&](const Expr *E) {
      written(E);
      const VarDecl *VD = nullptr;
      if (VC.ofLValue(E, &VD) != Storage::Memory && VD && VC.isLocal(VD) &&
          !F.AddressOfLocal)
        F.AddressOfLocal = E;
    });
    if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
      if (UO->isIncrementDecrementOp())
        written(UO->getSubExpr());
      if (UO->getOpcode() == UO_AddrOf) {
        const VarDecl *VD = nullptr;
        if (VC.ofLValue(UO->getSubExpr(), &VD) != Storage::Memory && VD &&
            VC.isLocal(VD) && !F.AddressOfLocal)
          F.AddressOfLocal = UO;
      }
    }
    // An array's decay is its address, unless it is only indexed: a
    // pointer to a thread's own array that parallel code is handed would
    // reach a different array in every thread.
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(S)) {
      const Expr *Base = AS->getBase()->IgnoreParens();
      if (const auto *IC = dyn_cast<ImplicitCastExpr>(Base);
          IC && IC->getCastKind() == CK_ArrayToPointerDecay) {
        walk(IC->getSubExpr(), Loops);
        walk(AS->getIdx(), Loops);
        return;
      }
    }
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(S);
        IC && IC->getCastKind() == CK_ArrayToPointerDecay) {
      const VarDecl *VD = nullptr;
      if (VC.ofLValue(IC->getSubExpr(), &VD) != Storage::Memory && VD &&
          VC.isLocal(VD) && !F.AddressOfLocal)
        F.AddressOfLocal = IC;
    }
    // A read is an lvalue-to-rvalue conversion (an address, `&a[i]` or an
    // array's decay, reads nothing).
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(S))
      if (IC->getCastKind() == CK_LValueToRValue &&
          VC.ofLValue(IC->getSubExpr()) == Storage::Memory)
        F.ReadsMemory = true;
    if (const auto *CE = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *FD = CE->getDirectCallee();
      // The team master's answers are constants the kernel spells out
      // (o2c_dev::master); a function that asks cannot be told them.
      if (FD && masterAnswer(FD->getName())) {
        // computes a value, like a pure call
      } else if (FD && (threadLevelApi(FD->getName()) ||
                        !threadApiReachedBy(FD).empty())) {
        if (!F.ThreadApi)
          F.ThreadApi = CE;
      } else if (!isPureCall(CE, Ctx)) {
        F.WritesMemory = true;
      }
    }
    if (isa<UnaryExprOrTypeTraitExpr>(S))
      return; // sizeof: not evaluated
    bool Loop = isa<ForStmt, WhileStmt, DoStmt, SwitchStmt, CXXForRangeStmt>(S);
    for (const Stmt *C : S->children())
      walk(C, Loops + (Loop ? 1 : 0));
  }
};

/// Parallel code must not write the team's variables (each thread has its
/// own copy here, where OpenMP shares one) nor use team-local arrays.
struct SharingWalker {
  const VarClass &VC;
  const SourceManager &SM;
  const Stmt *Construct; // variables declared inside are the threads' own
  const std::set<const VarDecl *> &Exempt; // private, reduction, ...
  const Expr *Bad = nullptr;
  std::string Why;
  /// Team-local arrays that go to shared memory, and those the code uses.
  const std::set<const VarDecl *> *Shared = nullptr;
  std::set<const VarDecl *> *SharedUsed = nullptr;

  /// The copies of the scopes the walk is in (scopeCopies).
  std::set<const VarDecl *> InScope;
  /// Inside a serialised nested parallel region (Transparent.h).
  bool Serial = false;

  bool teamVar(const VarDecl *VD) const {
    if (!VD || Exempt.count(VD) || InScope.count(VD) ||
        VC.Vars.Promoted.count(VD))
      return false; // promoted: the team's one copy, in shared memory
    if (Shared && Shared->count(VD)) {
      SharedUsed->insert(VD);
      return false;
    }
    if (VC.ofVar(VD) == Storage::OuterPrivate)
      return true;
    if (!VC.isLocal(VD))
      return false;
    return !SM.isPointWithin(SM.getExpansionLoc(VD->getLocation()),
                             SM.getExpansionLoc(Construct->getBeginLoc()),
                             SM.getExpansionLoc(stmtEndLoc(Construct)));
  }

  void flag(const Expr *E, const VarDecl *VD, const char *What) {
    if (Bad)
      return;
    Bad = E;
    Why = "the parallel region " + std::string(What) + " '" +
          VD->getNameAsString() +
          "' of the team-master code, which needs data sharing in shared "
          "memory (not supported yet)";
  }

  void written(const Expr *E) {
    const VarDecl *VD = nullptr;
    if (VC.ofLValue(E, &VD) != Storage::Memory && teamVar(VD))
      flag(E, VD, "writes");
  }

  void walk(const Stmt *S) {
    if (!S || Bad)
      return;
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->isAssignmentOp())
      written(BO->getLHS());
    cxxAliases(S, [&](const Expr *E) {
      const VarDecl *VD = nullptr;
      if (VC.ofLValue(E, &VD) != Storage::Memory && teamVar(VD))
        flag(E, VD, "writes or binds a reference to");
    });
    if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
      if (UO->isIncrementDecrementOp())
        written(UO->getSubExpr());
      const VarDecl *VD = nullptr;
      if (UO->getOpcode() == UO_AddrOf &&
          VC.ofLValue(UO->getSubExpr(), &VD) == Storage::Local && teamVar(VD))
        flag(UO, VD, "takes the address of");
    }
    if (const auto *DR = dyn_cast<DeclRefExpr>(S))
      if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl());
          VD && VD->getType()->isArrayType() && VC.isLocal(VD) && teamVar(VD))
        flag(DR, VD, "uses the array");
    if (const auto *A = dyn_cast<OMPAtomicDirective>(S)) {
      // The whole statement: the compare forms are `if` statements, the
      // capture forms blocks, and they write x too.
      walk(associatedBody(*A));
      return;
    }
    if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
      // Rewritten in place, or a nested parallel region its thread runs
      // alone: its statement is the parallel code's own.
      if (inThreadCode(*D, Serial)) {
        std::vector<const VarDecl *> Added;
        for (const VarDecl *VD : scopeCopies(*D))
          if (InScope.insert(VD).second)
            Added.push_back(VD);
        bool Was = Serial;
        Serial = Serial || isSerialisable(*D);
        walk(associatedBody(*D));
        Serial = Was;
        for (const VarDecl *VD : Added)
          InScope.erase(VD);
      }
      return; // any other is a construct of its own, checked as its node
    }
    for (const Stmt *C : S->children())
      walk(C);
  }
};

} // namespace

bool isThreadLevelApi(llvm::StringRef Name) { return threadLevelApi(Name); }

bool isMasterAnswered(llvm::StringRef Name) { return masterAnswer(Name); }

std::string threadApiReachedBy(const FunctionDecl *FD) {
  if (threadLevelApi(FD->getName()))
    return FD->getNameAsString();
  std::set<const FunctionDecl *> Seen;
  const FunctionDecl *Def = FD->getDefinition();
  if (!Def)
    return "";
  Seen.insert(Def);
  return reachedApi(Def->getBody(), Seen);
}

SourceLocation stmtEndLoc(const Stmt *S) {
  if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
    const Stmt *Body = associatedBody(*D);
    return Body ? stmtEndLoc(Body) : D->getEndLoc();
  }
  if (const OMPExecutableDirective *D = trailingDirective(S))
    return stmtEndLoc(D);
  return S->getEndLoc();
}

bool regionLocal(const VarDecl *VD, const TreeVars &Vars,
                 const SourceManager &SM) {
  if (VD->hasGlobalStorage() || !Vars.Region)
    return false;
  SourceLocation L = SM.getExpansionLoc(VD->getLocation());
  return SM.isPointWithin(L, SM.getExpansionLoc(Vars.Region->getBeginLoc()),
                          SM.getExpansionLoc(stmtEndLoc(Vars.Region)));
}

bool ownCopy(const VarDecl *VD, const TreeVars &Vars, const SourceManager &SM) {
  return VarClass{Vars, SM}.ofVar(VD) != Storage::Memory;
}

SharingProblem checkSharing(const Stmt *S, const Stmt *Construct,
                            const std::set<const VarDecl *> &Exempt,
                            const std::set<const VarDecl *> &Shared,
                            std::set<const VarDecl *> &SharedUsed,
                            const TreeVars &Vars, ASTContext &Ctx) {
  VarClass VC{Vars, Ctx.getSourceManager()};
  SharingWalker W{VC,        Ctx.getSourceManager(),
                  Construct, Exempt,
                  nullptr,   {},
                  &Shared,   &SharedUsed,
                  {},        false};
  W.walk(S);
  return {W.Bad, W.Why};
}

StmtFacts teamStmtFacts(const Stmt *S, const TreeVars &Vars, ASTContext &Ctx) {
  VarClass VC{Vars, Ctx.getSourceManager()};
  FactWalker W{VC, Ctx, S, {}};
  if (const auto *A = dyn_cast<OMPAtomicDirective>(S)) {
    W.F.WritesMemory = true;
    W.F.ReadsMemory = true;
    (void)A;
    return W.F;
  }
  W.walk(S, 0);
  return W.F;
}

} // namespace omp2cuda
