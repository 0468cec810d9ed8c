// Text of source ranges with edits applied. Kernel bodies are the user's own
// text (ARCHITECTURE.md §4): we copy a range of the main file and apply only
// the AST-located edits that fall inside it.
#ifndef OMP2CUDA_EDITS_SOURCETEXT_H
#define OMP2CUDA_EDITS_SOURCETEXT_H

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Basic/SourceManager.h"

#include <string>
#include <vector>

namespace omp2cuda {

/// A replacement of [Offset, Offset + Length) of the main file by Text.
struct TextEdit {
  unsigned Offset = 0;
  unsigned Length = 0;
  std::string Text;
};

/// File offsets of a token range, both ends in the main file; false when
/// either end is not (e.g. it lies inside a macro definition).
bool fileOffsets(const clang::SourceManager &SM, const clang::LangOptions &LO,
                 clang::SourceRange R, unsigned &Begin, unsigned &End);

/// A namespace-scope variable as code anywhere in the file can name it:
/// ::a::b::x (anonymous namespaces are transparent).
std::string namespaceQualified(const clang::VarDecl *VD);

/// The main-file text of [Begin, End) with every edit fully inside the range
/// applied. Edits must not overlap.
std::string textWithEdits(llvm::StringRef Buffer, unsigned Begin, unsigned End,
                          const std::vector<TextEdit> &Edits);

/// Source text of an expression as written, or pretty-printed when it comes
/// from a macro expansion that has no text of its own in the main file.
/// Edits inside the range (e.g. C-to-C++ renames) are applied.
std::string exprText(const clang::Expr *E, const clang::ASTContext &Ctx,
                     const std::vector<TextEdit> *Edits = nullptr);

/// A schedule or dist_schedule chunk size: its value when it is an integer
/// constant expression above 0 (of at most 63 bits), which the printers
/// take as a constant that needs no clamp to 1; else exprText.
std::string chunkText(const clang::Expr *E, const clang::ASTContext &Ctx,
                      const std::vector<TextEdit> *Edits = nullptr);

/// A clause's expression as the user wrote it: Clang keeps those of combined
/// constructs in implicit helper variables (`.capture_expr.`), whose
/// initialisers are the user's expressions.
const clang::Expr *userExpr(const clang::Expr *E);

/// The main file's line that holds Offset.
unsigned lineOf(const clang::ASTContext &Ctx, unsigned Offset);

} // namespace omp2cuda

#endif
