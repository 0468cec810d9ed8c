// reduction(inscan, ...) and `scan` where one thread runs the loop in order
// (InOrderScan.h): translated only when the iterations' phases may run as
// written on the one variable, and (for a serialised worksharing loop) when
// the host compiler computes the scan as the device does. Each shape that
// once gave a wrong answer on the device stays on the host, the warning at
// the use or clause that decided.
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace omp2cuda;
using namespace omp2cuda::test;

namespace {

/// A target region whose code holds Loop (with its pragma), over int a[n],
/// b[n], double d[n] and mapped ints s, t, m, l.
std::string inTarget(const std::string &Decls, const std::string &Loop) {
  return "int f(int *a, int *b, double *d, int n) {\n"
         "  int s = 3, t = 0, m = -100, l = 1;\n" +
         Decls +
         "  #pragma omp target map(to: a[0:n], d[0:n]) map(from: b[0:n]) "
         "map(tofrom: s, t, m, l)\n"
         "  {\n"
         "    b[0] = 0;\n" + // the loop nested in the region's code
         Loop +
         "  }\n  return s + t + m + l;\n}\n";
}

struct HostCase {
  std::string Code;
  std::string At;  // text on the line the warning must point at
  std::string Why; // part of the reason
  HostCompiler Host = HostCompiler::Clang;
};

void checkHost(const HostCase &C) {
  INFO(C.Code);
  FileResult F = translateFor(C.Code, C.Host);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  const Region &R = F.Regions[0].R;
  INFO(R.Reason);
  CHECK_FALSE(R.Translate);
  CHECK(R.Why == DiagId::HostClause);
  CHECK(contains(R.Reason, C.Why));
  CHECK(R.WhyPos.Line == lineOf(C.Code, C.At));
}

} // namespace

TEST_CASE("scan: a simd loop whose input phase only combines into the item "
          "runs in order, its scan pragma a comment",
          "[scan]") {
  std::string Code = inTarget("", R"(
    #pragma omp simd reduction(inscan, +: s) reduction(inscan, max: m)
    for (int i = 0; i < n; i++) {
      s += a[i];
      if (a[i] > 2)
        m = a[i] > m ? a[i] : m;
      #pragma omp scan inclusive(s, m)
      b[i] = s + m;
    }
    #pragma omp simd reduction(inscan, *: t) reduction(inscan, &&: l)
    for (int i = 0; i < n; i++) {
      b[i] = t + l;
      #pragma omp scan exclusive(t, l)
      t = a[i] * t;
      l = l && a[i] != 4;
    }
)");
  FileResult F = translateC(Code);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  INFO(F.Regions[0].R.Reason);
  CHECK(F.Regions[0].R.Translate);
  CHECK(contains(F.Output, "// #pragma omp scan inclusive(s, m): the loop "
                           "runs in order in one thread"));
  CHECK(contains(F.Output, "// #pragma omp scan exclusive(t, l): the loop "
                           "runs in order in one thread"));
}

