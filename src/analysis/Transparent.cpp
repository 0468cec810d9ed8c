// Constructs rewritten where they stand (Transparent.h): which constructs
// are, and where in a region each may stand. What each becomes is
// TransparentEdits.cpp.
#include "analysis/Transparent.h"

#include "clang/AST/StmtOpenMP.h"
#include "llvm/Frontend/OpenMP/OMP.h"

using namespace clang;
using llvm::omp::Directive;

namespace omp2cuda {

namespace {

/// The context inside a transparent construct standing in Where.
DirContext innerContext(const OMPExecutableDirective &D, DirContext Where) {
  OpenMPDirectiveKind K = D.getDirectiveKind();
  if (K == Directive::OMPD_simd || K == Directive::OMPD_taskloop_simd)
    return DirContext::LoopBody;
  if (K == Directive::OMPD_taskgroup || K == Directive::OMPD_scope)
    return Where;
  if (K == Directive::OMPD_ordered) // still the loop's iteration
    return DirContext::LoopBody;
  // Task bodies, single, master and critical sections: one thread.
  return DirContext::TeamCode;
}

/// A construct that binds to the innermost team: inside a serialised
/// parallel region, its team of one.
bool bindsToTeamOfOne(const OMPExecutableDirective &D) {
  OpenMPDirectiveKind K = D.getDirectiveKind();
  return isSerialisable(D) || K == Directive::OMPD_for ||
         K == Directive::OMPD_for_simd || K == Directive::OMPD_loop ||
         K == Directive::OMPD_barrier;
}

struct TransparentFinder {
  std::vector<TransparentUse> &Out;
  std::vector<const OMPExecutableDirective *> *Other;
  SourceLocation &At;
  Verdict V;
  /// Whether the walk started in parallel code (S's locals are then each
  /// thread's own: Own), and how many serialised regions it is in.
  bool Parallel = false;
  const Stmt *Own = nullptr;
  unsigned Serial = 0;
  /// Whether the walk is in the body of a loop that one thread runs in
  /// order (a simd loop, a serialised one): its `scan` separates the phases
  /// of each iteration (InOrderScan.h decides whether they may run as
  /// written).
  bool InOrder = false;

  template <typename F> void inOrder(bool Now, F Walk) {
    bool Was = InOrder;
    InOrder = Now;
    Walk();
    InOrder = Was;
  }

  /// A parallel region nested in parallel code: the encountering thread
  /// runs it alone, as a team of one (docs/nested-parallel.md).
  void serial(const OMPExecutableDirective &D, DirContext Where,
              unsigned Depth, bool InCritical) {
    Out.push_back({&D, Where, true, Own});
    ++Serial;
    inOrder(true, [&] {
      walk(associatedBody(D), DirContext::TeamCode, Depth + 1, InCritical);
    });
    --Serial;
  }

  void walk(const Stmt *S, DirContext Where, unsigned Depth,
            bool InCritical) {
    if (!S || !V.Ok)
      return;
    if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
      if (isa<OMPAtomicDirective>(D))
        return;
      if (isa<OMPScanDirective>(D)) {
        if (InOrder) {
          Out.push_back({D, Where});
          return;
        }
        // A loop of several threads would need its prefixes combined
        // across them.
        V = Verdict::no(DiagId::HostGeneral,
                        "'scan' in a loop that several threads share is not "
                        "supported yet");
        At = D->getBeginLoc();
        return;
      }
      if (Serial ? bindsToTeamOfOne(*D) : Parallel && isSerialisable(*D))
        return serial(*D, Where, Depth, InCritical);
      if (!isTransparent(*D)) {
        if (Depth == 0 && Other) {
          Other->push_back(D);
          return;
        }
        V = Verdict::no(DiagId::HostGeneral,
                        quotedName(*D) +
                            (Serial ? " inside a nested parallel region "
                                      "(run by one thread) is not supported "
                                      "yet"
                                    : " inside a task, single, master, "
                                      "critical or simd construct is not "
                                      "supported yet"));
        At = D->getBeginLoc();
        return;
      }
      bool Critical = D->getDirectiveKind() == Directive::OMPD_critical;
      if (Critical && InCritical) {
        // Two names may share a lock: nesting could wait on itself.
        V = Verdict::no(DiagId::HostGeneral,
                        "a 'critical' construct inside another one is not "
                        "supported yet");
        At = D->getBeginLoc();
        return;
      }
      Out.push_back({D, Where});
      // A scope in parallel code is a worksharing construct's frame: the
      // constructs in it are the parallel region's own (its loops, barriers).
      // (Its block holds the closing barrier after the loop's text.)
      bool Frame = D->getDirectiveKind() == Directive::OMPD_scope &&
                   Where == DirContext::ParallelCode &&
                   isa_and_nonnull<CompoundStmt>(associatedBody(*D));
      inOrder(D->getDirectiveKind() == Directive::OMPD_simd, [&] {
        walk(associatedBody(*D), innerContext(*D, Where),
             Frame ? Depth : Depth + 1, InCritical || Critical);
      });
      return;
    }
    for (const Stmt *C : S->children())
      walk(C, Where, Depth, InCritical);
  }
};


} // namespace

