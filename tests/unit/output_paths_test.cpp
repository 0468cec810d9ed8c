#include "driver/OutputPaths.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;

namespace {

std::vector<std::string> paths(std::vector<std::string> In,
                               const OutputLayout &L) {
  auto Out = assignOutputPaths(In, L);
  REQUIRE(static_cast<bool>(Out));
  return *Out;
}

std::string failure(std::vector<std::string> In, const OutputLayout &L) {
  auto Out = assignOutputPaths(In, L);
  REQUIRE_FALSE(static_cast<bool>(Out));
  return llvm::toString(Out.takeError());
}

} // namespace

TEST_CASE("outputs go next to the input, to -o, or into --out-dir",
          "[outputs]") {
  CHECK(paths({"/p/src/a.c", "/p/src/b.cpp"}, {}) ==
        std::vector<std::string>{"/p/src/a.cu", "/p/src/b.cu"});
  CHECK(paths({"/p/src/a.c"}, {"/q/x.cu", "", ""}) ==
        std::vector<std::string>{"/q/x.cu"});
  CHECK(paths({"/p/src/a.c", "/p/lib/b.c"}, {"", "/gen", ""}) ==
        std::vector<std::string>{"/gen/a.cu", "/gen/b.cu"});
  CHECK(failure({"/p/a.c", "/p/b.c"}, {"/q/x.cu", "", ""}) ==
        "-o takes one input; use --out-dir for several");
}

TEST_CASE("--in-root mirrors the tree; an input outside it is an error",
          "[outputs]") {
  CHECK(paths({"/p/src/a/k.c", "/p/src/b/k.c"}, {"", "/gen", "/p/src"}) ==
        std::vector<std::string>{"/gen/a/k.cu", "/gen/b/k.cu"});
  // Flattening it would hide the mistake (issue 13).
  CHECK(failure({"/p/src/a/k.c", "/p/other/z.c"}, {"", "/gen", "/p/src"}) ==
        "'/p/other/z.c' is not below --in-root '/p/src'");
  // A sibling whose name starts like the root is not below it.
  CHECK(failure({"/p/src2/y.c"}, {"", "/gen", "/p/src"}) ==
        "'/p/src2/y.c' is not below --in-root '/p/src'");
}

TEST_CASE("inputs that would share an output get distinct ones",
          "[outputs]") {
  // Same name in two directories, no --in-root: mirrored below the
  // directory they share, the others stay flat.
  CHECK(paths({"/p/a/k.c", "/p/b/c/k.c", "/p/m.c"}, {"", "/gen", ""}) ==
        std::vector<std::string>{"/gen/a/k.cu", "/gen/b/c/k.cu",
                                 "/gen/m.cu"});
  // The result does not depend on the order of the inputs.
  CHECK(paths({"/p/b/c/k.c", "/p/a/k.c"}, {"", "/gen", ""}) ==
        std::vector<std::string>{"/gen/b/c/k.cu", "/gen/a/k.cu"});
  // Same stem, different extensions: the extension is kept.
  CHECK(paths({"/p/k.c", "/p/k.cpp", "/p/j.c"}, {}) ==
        std::vector<std::string>{"/p/k.c.cu", "/p/k.cpp.cu", "/p/j.cu"});
  CHECK(paths({"/p/a/k.c", "/p/b/k.cpp"}, {"", "/gen", ""}) ==
        std::vector<std::string>{"/gen/a/k.cu", "/gen/b/k.cu"});
}

TEST_CASE("an input given twice is translated once", "[outputs]") {
  CHECK(uniqueInputs({"/p/a.c", "/p/./a.c", "/p/b.c", "/p/x/../a.c"}) ==
        std::vector<std::string>{"/p/a.c", "/p/b.c"});
}
