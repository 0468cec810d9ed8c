#ifndef OMP2CUDA_DRIVER_REPORT_H
#define OMP2CUDA_DRIVER_REPORT_H

#include "driver/Translate.h"

#include <string>
#include <vector>

namespace omp2cuda {

/// Counts over the files of one run. Regions of files that failed are not
/// counted (nothing was written for them).
struct Totals {
  unsigned Files = 0, FilesFailed = 0;
  unsigned Regions = 0, Translated = 0, Kernels = 0;
  unsigned Host = 0;          // left on the host, on purpose or not
  unsigned HostOnPurpose = 0; // of those, kept there by `// omp2cuda: host`
};
Totals countRegions(const std::vector<FileResult> &Files);

/// "omp2cuda: 12 regions: 9 translated, 3 left on the host".
std::string summaryLine(const Totals &T);

/// Per-region report in the style of nvc++ -Minfo=mp, closed by the
/// summary line.
std::string textReport(const std::vector<FileResult> &Files);
/// The same as JSON, for tools: {"regions": [...], "totals": {...}}.
std::string jsonReport(const std::vector<FileResult> &Files);
/// Per-file counts as CSV with a header and a closing "total" row (like
/// hipify-clang's --print-stats-csv).
std::string statsCsv(const std::vector<FileResult> &Files);

} // namespace omp2cuda

#endif
