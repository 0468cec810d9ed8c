// Pointers held in members of the object a member function runs on
// (`this->s.p`, a member array of pointers): the region maps the member as
// it would a variable, so its copy holds the host's pointers unless an item
// of a construct that also maps the member attached them, and the host did
// not change them in between (review ldb: `map(to: s)` then `s.p[3] = 70`,
// host 70, emu 4; review hwa: `s.p = other` between the constructs).
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("a pointer held in a member of this is checked against the "
          "attached paths",
          "[analysis][loaded-pointer][attached-path]") {
  FileResult F = translateC(R"src(
struct S { int *p; int n; };
struct C {
  S s;
  int *arr[2];
  int *q;
  void touch();
  void go(int *a, int *other) {
    #pragma omp target map(to: s) map(tofrom: a[0:8])
    { s.p[3] = 70; }
    #pragma omp target map(to: s) map(tofrom: a[0:8])
    { int *t = s.p; t[2] = 60; }
    #pragma omp target data map(to: s) map(tofrom: s.p[0:8])
    {
      #pragma omp target
      { s.p[0] = 11; }
    }
    #pragma omp target data map(tofrom: s.p[0:8])
    {
      #pragma omp target
      { s.p[1] = 12; }
    }
    #pragma omp target data map(to: s) map(tofrom: s.p[0:8])
    {
      s.p = other;
      #pragma omp target
      { s.p[2] = 13; }
    }
    #pragma omp target data map(to: s) map(tofrom: s.p[0:8])
    {
      touch();
      #pragma omp target
      { s.p[4] = 18; }
    }
    #pragma omp target data map(to: arr) map(tofrom: arr[1][0:4])
    {
      #pragma omp target
      { arr[1][0] = 15; arr[0][0] = 1; }
      #pragma omp target
      { arr[1][0] = 15; }
    }
    #pragma omp target data map(tofrom: q[0:4])
    {
      #pragma omp target
      { q[0] = 17; }
    }
  }
};
void C::touch() { s.p = 0; }
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  std::vector<const Region *> T = targetRegions(F);
  REQUIRE(T.size() == 9);
  checkDerefRefused(*T[0], "the member 's'");
  CHECK_FALSE(T[1]->Translate);
  CHECK(contains(T[1]->Reason, "held in the member 's' is copied"));
  CHECK(T[2]->Translate); // the member and its pointer, both mapped
  // Only the section: the region maps s afresh.
  checkDerefRefused(*T[3], "the member 's'");
  // The host redirects the pointer, by name or in a member function.
  checkDerefRefused(*T[4], "the member 's'");
  checkDerefRefused(*T[5], "the member 's'");
  checkDerefRefused(*T[6], "the member 'arr'");
  CHECK(T[7]->Translate);
  // The member pointer itself is the region's value, translated.
  CHECK(T[8]->Translate);
}

TEST_CASE("this[0:1] and *this map the object in data constructs",
          "[analysis][map-items]") {
  FileResult F = translateC(R"src(
struct S { int *p; int n; };
struct C {
  S s;
  int k;
  void go() {
    #pragma omp target data map(to: this[0:1]) map(tofrom: s.p[0:8])
    {
      #pragma omp target
      { s.p[3] = 14; k = 5; }
    }
    #pragma omp target enter data map(to: *this)
    #pragma omp target update from(*this)
    #pragma omp target exit data map(release: *this)
    #pragma omp target map(tofrom: this[0:1])
    { k = 3; }
  }
};
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 6);
  for (size_t I = 0; I < 5; ++I)
    CHECK(F.Regions[I].R.Translate);
  // The object mapped first, then the section and its attachment.
  CHECK(contains(F.Output, "o2c_data_L7.map((this) + (0)"));
  CHECK(F.Output.find("o2c_data_L7.map((this) + (0)") <
        F.Output.find("o2c_data_L7.map((this->s.p)"));
  // A region's stub has no `this` to map.
  CHECK_FALSE(F.Regions[5].R.Translate);
  CHECK(contains(F.Regions[5].R.Reason, "on a target region is not translated"));
}
