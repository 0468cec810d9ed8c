#ifndef OMP2CUDA_TESTS_TOOLTESTUTIL_H
#define OMP2CUDA_TESTS_TOOLTESTUTIL_H

#include "driver/Translate.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"

#include <string>

namespace omp2cuda::test {

inline FileResult translateC(const std::string &Code, bool Cxx = false) {
  Options O;
  O.LineDirectives = false;
  return translateCode(Code, Cxx ? "input.cpp" : "input.c",
                       {Cxx ? "-xc++" : "-xc", Cxx ? "-std=c++17" : "-std=c11"},
                       O);
}

inline const Capture *findCapture(const Region &R, const std::string &Name) {
  for (const Capture &C : R.Captures)
    if (C.Name == Name)
      return &C;
  return nullptr;
}

inline bool contains(const std::string &Haystack, const std::string &Needle) {
  return Haystack.find(Needle) != std::string::npos;
}

/// Finds the first target execution construct of a parsed AST.
struct FirstTarget : clang::RecursiveASTVisitor<FirstTarget> {
  const clang::OMPExecutableDirective *D = nullptr;
  bool VisitOMPExecutableDirective(clang::OMPExecutableDirective *E) {
    if (!D && clang::isOpenMPTargetExecutionDirective(E->getDirectiveKind()))
      D = E;
    return true;
  }
};

} // namespace omp2cuda::test

#endif
