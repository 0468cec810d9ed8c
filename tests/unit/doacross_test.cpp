// Doacross loop nests in target regions (issue 9, Doacross.cpp): the
// iterations take turns, a sink waits for the turn and the source passes it
// on; the forms whose turns would not be sound stay on the host, located at
// the construct that decided.
#include "ToolTestUtil.h"

using namespace omp2cuda;
using namespace omp2cuda::test;

namespace {

/// One target region around Loop (its pragma and loop), translated.
FileResult region(const std::string &Loop) {
  return translateCode("void f(int (*a)[64], int n) {\n"
                       "  #pragma omp target teams num_teams(1) "
                       "map(tofrom: a[0:n])\n  {\n" +
                           Loop + "  }\n}\n",
                       "input.c", {"-xc", "-std=c11", "-fopenmp-version=52"},
                       Options());
}

const Region &only(const FileResult &F) {
  REQUIRE(F.Regions.size() == 1);
  return F.Regions[0].R;
}

} // namespace

TEST_CASE("a doacross nest's sinks wait for the turn, its source passes it",
          "[doacross]") {
  FileResult F = region(R"src(
    #pragma omp parallel for collapse(2) ordered(2)
    for (int i = 1; i < n; i++)
      for (int j = 1; j < 64; j++) {
        int w = i + j;
        #pragma omp ordered doacross(sink: i - 1, j) doacross(sink: i, j - 1)
        a[i][j] = a[i - 1][j] + a[i][j - 1] + w;
        #pragma omp ordered doacross(source:)
      }
)src");
  REQUIRE(F.Ok);
  REQUIRE(only(F).Translate);
  CHECK(contains(F.Output, "o2c_ord.enter(); // #pragma omp ordered "
                           "doacross(sink: i - 1, j)"));
  CHECK(contains(F.Output,
                 "o2c_ord.leave(); // #pragma omp ordered doacross(source:)"));
  CHECK(contains(F.Output, "o2c_dev::OrderedTurn<"));
  // The older spelling, one loop, a sink on the previous iteration.
  FileResult D = region(R"src(
    #pragma omp parallel for ordered(1)
    for (int i = 1; i < n; i++) {
      #pragma omp ordered depend(sink: i - 1)
      a[i][0] += a[i - 1][0];
      #pragma omp ordered depend(source)
    }
)src");
  REQUIRE(D.Ok);
  REQUIRE(only(D).Translate);
  CHECK(contains(D.Output, "o2c_ord.leave(); // #pragma omp ordered "
                           "depend(source)"));
}

TEST_CASE("doacross forms whose turns would not be sound stay on the host",
          "[doacross]") {
  // ordered(2) over one worksharing loop: the inner loop's sinks would wait
  // inside the outer iteration.
  FileResult F1 = region(R"src(
    #pragma omp parallel for ordered(2)
    for (int i = 1; i < n; i++)
      for (int j = 1; j < 64; j++) {
        #pragma omp ordered depend(sink: i - 1, j)
        a[i][j] += a[i - 1][j];
        #pragma omp ordered depend(source)
      }
)src");
  const Region &R1 = only(F1);
  CHECK_FALSE(R1.Translate);
  CHECK(R1.Why == DiagId::HostClause);
  CHECK(contains(R1.Reason, "ordered(n) on more loops than the worksharing"));
  CHECK(R1.WhyPos.Line == 5);
  // A sink after the source would wait for a turn already passed.
  FileResult F2 = region(R"src(
    #pragma omp parallel for ordered(1)
    for (int i = 1; i < n; i++) {
      #pragma omp ordered depend(source)
      #pragma omp ordered depend(sink: i - 1)
      a[i][0] += a[i - 1][0];
    }
)src");
  const Region &R2 = only(F2);
  CHECK_FALSE(R2.Translate);
  CHECK(contains(R2.Reason, "after its source"));
  CHECK(R2.WhyPos.Line == 8);
  // A sink inside a statement of the body.
  FileResult F3 = region(R"src(
    #pragma omp parallel for ordered(1)
    for (int i = 1; i < n; i++) {
      if (i > 2) {
        #pragma omp ordered depend(sink: i - 1)
      }
      a[i][0] += a[i - 1][0];
      #pragma omp ordered depend(source)
    }
)src");
  const Region &R3 = only(F3);
  CHECK_FALSE(R3.Translate);
  CHECK(contains(R3.Reason, "inside a statement of the loop body"));
  CHECK(R3.WhyPos.Line == 8);
  // No source: nobody would pass the turn on before the iteration ends.
  FileResult F4 = region(R"src(
    #pragma omp parallel for ordered(1)
    for (int i = 1; i < n; i++) {
      #pragma omp ordered depend(sink: i - 1)
      a[i][0] += a[i - 1][0];
    }
)src");
  const Region &R4 = only(F4);
  CHECK_FALSE(R4.Translate);
  CHECK(contains(R4.Reason, "without a source"));
}
