// Generated text compared without its formatting (tool tests).
#ifndef OMP2CUDA_TESTS_UNIT_FLATTEXT_H
#define OMP2CUDA_TESTS_UNIT_FLATTEXT_H

#include <string>

namespace omp2cuda::test {

/// The text with every run of white space as one space, and none after an
/// opening parenthesis: the generated code is formatted, so its line breaks
/// depend on the names' lengths.
inline std::string flat(const std::string &S) {
  std::string Out;
  for (char C : S) {
    bool Space = C == ' ' || C == '\n';
    if (Space && !Out.empty() && (Out.back() == ' ' || Out.back() == '('))
      continue;
    Out += Space ? ' ' : C;
  }
  return Out;
}

} // namespace omp2cuda::test

#endif
