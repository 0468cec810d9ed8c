// Orphaned `distribute` loops of functions device code calls (Orphaned.h
// accepts them with this file's rules). A distribute region binds to the
// teams of the region that calls the function, and each team's initial
// thread (its team master) encounters it, so the function can run it on
// the device when every call that reaches it from device code is in
// team-master code of a `teams` region, where the kernel runs the call on
// one thread of each block. The function is compiled for both sides
// (`__host__ __device__`), so its text keeps the loop, pragma and all, for
// the host, and gets the device's copy beside it:
//
//     if (o2c_dev::omp_is_initial_device()) {
//     #pragma omp distribute
//       for (...) body
//     } else { // the calling team's share: a static schedule over teams
//       for (i = lower + team; i < upper; i += teams) body
//     }
//
// The device's copy is printed as the SPMD form prints a nested
// distribute loop (spmdLoopOpen, spmdDataOpen), with the team number and
// count of the OpenMP API, which answer on either side. `distribute simd`
// and `distribute parallel for [simd]` get the same copy: the team master
// runs its share in order, a legal schedule of the simd part and an
// inactive parallel region (a team of one) for the parallel part.
//
// A worksharing `for` [`simd`] binds to the team of the thread that calls
// the function; from team-master code that team is the calling thread
// alone, so its device copy (same printer) runs every iteration in order,
// whatever the schedule, and its closing barrier waits for no one. From
// code of a parallel region whose team is the kernel's block, which every
// thread of it runs alike (CallPlace::Parallel), the block's threads share
// the iterations as that region's own `for` would (thread t of T: start t,
// stride T; schedule(static) in blocks, a chunk in chunks) and meet at the
// block's barrier unless nowait. A reduction's partials (one per thread)
// combine into the variable atomically; a lastprivate item gets the value
// of the thread that ran the last iteration.
#ifndef OMP2CUDA_ANALYSIS_ORPHANEDDISTRIBUTE_H
#define OMP2CUDA_ANALYSIS_ORPHANEDDISTRIBUTE_H

#include "analysis/Analysis.h"
#include "edits/SourceText.h"

#include "clang/AST/StmtOpenMP.h"

#include <string>
#include <vector>

namespace omp2cuda {

/// distribute, distribute simd, distribute parallel for [simd].
bool isOrphanedDistribute(const clang::OMPExecutableDirective &D);
/// for, for simd.
bool isOrphanedFor(const clang::OMPExecutableDirective &D);

/// Why the device cannot run the orphaned distribute loop D of a called
/// function as its team's share, or "". TeamMaster: every call reaching it
/// from device code is in team-master code of a teams region. At: the
/// clause that decided, when one did.
std::string orphanedDistributeProblem(const clang::OMPExecutableDirective &D,
                                      clang::ASTContext &Ctx, bool TeamMaster,
                                      clang::SourceLocation &At);

/// Why the device cannot run the orphaned worksharing loop D (`for`,
/// `for simd`) of a called function, or "". Place: where every call
/// reaching it from device code is: team-master code of its region (Master
/// or TeamMaster), where the loop binds to a team of one (the calling
/// thread runs every iteration in order), or code of a parallel region
/// whose team is the kernel's block, every thread alike (Parallel: the
/// block's threads share the iterations). At: the clause that decided,
/// when one did.
std::string orphanedForProblem(const clang::OMPExecutableDirective &D,
                               clang::ASTContext &Ctx, CallPlace Place,
                               clang::SourceLocation &At);

/// The edits that give the accepted orphaned distribute or worksharing
/// loop D its device copy (above); Edits holds the file's other edits,
/// which the copy of the loop's body carries. FileName and LineDirectives:
/// the `#line` markers around the copied body. InParallel: a worksharing
/// loop's calls are in a parallel region whose team is the kernel's block
/// (TUState::ForBinding), not in team-master code.
void orphanedLoopEdits(const clang::OMPExecutableDirective &D,
                       clang::ASTContext &Ctx, std::vector<TextEdit> &Edits,
                       const std::string &FileName, bool LineDirectives,
                       bool InParallel = false);

} // namespace omp2cuda

#endif