const Expr *lvalueRoot(const Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E);
        AS && AS->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
      E = AS->getBase();
    else if (const auto *ME = dyn_cast<MemberExpr>(E); ME && !ME->isArrow())
      E = ME->getBase();
    else
      return E;
  }
}

Verdict orderedOnRegion(const std::vector<const OMPExecutableDirective *> &Chain) {
  for (const OMPExecutableDirective *D : Chain)
    if (const auto *C = D->getSingleClause<OMPOrderedClause>()) {
      Verdict V = Verdict::no(DiagId::HostClause,
                              "the 'ordered' clause on a combined target "
                              "construct is not supported yet");
      V.Where = C->getBeginLoc();
      return V;
    }
  return {};
}

bool orderedLoop(const OMPExecutableDirective &D) {
  return isa<OMPLoopDirective>(D) && D.getSingleClause<OMPOrderedClause>() &&
         !isOpenMPTargetExecutionDirective(D.getDirectiveKind());
}

bool isTransparent(const OMPExecutableDirective &D) {
  switch (D.getDirectiveKind()) {
  case Directive::OMPD_simd:
  case Directive::OMPD_task:
  case Directive::OMPD_taskloop:
  case Directive::OMPD_taskloop_simd:
  case Directive::OMPD_master_taskloop:
  case Directive::OMPD_master_taskloop_simd:
  case Directive::OMPD_masked_taskloop:
  case Directive::OMPD_masked_taskloop_simd:
  case Directive::OMPD_taskgroup:
  case Directive::OMPD_taskwait:
  case Directive::OMPD_taskyield:
  case Directive::OMPD_flush:
  case Directive::OMPD_critical:
  case Directive::OMPD_master:
  case Directive::OMPD_masked:
  case Directive::OMPD_single:
  case Directive::OMPD_scope:
  case Directive::OMPD_ordered:
  case Directive::OMPD_scan: // where findTransparent allows it
    return true;
  default:
    return false;
  }
}

bool isSerialisable(const OMPExecutableDirective &D) {
  OpenMPDirectiveKind K = D.getDirectiveKind();
  return K == Directive::OMPD_parallel || K == Directive::OMPD_parallel_for ||
         K == Directive::OMPD_parallel_for_simd ||
         K == Directive::OMPD_parallel_loop;
}

bool inThreadCode(const OMPExecutableDirective &D, bool InSerial) {
  return isTransparent(D) || isSerialisable(D) ||
         (InSerial && bindsToTeamOfOne(D));
}

bool hasTransparent(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *D = dyn_cast<OMPExecutableDirective>(S))
    return isTransparent(*D) || hasTransparent(associatedBody(*D));
  for (const Stmt *C : S->children())
    if (hasTransparent(C))
      return true;
  return false;
}

std::vector<const VarDecl *> scopeCopies(const OMPExecutableDirective &D) {
  std::vector<const VarDecl *> Out;
  // bindsToTeamOfOne includes the serialisable constructs themselves.
  if (D.getDirectiveKind() != Directive::OMPD_scope && !bindsToTeamOfOne(D))
    return Out;
  auto Add = [&](const Expr *E) {
    if (const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl()))
        Out.push_back(VD);
  };
  for (const auto *C : D.getClausesOfKind<OMPPrivateClause>())
    for (const Expr *E : C->varlists())
      Add(E);
  for (const auto *C : D.getClausesOfKind<OMPFirstprivateClause>())
    for (const Expr *E : C->varlists())
      Add(E);
  for (const VarDecl *VD : outerCounters(D))
    Out.push_back(VD);
  return Out;
}

std::vector<const VarDecl *> outerCounters(const OMPExecutableDirective &D) {
  std::vector<const VarDecl *> Out;
  const auto *L = dyn_cast<OMPLoopDirective>(&D);
  const Stmt *Body = associatedBody(D);
  if (!L || !Body || !bindsToTeamOfOne(D))
    return Out;
  for (const Expr *E : L->counters()) {
    const auto *DR = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts()
                                                     : nullptr);
    const auto *VD = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
    if (VD && (VD->getLocation() < Body->getBeginLoc() ||
               Body->getEndLoc() < VD->getLocation()))
      Out.push_back(VD);
  }
  return Out;
}

const Stmt *associatedBody(const OMPExecutableDirective &D) {
  if (!D.hasAssociatedStmt())
    return nullptr;
  const Stmt *S = D.getAssociatedStmt();
  while (const auto *CS = dyn_cast_or_null<CapturedStmt>(S))
    S = CS->getCapturedStmt();
  return S;
}

Verdict findTransparent(const Stmt *S, DirContext Where,
                        std::vector<TransparentUse> &Out,
                        std::vector<const OMPExecutableDirective *> *Other,
                        SourceLocation &At) {
  TransparentFinder F{Out, Other, At, {}};
  F.Parallel = Where != DirContext::TeamCode;
  F.Own = S;
  F.walk(S, Where, 0, false);
  return F.V;
}

std::string quotedName(const OMPExecutableDirective &D) {
  return "'" + llvm::omp::getOpenMPDirectiveName(D.getDirectiveKind()).str() +
         "'";
}

} // namespace omp2cuda
