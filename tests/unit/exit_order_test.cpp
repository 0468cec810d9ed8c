// Exit data of several items (helpers nf5, ex6): one o2c::ExitBatch records
// every item's address and bytes before any exits, since an exit may change
// what a later item's address reads (a pointer given the host counterpart
// of where a kernel moved its device copy, a length copied back), and a
// pointer's storage or the struct holding it exits before the section it
// points into, whatever the clause order
// (tests/fallback_clang/exit_data_held_items.cpp runs it).
#include "FlatText.h"
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("exit data records every item's address and bytes, and exits "
          "pointers and structs before sections",
          "[analysis][maps][exit-order]") {
  FileResult F = translateC(R"src(
struct S { int *p; int n; };
void f(struct S s, int *a, int n) {
  #pragma omp target enter data map(to: s) map(to: s.p[0:8])
  #pragma omp target exit data map(from: s.p[0:8]) map(from: s.p)
  #pragma omp target exit data map(from: s.p[0:8]) map(release: s)
  #pragma omp target exit data map(from: a[0:n]) map(from: n)
  #pragma omp target exit data map(from: a[0:n])
})src");
  REQUIRE(F.Ok);
  for (size_t I = 0; I < F.Regions.size(); ++I) {
    CAPTURE(I);
    CHECK(F.Regions[I].R.Translate);
  }
  const std::string Out = flat(F.Output);
  auto Lines = [&](const std::vector<std::string> &Want) {
    size_t At = 0;
    for (const std::string &W : Want) {
      CAPTURE(W);
      At = Out.find(W, At);
      REQUIRE(At != std::string::npos);
    }
  };
  // One batch per construct (every item recorded before any exits): the
  // member pointer's storage first, the section at the address read then.
  Lines({"o2c::ExitBatch o2c_exits;",
         "o2c_exits.exitData(o2c_loc, -1, true, (&(s.p)) + (0), (size_t)(1) "
         "* sizeof(*(&(s.p))), o2c::MapFrom);",
         "o2c_exits.exitData(o2c_loc, -1, true, (s.p) + (0), (size_t)(8) * "
         "sizeof(*(s.p)), o2c::MapFrom);",
         "o2c_exits.run();",
         // The struct holding the pointer before the section.
         "o2c::ExitBatch o2c_exits;",
         "o2c_exits.exitData(o2c_loc, -1, true, &(s), sizeof(s), "
         "o2c::MapRelease);",
         "o2c_exits.exitData(o2c_loc, -1, true, (s.p) + (0),",
         "o2c_exits.run();",
         // The section's length read before n copies back.
         "o2c::ExitBatch o2c_exits;",
         "o2c_exits.exitData(o2c_loc, -1, true, &(n),",
         "o2c_exits.exitData(o2c_loc, -1, true, (a) + (0), (size_t)(n) * "
         "sizeof(*(a)), o2c::MapFrom);",
         "o2c_exits.run();",
         // A single item as it was.
         "o2c::exitData(o2c_loc, -1, true, (a) + (0), (size_t)(n) * "
         "sizeof(*(a)), o2c::MapFrom);"});
}
