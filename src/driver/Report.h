#ifndef OMP2CUDA_DRIVER_REPORT_H
#define OMP2CUDA_DRIVER_REPORT_H

#include "driver/Translate.h"

#include <string>
#include <vector>

namespace omp2cuda {

/// Per-region report in the style of nvc++ -Minfo=mp.
std::string textReport(const std::vector<FileResult> &Files);
/// The same as JSON, for tools.
std::string jsonReport(const std::vector<FileResult> &Files);

} // namespace omp2cuda

#endif
