// The clauses of one value: collapse, num_teams, thread_limit,
// num_threads, if, device, ordered, defaultmap, schedule, safelen and
// dist_schedule.
#include "analysis/ClauseReader.h"
#include "analysis/RepeatableExpr.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/OpenMPKinds.h"
#include "llvm/Frontend/OpenMP/OMP.h"

using namespace clang;

namespace omp2cuda {

namespace {

/// Whether the clause C names V.
bool clauseNames(const Stmt *S, const ValueDecl *V) {
  if (!S)
    return false;
  if (const auto *DR = dyn_cast<DeclRefExpr>(S))
    if (DR->getDecl() == V)
      return true;
  for (const Stmt *Ch : S->children())
    if (clauseNames(Ch, V))
      return true;
  return false;
}

/// Why the stub cannot evaluate the chunk E where the target construct
/// stands; empty when it can. OpenMP evaluates a chunk in the region, on
/// the device's data (rG t22.c: cfg[0] mapped and set by an earlier region,
/// chunk 5 on the hosts, 2 in the stub), so only values the region takes
/// as they are on the host qualify: constants and local scalars it takes
/// by value (firstprivate).
/// Locals: whether D is the target construct, whose clauses say how the
/// region takes them (a teams construct nested in one cannot tell).
std::string chunkOffStub(const Expr *E, const OMPExecutableDirective &D,
                         ASTContext &Ctx, bool Locals) {
  if (!E || E->isValueDependent() || E->isIntegerConstantExpr(Ctx))
    return {};
  E = E->IgnoreParens();
  if (isa<IntegerLiteral, CharacterLiteral, FloatingLiteral, CXXBoolLiteralExpr,
          UnaryExprOrTypeTraitExpr>(E))
    return {};
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    if (C->getConversionFunction())
      return "a conversion function";
    return chunkOffStub(C->getSubExpr(), D, Ctx, Locals);
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_Deref || U->getOpcode() == UO_AddrOf ||
        U->isIncrementDecrementOp())
      return "an access through a pointer or a side effect";
    return chunkOffStub(U->getSubExpr(), D, Ctx, Locals);
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->isAssignmentOp())
      return "an assignment";
    std::string L = chunkOffStub(B->getLHS(), D, Ctx, Locals);
    return L.empty() ? chunkOffStub(B->getRHS(), D, Ctx, Locals) : L;
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    for (const Expr *Op :
         {CO->getCond(), CO->getTrueExpr(), CO->getFalseExpr()})
      if (std::string W = chunkOffStub(Op, D, Ctx, Locals); !W.empty())
        return W;
    return {};
  }
  const auto *DR = dyn_cast<DeclRefExpr>(E);
  if (!DR)
    return "an expression other than constants and local scalars";
  if (isa<EnumConstantDecl>(DR->getDecl()))
    return {};
  const auto *VD = dyn_cast<VarDecl>(DR->getDecl());
  if (!VD || !VD->hasLocalStorage() || !VD->getType()->isArithmeticType())
    return "'" + DR->getDecl()->getNameAsString() +
           "', which is not a local scalar";
  if (VD->isUsableInConstantExpressions(Ctx))
    return {};
  if (!Locals)
    return "'" + VD->getNameAsString() +
           "', which the enclosing target construct may map";
  for (const OMPClause *C : D.clauses()) {
    if (!C)
      continue;
    if (const auto *DM = dyn_cast<OMPDefaultmapClause>(C)) {
      if (DM->getDefaultmapModifier() !=
              OMPC_DEFAULTMAP_MODIFIER_firstprivate &&
          DM->getDefaultmapModifier() != OMPC_DEFAULTMAP_MODIFIER_default &&
          (DM->getDefaultmapKind() == OMPC_DEFAULTMAP_scalar ||
           DM->getDefaultmapKind() == OMPC_DEFAULTMAP_unknown))
        return "'" + VD->getNameAsString() + "', mapped by defaultmap";
      continue;
    }
    switch (C->getClauseKind()) {
    case llvm::omp::OMPC_firstprivate:
    case llvm::omp::OMPC_schedule:
    case llvm::omp::OMPC_dist_schedule:
    case llvm::omp::OMPC_num_teams:
    case llvm::omp::OMPC_thread_limit:
    case llvm::omp::OMPC_num_threads:
    case llvm::omp::OMPC_if:
    case llvm::omp::OMPC_device:
    case llvm::omp::OMPC_collapse:
    case llvm::omp::OMPC_ordered:
    case llvm::omp::OMPC_safelen:
    case llvm::omp::OMPC_simdlen:
      continue;
    default:
      break;
    }
    for (const Stmt *Ch : const_cast<OMPClause *>(C)->children())
      if (clauseNames(Ch, VD))
        return "'" + VD->getNameAsString() + "', named in a '" + clauseName(C) +
               "' clause";
  }
  return {};
}