TEST_CASE("scan: every other use of the item in the input phase, a write in "
          "the scan phase, a visible alias, stays on the host",
          "[scan]") {
  auto Simd = [](const std::string &Input, const std::string &Scan,
                 const std::string &Decls = "",
                 const std::string &Red = "+: s") {
    return inTarget(Decls, "    #pragma omp simd reduction(inscan, " + Red +
                               ")\n"
                               "    for (int i = 0; i < n; i++) {\n" +
                               Input + "      #pragma omp scan inclusive(s)\n" +
                               Scan + "    }\n");
  };
  std::string Input = "      s += a[i];\n", Scan = "      b[i] = s;\n";
  std::string Phase = "input phase of reduction(inscan, 's')";
  std::vector<HostCase> Cases = {
      // The review's wrong answer: s*2 reads the running prefix, where
      // OpenMP's input phase sees a fresh copy at 0.
      {Simd("      s = s * 2 + a[i];\n", Scan), "s = s * 2", Phase},
      {Simd("      s = a[i];\n", Scan), "s = a[i]", Phase},
      {Simd("      s += s;\n", Scan), "s += s", Phase},
      {Simd("      s *= a[i];\n", Scan), "s *= a[i]", Phase},
      {Simd("      s += a[i];\n      b[i] = s;\n", Scan), "b[i] = s;\n      #",
       Phase},
      // A conversion on each step: (int)(prefix + d) is not prefix + (int)d.
      {Simd("      s += d[i];\n", Scan), "s += d[i]", Phase},
      {Simd("      s = s - a[i];\n", Scan), "s = s - a[i]", Phase},
      {Simd(Input, "      b[i] = s++;\n"), "s++", "scan phase"},
      {Simd(Input, "      s = 0;\n"), "s = 0;\n    }", "scan phase"},
      {Simd(Input, Scan, "  int *p = &s;\n"), "&s", "address is taken"},
      {Simd("      if (a[i] < 0)\n        continue;\n" + Input, Scan),
       "continue", "jump"},
      {Simd(Input, Scan, "", "-: s"), "reduction(inscan, -", "operator"},
      // min spelled the wrong way round is max.
      {Simd("      s = a[i] < s ? s : a[i];\n", Scan), "s = a[i] < s", Phase,
       HostCompiler::Clang},
  };
  Cases.back().Code =
      Simd("      s = a[i] < s ? s : a[i];\n", Scan, "", "min: s");
  // && skips e once the prefix is false, where a fresh copy would not.
  Cases.push_back({Simd("      l = l && (t++ > 0);\n", Scan, "", "&&: l"),
                   "l = l &&", "input phase of reduction(inscan, 'l')"});
  Cases.back().Code = inTarget("", R"(
    #pragma omp simd reduction(inscan, &&: l)
    for (int i = 0; i < n; i++) {
      l = l && (b[i]++ > 0);
      #pragma omp scan inclusive(l)
      a[i] = l;
    }
)");
  for (const HostCase &C : Cases)
    checkHost(C);
}

TEST_CASE("scan: two items, one read in the other's input phase, stay on "
          "the host",
          "[scan]") {
  checkHost({inTarget("", R"(
    #pragma omp simd reduction(inscan, +: s, t)
    for (int i = 0; i < n; i++) {
      s += a[i];
      t += s;
      #pragma omp scan inclusive(s, t)
      b[i] = t;
    }
)"),
             "t += s", "input phase of reduction(inscan, 's')"});
}

TEST_CASE("scan: a serialised parallel for is translated for a GCC host, "
          "from the item's value; a clang host keeps it",
          "[scan]") {
  std::string Code = R"(
void f(const int *a, int *b, int n) {
  #pragma omp target parallel num_threads(4) map(to: a[0:n]) map(from: b[0:4*n])
  {
    int r = omp_get_thread_num(), s = 100 * r;
    #pragma omp parallel for reduction(inscan, +: s)
    for (int i = 0; i < n; i++) {
      b[r * n + i] = s;
      #pragma omp scan exclusive(s)
      s += a[i];
    }
  }
}
)";
  Code = "#include <omp.h>\n" + Code;
  SECTION("gcc") {
    FileResult F = translateFor(Code, HostCompiler::Gcc);
    REQUIRE(F.Ok);
    REQUIRE(F.Regions.size() == 1);
    INFO(F.Regions[0].R.Reason);
    CHECK(F.Regions[0].R.Translate);
    CHECK(contains(F.Output, "int s = *o2c_sred_s;"));
    CHECK(contains(F.Output, "*o2c_sred_s = s;"));
  }
  SECTION("clang") {
    checkHost({Code, "reduction(inscan", "clang's host OpenMP leaves out"});
  }
}

