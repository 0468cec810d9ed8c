// Pointers held in members of the object a member function runs on
// (`this->s.p`, a member array of pointers): the region maps the member as
// it would a variable, so its copy holds the host's pointers unless an item
// of a construct that also maps the member attached them, and the host did
// not change them in between (review ldb: `map(to: s)` then `s.p[3] = 70`,
// host 70, emu 4; review hwa: `s.p = other` between the constructs).
#include "FlatText.h"
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
  // A region's stub takes the object's address and size from the call,
  // and maps the object before the members it takes.
  CHECK(F.Regions[5].R.Translate);
  CHECK(contains(F.Output, "(this, sizeof(*this), this->k)"));
  size_t Obj = F.Output.find("o2c_region.map(o2c_this, o2c_this_bytes, "
                             "o2c::MapToFrom);");
  REQUIRE(Obj != std::string::npos);
  size_t Stub = F.Output.rfind("o2c::TargetRegion o2c_region(", Obj);
  size_t K = F.Output.find("o2c_region.mapObject(k,", Stub);
  REQUIRE(K != std::string::npos);
  CHECK(Obj < K);
}

TEST_CASE("a target region maps this[0:1] once", "[analysis][map-items]") {
  FileResult F = translateC(R"src(
struct C {
  int k;
  void go() {
    #pragma omp target map(to: this[0:1]) map(from: *this)
    { k = 3; }
  }
};
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 1);
  CHECK_FALSE(F.Regions[0].R.Translate);
  CHECK(contains(F.Regions[0].R.Reason, "maps 'this' a second time"));
}

