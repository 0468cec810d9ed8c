// defaultmap's behaviour for the implicit data-sharing of a category of
// variables (OpenMP 5.2 §5.8.7): how captures that no clause names are
// passed (CapturePassing.cpp, CapturePointers.cpp).
#ifndef OMP2CUDA_ANALYSIS_DEFAULTMAP_H
#define OMP2CUDA_ANALYSIS_DEFAULTMAP_H

#include "analysis/Analysis.h"

#include <string>

namespace omp2cuda {

/// defaultmap's behaviour for a category ('s'calar, 'a'ggregate,
/// 'p'ointer); empty when no clause names it.
inline std::string defaultmapFor(const ClauseInfo &CI, char Kind) {
  auto It = CI.Defaultmap.find(Kind);
  return It == CI.Defaultmap.end() ? std::string() : It->second;
}

/// The implicit map of a category, after defaultmap.
inline MapInfo implicitMap(const ClauseInfo &CI, char Kind, MapType Default) {
  std::string DM = defaultmapFor(CI, Kind);
  MapInfo M = makeMap(Default, true);
  if (DM == "to")
    M.Type = MapType::To;
  else if (DM == "from")
    M.Type = MapType::From;
  else if (DM == "alloc")
    M.Type = MapType::Alloc;
  else if (DM == "tofrom")
    M.Type = MapType::ToFrom;
  else if (DM == "present")
    M.Present = true;
  return M;
}

} // namespace omp2cuda

#endif
