// Regions in members defined inside a class template that name the class
// itself (issue 10 point 4): the kernel template stays before the class,
// which is declared ahead of it, and the injected class name is spelled
// with its arguments.
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

namespace {
bool has(const std::string &Out, const std::string &S) {
  return Out.find(S) != std::string::npos;
}
} // namespace

TEST_CASE("a class template's in-class region may name the class",
          "[analysis][classtemplate]") {
  FileResult F = translateC(R"src(
template <typename T, int W = 4>
struct Grid {
  static constexpr int scale = 3 * W;
  int n;
  T *cells;
  void stamp() {
    #pragma omp target teams distribute parallel for map(tofrom: cells[0:n])
    for (int i = 0; i < this->n; ++i)
      cells[i] += T(sizeof(Grid) % 5);
  }
  void scaled() {
    #pragma omp target teams distribute parallel for map(tofrom: cells[0:n])
    for (int i = 0; i < n; ++i)
      cells[i] = cells[i] * T(Grid::scale) + T(Grid<T, W>::scale % 4);
  }
};
void use() { Grid<double> g{}; g.stamp(); g.scaled(); }
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  // Declared ahead of each kernel, without the default argument.
  CHECK(has(F.Output, "template <typename T, int W> struct Grid;"));
  CHECK(has(F.Output, "T(sizeof(Grid<T, W>) % 5)"));
  // The static member reaches the kernel as a value, both spellings.
  CHECK(has(F.Output, "T(scale) + T(scale % 4)"));
  CHECK(has(F.Output, "_launch<T, W>(Grid::scale, this->n, this->cells)"));
}

TEST_CASE("a nested class of a class template that names itself stays on "
          "the host",
          "[analysis][classtemplate]") {
  FileResult F = translateC(R"src(
template <typename T>
struct Outer {
  struct Inner {
    T *p;
    int n;
    void run() {
      #pragma omp target map(tofrom: p[0:n])
      for (int i = 0; i < n; ++i)
        p[i] = T(sizeof(Inner));
    }
  };
};
void use() { Outer<float>::Inner in{}; in.run(); }
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  CHECK_FALSE(F.Regions[0].R.Translate);
  CHECK(F.Regions[0].R.Why == DiagId::HostContext);
}

TEST_CASE("a class template declared ahead keeps its parameters as written",
          "[analysis][classtemplate]") {
  // A non-type parameter of a dependent type with a default argument, and
  // one whose declarator surrounds its name.
  FileResult F = translateC(R"src(
static int twice(int x) { return 2 * x; }
template <typename T, T Scale = T(2), int (*Pick)(int) = twice>
struct Bag {
  T *v;
  int n;
  void run() {
    #pragma omp target teams distribute parallel for map(tofrom: v[0:n])
    for (int i = 0; i < n; ++i)
      v[i] = v[i] * Scale + T(sizeof(Bag) % 3);
  }
};
void use() { Bag<long> b{}; b.run(); }
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  CHECK(has(F.Output,
            "template <typename T, T Scale, int (*Pick)(int)> struct Bag;"));
  // The kernel's own header, from the same slicer.
  CHECK(has(F.Output, "template <typename T, T Scale, int (*Pick)(int)>\n"));
  CHECK(has(F.Output, "T(sizeof(Bag<T, Scale, Pick>) % 3)"));
}

TEST_CASE("a template template parameter's qualified default is cut at its "
          "'='",
          "[analysis][classtemplate]") {
  // Its default argument's location is past the qualifier: the text was cut
  // after `std::` (found in review).
  FileResult F = translateC(R"src(
#include <vector>
template <typename T, template <typename, typename> class C = std::vector>
struct Box {
  T v[8];
  int run() {
    int s = 0;
    #pragma omp target teams distribute parallel for reduction(+: s) map(to: v)
    for (int i = 0; i < 8; i++)
      s += (int)v[i] + (int)(sizeof(Box) % 2);
    return s;
  }
};
int use() { Box<int> b{}; return b.run(); }
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  CHECK_FALSE(has(F.Output, "std::>"));
  CHECK(has(F.Output, "template <typename T, template <typename, typename> "
                      "class C> struct Box;"));
}

TEST_CASE("a class template declared ahead keeps its concepts' qualifiers "
          "and its requires clause",
          "[analysis][classtemplate][classahead]") {
  Options O;
  O.LineDirectives = false;
  FileResult F = translateCode(R"src(
#include <concepts>
namespace ns { template <class T> concept Small = sizeof(T) <= 8; }
template <std::integral T, ::ns::Small U, std::integral auto N>
  requires std::signed_integral<T>
struct S {
  T f() {
    T n = 0;
#pragma omp target map(tofrom: n)
    n = (T)sizeof(S) + (T)sizeof(U) + N;
    return n;
  }
};
int use() { return S<int, char, 3>().f(); }
)src",
                               "input.cpp", {"-xc++", "-std=c++20"}, O);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  CHECK(F.Regions[0].R.Translate);
  CHECK(has(F.Output, "template <std::integral T, ::ns::Small U, "
                      "std::integral auto N> requires "
                      "std::signed_integral<T> struct S;"));
  // The kernel's and its launcher's template heads too, and the class's.
  size_t Heads = 0;
  for (size_t At = F.Output.find("<std::integral T, ::ns::Small U,");
       At != std::string::npos;
       At = F.Output.find("<std::integral T, ::ns::Small U,", At + 1))
    ++Heads;
  CHECK(Heads == 4);
}