TEST_CASE("scan: the review's serialised parallel for with s = a[i] stays "
          "on the host, for either host compiler",
          "[scan]") {
  std::string Code = R"(#include <omp.h>
void f(const int *a, int *b, int n) {
  #pragma omp target parallel num_threads(4) map(to: a[0:n]) map(from: b[0:4*n])
  {
    int r = omp_get_thread_num(), s = 100;
    #pragma omp parallel for reduction(inscan, +: s)
    for (int i = 0; i < n; i++) {
      b[r * n + i] = s;
      #pragma omp scan exclusive(s)
      s = a[i];
    }
  }
}
)";
  checkHost({Code, "s = a[i]", "input phase", HostCompiler::Gcc});
  checkHost({Code, "s = a[i]", "input phase", HostCompiler::Clang});
}

TEST_CASE("scan: inscan on a loop that several threads share, or on a "
          "serialised parallel for simd, stays on the host",
          "[scan]") {
  std::string Shared = R"(
void f(const int *a, int *b, int n) {
  int s = 0;
  #pragma omp target parallel map(to: a[0:n]) map(from: b[0:n])
  #pragma omp for reduction(inscan, +: s)
  for (int i = 0; i < n; i++) {
    s += a[i];
    #pragma omp scan inclusive(s)
    b[i] = s;
  }
}
)";
  FileResult F = translateC(Shared);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  CHECK_FALSE(F.Regions[0].R.Translate);
  CHECK(F.Regions[0].R.Why == DiagId::HostClause);
  CHECK(contains(F.Regions[0].R.Reason, "several threads"));
  std::string Simd = R"(#include <omp.h>
void f(const int *a, int *b, int n) {
  #pragma omp target parallel num_threads(4) map(to: a[0:n]) map(from: b[0:4*n])
  {
    int r = omp_get_thread_num(), s = 0;
    #pragma omp parallel for simd reduction(inscan, +: s)
    for (int i = 0; i < n; i++) {
      s += a[i];
      #pragma omp scan inclusive(s)
      b[r * n + i] = s;
    }
  }
}
)";
  checkHost(
      {Simd, "reduction(inscan", "'parallel for simd'", HostCompiler::Gcc});
}

TEST_CASE("scan: an orphaned simd loop runs in order with its pragmas "
          "commented out, or stays on the host at the use",
          "[scan]") {
  std::string Code = R"(
static void pre(const int *a, int *b, int n) {
  int s = 0;
  #pragma omp simd reduction(inscan, +: s)
  for (int i = 0; i < n; i++) {
    s += a[i];
    #pragma omp scan inclusive(s)
    b[i] = s;
  }
}
static void twice(const int *a, int *b, int n) {
  int s = 0;
  #pragma omp simd reduction(inscan, +: s)
  for (int i = 0; i < n; i++) {
    s = 2 * s + a[i];
    #pragma omp scan inclusive(s)
    b[i] = s;
  }
}
void f(int *a, int *b, int n) {
  #pragma omp target map(to: a[0:n]) map(from: b[0:n])
  pre(a, b, n);
  #pragma omp target map(to: a[0:n]) map(from: b[0:n])
  twice(a, b, n);
})";
  FileResult F = translateC(Code);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  INFO(F.Regions[0].R.Reason);
  CHECK(F.Regions[0].R.Translate);
  // nvcc ignores the pragmas; the host runs the loop as the device does.
  CHECK(contains(F.Output, "  // #pragma omp simd reduction(inscan, +: s)\n"
                           "  for (int i = 0; i < n; i++) {\n"
                           "    s += a[i];\n"
                           "    // #pragma omp scan inclusive(s)\n"));
  const Region &R = F.Regions[1].R;
  INFO(R.Reason);
  CHECK_FALSE(R.Translate);
  CHECK(R.Why == DiagId::HostCall);
  CHECK(contains(R.Reason, "input phase of reduction(inscan, 's')"));
  CHECK(R.WhyPos.Line == lineOf(Code, "s = 2 * s"));
  // The function left for the host keeps its pragmas.
  CHECK(contains(F.Output, "\n  #pragma omp simd reduction(inscan, +: s)\n"
                           "  for (int i = 0; i < n; i++) {\n"
                           "    s = 2 * s + a[i];\n"));
}

