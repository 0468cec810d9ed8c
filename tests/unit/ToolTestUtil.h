#ifndef OMP2CUDA_TESTS_TOOLTESTUTIL_H
#define OMP2CUDA_TESTS_TOOLTESTUTIL_H

#include "driver/Translate.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <catch2/catch.hpp>

#include <memory>

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

/// A C file parsed with OpenMP 5.2, and its first target construct.
struct Parsed {
  std::unique_ptr<clang::ASTUnit> AST;
  const clang::OMPExecutableDirective *Target = nullptr;
  const clang::Stmt *Body = nullptr; // the target construct's statement
  clang::ASTContext &ctx() { return AST->getASTContext(); }
};

inline Parsed parse(const std::string &Code) {
  Parsed P;
  P.AST = clang::tooling::buildASTFromCodeWithArgs(
      Code, {"-fopenmp", "-fopenmp-version=52", "-xc", "-std=c11"}, "input.c");
  REQUIRE(P.AST);
  FirstTarget F;
  F.TraverseDecl(P.AST->getASTContext().getTranslationUnitDecl());
  REQUIRE(F.D);
  P.Target = F.D;
  P.Body = F.D->getInnermostCapturedStmt()->getCapturedStmt();
  return P;
}

} // namespace omp2cuda::test

#endif
