// Region: what analysis learns about one OpenMP target construct. Plain data
// (strings and numbers) so that lowering, emission and tests never need the
// AST. Source snippets are kept as the user wrote them.
#ifndef OMP2CUDA_REGION_H
#define OMP2CUDA_REGION_H

#include "omp2cuda/Diagnostics.h"
#include "omp2cuda/Options.h"

#include <optional>
#include <string>
#include <vector>

namespace omp2cuda {

struct SourcePos {
  std::string File;
  unsigned Line = 0;
  unsigned Col = 0;
};

enum class RegionClass {
  Combined,   // grid-stride kernel (seed 000 §4, seed 004 §3.4)
  Sequential, // target region without parallelism: one-thread kernel
  General,    // nested constructs no form takes (left on the host)
  Spmd,       // nested constructs, team code run by every thread (SpmdTree)
  DataEnv,    // target data: a device data environment around host code
  DataStmt,   // target enter/exit data, target update
};

enum class MapType { Alloc, To, From, ToFrom, Release, Delete };

struct MapInfo {
  MapType Type = MapType::ToFrom;
  bool Always = false;
  bool Implicit = false;
  bool Present = false; // 'present' modifier: must already be mapped
  bool Section = false; // Lower/Length are the section bounds (texts)
  std::string Lower;
  std::string Length;
  /// A strided section (to/from of target update only): the step between
  /// the elements, empty for 1.
  std::string Stride;
  /// An item inside an array of arrays, `a[i][j][lo:len]` of a target
  /// region: the subscripts before the section (texts, outermost first).
  /// The item is the contiguous block a[i][j][lo .. lo+len); the variable
  /// goes to the kernel as the device address of `a` itself.
  std::vector<std::string> Rows;
  /// Members of one struct mapped one by one on a data construct (issue 8,
  /// StructSpans.cpp): the span step (o2c::MapStruct) and its members
  /// (o2c::MapMember).
  bool StructSpan = false;
  bool Member = false;
};

inline MapInfo makeMap(MapType T, bool Implicit = false) {
  MapInfo M;
  M.Type = T;
  M.Implicit = Implicit;
  return M;
}

/// How a variable used in a region reaches the device.
enum class Passing {
  Value,         // firstprivate: copied into the kernel parameter
  DevicePointer, // pointer: pointee mapped or translated, pointer passed
  MappedObject,  // array or scalar mapped by address: kernel gets T*
  Private,       // a fresh uninitialised variable per thread
  Reduction,     // per-thread partial folded into a mapped slot
  LastPrivate,   // private; the sequentially last iteration writes it back
};

struct Capture {
  std::string Name;       // the name the region's text uses
  std::string CallArg;    // how the call site passes it ("a", "this->a")
  std::string StubParam;  // stub parameter declaration ("double *a")
  std::string KernelParam; // kernel parameter ("double *a"); for Private,
                           // the declaration the kernel starts with
  std::string ValueType;  // the variable's type without name ("double *")
  std::string ElemType;   // pointee or element type for pointers/arrays
  std::string DecayType;  // arrays: pointer-to-element type ("double (*)[4]")
  Passing How = Passing::Value;
  bool IsPointer = false;
  bool IsArray = false;
  bool IsVLA = false;
  bool IsMember = false;
  bool BoxedArray = false; // firstprivate fixed-size array: by value in o2c::Box
  /// A member of *this the region only reads, by value: the value is the
  /// device copy's when the member is present (OpenMP maps this[:1]).
  bool MemberStart = false;
  bool DeviceAddress = false; // has_device_addr object: its address as it is
  bool PointerObject = false; // map(p) of a pointer: its own storage
  bool LoopVariable = false; // lastprivate of a loop's own variable
  bool InBody = false;   // referenced by the region's statement
  bool Written = false;  // assigned in the region
  std::optional<MapInfo> Map;
  std::string ReductionOp; // o2c_dev::Red* name when How == Reduction
  std::string PrivateDecl; // LastPrivate: the kernel's private copy
  /// A linear item (LastPrivate): its step's text, and whether its value is
  /// computed in 64 bits (else 32).
  std::string LinearStep;
  bool LinearWide = false;
  /// lastprivate(conditional:) (LastPrivate): the body's assignments record
  /// their iteration in o2c_w_<Name>, combined at the kernel's end.
  bool CondLast = false;
};

enum class LoopCmp { LT, LE, GT, GE, NE };

struct LoopLevel {
  std::string Var;
  std::string VarType;
  bool DeclaredInInit = true;
  std::string Lower;
  std::string Upper;
  std::string Step = "1"; // magnitude text; Increasing says the sign
  bool Increasing = true;
  bool UnitStep = true;
  LoopCmp Cmp = LoopCmp::LT;
  bool Is64Bit = false;
  /// Narrower than int: `i += stride` (and `lo + thread`) would wrap in the
  /// variable's own type, so the loop counts iterations instead.
  bool Narrow = false;
  /// The condition compares in another type than the variable's (a wider
  /// or an unsigned bound): the bound may not fit the variable, so a step
  /// cannot stop at it; the loop counts iterations instead.
  bool OtherCmpType = false;
};

/// A map item of a data construct whose base is an lvalue other than a
/// variable: `p[i][0:n]`, `s.q[0:n]`, `a[i][lo:n]`. Base is its text as the
/// call site evaluates it; a pointer base is attached (OpenMP 5.1 §2.21.7.2).
struct PointerMap {
  std::string Base;
  bool AttachBase = false; // Base is a pointer (not an array)
  MapInfo Map;
  /// A member item (`s.len`, `s.q`): Base is the member's address and Map
  /// the one element there; a pointer member is attached to its pointee as
  /// a mapped pointer variable is.
  bool AttachSelf = false;
  /// A member item: the struct's text (`s.`, `p->`), empty otherwise, and
  /// its field index there (a region's: its rank by offset, RegionMemberSpans).
  std::string Parent;
  unsigned Field = 0;
  /// `this[0:1]` or `*this` of a data construct (Base "this"): mapped
  /// before the members, which then lie in its copy.
  bool ThisObject = false;
  /// map(iterator(...), ...) (MapIterators.cpp): the `for` headers,
  /// outermost first, the step runs in, once per iterator value.
  std::vector<std::string> Loops;
};

/// A use_device_ptr / use_device_addr item of a target data construct:
/// inside the construct's body the name refers to the device copy.
struct DeviceAlias {
  std::string Name;
  bool Reference = false; ///< use_device_addr of an object: a reference to
                          ///< the device object; else a translated pointer
};

/// SPMD form of a region with nested constructs (issue 9 point 6): every
/// CUDA thread runs the team-master code redundantly; each node is one
/// construct of the region's directive tree, with its body as the user's
/// text (edits applied) around its child nodes.
enum class SpmdKind {
  Team,       // team-master code (the root): every thread runs it
  TeamLoop,   // distribute: a team's iterations, one block each in turn
  GridLoop,   // distribute parallel for: every thread of the grid
  Parallel,   // parallel region: every thread of the block
  ThreadLoop, // for inside parallel: the block's threads share iterations
  Guard,      // team-master code with side effects: thread 0 alone
  Barrier,    // #pragma omp barrier
  Sections,   // sections inside parallel: the block's threads share them
  Section,    // one section of it
};

/// A piece of a node's body: user text, or a child node.
struct SpmdPart {
  std::string Text;
  int Child = -1;        // index into SpmdTree::Nodes, or -1 for text
  SourcePos Pos;         // where Text starts (line markers)
  bool ReadsMemory = false; // team code that reads memory others may write
};

struct SpmdReduction {
  std::string Var, Type, Op; // Op: o2c_dev::Red* name
  /// The variable is the team's (mapped or in shared memory), not the
  /// thread's: the team's result goes into it atomically.
  bool Shared = false;
  /// The kernel reaches it through a pointer of its name (a mapped scalar:
  /// the body says `(*x)`), not by the name itself.
  bool ViaPointer = false;
  /// Shared, and its operator gives the same result in any order (a
  /// built-in operator on an integer type): each warp folds its partial
  /// into the variable atomically, with no shared scratch.
  bool AnyOrder = false;
};

struct SpmdNode {
  SpmdKind Kind = SpmdKind::Team;
  std::vector<LoopLevel> Loops; // the loop levels of TeamLoop/GridLoop/ThreadLoop
  std::vector<SpmdPart> Parts;
  bool NoWait = false;          // a for without its closing barrier
  /// ThreadLoop: the ordered clause; its iterations take turns through a
  /// counter in shared memory (o2c_dev::OrderedTurn).
  bool Ordered = false;
  /// A static schedule without a chunk: one contiguous block of about
  /// equal size per team (TeamLoop: dist_schedule(static)) or per thread
  /// (ThreadLoop: schedule(static)), in their order.
  bool Blocks = false;
  /// A static schedule with a chunk (ThreadLoop: schedule(static, c),
  /// TeamLoop: dist_schedule(static, C)): chunks of that many iterations
  /// dealt to the threads (teams) in turn, as the kernel evaluates the
  /// text (below 1: 1); "" otherwise.
  std::string Chunk;
  bool InControlFlow = false;   // inside a statement of team-master code
  /// private/firstprivate items of the construct: fresh declarations, and
  /// (firstprivate) the variable they are initialised from.
  std::vector<std::pair<std::string, std::string>> Privates; // (decl, init var)
  std::vector<SpmdReduction> Reductions;
  /// Guard: declarations printed before it (team locals in shared memory
  /// whose initial values the guard stores).
  std::string Prelude;
  /// Parallel: a team smaller than the block, from num_threads and if as
  /// written ("" when absent); MasterOnly: parallel master, whose body the
  /// team's thread 0 runs.
  std::string NumThreads, IfCond;
  bool MasterOnly = false;
  bool restricted() const {
    return !NumThreads.empty() || !IfCond.empty() || MasterOnly;
  }
};

struct SpmdTree {
  std::vector<SpmdNode> Nodes; // Nodes[0] is the root
  unsigned SharedBytes = 0;    // team-local arrays and reduction scratch
  /// The team reductions' shared scratch (0: none): one word of the widest
  /// reduced type per warp, rounded up to eight-byte words.
  unsigned ScratchBytes = 0;
  /// The reduced types ("T, double") where one depends on a template
  /// parameter: each instantiation of the kernel sizes the scratch
  /// (o2c_dev::ScratchWords), ScratchBytes is then only the budget's guess.
  std::string ScratchTypes;
  /// Of those, the team master's variables its threads share (Level 0 of
  /// seed 002: promoted locals, the team's firstprivate copies).
  unsigned SharingBytes = 0;
  /// The control-loop form (issue 9 point 2): thread 0 runs the team code,
  /// each parallel construct in it is a state every thread runs.
  bool ControlLoop = false;
  /// Its team-master variables declared at the kernel's top, (name,
  /// declaration): `__shared__ int n` when the team shares it.
  std::vector<std::pair<std::string, std::string>> Hoisted;
  /// The region's firstprivate scalars that its threads share (one copy
  /// per team, in shared memory), (name, declaration of that copy).
  std::vector<std::pair<std::string, std::string>> TeamCopies;
  /// Bytes per team of the slots outside static shared memory (0: none):
  /// the kernel reaches them through o2c_ds, which the stub points at
  /// dynamic shared memory or at the team's block of global memory.
  unsigned SlotBytes = 0;
  DataSharing SlotMode = DataSharing::Auto;
};

struct Region {
  unsigned Index = 0;
  SourcePos Loc;
  std::string Directive;  // "target teams distribute parallel for"
  std::string Pragma;     // the clauses as written, one line
  std::string Function;   // enclosing function, qualified
  std::string KernelBase; // omp2cuda_<function>_L<line>[_n]
  RegionClass Class = RegionClass::Combined;
  bool Translate = true;
  DiagId Why = DiagId::HostGeneral;
  std::string Reason;
  /// Where the construct, clause or call that decided Why is (Line 0: the
  /// directive itself).
  SourcePos WhyPos;
  /// Remarks on how the region was translated (a diagnostic ID each).
  std::vector<std::pair<DiagId, std::string>> Remarks;

