// Printing statements that come out of macro expansions, which have no text
// of their own in the main file (ARCHITECTURE.md §4: rewritten at the
// expansion site from the expanded tokens).
#ifndef OMP2CUDA_EDITS_BODYPRINTER_H
#define OMP2CUDA_EDITS_BODYPRINTER_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/PrettyPrinter.h"

#include <functional>
#include <map>
#include <set>
#include <string>

namespace omp2cuda {

/// What to change while printing a kernel body: variables that became
/// pointers, OpenMP API calls that have device versions, `this->` on members.
struct BodyRespell {
  std::set<const clang::ValueDecl *> Deref;
  bool DropThis = true;
  bool RenameCxxKeywords = false;
};

/// Prints S with the respellings applied.
std::string printBody(const clang::Stmt *S, const clang::ASTContext &Ctx,
                      const BodyRespell &R);

/// A macro invocation in the main file whose expansion holds target
/// constructs: [Begin, End) is the invocation, Stmts the statements of the
/// expansion, in order.
struct MacroSite {
  unsigned Begin = 0, End = 0;
  std::vector<const clang::Stmt *> Stmts;
};

/// The invocation that produced D, when D's whole statement comes from one
/// macro invocation in the main file.
bool findMacroSite(const clang::Stmt *D, clang::ASTContext &Ctx, MacroSite &Out);

/// Prints the site's statements; each statement for which Wrap returns a
/// non-empty prefix is printed as `<prefix><stmt> }`.
std::string printMacroSite(const MacroSite &Site, const clang::ASTContext &Ctx,
                           const std::function<std::string(const clang::Stmt *)> &Wrap);

} // namespace omp2cuda

#endif
