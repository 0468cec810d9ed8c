// Rows entered in a loop or with an iterator (EnteringLoops.h): a region's
// row counts as attached only where the loop entered every row its
// holder's map has (review hunt j1-j4, it1: host 5, emu 0).
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

namespace {

/// A function entering A[0:HOLDER]'s rows with LOOP (a for statement
/// around `enter data map(to: A[i][0:4])`), then a region writing row K.
std::string rows(const std::string &Holder, const std::string &Loop,
                 const std::string &K, const std::string &Between = "") {
  return "void g(int **A, int n, int m) {\n"
         "  #pragma omp target enter data map(to: A[" +
         Holder + "])\n  " + Loop +
         " {\n"
         "    #pragma omp target enter data map(to: A[i][0:4])\n"
         "  }\n" +
         Between +
         "  #pragma omp target\n"
         "  { A[" +
         K + "][1] = 5; }\n}\n";
}

bool translated(const std::string &Code) {
  FileResult F = translateC(Code);
  REQUIRE(F.Ok);
  std::vector<const Region *> T = targetRegions(F);
  REQUIRE(T.size() == 1);
  if (!T[0]->Translate)
    checkDerefRefused(*T[0], "what 'A' points to");
  return T[0]->Translate;
}

} // namespace

TEST_CASE("a loop over every row of the holder's section attaches the rows",
          "[analysis][loaded-pointer][attached-path]") {
  CHECK(translated(rows("0:n", "for (int i = 0; i < n; i++)", "n - 1")));
  CHECK(translated(rows("0:n", "for (int i = 0; i < n; ++i)", "0")));
  CHECK(translated(rows("0:3", "for (int i = 0; i < 3; i += 1)", "2")));
  CHECK(translated(rows("0:3", "for (int i = 0; i <= 2; i++)", "2")));
  CHECK(translated(rows("1:2", "for (int i = 0; i < 4; i++)", "2")));
  CHECK(translated(rows("0:n", "int i; for (i = 0; i < n; i++)", "1")));
  // rv40 n02: `!=` from below the bound runs the rows `<` runs.
  CHECK(translated(rows("0:n", "for (int i = 0; i != n; ++i)", "n - 1")));
  CHECK(translated(rows("0:3", "for (int i = 0; i != 3; i++)", "2")));
  CHECK(translated(rows("1:2", "for (int i = 1; i != 3; i++)", "2")));
}

TEST_CASE("a '!=' loop that may run past its bound attaches none",
          "[analysis][loaded-pointer][attached-path]") {
  // From above the bound it wraps or overflows; a variable bound from
  // another start than 0 may lie below it; a step of 2 may jump it.
  CHECK_FALSE(translated(rows("0:3", "for (int i = 4; i != 3; i++)", "2")));
  CHECK_FALSE(translated(rows("1:n", "for (int i = 1; i != n; i++)", "1")));
  CHECK_FALSE(translated(rows("0:n", "for (int i = 0; i != n; i += 2)", "0")));
  CHECK_FALSE(translated(rows("0:3", "for (int i = 0; i != 2; i++)", "0")));
  CHECK_FALSE(translated(rows("0:n", "for (int i = 0; i != m; i++)", "0")));
  // An early exit, as for '<'.
  CHECK_FALSE(translated(
      "void g(int **A, int n) {\n"
      "  #pragma omp target enter data map(to: A[0:n])\n"
      "  for (int i = 0; i != n; i++) {\n"
      "    #pragma omp target enter data map(to: A[i][0:4])\n"
      "    if (A[i][0]) break;\n"
      "  }\n"
      "  #pragma omp target\n"
      "  { A[0][1] = 5; }\n}\n"));
}

TEST_CASE("a loop that may miss a row of the holder's section attaches none",
          "[analysis][loaded-pointer][attached-path]") {
  // j1: fewer rows than the holder maps; j3: a constant short of it.
  CHECK_FALSE(translated(rows("0:n", "for (int i = 0; i < n - 1; i++)", "0")));
  CHECK_FALSE(translated(rows("0:3", "for (int i = 0; i < 2; i++)", "0")));
  CHECK_FALSE(translated(rows("0:n", "for (int i = 1; i < n; i++)", "1")));
  CHECK_FALSE(translated(rows("0:n", "for (int i = 0; i < m; i++)", "0")));
  // j2: every other row.
  CHECK_FALSE(translated(rows("0:n", "for (int i = 0; i < n; i += 2)", "0")));
  // The bound changed between the holder's map and the loop.
  CHECK_FALSE(
      translated("void g(int **A, int n) {\n"
                 "  #pragma omp target enter data map(to: A[0:n])\n"
                 "  n = n - 1;\n"
                 "  for (int i = 0; i < n; i++) {\n"
                 "    #pragma omp target enter data map(to: A[i][0:4])\n"
                 "  }\n"
                 "  #pragma omp target\n"
                 "  { A[0][1] = 5; }\n}\n"));
}

