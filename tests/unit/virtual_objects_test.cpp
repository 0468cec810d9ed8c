// Virtual tables of objects that a map copies: device code must neither
// dispatch through the host's table pointer nor write the device's into
// such an object (the host's calls would then jump to device code).
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

namespace {
const char *Shapes = R"src(
struct B { virtual ~B() {} virtual int get() const { return 0; } };
struct D : B { int k = 1; D() {} D(int k) : k(k) {} int get() const override { return k; } };
struct E : B { int get() const override { return 2; } };
)src";
} // namespace

TEST_CASE("a virtual call in a lambda of the region keeps the region's "
          "rule for objects the device built",
          "[analysis][virtual]") {
  // The lambda's body counted as a function the region calls, where a
  // pointer of main holding &d of main's (mapped) d passed as built there:
  // region 0 was translated and dispatched through the host's table.
  FileResult F = translateC(std::string(Shapes) + R"src(
int run(int c) {
  D d; E e; int r = 0;
#pragma omp target map(tofrom: r) map(to: d, e, c)
  { const B *p = c ? static_cast<const B *>(&d) : &e;
    auto f = [&]() { return p->get(); }; r = f(); }
#pragma omp target map(tofrom: r) map(to: c)
  { D o; E q; const B *p = c ? static_cast<const B *>(&o) : &q;
    auto f = [&]() { return p->get(); }; r = f(); }
  return r;
}
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 2);
  INFO(F.Regions[0].R.Reason);
  CHECK_FALSE(F.Regions[0].R.Translate);
  CHECK(F.Regions[0].R.Why == DiagId::HostCall);
  CHECK(contains(F.Regions[0].R.Reason, "may not have constructed"));
  INFO(F.Regions[1].R.Reason);
  CHECK(F.Regions[1].R.Translate);
}

TEST_CASE("a virtual call through a cast to a base of a mapped object stays "
          "on the host",
          "[analysis][virtual]") {
  // Clang looks through the cast (no dispatch), the kernel's
  // static_cast<const B &>((*d)).get() dispatches: translated before.
  FileResult F = translateC(std::string(Shapes) + R"src(
struct Pair { D a; D b; };
int run() {
  D d; Pair two; int r = 0;
#pragma omp target map(tofrom: r) map(to: d)
  r = static_cast<const B &>(d).get();
#pragma omp target map(tofrom: r) map(to: two)
  r = ((const B &)two.b).get();
#pragma omp target map(tofrom: r)
  { D own; r = static_cast<const B &>(own).get(); }
  return r;
}
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 3);
  for (int I : {0, 1}) {
    INFO(I << ": " << F.Regions[I].R.Reason);
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(F.Regions[I].R.Why == DiagId::HostCall);
    CHECK(contains(F.Regions[I].R.Reason, "converted to a base"));
  }
  INFO(F.Regions[2].R.Reason);
  CHECK(F.Regions[2].R.Translate);
}

TEST_CASE("placement new and destructor calls of a polymorphic class on a "
          "mapped object stay on the host",
          "[analysis][virtual]") {
  // Both write the device's table pointer into the copy, which the map
  // copies back to the host: translated before.
  FileResult F = translateC(std::string(Shapes) + R"src(
#include <new>
int run() {
  D d; int r = 0;
#pragma omp target map(tofrom: r, d)
  { new (&d) D(5); r = d.k; }
#pragma omp target map(tofrom: r, d)
  { d.~D(); r = 1; }
#pragma omp target map(tofrom: r)
  { D own; own.~D(); new (&own) D(5); r = own.get(); }
  return r;
}
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 3);
  for (int I : {0, 1}) {
    INFO(I << ": " << F.Regions[I].R.Reason);
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(F.Regions[I].R.Why == DiagId::HostCall);
  }
  CHECK(contains(F.Regions[0].R.Reason, "in place"));
  CHECK(contains(F.Regions[1].R.Reason, "destructor"));
  INFO(F.Regions[2].R.Reason);
  CHECK(F.Regions[2].R.Translate);
}

TEST_CASE("an object with virtual bases reached through a pointer, a section "
          "or a member stays on the host",
          "[analysis][virtual]") {
  // Device code finds a virtual base through the host's table pointer:
  // only a mapped polymorphic object named directly stayed on the host
  // before; these were translated.
  FileResult F = translateC(R"src(
struct B { int x = 5; };
struct VB : virtual B { int y = 2; };
struct H { VB v; int z = 1; };
struct P { VB *p = nullptr; int z = 1; };
int run() {
  VB vb; H h; P pp; VB *vp = &vb; H *hp = &h; int r = 0;
#pragma omp target map(tofrom: r) map(to: vb)
  r = vb.x;
#pragma omp target map(tofrom: r) map(to: vp[0:1])
  r = vp->x + vp->y;
#pragma omp target map(tofrom: r) map(to: hp[0:1])
  { VB *q = &hp->v; r = q->x; }
#pragma omp target map(tofrom: r) map(to: h)
  { VB &q = h.v; r = q.x; }
#pragma omp target map(tofrom: r) map(to: pp)
  r = pp.z;
#pragma omp target map(tofrom: r)
  { VB own; r = own.x; }
  return r;
}
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 6);
  for (int I : {0, 1, 2, 3}) {
    INFO(I << ": " << F.Regions[I].R.Reason);
    CHECK_FALSE(F.Regions[I].R.Translate);
    CHECK(F.Regions[I].R.Why == DiagId::HostType);
    CHECK(contains(F.Regions[I].R.Reason, "virtual bases"));
  }
  for (int I : {4, 5}) {
    INFO(I << ": " << F.Regions[I].R.Reason);
    CHECK(F.Regions[I].R.Translate);
  }
  // Under unified shared memory the device reads the host's table.
  FileResult U = translateC(R"src(
#pragma omp requires unified_shared_memory
struct B { int x = 5; };
struct VB : virtual B { int y = 2; };
int run() {
  VB vb; int r = 0;
#pragma omp target map(tofrom: r) map(to: vb)
  r = vb.x;
  return r;
}
)src",
                            /*Cxx=*/true);
  REQUIRE(U.Ok);
  REQUIRE(U.Regions.size() == 1);
  CHECK(U.Regions[0].R.Translate);
}
