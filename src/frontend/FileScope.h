// Which file is being rewritten. The edits are computed one file at a time:
// the main file, then each user header the translation rewrites. While a
// header is rewritten, the source manager's main file is that header, so
// every "in the main file" test and every offset below means "in the file
// being rewritten".
#ifndef OMP2CUDA_FRONTEND_FILESCOPE_H
#define OMP2CUDA_FRONTEND_FILESCOPE_H

#include "clang/Basic/SourceManager.h"

namespace omp2cuda {

/// True when L (or, for a macro location, where it is expanded) is in the
/// file being rewritten. Unlike SourceManager::isInMainFile, which asks
/// whether the file was included, this follows setMainFileID.
inline bool inMainFile(const clang::SourceManager &SM, clang::SourceLocation L) {
  return L.isValid() &&
         SM.getFileID(SM.getExpansionLoc(L)) == SM.getMainFileID();
}

/// Makes F the file being rewritten for the scope's lifetime.
class MainFileScope {
public:
  MainFileScope(clang::SourceManager &SM, clang::FileID F)
      : SM(SM), Saved(SM.getMainFileID()) {
    SM.setMainFileID(F);
  }
  ~MainFileScope() { SM.setMainFileID(Saved); }
  MainFileScope(const MainFileScope &) = delete;
  MainFileScope &operator=(const MainFileScope &) = delete;

private:
  clang::SourceManager &SM;
  clang::FileID Saved;
};

} // namespace omp2cuda

#endif
