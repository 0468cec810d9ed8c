// KernelModel: how one region becomes CUDA. Built by lowering from a Region,
// printed by the emitters. Every string here is final C++ text.
#ifndef OMP2CUDA_KERNELMODEL_H
#define OMP2CUDA_KERNELMODEL_H

#include "omp2cuda/Region.h"

#include <string>
#include <utility>
#include <vector>

namespace omp2cuda {

enum class KernelShape { GridStride, Sequential, Spmd, ControlLoop };

struct KernelParam {
  std::string Decl;    // "double *a", "int n"
  std::string StubArg; // what the stub passes ("a_d", "n")
};

struct ReductionModel {
  std::string Var;  // user's variable (the per-thread partial keeps its name)
  std::string Type; // "double"
  std::string Op;   // "o2c_dev::RedPlus"
  std::string Slot; // kernel parameter holding the device slot
};

struct LastPrivateModel {
  std::string Var;  // the private copy keeps the user's name
  std::string Slot; // kernel parameter pointing at the mapped original
  std::string Value; // what the last iteration writes back (default: Var)
  /// A linear item: the statement that gives the private copy its value at
  /// the start of each iteration, from the logical iteration number o2c_iv.
  std::string Start;
  /// lastprivate(conditional:): the value comes from the sequentially last
  /// assigning iteration, through the slot o2c_cs_<Var>.
  bool Conditional = false;
  /// A fixed-size array: its bytes are copied back.
  bool Array = false;
};

/// One runtime step of mapping an item: its map, or the attachment of a
/// pointer to the device copy of the section it points into (OpenMP 5.1
/// \S 2.21.7.2). Lowering decides the steps (mapSteps, lowering/Lower.h);
/// the emitters print them as a target region's stub's calls or a data
/// construct's (mapStepCall, emit/Emit.h).
struct MapStep {
  bool Attach = false;
  std::string Addr;  ///< map: the item's host address; attach: the pointer's
  std::string Count; ///< map: the item's bytes; attach: the section's lower
                     ///< bound, in elements from the pointer
  std::string Flags; ///< map: its o2c::Map* flags
};

/// One statement of the stub's mapping, or an item's map steps in its
/// iterator loops (MapIterators.cpp), which the emitter prints.
struct StubMap {
  StubMap(std::string Stmt) : Stmt(std::move(Stmt)) {}
  StubMap(std::vector<MapStep> Steps, std::vector<std::string> Loops)
      : Steps(std::move(Steps)), Loops(std::move(Loops)) {}

  std::string Stmt; // empty for steps
  std::vector<MapStep> Steps;
  std::vector<std::string> Loops;
};

struct KernelModel {
  KernelShape Shape = KernelShape::GridStride;
  std::string Name;     // kernel
  /// Internal linkage: the kernel is in a translated header, which several
  /// translation units may include.
  bool Internal = false;
  std::string StubName; // host launch stub
  std::string Comment;  // "target teams ... at file.c:12"
  SourcePos Loc;
  std::string TemplateHeader, TemplateArgs;
  /// "struct S;": kernel and stub follow class S, the stub is declared
  /// ahead of it (Region::ClassAhead).
  std::string ClassAhead;
  bool ClassAheadTemplate = false; // Region::ClassAheadTemplate

  std::vector<KernelParam> Params;
  std::vector<std::string> PrivateDecls; // "double t;"
  std::vector<std::string> DeviceApiUsings; // "omp_get_num_teams"
  std::vector<ReductionModel> Reductions;
  std::vector<LastPrivateModel> LastPrivates;

