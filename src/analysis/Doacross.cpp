// Doacross loop nests (ordered(n) with depend(sink/source), OpenMP 5.2's
// doacross(sink/source)) inside target regions: the loop's iterations take
// turns in their sequential order, as an `ordered` loop's do (OrderedTurn,
// SpmdPrinter.h). A sink waits for the iteration's turn, which comes once
// every earlier iteration has passed its source; the source passes the turn
// on. That satisfies every sink (they name earlier iterations) and is one
// of the executions OpenMP allows, with less overlap than the dependences
// would permit: the code before the first sink and after the source still
// runs concurrently.
#include "analysis/Transparent.h"

#include "clang/AST/StmtOpenMP.h"

using namespace clang;

namespace omp2cuda {

namespace {

/// Whether D is a stand-alone ordered with a source (Source) or sink.
bool doacrossPoint(const Stmt *S, bool &Source) {
  const auto *D = dyn_cast<OMPOrderedDirective>(S);
  if (!D || D->hasAssociatedStmt())
    return false;
  Source = false;
  for (const auto *C : D->getClausesOfKind<OMPDependClause>())
    Source = Source || C->getDependencyKind() == OMPC_DEPEND_source;
  for (const auto *C : D->getClausesOfKind<OMPDoacrossClause>())
    Source = Source ||
             C->getDependenceType() == OMPC_DOACROSS_source ||
             C->getDependenceType() == OMPC_DOACROSS_source_omp_cur_iteration;
  return true;
}

/// The first doacross point anywhere in S.
const Stmt *anyPoint(const Stmt *S) {
  if (!S)
    return nullptr;
  bool Source;
  if (doacrossPoint(S, Source))
    return S;
  for (const Stmt *C : S->children())
    if (const Stmt *P = anyPoint(C))
      return P;
  return nullptr;
}

} // namespace

Verdict doacrossRule(const OMPExecutableDirective &D, unsigned N,
                     unsigned Collapse, SourceLocation &At) {
  At = D.getBeginLoc();
  const auto *L = dyn_cast<OMPLoopDirective>(&D);
  if (!L || N != Collapse)
    return Verdict::no(DiagId::HostClause,
                       "ordered(n) on more loops than the worksharing loop "
                       "collapses is not supported yet (collapse(n) the "
                       "same n loops)");
  const auto *Body = dyn_cast_or_null<CompoundStmt>(L->getBody());
  if (!Body)
    return Verdict::no(DiagId::HostClause,
                       "a doacross loop's body must be a block");
  // Sinks, then one source, each a statement of the body itself: a sink
  // after the source would wait for a turn already passed.
  unsigned Sources = 0;
  for (const Stmt *S : Body->body()) {
    bool Source;
    if (doacrossPoint(S, Source)) {
      At = S->getBeginLoc();
      if (Sources > 0)
        return Verdict::no(DiagId::HostClause,
                           "a doacross loop with a sink or source after its "
                           "source is not supported yet");
      Sources += Source;
      continue;
    }
    if (const Stmt *P = anyPoint(S)) {
      At = P->getBeginLoc();
      return Verdict::no(DiagId::HostClause,
                         "a doacross sink or source inside a statement of "
                         "the loop body (not the body itself) is not "
                         "supported yet");
    }
  }
  if (Sources != 1)
    return Verdict::no(DiagId::HostClause,
                       "a doacross loop without a source is not supported "
                       "yet");
  return {};
}

bool doacrossSource(const OMPExecutableDirective &D) {
  bool Source = false;
  return doacrossPoint(&D, Source) && Source;
}

} // namespace omp2cuda
