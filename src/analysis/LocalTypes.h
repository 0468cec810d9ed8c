// Local types that move to file scope (LocalTypes.cpp): what the file pass
// asks of a planned move.
#ifndef OMP2CUDA_ANALYSIS_LOCALTYPES_H
#define OMP2CUDA_ANALYSIS_LOCALTYPES_H

#include "analysis/Analysis.h"

namespace omp2cuda {

/// M's definition is identical to one that already moved for another
/// function (the same kind, name, text and members): M is only taken out of
/// its function, and what stays behind names the moved one.
bool reusesMove(const LocalTypeMove &M, const TUState &TU);

} // namespace omp2cuda

#endif
