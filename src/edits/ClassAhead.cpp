// Kernels and stubs placed after the class whose member holds their region,
// because the region names the class (analysis/ClassAhead.h).
#include "analysis/ClassAhead.h"
#include "edits/Edits.h"
#include "emit/Emit.h"

namespace omp2cuda {

void placeAfterClass(const RegionCandidate &C, const KernelModel &K,
                     clang::ASTContext &Ctx, RegionEdit &E) {
  if (K.ClassAheadTemplate) {
    // A class template's kernel stays before it: only the class is
    // declared ahead of the kernel (analysis/ClassAhead.h).
    bool NewLine = llvm::StringRef(E.Insert).starts_with("\n");
    E.Insert = (NewLine ? "\n" : "") + K.ClassAhead + "\n" +
               (NewLine ? E.Insert.substr(1) : E.Insert);
    return;
  }
  unsigned After = afterClassOffset(C.TopLevel, Ctx);
  if (!After)
    return; // the analysis checked it: kernels stay where they were
  // Where the kernel would have gone: the class's forward declaration and
  // the stub's, which the member's body calls.
  bool NewLine = llvm::StringRef(E.Insert).starts_with("\n");
  E.AheadAt = E.InsertAt;
  E.Ahead = (NewLine ? "\n" : "") +
            std::string("// omp2cuda: the kernel and stub of the region at ") +
            K.Loc.File + ":" + std::to_string(K.Loc.Line) +
            " follow the class, whose type they name\n" + K.ClassAhead +
            "\n" + emitStubDeclaration(K) + "\n";
  E.InsertAt = After;
  E.Insert = NewLine ? E.Insert.substr(1) : E.Insert;
}

} // namespace omp2cuda
