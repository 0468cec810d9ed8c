// One file's edits: the main file's, or a user header's that the
// translation rewrites (the caller makes it the main file with
// MainFileScope). Regions are analysed, lowered and emitted here; the
// caller adds what depends on every file (device marks, includes of
// translated headers) and applies the edits.
#ifndef OMP2CUDA_DRIVER_FILEPASS_H
#define OMP2CUDA_DRIVER_FILEPASS_H

#include "analysis/Analysis.h"
#include "driver/Translate.h"
#include "frontend/RegionFinder.h"

#include "clang/Basic/Diagnostic.h"

#include <map>
#include <string>
#include <vector>

namespace omp2cuda {

/// A target construct that stays on the host where no o2c::HostFallback can
/// be written around it (in a file the translation does not rewrite, or
/// produced by a macro). It would run on the host's copies of data that
/// translated constructs keep on the device, so the unit makes the whole
/// program run on the host (o2c::HostProgram, docs/host-fallback.md).
struct UnguardedConstruct {
  clang::SourceLocation At; // the construct (valid while the AST lives)
  SourcePos Loc;            // the same, as the runtime names it
  std::string Directive;
  std::string Reason; // why it stays on the host, with the diagnostic's ID
};

struct FilePass {
  std::string FileName;                    // as #line markers name it
  std::vector<TextEdit> Edits;             // all but the kernels
  std::map<unsigned, std::string> Inserts; // offset -> kernels and stubs
  std::vector<UnguardedConstruct> Unguarded;
  bool Failed = false; // a problem was reported: nothing is written
};

/// Reports one of our diagnostics through clang's engine, as --suppress and
/// --warnings-as-errors say.
void report(clang::DiagnosticsEngine &DE, const Options &O,
            clang::SourceLocation Loc, DiagId Id, const std::string &Msg);

/// The edits of the file being rewritten: C-to-C++ fixes, host API routing
/// and its regions Cands, each translated or left on the host (recorded in
/// Out). Internal: kernels get internal linkage (a header's).
FilePass runFilePass(const std::vector<RegionCandidate> &Cands, TUState &TU,
                     const Options &O, FileResult &Out, bool Internal);

/// `__host__ __device__` on the declarations in the file being rewritten
/// of the functions device code calls, and their OpenMP API's using; the
/// device copies of declare target variables (the unit's main file only).
void addDeviceMarks(FilePass &P, const TUState &TU, const Options &O);

/// The text of the file being rewritten with P's edits, Banner first;
/// reports an internal error and returns nothing when edits conflict.
std::optional<std::string> applyFilePass(FilePass &P, clang::ASTContext &Ctx,
                                         const std::string &Banner,
                                         const std::string &FileName,
                                         const Options &O);

} // namespace omp2cuda

#endif
