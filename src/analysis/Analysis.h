// Analysis: one target construct -> Region (plain data, with the reason for
// every decision). Internal pieces: clauses, captures, loop nests, device
// calls; Classify.cpp puts them together.
#ifndef OMP2CUDA_ANALYSIS_ANALYSIS_H
#define OMP2CUDA_ANALYSIS_ANALYSIS_H

#include "edits/SourceText.h"
#include "frontend/RegionFinder.h"
#include "omp2cuda/KernelModel.h"
#include "omp2cuda/Region.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtOpenMP.h"

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace omp2cuda {

/// State shared by the analyses of all regions of one translation unit.
/// A type declared inside a function that a translated region names: its
/// declaration moves to file scope, right before the function, so that the
/// kernel and the stub can name it too.
struct LocalTypeMove {
  const clang::DeclStmt *Stmt = nullptr; ///< where the type is declared
  const clang::TagDecl *Tag = nullptr;   ///< the tag it defines, if any
  /// The statement also declares variables: only the tag definition moves
  /// and the variables stay, declared with the tag's name.
  bool Split = false;
  /// A name for an anonymous tag that moves apart from its variables.
  std::string NewTagName;
  const clang::Decl *TopLevel = nullptr; ///< the declaration it goes before
  const clang::FunctionDecl *Function = nullptr;
  std::vector<std::string> Names; ///< names it adds to the enclosing scope
};

/// Where a call of device code is, for the orphaned loops of the function
/// it reaches (Orphaned.h): in team-master code of the region (outside its
/// constructs and lambdas), where a worksharing `for` binds to a team of
/// one; there and in a `teams` region, where a `distribute` loop binds to
/// its teams; in code of a parallel region whose team is the kernel's
/// block, which every thread of it runs alike (Parallel: a `for` binds to
/// that team); or elsewhere.
enum class CallPlace { Other, Master, TeamMaster, Parallel };

struct TUState {
  clang::ASTContext &Ctx;
  /// Local types that move to file scope (committed: their regions were
  /// translated) and those the region being analysed would move.
  std::vector<LocalTypeMove> Moves, PendingMoves;
  /// Edits the whole file gets (C-to-C++ fixes); bodies copied into kernels
  /// get the ones inside their range too.
  std::vector<TextEdit> FileEdits;
  /// Host calls of the OpenMP device routines routed to o2c:: (HostApi.cpp):
  /// clause expressions (device(omp_get_initial_device())) are evaluated by
  /// the stubs, on the host, and must use them too.
  std::vector<TextEdit> HostApiEdits;
  /// Functions called from device code that get `__host__ __device__`.
  std::set<const clang::FunctionDecl *> DeviceFunctions;
  /// `declare target` variables device code uses, by canonical declaration,
  /// with their device copies (DeclareTarget.cpp).
  std::map<const clang::VarDecl *, DeviceGlobal> DeviceGlobals;
  /// The place of the calls that reach each device function holding an
  /// orphaned worksharing `for` (Master or Parallel): its one device copy
  /// of the loop is written for it, and a call from the other place is
  /// refused (placeProblem). Set when the function is marked.
  std::map<const clang::FunctionDecl *, CallPlace> ForBinding;
  /// The translation unit's main file (the source manager's main file
  /// changes while headers are rewritten): only code there can name the
  /// device copies, which are defined there.
  clang::FileID UnitMain;
  /// Kernel names handed out so far (for the _<n> suffix).
  std::map<std::string, unsigned> NameCount;
  /// The path the user named the main file by (for messages and #line); a
  /// translated header's canonical path while that header is rewritten.
  std::string FileName;
  /// Put after `omp2cuda_` in the kernel names of a translated header
  /// (`vec_h_`), so that they differ from the main file's.
  std::string KernelPrefix;
  /// True for a location in a file the translation can rewrite: the main
  /// file and the user's headers below --in-root. Functions defined there
  /// can be called on the device. Unset: the main file only.
  std::function<bool(clang::SourceLocation)> Rewritable;
  /// Relocatable device code (--rdc): device code may call `declare target`
  /// functions that another translation unit defines. TU.DeviceFunctions
  /// then holds such functions too, without a body.
  bool Rdc = false;
  /// --data-sharing: where data-sharing slots go (SharingSlots.h).
  DataSharing Sharing = DataSharing::Auto;
  /// --host-compiler-family: whose `declare variant` choices the host
  /// fallback makes (ConstructContext.cpp).
  HostCompiler Host = HostCompiler::Clang;
  explicit TUState(clang::ASTContext &C)
      : Ctx(C), UnitMain(C.getSourceManager().getMainFileID()) {}
};

/// Either fine, or the reason a region cannot be translated.
struct Verdict {
  bool Ok = true;
  DiagId Id = DiagId::HostGeneral;
  std::string Reason;
  /// The clause that decided, when one did (the warning points at it).
  clang::SourceLocation Where;
  static Verdict no(DiagId I, std::string R) {
    return {false, I, std::move(R), {}};
  }
};

// ---- Clauses.cpp ----------------------------------------------------------
struct ClauseInfo {
  std::map<const clang::ValueDecl *, MapInfo> Maps;
  std::vector<PointerMap> PointerMaps; // data constructs: items on p[i], s.q
  std::set<const clang::ValueDecl *> Private, FirstPrivate, LastPrivate;
  /// lastprivate(conditional: ...) items (also in LastPrivate).
  std::set<const clang::ValueDecl *> CondLastPrivate;
  std::set<const clang::ValueDecl *> IsDevicePtr; // already device addresses
  /// has_device_addr items: pointers as is_device_ptr; objects whose address
  /// is a device address (use_device_addr aliases) are passed by address.
  std::set<const clang::ValueDecl *> HasDeviceAddr;
  /// if(parallel: c) and if(teams: c): one thread per team, one team.
  std::string ParallelIf, TeamsIf;
  /// use_device_ptr / use_device_addr items, in clause order; true: the
  /// name becomes a reference to the device object (use_device_addr).
  std::vector<std::pair<const clang::VarDecl *, bool>> DeviceAliases;
  std::map<const clang::ValueDecl *, std::string> Reductions; // -> Red* name
  /// linear items (OpenMP 5.2 §5.4.6): the step's text ("1" when absent),
  /// and where the clause is.
  struct LinearItem {
    std::string Step = "1";
    clang::SourceLocation Where;
  };
  std::map<const clang::ValueDecl *, LinearItem> Linear;
  /// Reductions over arrays and array sections: the operator, and for a
  /// section its bounds (Map.Section, Lower, Length).
  struct ArrayReduction {
    std::string Op;
    MapInfo Map;
  };
  std::map<const clang::ValueDecl *, ArrayReduction> ArrayReductions;
  std::vector<const clang::Expr *> ClauseExprs; // every expression clauses use
  /// Where the item that readClauses refused is (invalid: the directive).
  clang::SourceLocation FailLoc;
  std::string NumTeams, ThreadLimit, IfCond, Device, ScheduleChunk;
  std::string DistChunk; // dist_schedule(static, chunk)
  /// dist_schedule(static) without a chunk: one contiguous block of about
  /// equal size per team, in team order (OpenMP 5.2 §11.6.1).
  bool DistBlocks = false;
  /// A static schedule or dist_schedule without a chunk, written: each
  /// thread (team) gets one contiguous block of iterations.
  clang::SourceLocation StaticBlocksAt;
  /// defaultmap modifiers by category: 's'calar, 'a'ggregate, 'p'ointer.
  std::map<char, std::string> Defaultmap;
  bool NoWait = false;
  bool Depend = false;
  /// in_reduction clauses of a target construct, as written (one line).
  std::string TargetInReduction;
  /// The ordered clause without a parameter: the loop's ordered regions
  /// run in the order of its iterations.
  bool Ordered = false;
  /// ordered(n): a doacross loop nest of n loops (Ordered is set too).
  unsigned Doacross = 0;
  unsigned Collapse = 1;
  unsigned Safelen = 0; // 0: no safelen clause
  std::vector<std::pair<DiagId, std::string>> Remarks;
};
/// Reads the clauses of D into CI. Returns a negative verdict for a clause we
/// do not translate.
Verdict readClauses(const clang::OMPExecutableDirective &D, ClauseInfo &CI,
                    clang::ASTContext &Ctx, const std::vector<TextEdit> &Edits);
// ---- MapItems.cpp -----------------------------------------------------------
/// A map item of a target region inside an array of arrays (`a[i][lo:len]`,
/// `a[i][j]`): the variable, with MI's Rows, Lower and Length filled in.
/// Null when E has another form; then Why is set when E has this form but
/// cannot be translated (side effects, a stride, no length).
const clang::ValueDecl *rowItem(const clang::Expr *E, MapInfo &MI,
                                clang::ASTContext &Ctx,
                                const std::vector<TextEdit> &Edits,
                                std::string &Why);
/// A member map item of a data construct (`s.len`, `s.q`, `p->n`): the
/// member itself, evaluated where the construct stands. False when E is no
/// member access (or a member of `this`, which is a captured field); Why is
/// set when it is one that cannot be translated.
bool memberItem(const clang::Expr *E, const MapInfo &MI, clang::ASTContext &Ctx,
                const std::vector<TextEdit> &Edits, std::vector<PointerMap> &Out,
                std::string &Why);
/// The map step of the member lvalue Lvalue (its text) of type T: a
/// section of one element at &(Lvalue), attached to its device copy when
/// it is a pointer to data.
PointerMap memberStep(std::string Lvalue, const MapInfo &MI, clang::QualType T);
/// Members of one struct mapped one by one on a data construct (`map(to:
/// s.len, s.data)`) become one span step and member steps, as libomptarget
/// maps them (StructSpans.cpp).
void groupStructMembers(llvm::omp::Directive Kind, std::vector<PointerMap> &Maps);
/// User-defined mappers that apply to map items of D, explicit or implicit
/// (`declare mapper(default: T)` maps every T), after readClauses: each
/// mapped struct variable gets the mapper's map type, and the mapper's
/// other items go to CI.PointerMaps (Mappers.cpp). Else a negative
/// verdict, Where at the item when it is written.
Verdict expandMappers(const clang::OMPExecutableDirective &D, ClauseInfo &CI,
                      clang::ASTContext &Ctx, clang::SourceLocation &Where);
/// Folds New, a second map item of one variable on one construct, into Old
/// (the union of the map types); else says why they cannot be one map.
std::string combineMaps(MapInfo &Old, const MapInfo &New);
/// Whether the subscripts of R's row items name only values the stub has
/// at the encounter (not privates, loop variables, or, under nowait, scalars
/// mapped by address).
Verdict checkRowSubscripts(const Region &R,
                           const std::set<const clang::VarDecl *> &LoopVars);

/// The `depend` clauses of D as written (`depend(inout: a[0:n])`, one string
/// each, in order), for the host task that carries a deferred target task's
/// dependences (docs/async.md). Empty when D has none, or when a clause comes
/// from a macro expansion (then nothing can be copied reliably).
std::vector<std::string> dependClauses(const clang::OMPExecutableDirective &D,
                                       clang::ASTContext &Ctx);
/// Whether D has `depend(mutexinoutset: ...)`. libomp releases a task's
/// mutual exclusion when its body ends, so a detached host task would let
/// such target tasks run at once (docs/async.md, "Mutually exclusive").
bool hasMutexInOutSet(const clang::OMPExecutableDirective &D);
/// A clause's text as written, on one line; empty when it comes from a
/// macro expansion.
std::string clauseSourceText(const clang::OMPClause *C, clang::ASTContext &Ctx);

// ---- LocalTypes.cpp ---------------------------------------------------------
/// The function-local declarations (typedefs, tags) spelling T needs,
/// through pointers and arrays; empty when T can be named at file scope.
std::vector<const clang::NamedDecl *> localTypesOf(clang::QualType T);
/// Whether T is written with decltype/typeof, which names expressions of the
/// function and so cannot be spelled in a kernel's signature.
bool spelledByExpression(clang::QualType T);
/// The function-local types (and enums, for their enumerators) that Body
/// names but that are declared outside Body, in order of first use.
std::vector<const clang::NamedDecl *> localTypesNamedIn(const clang::Stmt *Body,
                                                        clang::ASTContext &Ctx);
/// Plans moving local type D (with whatever its declaration statement
/// defines) to file scope before TopLevel, into TU.PendingMoves. False, with
/// Why, when it cannot move: a C++ class, a template, a clash of names at
/// file scope, a dependence on other local declarations, a macro.
bool planLocalTypeMove(const clang::NamedDecl *D, const clang::Decl *TopLevel,
                       const clang::FunctionDecl *Function, TUState &TU,
                       std::string &Why);
/// The spelling of T with moved anonymous tags named (for kernel and stub
/// signatures).
std::string renameMovedTags(std::string Text, const TUState &TU,
                            const clang::ASTContext &Ctx);

// ---- Captures.cpp -----------------------------------------------------------
struct Use {
  const clang::ValueDecl *Decl = nullptr;
  bool Member = false; // a field of *this
  bool Written = false;
  std::vector<clang::SourceRange> Refs; // each reference to the variable
  std::vector<clang::SourceRange> ThisArrows; // explicit `this->` to drop
  /// An array used other than through its decay to a pointer (sizeof, &,
  /// range-for): the kernel needs it as an array, not as a pointer.
  bool WholeArray = false;
  /// Named inside decltype/typeof, whose type changes with the passing.
  bool InTypeOperand = false;
  /// Every reference is in an unevaluated operand (sizeof, alignof,
  /// decltype): the kernel names the variable but never reads it.
  bool OnlyUnevaluated = false;
  /// The references among Refs that read the constant where C++ requires
  /// a constant expression (an array bound, a template argument, `if
  /// constexpr`, static_assert, a case label, a constant's initialiser),
  /// which a kernel parameter is not.
  std::vector<clang::SourceRange> ConstantRefs{};
  /// The references of a variable with static storage that a constant
  /// expression needs as the object itself (`get<&cfg::N>()`, a reference
  /// template parameter): a kernel parameter has no constant address.
  std::vector<clang::SourceRange> AddressConstantRefs{};
};
struct CaptureScan {
  std::vector<Use> Uses; // in first-use order
  std::string ThisProblem; // non-empty: `this` used other than for fields
};
/// Variables and fields that S uses but does not declare.
CaptureScan scanCaptures(const clang::Stmt *S, clang::ASTContext &Ctx);
/// The variable, or data member of *this, that E names (x, this->x, x of
/// an implicit this); null for anything else.
const clang::ValueDecl *namedVariable(const clang::Expr *E);
/// Adds the variables that clause expressions use (they may be absent from
/// the body, e.g. a section length).
void scanClauseExprs(const std::vector<const clang::Expr *> &Exprs,
                     CaptureScan &Scan, clang::ASTContext &Ctx);

// ---- LoopNest.cpp -----------------------------------------------------------
/// The canonical loop nest of a loop-associated construct: Depth levels, the
/// innermost body in *Body.
Verdict analyzeLoopNest(const clang::Stmt *S, unsigned Depth,
                        clang::ASTContext &Ctx, const std::vector<TextEdit> &Edits,
                        std::vector<LoopLevel> &Levels,
                        std::set<const clang::VarDecl *> &LoopVars,
                        const clang::Stmt **Body,
                        std::vector<const clang::VarDecl *> *SequentialVars = nullptr);

// ---- DeviceCalls.cpp --------------------------------------------------------
/// Checks that every call in S can run on the device; records the edits that
/// rewrite OpenMP API calls and the functions that need __host__ __device__.
/// Each OpenMP API call written in S (main-file text), with whether an edit
/// re-spells it (not so inside a macro's own body), for the caller to tell
/// loop-header and unedited calls apart.
struct ApiCall {
  std::string Name;
  clang::SourceLocation Loc;
  bool Edited = false;
};

/// OneThread: the region runs as one thread of one team (Orphaned.h).
/// Place: S's place (its calls outside its constructs have it).
Verdict checkDeviceCalls(const clang::Stmt *S, TUState &TU,
                         std::vector<TextEdit> &BodyEdits,
                         std::vector<ApiCall> *Calls = nullptr,
                         bool OneThread = false,
                         CallPlace Place = CallPlace::Other);
/// Adds F to TU.DeviceFunctions when device code could call it (with the
/// callees that makes device functions too); false when it cannot run on
/// the device. For the functions of a translated header, which are all
/// marked so that every translation unit writes the same copy.
/// Why: the reason it cannot, when asked.
bool markIfDeviceCallable(const clang::FunctionDecl *F, TUState &TU,
                          std::string *Why = nullptr);
/// Whether a declaration of FD names it in `declare target` for the device
/// (not device_type(host)).
bool isDeclareTargetFunction(const clang::FunctionDecl *FD);
/// The OpenMP API routines with device versions that Body calls (as
/// callee names), whatever spelled them.
std::set<std::string> ompApiCalledIn(const clang::Stmt *Body);
// ---- DeclareVariant.cpp, BlockVariantText.cpp --------------------------------
/// What device code calls in place of a function with `declare variant`s
/// (clang resolved the call for the host's context only).
struct DeviceVariant {
  enum Kind {
    Base,       ///< no variant matches the device: the function itself
    Variant,    ///< a variant matches
    /// In both: Callee, spelled Spelling in the output.
    Undecidable ///< Why: the translator cannot choose or call it
  } K = Base;
  const clang::FunctionDecl *Callee = nullptr;
  std::string Spelling;
  std::string Why;
  /// Some variant's selector has a `device` set: the host's choice may
  /// differ from the device's.
  bool DeviceDependent = false;
  /// Base, spelled through a cast of its address because the host may
  /// replace a call of it by a variant.
  bool ThroughCast = false;
};
/// A function defined in a `begin declare variant` block (clang names it
/// `f$ompvariant$<selector>`, which no output can spell) that device code
/// calls: the output renames its definition NewName, closes the block
/// before it and opens the block again after it, where a function named as
/// the base forwards to it, so that the host compiler's choice is as before
/// (edits/DeviceVariants.cpp). Offsets in the main file.
struct BlockVariantText {
  std::string NewName;                    ///< omp2cuda_variant_<base>_L<line>
  unsigned NameBegin = 0, NameLength = 0; ///< the name in its definition
  unsigned DefBegin = 0; ///< the definition's first line, at its start
  unsigned AfterDef = 0; ///< the start of the line after the definition
  unsigned PragmaBegin = 0, PragmaEnd = 0; ///< the innermost `begin` pragma
};
/// Whether F is a function of a `begin declare variant` block.
bool isBlockVariant(const clang::FunctionDecl *F);
/// Where and how block variant F is renamed; nullopt when it cannot be (a
/// member, template or variadic function, a name from a macro, a
/// definition that shares a line with other code, another file; nested
/// blocks are all closed around it).
std::optional<BlockVariantText> blockVariantText(const clang::FunctionDecl *F);
bool hasDeclareVariant(const clang::FunctionDecl *F);
DeviceVariant deviceVariantOf(const clang::FunctionDecl *F,
                              const clang::ASTContext &Ctx);
/// Where a `begin declare variant` block is ("line 4", "line 2 of a.h")
/// that the parse skipped although a GPU may run it (unseenGpuBlocks in
/// frontend/VariantBlocks.h: the main file's, and any in the user's
/// headers, which are never respelled) and that may define F, or "": the
/// GPU's choice for a call of F is not known.
std::string unseenBlockDefining(const clang::FunctionDecl *F);
/// A function S calls (directly or through the functions defined in the
/// unit that it calls) whose choice of variant depends on the device, or
/// null. A region that calls one cannot stay on the host while the program
/// uses the device: the host would run the host's variant.
const clang::FunctionDecl *reachesDeviceVariant(const clang::Stmt *S);

// ---- DeclareTarget.cpp -------------------------------------------------------
/// Whether VD, a variable with static storage, is named in `declare target`
/// with `to`/`enter` (or declared inside a `declare target` block) for the
/// device (not device_type(host)). `link` variables are not: their device
/// copy exists only while mapped.
bool isDeclareTargetEnter(const clang::VarDecl *VD);
bool isDeclareTargetLink(const clang::VarDecl *VD);
/// Plans the device copy of the declare target variable VD for device code
/// at Use (into TU.DeviceGlobals); false, with Why, when it cannot have one
/// here.
bool planDeviceCopy(const clang::VarDecl *VD, clang::SourceLocation Use,
                    TUState &TU, std::string &Why);
/// The device copy TU planned for VD, or null.
const DeviceGlobal *deviceCopyOf(const clang::VarDecl *VD, const TUState &TU);

// ---- ArrayReductions.cpp ------------------------------------------------------
/// Rewrites every update of the array-reduction item VD in Body (`a[e] op=
/// v` with the reduction's operator Op) into a device atomic on the mapped
/// copy, into All (the body's edits); a verdict located at the first other
/// use, which keeps the region on the host.
Verdict arrayReductionEdits(const clang::Stmt *Body, const clang::ValueDecl *VD,
                            const std::string &Op, clang::ASTContext &Ctx,
                            std::vector<TextEdit> &All);

// ---- CondLastprivate.cpp -------------------------------------------------------
/// The edits that make every assignment of the conditional lastprivate item
/// VD (spelled Name) in Body record its logical iteration, into Out; a
/// verdict located at a use that could write it otherwise.
Verdict condLastprivateEdits(const clang::Stmt *Body, const clang::VarDecl *VD,
                             const std::string &Name, clang::ASTContext &Ctx,
                             std::vector<TextEdit> &Out);

// ---- Atomics.cpp -------------------------------------------------------------
/// True if S holds a directive other than `atomic` and those rewritten in
/// place (Transparent.h); the atomics go to Atomics.
bool containsDirectiveOtherThanAtomic(
    const clang::Stmt *S, std::vector<const clang::OMPAtomicDirective *> &Atomics);
/// A type that device atomics (and so reductions) handle: integers of 1, 2,
/// 4 or 8 bytes, float and double.
bool isAtomicNumber(clang::QualType T, const clang::ASTContext &Ctx);

/// The statement of an atomic update in any form OpenMP allows: `x op= v`,
/// `x++`/`--x`, `x = x op v` and `x = v op x` (op commutative).
struct AtomicUpdate {
  const clang::Expr *X = nullptr;
  const clang::Expr *V = nullptr; ///< null for ++ and --
  clang::BinaryOperatorKind Op = clang::BO_Add; ///< + - * & | ^
  bool Assign = false;  ///< written `x = x op v` or `x = v op x`
  std::string WhyNot;   ///< set when the statement is none of these
};
AtomicUpdate atomicUpdate(const clang::Expr *E, const clang::ASTContext &Ctx);

/// The statement of an OpenMP atomic directive, or null.
const clang::Expr *atomicStatement(const clang::OMPAtomicDirective &A);

/// The replacement of one `#pragma omp atomic` and its statement.
struct AtomicRewrite {
  unsigned Begin = 0, End = 0;
  std::string Text;
};
/// Known: edits already decided inside the statement (applied to its texts).
Verdict rewriteAtomic(const clang::OMPAtomicDirective &A, clang::ASTContext &Ctx,
                      const std::vector<TextEdit> &Known, AtomicRewrite &Out);
/// The same for `atomic compare` (AtomicCompare.cpp): min and max forms
/// become o2c_dev::atomicCombine with RedMin/RedMax, `x == e` forms
/// o2c_dev::atomicCompareAssign; capture forms take x's value from the
/// same atomic operation.
Verdict rewriteAtomicCompare(const clang::OMPAtomicDirective &A,
                             clang::ASTContext &Ctx,
                             const std::vector<TextEdit> &Known,
                             AtomicRewrite &Out);

/// True for the OpenMP API routines device code may call.
bool isOmpDeviceApi(llvm::StringRef Name);

// ---- Classify.cpp -----------------------------------------------------------
/// Analyses one construct. Never fails: a region we cannot translate comes
/// back with Translate == false and the reason.
Region analyzeRegion(const RegionCandidate &C, TUState &TU, unsigned Index);

/// C++ keywords that C code may use as names; C inputs rename them.
bool isCxxOnlyKeyword(llvm::StringRef Name);

// ---- TypeText.cpp -----------------------------------------------------------
/// Type spelling helpers shared by analysis and lowering.
clang::PrintingPolicy typePolicy(const clang::ASTContext &Ctx);
std::string declText(clang::QualType T, const std::string &Name,
                     const clang::ASTContext &Ctx);

} // namespace omp2cuda

#endif
