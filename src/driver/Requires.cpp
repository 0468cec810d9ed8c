#include "driver/Requires.h"
#include "emit/Emit.h"

#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/Basic/SourceManager.h"

#include <fmt/format.h>

using namespace clang;

namespace omp2cuda {

std::string requiresRegistration(ASTContext &Ctx, const std::string &MainName) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    const auto *R = dyn_cast<OMPRequiresDecl>(D);
    if (!R)
      continue;
    for (const OMPClause *C : R->clauselists()) {
      if (!isa<OMPUnifiedSharedMemoryClause>(C))
        continue;
      SourceLocation L = SM.getExpansionLoc(R->getLocation());
      PresumedLoc P = SM.getPresumedLoc(L);
      if (P.isInvalid())
        continue;
      // The main file as the user named it (as the stubs do), a header by
      // its path.
      std::string File = SM.isInMainFile(L) ? MainName : P.getFilename();
      return fmt::format(
          "// The program requires unified_shared_memory: a device that "
          "cannot reach host memory is not used.\n"
          "static const o2c::RequiresUnifiedSharedMemory "
          "o2c_requires_usm({{{}, {}, {}, \"requires\"}});\n",
          cString(File), P.getLine(), P.getColumn());
    }
  }
  return "";
}

} // namespace omp2cuda
