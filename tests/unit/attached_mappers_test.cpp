// An item mapped with a mapper attaches the pointers the mapper's own items
// map through, the mapper's variable standing for the item (review rm21
// R3: a mapper of `v.p[0:4]` exempted every pointer of the variable, and a
// region wrote through the host's address in `m.q`: host 5, emu 0).
#include "ToolTestUtil.h"
#include "analysis/PointerValueUse.h"

#include "clang/Frontend/ASTUnit.h"

#include <catch2/catch.hpp>

using namespace clang;
using namespace omp2cuda;
using namespace omp2cuda::test;

namespace {

/// What loadedPointerDeref reports in the first target region of f in
/// Code, empty where every pointer it dereferences is attached.
std::string unattached(const std::string &Code) {
  Parsed P = parse(Code);
  const Stmt *Scope = nullptr;
  for (const Decl *D : P.ctx().getTranslationUnitDecl()->decls())
    if (const auto *FD = dyn_cast<FunctionDecl>(D);
        FD && FD->getName() == "f" && FD->hasBody())
      Scope = FD->getBody();
  REQUIRE(Scope);
  std::string What;
  SourceLocation At =
      loadedPointerDeref(P.Body, Scope, P.Target, P.ctx(), What);
  return At.isValid() ? What : "";
}

const char *Types = R"src(
struct M { int *p; int *q; };
struct O { struct M in; int *r; };
struct L { struct L *next; int *p; };
#pragma omp declare mapper(struct M v) map(v, v.p[0:4])
#pragma omp declare mapper(struct O o) map(o, o.in)
#pragma omp declare mapper(struct L l) map(l, l.next[0:1], l.p[0:2])
)src";

} // namespace

TEST_CASE("a mapper attaches the pointers its items map through, for an "
          "item that names it, the default one, named, implicit or on a data "
          "construct",
          "[analysis][loaded-pointer][attached-path]") {
  FileResult F = translateC(R"src(
struct M { int *p; int *q; };
struct N { int *p; int *q; };
#pragma omp declare mapper(struct M v) map(v, v.p[0:4])
#pragma omp declare mapper(both: struct M v) map(v, v.p[0:4], v.q[0:4])
#pragma omp declare mapper(onlyp: struct M v) map(v, v.p[0:4])
#pragma omp declare mapper(np: struct N v) map(v, v.p[0:4])
#pragma omp declare mapper(nself: struct N v) map(v.p[0:4])
void f(struct M m, struct M k, struct N n, struct N d) {
  #pragma omp target map(tofrom: m)
  { m.q[0] = 5; }
  #pragma omp target map(tofrom: m)
  { m.p[0] = 5; }
  #pragma omp target
  { m.q[0] = 5; }
  #pragma omp target
  { m.p[0] = 5; }
  #pragma omp target map(mapper(onlyp), tofrom: m)
  { m.q[0] = 5; }
  #pragma omp target map(mapper(both), tofrom: m)
  { m.q[0] = 5; m.p[1] = 1; }
  #pragma omp target enter data map(mapper(both), to: k) map(mapper(np), to: n)
  #pragma omp target
  { k.q[0] = 5; }
  #pragma omp target
  { n.q[0] = 5; }
  #pragma omp target
  { n.p[0] = 5; }
  #pragma omp target map(mapper(nself), tofrom: d)
  { d.p[0] = 5; }
  #pragma omp target map(mapper(nself), tofrom: d)
  { d.q[0] = 5; }
  #pragma omp target data map(mapper(default), tofrom: d, d.p[0:4])
  {
    #pragma omp target
    { d.p[0] = 5; }
  }
})src");
  REQUIRE(F.Ok);
  std::vector<const Region *> T = targetRegions(F);
  REQUIRE(T.size() == 12);
  checkDerefRefused(*T[0], "held in 'm'");
  CHECK(T[1]->Translate);
  // The default mapper, applied to m though no clause names it.
  checkDerefRefused(*T[2], "held in 'm'");
  CHECK(T[3]->Translate);
  checkDerefRefused(*T[4], "held in 'm'");
  CHECK(T[5]->Translate);
  // k.q by the enter data construct's mapper, k.p by the default one.
  CHECK(T[6]->Translate);
  checkDerefRefused(*T[7], "held in 'n'");
  CHECK(T[8]->Translate);
  // A mapper that does not map its variable itself attaches its items.
  CHECK(T[9]->Translate);
  checkDerefRefused(*T[10], "held in 'd'");
  // `mapper(default)` of a type with no default mapper maps plainly.
  CHECK(T[11]->Translate);
}

TEST_CASE("a mapper's items re-rooted at the storage the item maps: a "
          "member's own mapper, elements of a section, a mapper of a "
          "record that holds its own type",
          "[analysis][loaded-pointer][attached-path]") {
  auto Region = [](const std::string &Map, const std::string &Body) {
    return unattached(std::string(Types) +
                      "void f(struct O x, struct L y, int i) {\n"
                      "  struct M arr[2];\n"
                      "  #pragma omp target " +
                      Map + "\n  { " + Body + " }\n}\n");
  };
  // o.in through M's default mapper: x.in.p, not x.in.q nor x.r.
  CHECK(Region("map(tofrom: x)", "x.in.p[0] = 1;").empty());
  CHECK(contains(Region("map(tofrom: x)", "x.in.q[0] = 1;"), "'x'"));
  CHECK(contains(Region("map(tofrom: x)", "x.r[0] = 1;"), "'x'"));
  // Each element of a section, one element alone.
  CHECK(Region("map(tofrom: arr[0:2])", "arr[1].p[0] = 1;").empty());
  CHECK(Region("map(tofrom: arr[0:2])", "arr[i].p[0] = 1;").empty());
  CHECK(contains(Region("map(tofrom: arr[0:2])", "arr[1].q[0] = 1;"), "'arr'"));
  CHECK(Region("map(tofrom: arr[1])", "arr[1].p[0] = 1;").empty());
  CHECK(contains(Region("map(tofrom: arr[1])", "arr[0].p[0] = 1;"), "'arr'"));
  CHECK(contains(Region("map(tofrom: arr[1])", "arr[i].p[0] = 1;"), "'arr'"));
  // A mapper's items see no mapper of its own type (Clang records none):
  // y.next is attached, what it points to holds the host's addresses.
  CHECK(Region("map(tofrom: y)", "y.p[0] = 1; y.next->p = 0;").empty());
  CHECK(contains(Region("map(tofrom: y)", "y.next->p[0] = 1;"),
                 "other than through a variable"));
}
