// Edits: the changes to the main file, as one set of tooling::Replacements.
#ifndef OMP2CUDA_EDITS_EDITS_H
#define OMP2CUDA_EDITS_EDITS_H

#include "analysis/Analysis.h"
#include "omp2cuda/KernelModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/Tooling/Core/Replacement.h"

#include <map>
#include <string>
#include <vector>

namespace omp2cuda {

/// Edits that make a C translation unit valid C++ (ARCHITECTURE.md §1):
/// casts for implicit conversions from void* and int-to-enum, casts for
/// string literals bound to char*, `restrict` -> `__restrict__`, C++ keywords
/// used as identifiers renamed. Problems it cannot fix go to Problems.
struct CompatProblem {
  clang::SourceLocation Loc;
  std::string What;
};
/// For C++ translation units too: the names CUDA's headers declare renamed
/// (cudaNameEdits) and, after the #include that brings <complex>, the device
/// versions of std::complex (omp2cuda/std_complex.h).
std::vector<TextEdit> cCompatEdits(clang::ASTContext &Ctx, bool LineDirectives,
                                   std::vector<CompatProblem> &Problems);

/// Whether CUDA's headers declare Name at global scope (CudaNames.inc).
bool isCudaName(llvm::StringRef Name);
/// Whether CUDA's headers define a macro Name.
bool isCudaMacro(llvm::StringRef Name);
/// The program's global declarations written in the main file whose names
/// CUDA's headers declare, renamed `name_` (in the text and in the AST), an
/// #undef of each CUDA macro the main file #defines itself, and a float
/// passed to a double parameter of the math library cast to double (CUDA's
/// headers and C++'s <math.h> add float overloads).
std::vector<TextEdit> cudaNameEdits(clang::ASTContext &Ctx, bool LineDirectives);

/// Host calls of the OpenMP device routines (omp_get_num_devices,
/// omp_target_alloc, ...) routed to the omp2cuda runtime; calls inside
/// DeviceCode (target regions) are left alone.
std::vector<TextEdit> hostApiEdits(clang::ASTContext &Ctx,
                                   const std::vector<clang::SourceRange> &DeviceCode);

/// `x = x op e` under `#pragma omp atomic` in host code spelled `x op= e`,
/// the form nvcc's host pass keeps valid for GCC; `*p` items of map and
/// motion clauses spelled `p[0:1]`, which GCC 12 parses.
std::vector<TextEdit> atomicFormEdits(clang::ASTContext &Ctx);

/// The device copies of the declare target variables that device code uses
/// (TU.DeviceGlobals): each mirror into Inserts, after the variable's
/// declaration or the #include that brings it, and the uses in functions
/// compiled for both sides re-spelled O2C_DEVICE_COPY(var, mirror). Only in
/// the unit's main file.
void deviceGlobalEdits(const TUState &TU, std::vector<TextEdit> &Edits,
                       std::map<unsigned, std::string> &Inserts);
/// Calls of functions with a `declare variant` for the device in functions
/// compiled for both sides: the callee re-spelled O2C_DEVICE_CALL(base,
/// variant). Only in the file being rewritten.
/// Renamed `begin declare variant` functions (BlockVariantText): the
/// block closed before each, opened again after it with a forwarder, into
/// Inserts.
void deviceVariantEdits(const TUState &TU, std::vector<TextEdit> &Edits,
                        std::map<unsigned, std::string> &Inserts);
/// Where the device copy of VD goes in the file being rewritten: after the
/// statement that first declares it there (before the file-scope
/// declaration holding it for a class member, or for the pointer to a host
/// global, HostAddress), else after the #include that leads to its
/// declaration. False when neither is text of the file.
bool deviceCopyOffset(const clang::VarDecl *VD, const clang::ASTContext &Ctx,
                      bool HostAddress, unsigned &Offset);

/// Where and what to change for one construct.
struct RegionEdit {
  std::vector<TextEdit> CallSite; // around the construct itself
  unsigned InsertAt = 0;          // kernel and stub go here ...
  std::string Insert;             // ... (empty for data constructs)
  /// Kernel and stub after the class (Region::ClassAhead): the class's
  /// forward declaration and the stub's go here, before it.
  unsigned AheadAt = 0;
  std::string Ahead;
  std::string Problem;            // why the construct cannot be rewritten
  /// A construct left on the host runs inside an o2c::HostFallback (false:
  /// produced by a macro, or a data construct the host runtime would skip).
  bool Guarded = true;
  /// Why a guarded construct still cannot be left to its fallback (its
  /// firstprivate variables, src/edits/FallbackPrivates.h): the program
  /// runs on the host. Empty when it can.
  std::string Unguarded;
};

/// The edits that turn a translated region into a stub call with the
/// original region as host fallback.
RegionEdit regionEdits(const RegionCandidate &C, const Region &R,
                       const KernelModel &K, const std::string &Emitted,
                       clang::ASTContext &Ctx, bool LineDirectives);
/// Moves the kernel and stub of E after the class that K.ClassAhead
/// declares, and declares the stub ahead of the class.
void placeAfterClass(const RegionCandidate &C, const KernelModel &K,
                     clang::ASTContext &Ctx, RegionEdit &E);
/// The edits for a data construct (target data / enter / exit / update).
/// One that a macro produces along with other code is rewritten in the
/// main file's #define body; DefineEdits (offset -> text) holds the edits
/// earlier expansions made there, so each is made once. When the construct
/// cannot be rewritten, Problem says why (left to the host runtime it would
/// miss the device data: an error).
RegionEdit dataEdits(const RegionCandidate &C, const Region &R,
                     clang::ASTContext &Ctx, bool LineDirectives,
                     std::map<unsigned, std::string> &DefineEdits);
/// A comment before a region left on the host naming the diagnostic.
/// HostEdits: the file's edits for host code (clause expressions the host
/// fallback evaluates: if, device).
RegionEdit hostComment(const RegionCandidate &C, const Region &R,
                       clang::ASTContext &Ctx, bool LineDirectives,
                       const std::vector<TextEdit> &HostEdits);

/// A local type moving to file scope (LocalTypeMove): the text it takes
/// there, and the edit that leaves the rest of its statement in place.
struct MovedType {
  unsigned Begin = 0, End = 0; ///< the moved range of the main file
  std::string FileScopeText;
  TextEdit Remnant;
};
MovedType moveLocalType(const LocalTypeMove &M, clang::ASTContext &Ctx,
                        const std::vector<TextEdit> &FileEdits,
                        const std::string &FileName, bool LineDirectives);

/// Offset of the `#` that starts the directive's line (or of the macro
/// invocation that produces it).
unsigned directiveStart(const clang::OMPExecutableDirective &D,
                        clang::ASTContext &Ctx);
/// The construct whose statement ends S (S itself, or the body of a loop,
/// the last branch of an if...), whose source range ends with its pragma
/// line instead; null when S ends with ordinary code.
const clang::OMPExecutableDirective *trailingDirective(const clang::Stmt *S);
/// Offset just past the statement associated with D (its ';' included).
unsigned statementEnd(const clang::OMPExecutableDirective &D,
                      clang::ASTContext &Ctx);

/// Merges edits into Replacements; insertions at one offset keep their order.
llvm::Expected<clang::tooling::Replacements>
toReplacements(const std::string &FilePath, std::vector<TextEdit> Edits);

} // namespace omp2cuda

#endif
