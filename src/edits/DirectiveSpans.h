// Where the file being rewritten spells OpenMP directives: the C edits must
// not write inside one (a cast in a clause changes what the clause says).
#ifndef OMP2CUDA_EDITS_DIRECTIVESPANS_H
#define OMP2CUDA_EDITS_DIRECTIVESPANS_H

#include "frontend/FileScope.h"

#include "clang/AST/StmtOpenMP.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace omp2cuda {

class DirectiveSpans {
public:
  void add(const clang::SourceManager &SM,
           const clang::OMPExecutableDirective *D) {
    clang::SourceLocation B = SM.getExpansionLoc(D->getBeginLoc());
    clang::SourceLocation E = SM.getExpansionLoc(D->getEndLoc());
    if (inMainFile(SM, B) && inMainFile(SM, E))
      Spans.push_back({SM.getFileOffset(B), SM.getFileOffset(E)});
  }

  bool contains(const clang::SourceManager &SM, clang::SourceLocation L) const {
    L = SM.getExpansionLoc(L);
    if (!inMainFile(SM, L))
      return false;
    unsigned Off = SM.getFileOffset(L);
    return std::any_of(Spans.begin(), Spans.end(), [&](const auto &S) {
      return S.first <= Off && Off <= S.second;
    });
  }

private:
  std::vector<std::pair<unsigned, unsigned>> Spans;
};

} // namespace omp2cuda

#endif