  // Clauses (texts as written; empty when absent).
  std::string NumTeams, ThreadLimit, IfCond, Device, ScheduleChunk;
  bool NoWait = false;
  bool Depend = false;     // depend clauses: wait for sibling tasks first
  /// in_reduction clauses of the target construct as written: the call
  /// site runs in an undeferred host task that carries them.
  std::string InReduction;
  bool SingleTeam = false; // target parallel ..., target simd
  bool SingleThread = false;
  bool SimdChunks = false; // target simd: chunks of lanes, in order
  unsigned Collapse = 1;

  std::vector<Capture> Captures;
  std::vector<LoopLevel> Loops;
  std::vector<DeviceAlias> DeviceAliases; // target data only
  std::vector<PointerMap> PointerMaps;     // data constructs only

  /// OpenMP API routines that the kernel's text calls where no edit
  /// re-spells them (a macro's own body, the loop header): the kernel names
  /// the device versions with using-declarations.
  std::vector<std::string> DeviceApiUsings;
  /// Declared at the top of the kernel: the class's typedefs the region's
  /// text names ("using value_type = double;"), outside the class, and the
  /// using-declarations, using-directives and namespace aliases of the
  /// blocks around the region (BlockUsings.cpp).
  std::vector<std::string> TypeAliases;
  /// The loop bounds call the OpenMP API, whose values only the device
  /// knows (omp_get_num_teams()): the kernel, not the stub, counts the trip.
  bool TripOnDevice = false;
  /// Why the program could tell how many teams run the loop (empty: it
  /// cannot): what lets --full-grid launch past num_teams (GridObservers.cpp).
  std::string GridObserver;
  /// A written static schedule or dist_schedule without a chunk on a
  /// combined loop whose region can tell who ran an iteration
  /// (iterationObserver): each team takes one contiguous block of the
  /// iterations (TeamBlocks), then each of its threads one of the team's
  /// (ThreadBlocks; else they take the team's iterations in turn, as
  /// schedule(static, 1) asks), the first trip % count one longer.
  bool TeamBlocks = false, ThreadBlocks = false;
  /// dist_schedule(static, C) on such a loop (not TeamBlocks): team t takes
  /// the chunks of C iterations t, t + T, ... (T teams), and its threads
  /// divide each chunk by the loop's schedule (ThreadBlocks, or chunks of
  /// ScheduleChunk in turn). The chunk's text; empty otherwise.
  std::string TeamChunk;
  /// With TeamChunk: the by-value (firstprivate) variables the loop may
  /// assign. Each distribute chunk is a parallel region of its own (gcc,
  /// libomp), whose threads start from the original value again.
  std::vector<std::string> ChunkResets;

  std::string Body;  // the statement the kernel runs (the innermost loop body)
  SourcePos BodyPos; // where Body starts in the source (for #line)
  unsigned BodyIndent = 0; // indentation of the source line Body starts on
  bool BodyFromMacro = false;

  std::string TemplateHeader; // "template <typename T>" or empty
  std::string TemplateArgs;   // "<T>" or empty
  /// "struct S;": the region is in a member defined in class S and names
  /// S, so its kernel and stub follow S and the stub is declared ahead of
  /// it, after this (analysis/ClassAhead.h). Empty otherwise.
  std::string ClassAhead;
  /// S is a class template: the kernel and stub stay before it, S declared
  /// ahead of them by ClassAhead ("template <typename T> struct S;").
  bool ClassAheadTemplate = false;

  SpmdTree Spmd; // Class == Spmd
};

} // namespace omp2cuda

#endif // OMP2CUDA_REGION_H
