// The if clause of a data construct guards its items (helper ex8): Clang
// evaluates the map items, and the device clause, only where the condition
// holds, and an item may be valid only then (`map(from: s->p[0:s->n])
// if(s != 0)`: scratch-rev43 e1.cpp crashed in the emulated build). The
// condition is read once; the runtime calls inside take true
// (tests/fallback_clang/if_false_items.cpp runs them).
#include "FlatText.h"
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

namespace {
const char *const Code = R"src(
struct S { int *p; int n; };
void f(struct S *s, int *b, int go) {
  #pragma omp target enter data map(to: s->p[0:s->n]) if(go)
  #pragma omp target update from(s->p[0:s->n]) if(go)
  #pragma omp target exit data map(from: s->p[0:s->n]) if(go)
  #pragma omp target exit data map(from: s->p[0:s->n]) map(release: b[0:4]) if(go) nowait
  #pragma omp target exit data map(release: b[0:4]) device(s->n)
  #pragma omp target data map(tofrom: s->p[0:s->n]) if(go) device(s->n)
  { b[0] += 1; }
  #pragma omp target map(tofrom: b[0:4]) if(go) device(s->n)
  b[1] = 6;
})src";
} // namespace

TEST_CASE("a stand-alone data construct evaluates its items only where its "
          "if clause holds",
          "[edits][data][if]") {
  FileResult F = translateC(Code);
  REQUIRE(F.Ok);
  for (size_t I = 0; I < F.Regions.size(); ++I) {
    CAPTURE(I);
    CHECK(F.Regions[I].R.Translate);
  }
  const std::string Out = flat(F.Output);
  CHECK(contains(Out, "if ((bool)(go)) { o2c::enterData(o2c_loc, -1, true, "
                      "(s->p) + (0), (size_t)(s->n) * sizeof(*(s->p)), "
                      "o2c::MapTo); o2c::attachSection(o2c_loc, -1, true, "
                      "&(s->p), 0); }"));
  CHECK(contains(Out, "if ((bool)(go)) { o2c::update(o2c_loc, -1, true, "));
  CHECK(contains(Out, "if ((bool)(go)) { o2c::exitData(o2c_loc, -1, true, "));
  // Deferred: the task is made and runs nothing when the condition is false.
  CHECK(contains(Out, "o2c::AsyncTask *o2c_task = new o2c::AsyncTask(o2c_loc); "
                      "if ((bool)(go)) { o2c::ExitBatch o2c_exits; "));
  CHECK(contains(Out, "o2c_task->exitBatch(o2c_exits); } else { "
                      "o2c::ifClauseFalse(o2c_loc); } if (o2c_task) {"));
  // Where the condition is false, O2C_INFO still says so.
  CHECK(contains(Out, "&(s->p), 0); } else { o2c::ifClauseFalse(o2c_loc); }"));
  // Without an if clause nothing changes.
  CHECK(contains(Out, "o2c::exitData(o2c_loc, o2c::deviceClause(s->n), true, "
                      "(b) + (0), "));
  // No call passes the condition itself any more.
  CHECK_FALSE(contains(Out, ", (bool)(go), (s->p)"));
}

TEST_CASE("target data maps its items, and a region reads its device clause, "
          "only where the if clause holds",
          "[edits][data][if]") {
  FileResult F = translateC(Code);
  REQUIRE(F.Ok);
  const std::string Out = flat(F.Output);
  CHECK(contains(Out, "o2c::TargetRegion o2c_data_L9(o2c_loc, ((bool)(go) ? "
                      "o2c::deviceClause(s->n) : -1), (bool)(go), false); "
                      "if (o2c_data_L9.offload()) { o2c_data_L9.map((s->p) + "
                      "(0), "));
  CHECK(contains(Out, "o2c::TargetRegion o2c_region(o2c_loc, ((bool)(go) ? "
                      "o2c::deviceClause(s->n) : -1), (bool)(go), false);"));
}
