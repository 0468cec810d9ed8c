// Allocators made in device code (omp_init_allocator, omp_destroy_allocator
// beside omp_alloc and omp_free): the calls name o2c_dev's versions.
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("omp_init_allocator and omp_destroy_allocator run on the device",
          "[analysis][allocators]") {
  FileResult F = translateC(R"src(
#include <omp.h>
#pragma omp requires dynamic_allocators
int run(void) {
  int ok = 0;
#pragma omp target map(from: ok)
  {
    omp_alloctrait_t t[1] = {{omp_atk_alignment, 64}};
    omp_allocator_handle_t a = omp_init_allocator(omp_default_mem_space, 1, t);
    int *x = (int *)omp_alloc(64, a);
    ok = x != 0;
    omp_free(x, a);
    omp_destroy_allocator(a);
  }
  return ok;
}
)src");
  REQUIRE(F.Regions.size() == 1);
  INFO(F.Regions[0].R.Reason);
  CHECK(F.Regions[0].R.Translate);
  CHECK(F.Output.find("o2c_dev::omp_init_allocator(omp_default_mem_space, 1, "
                      "t)") != std::string::npos);
  CHECK(F.Output.find("o2c_dev::omp_destroy_allocator(a)") !=
        std::string::npos);
  CHECK(F.Output.find("o2c_dev::omp_alloc(64, a)") != std::string::npos);
}
