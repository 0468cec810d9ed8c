#ifndef OMP2CUDA_TESTS_TOOLTESTUTIL_H
#define OMP2CUDA_TESTS_TOOLTESTUTIL_H

#include "analysis/DirectiveTree.h"
#include "driver/Translate.h"

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

/// The first target execution construct of a parsed AST, or null. Out of
/// line (ToolTestUtil.cpp): a RecursiveASTVisitor instantiated in every test
/// file doubled each one's compile time.
const clang::OMPExecutableDirective *firstTarget(clang::ASTContext &Ctx);

/// A C file parsed with OpenMP 5.2, and its first target construct.
struct Parsed {
  std::unique_ptr<clang::ASTUnit> AST;
  const clang::OMPExecutableDirective *Target = nullptr;
  const clang::Stmt *Body = nullptr; // the target construct's statement
  clang::ASTContext &ctx() { return AST->getASTContext(); }
};

Parsed parse(const std::string &Code);

/// F's translation for the given host compiler (C11).
inline FileResult translateFor(const std::string &Code, HostCompiler Host) {
  Options O;
  O.LineDirectives = false;
  O.Host = Host;
  return translateCode(Code, "input.c", {"-xc", "-std=c11"}, O);
}

/// The 1-based line of Code where S first occurs (S must occur).
unsigned lineOf(const std::string &Code, const std::string &S);

/// The expansion line of L in P's file.
unsigned lineOfLoc(Parsed &P, clang::SourceLocation L);

/// The directive tree of P's target body taken as one team.
DirectiveTree teamTree(Parsed &P);

/// The target regions of F (data constructs left out), in order.
std::vector<const Region *> targetRegions(const FileResult &F);

/// R stays on the host for a pointer held in Holder that it dereferences.
inline void checkDerefRefused(const Region &R, const std::string &Holder) {
  CHECK_FALSE(R.Translate);
  CHECK(R.Why == DiagId::HostClause);
  CHECK(contains(R.Reason, Holder));
  CHECK(contains(R.Reason, "is dereferenced"));
}

} // namespace omp2cuda::test

#endif