TEST_CASE("a loop whose body may skip the construct attaches no row",
          "[analysis][loaded-pointer][attached-path]") {
  // j4: `continue` before the construct, `break` after it, a step of the
  // loop's variable in its body.
  for (const char *Body :
       {"if (i == 1) continue;", "if (i == m) break;", "i += m;"})
    CHECK_FALSE(translated(
        std::string("void g(int **A, int n, int m) {\n"
                    "  #pragma omp target enter data map(to: A[0:n])\n"
                    "  for (int i = 0; i < n; i++) {\n    ") +
        Body +
        "\n    #pragma omp target enter data map(to: A[i][0:4])\n"
        "  }\n"
        "  #pragma omp target\n"
        "  { A[0][1] = 5; }\n}\n"));
  // A loop of its own inside it may break and continue.
  CHECK(translated(
      "void g(int **A, int n, int m) {\n"
      "  #pragma omp target enter data map(to: A[0:n])\n"
      "  for (int i = 0; i < n; i++) {\n"
      "    for (int j = 0; j < m; j++) { if (j == 2) break; continue; }\n"
      "    #pragma omp target enter data map(to: A[i][0:4])\n"
      "  }\n"
      "  #pragma omp target\n"
      "  { A[0][1] = 5; }\n}\n"));
}

TEST_CASE("an iterator's rows are attached where its range steps by one "
          "over the holder's section",
          "[analysis][loaded-pointer][attached-path]") {
  auto Code = [](const std::string &Range) {
    return "void g(int **A, int n) {\n"
           "  #pragma omp target enter data map(to: A[0:n])\n"
           "  #pragma omp target enter data map(iterator(it = " +
           Range +
           "), to: A[it][0:4])\n"
           "  #pragma omp target\n"
           "  { A[1][1] = 5; }\n}\n";
  };
  CHECK(translated(Code("0:n")));
  CHECK_FALSE(translated(Code("0:n:2"))); // it1
  CHECK_FALSE(translated(Code("1:n")));
}

TEST_CASE("a loop whose variable or bound may change other than by name, or "
          "whose holder other maps make longer, attaches no row",
          "[analysis][loaded-pointer][attached-path]") {
  // Review rv40 j11 (through a pointer), k09 (the bound through an
  // alias), j21 (a global variable), j40 (a bound of each iteration
  // of an outer loop), j41 and l12 (the holder mapped longer elsewhere).
  CHECK_FALSE(translated(rows("0:n",
                              "int i; int *pi = &i;\n"
                              "  for (i = 0; i < n; i++)",
                              "0")));
  CHECK_FALSE(translated(rows("0:n", "for (int i = 0; i < n; i++)", "0",
                              "  int *pn = &n; *pn = 1;\n")));
  CHECK_FALSE(translated("int i;\n" +
                         rows("0:n", "for (i = 0; i < n; i++)", "0")));
  CHECK_FALSE(translated(
      "void g(int **A) {\n"
      "  for (int r = 0; r < 2; r++) {\n"
      "    int n = 3 - r;\n"
      "    #pragma omp target enter data map(to: A[0:n])\n"
      "    for (int i = 0; i < n; i++) {\n"
      "      #pragma omp target enter data map(to: A[i][0:4])\n"
      "    }\n"
      "    #pragma omp target\n"
      "    { A[2][1] = 5; }\n"
      "  }\n}\n"));
  CHECK_FALSE(translated(
      "void g(int **A, int n) {\n"
      "  #pragma omp target enter data map(to: A[0:3])\n"
      "  #pragma omp target exit data map(from: A[0][0:4])\n"
      "  #pragma omp target enter data map(to: A[0:n])\n"
      "  for (int i = 0; i < n; i++) {\n"
      "    #pragma omp target enter data map(to: A[i][0:4])\n"
      "  }\n"
      "  #pragma omp target\n"
      "  { A[2][1] = 5; }\n}\n"));
  CHECK_FALSE(translated(
      "void g(int **A) {\n"
      "  #pragma omp target enter data map(to: A[0:2])\n"
      "  for (int i = 0; i < 2; i++) {\n"
      "    #pragma omp target enter data map(to: A[i][0:4])\n"
      "  }\n"
      "  #pragma omp target map(to: A[2:1])\n"
      "  { A[2][1] = 5; }\n}\n"));
}