/// Whether D is the body of a target construct (`target` then `teams
/// distribute ...` or `parallel for`): the stub evaluates its chunks too.
bool directlyInTarget(const OMPExecutableDirective &D, ASTContext &Ctx) {
  DynTypedNode N = DynTypedNode::create(D);
  for (int I = 0; I < 8; ++I) {
    auto Ps = Ctx.getParents(N);
    if (Ps.empty())
      return false;
    N = Ps[0];
    if (const auto *P = N.get<OMPExecutableDirective>())
      return isOpenMPTargetExecutionDirective(P->getDirectiveKind());
    if (!N.get<CapturedStmt>() && !N.get<CapturedDecl>())
      return false;
  }
  return false;
}

} // namespace

Verdict ClauseReader::chunk(const Expr *E, const char *Clause) {
  // libomp takes a 32-bit loop's chunk as a kmp_int32 (4294967297 is 1,
  // 3000000000 negative: iterations in turn), the kernels as the value.
  if (!E->isValueDependent())
    if (std::optional<llvm::APSInt> V = E->getIntegerConstantExpr(Ctx);
        V && V->isStrictlyPositive() && V->getActiveBits() > 31)
      return Verdict::no(DiagId::HostClause,
                         std::string("the chunk size of ") + Clause + " is " +
                             (V->getActiveBits() <= 64
                                  ? std::to_string(V->getZExtValue())
                                  : std::string("that constant")) +
                             ", above INT_MAX: the host runtime takes a "
                             "32-bit loop's chunk as a 32-bit int");
  // A construct that is a target construct's body also has its chunks
  // evaluated by the stub (rG t22.c's form split in two).
  bool Target = isOpenMPTargetExecutionDirective(D.getDirectiveKind());
  if (!Target && !directlyInTarget(D, Ctx))
    return {};
  std::string Why = chunkOffStub(userExpr(E), D, Ctx, Target);
  if (Why.empty())
    return {};
  return Verdict::no(DiagId::HostClause,
                     std::string("the chunk size of ") + Clause + " names " +
                         Why +
                         "; OpenMP evaluates it in the target region, "
                         "on the device's data");
}

Verdict ClauseReader::collapse(const OMPCollapseClause *Co) {
  if (auto V = Co->getNumForLoops()->getIntegerConstantExpr(Ctx))
    CI.Collapse = static_cast<unsigned>(V->getZExtValue());
  return {};
}

Verdict ClauseReader::numTeams(const OMPNumTeamsClause *NT) {
  CI.NumTeams = exprText_(userExpr(NT->getNumTeams()), Ctx);
  CI.ClauseExprs.push_back(userExpr(NT->getNumTeams()));
  return {};
}

Verdict ClauseReader::threadLimit(const OMPThreadLimitClause *TL) {
  // After a num_threads of the same combined construct, the smaller one
  // (the later clause replaced it: num_threads(2) thread_limit(4) gave
  // teams of 4; review rSV).
  std::string T = exprText_(userExpr(TL->getThreadLimit()), Ctx);
  CI.ThreadLimit = CI.ThreadLimit.empty()
                       ? T
                       : "o2c::minLimit(" + CI.ThreadLimit + ", " + T + ")";
  CI.ClauseExprs.push_back(userExpr(TL->getThreadLimit()));
  return {};
}

Verdict ClauseReader::numThreads(const OMPNumThreadsClause *NTh) {
  // In a combined construct num_threads sizes the team, like thread_limit.
  std::string T = exprText_(userExpr(NTh->getNumThreads()), Ctx);
  CI.ThreadLimit = CI.ThreadLimit.empty()
                       ? T
                       : "o2c::minLimit(" + CI.ThreadLimit + ", " + T + ")";
  CI.ClauseExprs.push_back(userExpr(NTh->getNumThreads()));
  return {};
}

/// A clause the launch stub evaluates to decide whether the region
/// offloads: where it does not, the construct kept for the host evaluates
/// it again, and a side effect would happen twice (review ra21:
/// `device(next_device())` counted two calls, the host build one).
static Verdict twiceEvaluated(const char *Clause) {
  return Verdict::no(DiagId::HostClause,
                     std::string("the '") + Clause +
                         "' clause's expression may have side effects (it "
                         "assigns, or calls a function other than an "
                         "omp_get_ query), and the construct kept for the "
                         "host would evaluate it a second time");
}

