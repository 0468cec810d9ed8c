// C++ shapes that write or alias a team-master variable without a built-in
// assignment or `&x`: the SPMD form (team-master code on every thread, a
// private copy of its locals per thread) would give each thread its own
// copy, so these regions must not be classified SPMD.
#include "ToolTestUtil.h"

using namespace omp2cuda;
using namespace omp2cuda::test;

namespace {

const char *Head = R"src(
#include <omp.h>
struct P { int a, b; void set(int v) { a = v; } void add(int v) { a += v; }
           P &operator+=(int v) { a += v; return *this; } };
void setv(int &x, int v) { x = v; }
template <class T> void fwd(T &&x) { x = 1; }
void swp(int &x, int &y) { int t = x; x = y; y = t; }
)src";

std::string region(const std::string &Team, const std::string &Par) {
  return std::string(Head) + R"src(
void f(long *r) {
  #pragma omp target teams num_teams(2) thread_limit(64) map(tofrom: r[0:2])
  {
    P p = {0, 0}; int v = 0; int w = 2;
)src" + Team + R"src(
    long acc = 0;
    #pragma omp parallel reduction(+: acc)
    {
)src" + Par + R"src(
      acc += p.a + p.b + v;
    }
    r[omp_get_team_num()] = acc;
  }
})src";
}

void notSpmd(const std::string &Team, const std::string &Par) {
  FileResult F = translateC(region(Team, Par), /*Cxx=*/true);
  REQUIRE(F.Ok);
  INFO(Team << " | " << Par);
  REQUIRE(!F.Regions.empty());
  CHECK_FALSE(contains(F.Regions.at(0).LaunchShape, "spmd team code"));
}

} // namespace

TEST_CASE("spmd: team-master code writing a local through C++ shapes",
          "[spmd]") {
  notSpmd("p = P{3, 4};", "");         // class operator=
  notSpmd("p += 3;", "");              // overloaded compound operator
  notSpmd("p.set(3);", "");            // non-const member call
  notSpmd("setv(v, 5);", "");          // reference parameter
  notSpmd("int &rv = v; rv = 5;", ""); // reference variable
  notSpmd("auto s = [&] { v = 5; }; s();", "");  // implicit [&]
  notSpmd("auto s = [&v] { v = 5; }; s();", ""); // explicit [&v]
  notSpmd("fwd(v);", "");                        // forwarding T&&
  notSpmd("swp(v, w);", "");
  notSpmd("auto &[a, b] = p; a = 3;", ""); // structured binding
}

TEST_CASE("spmd: parallel code writing a team-master local through C++ "
          "shapes",
          "[spmd]") {
  notSpmd("", "if (omp_get_thread_num() == 0) p = P{7, 9};");
  notSpmd("", "p.add(1);");
  notSpmd("", "p += 1;");
  notSpmd("", "setv(v, 1);");
  notSpmd("", "long &c = acc; int &rv = v; rv = 1;");
}

TEST_CASE("spmd: reading team-master locals through const shapes stays SPMD",
          "[spmd]") {
  FileResult F = translateC(region("int k = p.a + v;", "acc += k;"), true);
  REQUIRE(F.Ok);
  CHECK(contains(F.Regions.at(0).LaunchShape, "spmd team code"));
}