TEST_CASE("a pointer mapped with its section on a target region maps its "
          "storage too, attached to the section",
          "[analysis][map-items]") {
  FileResult F = translateC(R"src(
struct B {
  int *bp;
  int n;
  void go(int k) {
    #pragma omp target map(to: bp) map(tofrom: bp[0:8])
    { bp[1] = k; }
    #pragma omp target map(tofrom: bp[:n]) map(present, alloc: bp)
    { bp[2] = k; }
    #pragma omp target map(to: bp) map(tofrom: bp[0:8])
    { bp++; bp[0] = k; }
    #pragma omp target map(to: bp) map(tofrom: bp[2:6])
    { bp[2] = k; }
  }
};
void f(int *p, int n, void *v) {
  #pragma omp target map(to: p) map(tofrom: p[0:n])
  { p[0] = 1; }
  #pragma omp target map(to: p) map(tofrom: p[0:n])
  { int *&r = p; r[0] = 1; }
  #pragma omp target map(to: p) map(tofrom: p[0:n]) map(from: p)
  { p[0] = 1; }
}
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  std::vector<const Region *> T = targetRegions(F);
  REQUIRE(T.size() == 7);
  for (int I : {0, 1, 4}) {
    CAPTURE(I);
    CHECK(T[I]->Translate);
    REQUIRE(T[I]->PointerMaps.size() == 1);
    CHECK(T[I]->PointerMaps[0].AttachSelf);
  }
  // The section first, then the pointer's storage and its attachment; the
  // stub takes the pointer by reference, the kernel the section's address.
  const std::string &Out = F.Output;
  CHECK(contains(Out, "_launch(int k, int *&bp)"));
  size_t Sec = Out.find("auto *bp_d = o2c_region.mapSection(bp, 0, 8,");
  size_t Own = Out.find("o2c_region.map((&(bp)) + (0),");
  size_t Att = Out.find("o2c_region.attachSection(&(bp), 0);");
  REQUIRE(Sec != std::string::npos);
  REQUIRE(Own != std::string::npos);
  REQUIRE(Att != std::string::npos);
  CHECK(Sec < Own);
  CHECK(Own < Att);
  CHECK(contains(Out, "o2c::MapAlloc | o2c::MapPresent);"));
  CHECK(contains(Out, "_launch(int *&p, int n)"));
  // The region may assign the pointer: its copy would not be p's.
  for (int I : {2, 5}) {
    CAPTURE(I);
    CHECK_FALSE(T[I]->Translate);
    CHECK(contains(T[I]->Reason, "is mapped with its section, and the region "
                                 "may assign it"));
  }
  CHECK(T[2]->WhyPos.Line == 11);
  CHECK(T[5]->WhyPos.Line == 20);
  // Another lower bound, or a third item on the pointer.
  CHECK_FALSE(T[3]->Translate);
  CHECK(contains(T[3]->Reason, "as different parts of it"));
  CHECK_FALSE(T[6]->Translate);
  CHECK(contains(T[6]->Reason, "as different parts of it"));
}

TEST_CASE("a pointer mapped with its section on target data and enter data "
          "maps its storage too",
          "[analysis][map-items]") {
  FileResult F = translateC(R"src(
struct B {
  int *bp;
  void go(int k) {
    #pragma omp target data map(to: bp) map(tofrom: bp[0:8])
    {
      #pragma omp target
      { bp[1] = k; }
    }
  }
};
void f(int *p, int n) {
  #pragma omp target enter data map(to: p[0:n]) map(to: p)
  #pragma omp target exit data map(from: p) map(from: p[0:n])
}
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 4);
  CHECK(F.Regions[0].R.Translate);
  CHECK(F.Regions[1].R.Translate);
  CHECK(F.Regions[2].R.Translate);
  CHECK(contains(F.Output, ".map((&(bp)) + (0),"));
  CHECK(contains(F.Output, ".attachSection(&(bp), 0);"));
  CHECK(contains(F.Output, "o2c_enters.enterData(o2c_loc, -1, true, (&(p)) + (0),"));
  CHECK(F.Regions[3].R.Translate);
  CHECK(F.HostProgram.empty());
}

TEST_CASE("exit data takes a pointer with its section: the pointer's storage "
          "exits first, the section's bounds read before",
          "[analysis][map-items]") {
  FileResult F = translateC(R"src(
struct B {
  int *bp;
  void go(int n) {
    #pragma omp target enter data map(to: bp) map(to: bp[0:n])
    #pragma omp target exit data map(from: bp[0:n]) map(release: bp)
  }
};
void f(int *p, int n) {
  #pragma omp target enter data map(to: p[0:n]) map(to: p)
  #pragma omp target exit data map(from: p) map(from: p[0:n])
  #pragma omp target enter data map(to: p[0:n]) map(to: p)
  #pragma omp target exit data map(delete: p[2:n]) map(from: p) nowait
  #pragma omp taskwait
  #pragma omp target exit data map(from: p) map(from: p[0:n]) map(release: p)
}
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 7);
  for (int I : {0, 1, 2, 3, 4, 5}) {
    CAPTURE(I);
    CHECK(F.Regions[I].R.Translate);
  }
  const std::string Out = flat(F.Output);
  // The member's pair: one batch, the storage (release) before the section
  // (from), whose bounds are read when it is recorded, before any exits.
  size_t Batch = Out.find("o2c::ExitBatch o2c_exits;");
  size_t OwnExit = Out.find("o2c_exits.exitData(o2c_loc, -1, true, "
                            "(&(bp)) + (0), (size_t)(1) * sizeof(*(&(bp))), "
                            "o2c::MapRelease);");
  size_t Sec = Out.find("o2c_exits.exitData(o2c_loc, -1, true, (this->bp) + "
                        "(0), (size_t)(n) * sizeof(*(this->bp)), "
                        "o2c::MapFrom);");
  size_t Run = Out.find("o2c_exits.run();");
  REQUIRE(Batch != std::string::npos);
  REQUIRE(OwnExit != std::string::npos);
  REQUIRE(Sec != std::string::npos);
  CHECK(Batch < OwnExit);
  CHECK(OwnExit < Sec);
  CHECK(Sec < Run);
  // Nothing attaches on exit.
  size_t Next = Out.find("enterData", Sec);
  CHECK_FALSE(contains(Out.substr(Batch, Next - Batch), "attach"));
  // Either order, any lower bound, delete, nowait.
  CHECK(contains(Out, "o2c_exits.exitData(o2c_loc, -1, true, (&(p)) + (0), "
                      "(size_t)(1) * sizeof(*(&(p))), o2c::MapFrom);"));
  CHECK(contains(Out, "o2c_exits.exitData(o2c_loc, -1, true, (p) + (2), "));
  CHECK(contains(Out, "sizeof(*(p)), o2c::MapDelete); "
                      "o2c_task->exitBatch(o2c_exits);"));
  // A third item on the pointer keeps refusing.
  CHECK_FALSE(F.Regions[6].R.Translate);
  CHECK(contains(F.Regions[6].R.Reason, "appears in more than one"));
}

TEST_CASE("a pointer mapped with its section in templates: the "
          "instantiations tell whether the region assigns it",
          "[analysis][map-items][templates]") {
  FileResult F = translateC(R"src(
template <class T> struct B {
  T *bp;
  void run(T k) {
    #pragma omp target map(to: bp) map(tofrom: bp[0:8])
    { bp[1] = bp[0] + k; }
    #pragma omp target map(to: bp) map(tofrom: bp[0:8])
    { bp += 2; }
  }
};
template <class T> void g(T *p, int n) {
  #pragma omp target map(tofrom: p[0:n]) map(to: p)
  { p[0] += 1; }
}
void use(B<int> &b, B<double> &c) {
  b.run(1);
  c.run(2);
  g(b.bp, 8);
}
)src",
                            /*Cxx=*/true);
  REQUIRE(F.Ok);
  std::vector<const Region *> T = targetRegions(F);
  REQUIRE(T.size() == 3);
  CHECK(T[0]->Translate);
  CHECK_FALSE(T[1]->Translate);
  CHECK(contains(T[1]->Reason, "may assign it"));
  CHECK(T[1]->WhyPos.Line == 8);
  CHECK(T[2]->Translate);
  CHECK(contains(F.Output, "_launch(T k, T *&bp)"));
  CHECK(contains(F.Output, "_launch(T *&p, int n)"));
}