Verdict ClauseReader::ifClause(const OMPIfClause *If) {
  OpenMPDirectiveKind Mod = If->getNameModifier();
  // if(parallel|teams: c) sizes the kernel's teams; if(simd: c) only
  // allows fewer lanes, which a conforming program cannot observe.
  if (Mod == llvm::omp::OMPD_parallel || Mod == llvm::omp::OMPD_teams) {
    (Mod == llvm::omp::OMPD_parallel ? CI.ParallelIf : CI.TeamsIf) =
        exprText_(userExpr(If->getCondition()), Ctx);
    CI.ClauseExprs.push_back(userExpr(If->getCondition()));
    return {};
  }
  if (Mod == llvm::omp::OMPD_simd)
    return {};
  if (Mod != llvm::omp::OMPD_unknown && Mod != llvm::omp::OMPD_target &&
      Mod != llvm::omp::OMPD_target_data &&
      Mod != llvm::omp::OMPD_target_enter_data &&
      Mod != llvm::omp::OMPD_target_exit_data &&
      Mod != llvm::omp::OMPD_target_update)
    return Verdict::no(DiagId::HostClause,
                       "an 'if' clause for a construct other than "
                       "'target' is not supported");
  if (!safeToRepeat(userExpr(If->getCondition()), Ctx))
    return twiceEvaluated("if");
  CI.IfCond = exprText_(userExpr(If->getCondition()), Ctx);
  CI.ClauseExprs.push_back(userExpr(If->getCondition()));
  return {};
}

Verdict ClauseReader::device(const OMPDeviceClause *Dev) {
  if (Dev->getModifier() == OMPC_DEVICE_ancestor)
    return Verdict::no(DiagId::HostClause,
                       "device(ancestor: ...) is not supported");
  if (!safeToRepeat(userExpr(Dev->getDevice()), Ctx))
    return twiceEvaluated("device");
  CI.Device = exprText_(userExpr(Dev->getDevice()), Ctx);
  CI.ClauseExprs.push_back(userExpr(Dev->getDevice()));
  return {};
}

Verdict ClauseReader::ordered(const OMPOrderedClause *O) {
  // ordered(n) makes a doacross loop nest (depend(sink/source)): its
  // iterations take turns as an ordered loop's (Doacross.cpp).
  if (const Expr *N = O->getNumForLoops()) {
    std::optional<llvm::APSInt> V = N->getIntegerConstantExpr(Ctx);
    if (!V || V->getExtValue() < 1)
      return Verdict::no(DiagId::HostClause,
                         "ordered(n), a doacross loop nest, needs a constant "
                         "n");
    CI.Doacross = static_cast<unsigned>(V->getExtValue());
  }
  CI.Ordered = true;
  return {};
}

Verdict ClauseReader::defaultmap(const OMPDefaultmapClause *DM) {
  std::string Mod = getOpenMPSimpleClauseTypeName(llvm::omp::OMPC_defaultmap,
                                                  DM->getDefaultmapModifier());
  switch (DM->getDefaultmapKind()) {
  case OMPC_DEFAULTMAP_scalar:
    CI.Defaultmap['s'] = Mod;
    break;
  case OMPC_DEFAULTMAP_aggregate:
    CI.Defaultmap['a'] = Mod;
    break;
  case OMPC_DEFAULTMAP_pointer:
    CI.Defaultmap['p'] = Mod;
    break;
  default:
    CI.Defaultmap['s'] = CI.Defaultmap['a'] = CI.Defaultmap['p'] = Mod;
    break;
  }
  return {};
}

Verdict ClauseReader::schedule(const OMPScheduleClause *S) {
  if (S->getScheduleKind() != OMPC_SCHEDULE_static)
    CI.Remarks.emplace_back(
        DiagId::ScheduleRemap,
        "schedule(" +
            std::string(getOpenMPSimpleClauseTypeName(llvm::omp::OMPC_schedule,
                                                      S->getScheduleKind())) +
            ") runs as a static cyclic schedule; OpenMP leaves the "
            "assignment of iterations to threads to the implementation");
  else if (S->getChunkSize()) {
    if (Verdict V = chunk(S->getChunkSize(), "schedule"); !V.Ok)
      return V;
    CI.ScheduleChunk = chunkText(userExpr(S->getChunkSize()), Ctx, &Edits);
  } else
    CI.StaticBlocksAt = S->getBeginLoc();
  if (S->getChunkSize())
    CI.ClauseExprs.push_back(userExpr(S->getChunkSize()));
  return {};
}

Verdict ClauseReader::safelen(const OMPSafelenClause *SL) {
  if (auto V = SL->getSafelen()->getIntegerConstantExpr(Ctx))
    CI.Safelen = static_cast<unsigned>(V->getZExtValue());
  return {};
}

Verdict ClauseReader::distSchedule(const OMPDistScheduleClause *DS) {
  // Chunks of the distribute loop, round-robin over the teams; the
  // caller uses them where a team is one thread (no parallel level).
  CI.DistBlocks = !DS->getChunkSize();
  if (CI.DistBlocks)
    CI.StaticBlocksAt = DS->getBeginLoc();
  if (DS->getChunkSize()) {
    if (Verdict V = chunk(DS->getChunkSize(), "dist_schedule"); !V.Ok)
      return V;
    CI.DistChunk = chunkText(userExpr(DS->getChunkSize()), Ctx, &Edits);
    CI.ClauseExprs.push_back(userExpr(DS->getChunkSize()));
  }
  return {};
}

} // namespace omp2cuda
