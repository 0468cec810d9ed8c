// Exit data of several items (helper nf5): every item's address and bytes
// are read before any exits, since an exit may change what a later item's
// address reads (a pointer given the host counterpart of where a kernel
// moved its device copy, a length copied back), and a pointer's storage or
// the struct holding it exits before the section it points into, whatever
// the clause order (tests/fallback_clang/exit_data_held_items.cpp runs it).
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("exit data holds every item's address and bytes, and exits "
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
  const std::string &Out = F.Output;
  auto Lines = [&](const std::vector<std::string> &Want) {
    size_t At = 0;
    for (const std::string &W : Want) {
      CAPTURE(W);
      At = Out.find(W, At);
      REQUIRE(At != std::string::npos);
    }
  };
  // The member pointer's storage first, the section at its held address.
  Lines({"auto *const o2c_exit_0 = (&(s.p)) + (0);",
         "auto *const o2c_exit_1 = (s.p) + (0); const size_t "
         "o2c_exit_1_bytes = (size_t)(8) * sizeof(*(s.p));",
         "o2c::exitData(o2c_loc, -1, true, o2c_exit_0, o2c_exit_0_bytes, "
         "o2c::MapFrom);",
         "o2c::exitData(o2c_loc, -1, true, o2c_exit_1, o2c_exit_1_bytes, "
         "o2c::MapFrom);",
         // The struct holding the pointer before the section.
         "auto *const o2c_exit_0 = &(s);", "auto *const o2c_exit_1 = (s.p)",
         "o2c::exitData(o2c_loc, -1, true, o2c_exit_0, o2c_exit_0_bytes, "
         "o2c::MapRelease);",
         "o2c::exitData(o2c_loc, -1, true, o2c_exit_1, o2c_exit_1_bytes, "
         "o2c::MapFrom);",
         // The section's length read before n copies back.
         "auto *const o2c_exit_0 = &(n);",
         "auto *const o2c_exit_1 = (a) + (0); const size_t o2c_exit_1_bytes "
         "= (size_t)(n) * sizeof(*(a));",
         "o2c::exitData(o2c_loc, -1, true, o2c_exit_0,",
         "o2c::exitData(o2c_loc, -1, true, o2c_exit_1,",
         // A single item as it was.
         "o2c::exitData(o2c_loc, -1, true, (a) + (0), (size_t)(n) * "
         "sizeof(*(a)), o2c::MapFrom);"});
}
