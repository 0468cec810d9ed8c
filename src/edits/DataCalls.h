// The runtime calls that a data construct (target data/enter/exit/update)
// and a deferred target task become, as C++ statements: the text that
// RegionEdits.cpp and DataEdits.cpp put where the construct was.
#ifndef OMP2CUDA_EDITS_DATACALLS_H
#define OMP2CUDA_EDITS_DATACALLS_H

#include "edits/Edits.h"

#include "clang/AST/StmtOpenMP.h"

#include <string>
#include <vector>

namespace omp2cuda {

/// The host task that carries a deferred target task o2c_task (null: run
/// the host fallback instead) with the construct's dependences: detached,
/// fulfilled by the helper thread that completes the target task, where the
/// host compiler's runtime allows it (omp2cuda/async.h). A target region
/// with dependences (Early) also gets a detached sibling without them
/// (o2c_done), which is what taskwait, taskgroup and barriers wait for, so
/// that the one with them can release its successors as soon as the device
/// work is queued (docs/async.md). A data construct is never released
/// early: its one task completes with it, and no sibling is needed. With
/// dependences, the detached task also names a token of its own
/// (o2c::newToken) and is followed by o2c::guardRelease (clang-19's libomp
/// in serial code). Where o2c::mayDetach says no at run time (cancellation
/// on; dependences in a team of several threads), the host task owns the
/// target task (o2c::TaskArg), runs it on a helper and waits for it.
/// Exclusive (`depend(mutexinoutset: ...)`): always the waiting form, whose
/// host task holds the exclusion until the target task completed.
std::string deferredTask(const std::vector<std::string> &Depends, bool Early,
                         bool Exclusive);

/// The runtime text of a data construct, without the comments and line
/// markers around it (the same text goes into a #define body).
struct DataCalls {
  std::string Loc, Dev, If;

  DataCalls(const Region &R, unsigned Line, unsigned Col);

  /// The statements that open a device data environment named Var.
  std::vector<std::string> open(const Region &R, const std::string &Var) const;

  /// The statements of a stand-alone directive (o2c::update(...), ...).
  /// Deferred (non-empty Depends, or no depend clause at all): `nowait`
  /// outside a macro; the calls are recorded in a deferred target task.
  std::vector<std::string>
  standAlone(const clang::OMPExecutableDirective &D, const Region &R,
             bool Deferred = false,
             const std::vector<std::string> &Depends = {}) const;

private:
  /// The calls of standAlone's items (enter data, update, exit data), as
  /// they run where the if clause holds.
  std::vector<std::string> itemsOf(const clang::OMPExecutableDirective &D,
                                   const Region &R, bool Deferred) const;

  /// The calls of an exit data construct (Deferred: recorded in o2c_task).
  /// Several items (or items in iterator loops) exit as one o2c::ExitBatch,
  /// their addresses and bytes held first, as libomptarget ends them: every
  /// copy back before any copy goes, so that an attached pointer into
  /// another item's copy (s.p into t) reads as its host counterpart.
  std::vector<std::string> exitCalls(const Region &R, bool Deferred) const;

  /// The calls of one item of standAlone that Steps map (Fn: the runtime
  /// function, Ns: its namespace or the deferred task); M: the item's map,
  /// Base: the pointer or array a section lies in.
  std::vector<std::string> itemCalls(std::vector<MapStep> Steps,
                                     const MapInfo &M, const std::string &Base,
                                     const char *Fn,
                                     const std::string &Ns) const;
};

} // namespace omp2cuda

#endif