TEST_CASE("scan: an item with static storage stays on the host (a call in "
          "the input phase could reach it)",
          "[scan]") {
  std::string Code = R"(
int g(int);
static void pre(const int *a, int *b, int n) {
  static int s;
  s = 0;
  #pragma omp simd reduction(inscan, +: s)
  for (int i = 0; i < n; i++) {
    s += a[i];
    #pragma omp scan inclusive(s)
    b[i] = s;
  }
}
void f(int *a, int *b, int n) {
  #pragma omp target map(to: a[0:n]) map(from: b[0:n])
  pre(a, b, n);
})";
  FileResult F = translateC(Code);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  INFO(F.Regions[0].R.Reason);
  CHECK_FALSE(F.Regions[0].R.Translate);
}

TEST_CASE("scan: a floating-point item, an alias made inside the region, "
          "stay on the host",
          "[scan]") {
  // In order, a float prefix rounds as (p + a) + b where OpenMP computes
  // p + (0 + a + b), and -0.0 + -0.0 keeps a sign OpenMP's copy loses.
  std::string Float = inTarget("  float u = 0;\n", R"(
    #pragma omp simd reduction(inscan, +: u)
    for (int i = 0; i < n; i++) {
      u += a[i];
      #pragma omp scan inclusive(u)
      b[i] = u;
    }
)");
  checkHost({Float, "reduction(inscan, +: u)", "integer variables only"});
  // The review's program: the address is taken in the region's own code,
  // which the search used to skip (a CapturedStmt's children are only its
  // captures).
  std::string Alias = inTarget("", R"(
    int *p = &s;
    #pragma omp simd reduction(inscan, +: s)
    for (int i = 0; i < n; i++) {
      s += a[i];
      b[i] = *p;
      #pragma omp scan inclusive(s)
      a[i] = s;
    }
)");
  checkHost({Alias, "&s", "address is taken"});
}

TEST_CASE("scan: in C++ the lvalue of ++s or s = e bound or addressed is an "
          "alias",
          "[scan]") {
  for (const char *Take : {"int *p = &++s;", "int &r = (s = 0); (void)r;",
                           "int &r = (s += 1); (void)r;"}) {
    std::string Code = std::string(R"(
int f(int *a, int *b, int n) {
  int s = 0;
  #pragma omp target map(to: a[0:n]) map(from: b[0:n]) map(tofrom: s)
  {
    )") + Take + R"(
    #pragma omp simd reduction(inscan, +: s)
    for (int i = 0; i < n; i++) {
      s += a[i];
      #pragma omp scan inclusive(s)
      b[i] = s;
    }
  }
  return s;
})";
    INFO(Code);
    Options O;
    O.LineDirectives = false;
    FileResult F = translateCode(Code, "input.cpp", {"-std=c++17"}, O);
    REQUIRE(F.Ok);
    REQUIRE(F.Regions.size() == 1);
    INFO(F.Regions[0].R.Reason);
    CHECK_FALSE(F.Regions[0].R.Translate);
    CHECK(contains(F.Regions[0].R.Reason, "address is taken"));
  }
}

TEST_CASE("scan: an orphaned simd whose scan is a _Pragma stays on the host",
          "[scan]") {
  // "// " before the line would comment out the code after the _Pragma.
  std::string Code = R"X(
static void pre(const int *a, int *b, int n) {
  int s = 0;
  #pragma omp simd reduction(inscan, +: s)
  for (int i = 0; i < n; i++) {
    s += a[i]; _Pragma("omp scan inclusive(s)") b[i] = s;
  }
}
void f(int *a, int *b, int n) {
  #pragma omp target map(to: a[0:n]) map(from: b[0:n])
  pre(a, b, n);
})X";
  FileResult F = translateC(Code);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  INFO(F.Regions[0].R.Reason);
  CHECK_FALSE(F.Regions[0].R.Translate);
  CHECK(contains(F.Regions[0].R.Reason, "_Pragma"));
  CHECK(contains(F.Output, "b[i] = s;"));
  CHECK_FALSE(contains(F.Output, "// _Pragma"));
}
