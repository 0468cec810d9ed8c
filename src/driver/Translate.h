// One translation unit through the whole pipeline.
#ifndef OMP2CUDA_DRIVER_TRANSLATE_H
#define OMP2CUDA_DRIVER_TRANSLATE_H

#include "frontend/Metadirective.h"
#include "omp2cuda/KernelModel.h"
#include "omp2cuda/Options.h"
#include "omp2cuda/Region.h"

#include "clang/Tooling/CompilationDatabase.h"

#include <string>
#include <vector>

namespace omp2cuda {

struct RegionReport {
  Region R;
  std::string Kernel;      // empty when not translated
  std::string LaunchShape; // human-readable launch description
};

/// The translated copy of a user header (docs/headers.md).
struct HeaderCopy {
  std::string Original; // the header's canonical path
  std::string Copy;     // where it goes, relative to the main output's folder
  std::string Text;
};

struct FileResult {
  std::string Source;      // the path as the user gave it
  bool Ok = false;         // parsed and translated (maybe with host regions)
  bool Parsed = false;     // clang parsed it without errors
  bool HasTargets = false; // a target construct, --rdc device code or a
                           // routed OpenMP device routine call
  unsigned LeftOnHost = 0; // regions left on the host, with a warning
  unsigned KeptOnHost = 0; // regions kept there on purpose (// omp2cuda: host)
  std::string Output;      // the .cu text
  std::vector<HeaderCopy> Headers; // translated headers the .cu includes
  std::vector<RegionReport> Regions;
  /// Set when a construct stays on the host where nothing guards it: the
  /// program runs every region on the host ("file:line:col: reason").
  std::string HostProgram;
  std::vector<std::string> Dependencies; // files read (for depfiles)
  /// Compile-database flags clang does not understand, dropped for the
  /// parse (the caller says so once per run, not once per file).
  std::vector<std::string> DroppedFlags;
  /// How the flags were found when the database has no entry for the file
  /// ("inferred from src/a.c"); empty otherwise.
  std::string FlagsHeuristic;
  /// The main file's metadirectives (driver/Metadirectives.h): each
  /// respelled pragma's text for the parse and for the output, the sites
  /// left undecided (offset of `#`, why), and whether the file must be
  /// parsed again with new respellings.
  struct MetaEdit {
    unsigned Begin = 0, End = 0;
    std::string Parsed, Output;
    /// A `begin declare variant` pragma respelled so that the block is
    /// parsed (frontend/VariantBlocks.h), not a metadirective.
    bool VariantBlock = false;
  };
  std::vector<MetaSite> MetaSites;
  std::vector<bool> MetaDone; // per site: respelled, undecided or left
  std::vector<MetaEdit> MetaEdits;
  std::vector<std::pair<unsigned, std::string>> MetaUndecided;
  bool MetaReparse = false;
  /// The `#` offsets of the `begin declare variant` blocks for the GPU
  /// that the parse skips after all, as the host compiler does: with them
  /// the file did not parse for the host (each is warned about).
  std::vector<unsigned> SkippedVariantBlocks;
};

/// Parses Source with the flags the database gives it, translates it and
/// returns the result. Diagnostics go to stderr through clang's engine.
/// The parse is at OpenMP 5.2 unless the flags name a version; a file that
/// 5.2 rejects (it removed `declare target to(...)` and other older
/// spellings) is parsed again at clang's default, 5.1, and the attempt that
/// parses is the one kept, with its diagnostics.
FileResult translateFile(const std::string &Source,
                         const clang::tooling::CompilationDatabase &DB,
                         const Options &O);
/// One attempt of translateFile at OpenMP Version ("52"; empty: the flags'
/// or clang's default), its diagnostics printed to Diags.
FileResult translateFileAt(const std::string &Source,
                           const clang::tooling::CompilationDatabase &DB,
                           const Options &O, llvm::StringRef Version,
                           llvm::raw_ostream &Diags);

/// Translates in-memory code (for unit tests): Args are compiler flags.
FileResult translateCode(const std::string &Code, const std::string &FileName,
                         const std::vector<std::string> &Args, const Options &O);

/// True while omp2cuda's own code (not Clang's parser) runs on this thread;
/// lets a fuzzer tell a crash of ours from a crash inside Clang.
bool inTranslatorCode();

/// Flags added to every parse and flags dropped from compile databases;
/// -fopenmp-version=Version unless Args name one (none for an empty Version).
std::vector<std::string> adjustArgs(const std::vector<std::string> &Args,
                                    std::vector<std::string> *Dropped,
                                    llvm::StringRef Version = "52");

} // namespace omp2cuda

#endif
