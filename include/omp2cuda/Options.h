#ifndef OMP2CUDA_OPTIONS_H
#define OMP2CUDA_OPTIONS_H

#include <string>

namespace omp2cuda {

struct Options {
  bool LineDirectives = true;
  bool SkipIfNone = false;
  std::string RuntimeInclude = "omp2cuda/device_rt.h";
};

} // namespace omp2cuda

#endif
