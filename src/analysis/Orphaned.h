// OpenMP directives in the body of a function that device code calls
// ("orphaned" constructs, OpenMP 5.2 §1.2.2: they bind to the region that
// encounters the call). The function is compiled for both sides, so what a
// directive becomes must be right on the host too:
// - `atomic` (the update forms) becomes o2c_dev::atomicUpdate, the device's
//   atomic on the device and the host compiler's atomics on the host;
// - `simd` keeps its pragma: the host vectorises, and a CUDA thread runs the
//   loop in order, which is a legal schedule of a simd loop (only clauses
//   whose meaning that schedule keeps are accepted); with
//   `reduction(inscan, ...)` its pragma and its `scan` become comments and
//   both sides run it in order, where that computes the scan
//   (InOrderScan.h);
// - `parallel for` gets `if(o2c_dev::omp_is_initial_device())`: the host's
//   team as before, and on the device a team of one, the calling thread (an
//   inactive parallel region), when nothing in the loop could tell: no
//   private copies the one thread would not make, the loop's variable its
//   own (or declared by the loop instead, OrphanedTasks.h), no OpenMP API
//   calls (they would answer for the caller) unless the
//   region is one thread, whose answers are the team of one's;
// - `task` and `taskgroup` that can run in place (OrphanedTasks.h);
// - `distribute` [`simd` | `parallel for` [`simd`]] reached only from
//   team-master code of teams regions: a device copy of the loop runs the
//   calling team's share (OrphanedDistribute.h);
// - `for` [`simd`] reached only from team-master code: it binds to a team
//   of one, so a device copy of the loop runs every iteration in order on
//   the calling thread; or reached only from code that every thread of a
//   parallel region whose team is the kernel's block runs alike: the
//   block's threads share the copy's iterations (OrphanedDistribute.h);
// Any other directive (worksharing, barrier, critical, parallel, ...) would
// need the calling team's threads: the region stays on the host, with a
// warning at the directive that names the chain of calls to it.
#ifndef OMP2CUDA_ANALYSIS_ORPHANED_H
#define OMP2CUDA_ANALYSIS_ORPHANED_H

#include "analysis/Analysis.h"

#include <map>
#include <string>
#include <vector>

namespace omp2cuda {

/// Whether the directives in Def's body can run on the device. Chain: the
/// functions called from the region down to Def (Def last), for the message;
/// the verdict is located at the directive that decided. OneThread: the
/// region runs as one thread of one team, where the OpenMP API answers
/// inside a team of one as it should (all but omp_get_level). Place: where
/// every call that reaches Def is (team-master code of a teams region: a
/// distribute loop may run; of any region, or code of a parallel region
/// every thread runs alike: a worksharing `for`).
Verdict checkOrphaned(const clang::FunctionDecl *Def,
                      const std::vector<std::string> &Chain,
                      clang::ASTContext &Ctx, bool OneThread = false,
                      CallPlace Place = CallPlace::Other);

/// The place each device function holding an orphaned `for` is bound to
/// (TUState::ForBinding).
using ForBindings = std::map<const clang::FunctionDecl *, CallPlace>;

/// Why Def, already compiled for the device for a one-thread region, may
/// not be taken as it is by another region, or "": it, or a function it
/// calls, holds a `parallel for`, or a `for` not bound to the calling
/// parallel region, whose loop asks the OpenMP API ("holds a 'for' loop
/// (line 4) that asks ...", named as written).
std::string oneThreadOnly(const clang::FunctionDecl *Def,
                          const ForBindings &Bindings);

/// Whether Def, or a function it calls, holds an orphaned worksharing `for`.
bool holdsOrphanedFor(const clang::FunctionDecl *Def);

/// Why a call at Place cannot reach Def, already compiled for the device,
/// or "": Def, or a function it calls, holds a distribute loop (which only
/// team-master code of a teams region may reach) or a worksharing `for`
/// whose device copy Bindings says is for the other kind of team (a team
/// of one, from team-master code, or the calling parallel region's).
std::string placeProblem(const clang::FunctionDecl *Def, CallPlace Place,
                         const ForBindings &Bindings);

/// V, whose warning is located away from the region (inside a function it
/// calls), saying which region's calls lead there: "the target region at
/// line N calls ..." rather than "it calls ...".
Verdict fromRegionAt(Verdict V, unsigned RegionLine);

/// The edits that rewrite the atomics (and parallel for and distribute
/// loops) of the functions compiled for both sides whose bodies are in the
/// main file; Edits holds the file's other edits (those inside an atomic's
/// statement are folded into its text, a distribute loop's device copy
/// carries those of its body). FileName, LineDirectives: for the `#line`
/// markers around such a copy.
void orphanedAtomicEdits(const TUState &TU, std::vector<TextEdit> &Edits,
                         const std::string &FileName, bool LineDirectives);

} // namespace omp2cuda

#endif
