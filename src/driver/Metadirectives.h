// Metadirectives in the translation (docs/metadirective.md). Clang chooses
// a metadirective's variant while it parses, for the host; inside a target
// region the translator needs the device's choice. So the file is parsed
// with each such pragma respelled as the device's variant (same bytes, same
// lines), and the output puts the original pragma back in the host
// fallback, where the host compiler chooses for the host.
#ifndef OMP2CUDA_DRIVER_METADIRECTIVES_H
#define OMP2CUDA_DRIVER_METADIRECTIVES_H

#include "driver/Translate.h"
#include "edits/SourceText.h"
#include "frontend/RegionFinder.h"

#include "clang/AST/ASTContext.h"

namespace omp2cuda {

/// Before the first parse: finds Text's metadirectives and respells those
/// that select on `target_device` (which Clang 19 cannot parse): the
/// kernel's parse takes the device's variant, the output the host's.
void planMetadirectives(llvm::StringRef Text, FileResult &R);

/// Text with every respelling of R applied (what Clang parses).
std::string metaParseText(llvm::StringRef Text, const FileResult &R);

/// The parse's diagnostics with each respelled `begin declare variant`
/// clause as the user wrote it: the source lines they quote come from the
/// parsed text. A respelling is as long as its original, so carets stay.
std::string metaDiagnosticText(llvm::StringRef Diags, const FileResult &R);

/// After a parse: the sites not yet decided are decided by where they are
/// (inside a target region: the device's variant; else the host's, when a
/// variant is a target construct). False when that respelled a pragma, so
/// the file must be parsed again (R.MetaReparse).
bool resolveMetadirectives(clang::ASTContext &Ctx, FileResult &R);

/// A region that holds (or is) a metadirective left undecided stays on the
/// host, and so does one in a header (Header: its pass) that holds one:
/// true after setting Reg's reason.
bool holdForMetadirective(const RegionCandidate &C, const clang::SourceManager &SM,
                          const FileResult &R, Region &Reg, bool Header);

/// The output's text of each respelled pragma, replacing whatever other
/// edits would have changed inside it.
void restoreMetadirectives(const FileResult &R, std::vector<TextEdit> &Edits);

} // namespace omp2cuda

#endif