  // Grid-stride loop. Simple: one unit-stride ascending loop whose variable
  // can itself stride over the grid (seed 000 Fig. 5), else a normalised
  // iteration counter of TripType.
  bool SimpleLoop = false;
  std::string TripType = "unsigned long long";
  std::vector<LoopLevel> Loops;
  std::string Chunk; // schedule chunk when > 1, else empty
  bool SimdChunks = false; // one warp, chunk after chunk (target simd)
  /// Two instantiations of the grid-stride kernel, `template <bool
  /// O2cOnePass>`: the stub launches <true> when its grid has a thread for
  /// every iteration, and that one runs the loop body once, with none of the
  /// stride loop's state kept live (issue 11 point 2).
  bool OnePassVariant = false;
  /// The kernel's counter type is its template parameter `class O2cIdx`
  /// (after O2cOnePass): the stub picks `unsigned int` when the trip count
  /// and the grid allow it (o2c::countsIn32Bits), else TripType. For loops
  /// whose own counter is 64 bits wide, and collapsed nests, whose divisions
  /// and remainders are cheaper in 32 bits (issue 11 point 2). Without
  /// OnePassVariant (a collapsed nest with a literal schedule chunk), the
  /// template header is `class O2cIdx` alone and the stub multiplies the
  /// grid by the chunk (o2c::countsIn32Bits(shape, trip, chunk)).
  bool CounterVariant = false;
  /// A thread_limit / num_threads clause bounds the block: the kernel takes
  /// `int O2cMaxThreads` (after O2cOnePass and O2cIdx) for its
  /// `__launch_bounds__`, which the stub gives as O2C_MAX_THREADS(clause):
  /// the clause's value when it is a constant, else 0, no bound.
  bool BoundedThreads = false;
  /// --full-grid, and the region cannot tell the number of teams apart
  /// (Region::GridObserver): num_teams does not cap the grid, which gets a
  /// thread per iteration like a loop without the clause.
  bool FullGrid = false;
  /// Region::TeamBlocks, Region::ThreadBlocks: the loop runs the thread's
  /// block of the team's block (o2c_dev::staticBlock), not a stride.
  bool TeamBlocks = false, ThreadBlocks = false;
  /// Region::TeamChunk: a literal, or `o2c_dchunk`, the kernel parameter
  /// the stub evaluates it into.
  std::string TeamChunk;
  /// Region::ChunkResets: each is assigned `o2c_first_<name>`, its value
  /// on entry, at the start of each of the team's chunks.
  std::vector<std::string> ChunkResets;

  /// SPMD team code (KernelShape::Spmd): the region's directive tree, and
  /// after which nodes the team synchronises.
  SpmdTree Spmd;
  std::vector<bool> SyncBefore, SyncAfter; // per node of Spmd

  std::string Body;
  SourcePos BodyPos;
  unsigned BodyIndent = 0;
  bool LineDirectives = true;

  // Host stub.
  std::vector<std::string> StubParams;
  /// With nowait, the deferred body's parameters and the arguments bound to
  /// them at the encounter (a firstprivate array is bound as a copy, which
  /// DeferredPrologue names as the array), in StubParams' order.
  std::vector<std::string> DeferredParams, DeferredArgs, DeferredPrologue;
  std::vector<std::string> CallArgs;
  std::vector<StubMap> Maps;
  std::string TripExpr; // host expression for the trip count (text)
  bool TripOnDevice = false; // only the kernel can count the trip
  std::string NumTeams, ThreadLimit, IfCond, Device;
  bool NoWait = false, SingleTeam = false, Depend = false;
  std::string Directive;
};

/// The device copy of a `declare target` variable that device code uses
/// (issue 10 point 2): a `__device__` mirror defined beside the variable,
/// which kernels name instead of it, registered with the runtime so that
/// maps and `target update` of the variable reach it.
struct DeviceGlobal {
  std::string Name;   ///< the variable, as host code names it ("g")
  std::string Mirror; ///< its device copy ("omp2cuda_dev_g")
  std::string Decl;   ///< the mirror's declarator ("double omp2cuda_dev_g[4]")
  std::string Init;   ///< " = {1, 2}", or empty for none
  SourcePos Loc;      ///< where the variable is declared
  /// A `declare target link` variable: no copy of its own but a device
  /// pointer to the storage its map gives it (Decl declares the pointer,
  /// Mirror is `(*pointer)`, Init is empty).
  bool Link = false;
  std::string Pointer; ///< the device pointer ("omp2cuda_link_g")
  /// A variable that is not `declare target`, in a unit that requires
  /// unified_shared_memory: device code uses the host's variable in place,
  /// through a device pointer holding its address (Decl declares the
  /// pointer, Mirror is `(*pointer)`, Init is empty). HostRef names the
  /// variable from file scope ("ns::S::count").
  bool HostAddress = false;
  std::string HostRef;
  /// A member of a namespace or class: HostRef names the variable from file
  /// scope ("::cfg::counter"), Id is the flat identifier its registration
  /// takes ("cfg_counter"; Name when empty). Reopen holds the namespaces
  /// to reopen around the mirror when it goes after an #include
  /// ("namespace cfg", "namespace" for an unnamed one).
  std::string Id;
  std::vector<std::string> Reopen;
};

} // namespace omp2cuda

#endif
