// Translated headers: the path arithmetic, and through the whole pipeline
// the property the build relies on, that every unit that includes a header
// writes the same copy.
#include "driver/HeaderCopies.h"
#include "driver/Translate.h"

#include "clang/Basic/FileManager.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <catch2/catch.hpp>

#include <fstream>

using namespace omp2cuda;

TEST_CASE("copies are named beside their headers", "[headers]") {
  CHECK(copyName("lulesh.h") == "lulesh.cu.h");
  CHECK(copyName("inc/vec.hpp") == "inc/vec.cu.hpp");
  CHECK(copyName("defs") == "defs.cu.h");
}

TEST_CASE("paths below the input root", "[headers]") {
  CHECK(isUnder("/a/b/c.h", "/a/b"));
  CHECK(isUnder("/a/b/c.h", "/a/b/"));
  CHECK_FALSE(isUnder("/a/bc/c.h", "/a/b"));
  CHECK_FALSE(isUnder("/a/c.h", "/a/b"));
  CHECK(isUnder("/a/c.h", "/"));
}

TEST_CASE("includes name copies relative to the including file", "[headers]") {
  CHECK(relativePath("/p/src/a.cu.h", "/p/src") == "a.cu.h");
  CHECK(relativePath("/p/inc/a.cu.h", "/p/src") == "../inc/a.cu.h");
  CHECK(relativePath("/p/inc/x/a.cu.h", "/p/src/deep") == "../../inc/x/a.cu.h");
}

namespace {

struct Tree {
  llvm::SmallString<128> Dir;
  Tree() { REQUIRE(!llvm::sys::fs::createUniqueDirectory("o2c-hdr", Dir)); }
  ~Tree() { llvm::sys::fs::remove_directories(Dir); }
  std::string put(const std::string &Name, const std::string &Text) {
    llvm::SmallString<128> P(Dir);
    llvm::sys::path::append(P, Name);
    std::ofstream(std::string(P)) << Text;
    return std::string(P);
  }
};

FileResult translate(const std::string &Path) {
  clang::tooling::FixedCompilationDatabase DB(".", {"-fopenmp"});
  return translateFile(Path, DB, Options());
}

const char *const Header = R"(#ifndef V_H
#define V_H
static inline double twice(double x) { return 2 * x; }
static inline double half(double x) { return x / 2; }
static inline double fails(double x) { if (x < 0) throw 1; return x; }
static inline void fill(double *a, int n) {
#pragma omp target teams distribute parallel for map(from: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = 1.0;
}
#endif
)";

} // namespace

TEST_CASE("canonical paths resolve links, and a path not there yet is "
          "resolved once it is",
          "[headers]") {
  Tree T;
  std::string Real = T.put("real.h", "\n");
  llvm::SmallString<128> Link(T.Dir), Later(T.Dir), Dotted(T.Dir);
  llvm::sys::path::append(Link, "link.h");
  llvm::sys::path::append(Later, "later.h");
  llvm::sys::path::append(Dotted, "sub", "..", "later.h");
  REQUIRE(!llvm::sys::fs::create_link(Real, Link));
  llvm::SmallString<128> RealDir;
  REQUIRE(!llvm::sys::fs::real_path(T.Dir, RealDir));
  llvm::SmallString<128> Want(RealDir);
  llvm::sys::path::append(Want, "real.h");
  clang::FileSystemOptions FSO;
  clang::FileManager FM(FSO);
  CHECK(canonicalPath(FM, Link) == std::string(Want));
  CHECK(canonicalPath(FM, Link) == std::string(Want)); // kept: the same
  // Not there: the absolute path without dots, and nothing kept, so the
  // link made afterwards is followed.
  CHECK(canonicalPath(FM, Dotted) == std::string(Later));
  CHECK(canonicalPath(FM, Later) == std::string(Later));
  REQUIRE(!llvm::sys::fs::create_link(Real, Later));
  CHECK(canonicalPath(FM, Later) == std::string(Want));
}

TEST_CASE("every unit that includes a header writes the same copy",
          "[headers]") {
  Tree T;
  T.put("v.h", Header);
  // The two units call different functions of the header on the device.
  std::string A = T.put("a.cpp", R"(#include "v.h"
void a(double *x, int n) {
#pragma omp target teams distribute parallel for map(tofrom: x[0:n])
  for (int i = 0; i < n; ++i) x[i] = twice(x[i]);
  fill(x, n);
}
)");
  std::string B = T.put("b.cpp", R"(#include "v.h"
void b(double *x, int n) {
#pragma omp target teams distribute parallel for map(tofrom: x[0:n])
  for (int i = 0; i < n; ++i) x[i] = half(x[i]);
}
)");
  FileResult RA = translate(A), RB = translate(B);
  REQUIRE(RA.Ok);
  REQUIRE(RB.Ok);
  CHECK(RA.LeftOnHost == 0);
  REQUIRE(RA.Headers.size() == 1);
  REQUIRE(RB.Headers.size() == 1);
  CHECK(RA.Headers[0].Copy == "v.cu.h");
  CHECK(RA.Headers[0].Text == RB.Headers[0].Text);
  const std::string &H = RA.Headers[0].Text;
  CHECK(H.find("__host__ __device__ static inline double twice") != std::string::npos);
  CHECK(H.find("__host__ __device__ static inline double half") != std::string::npos);
  // Exceptions cannot run on the device: that one stays a host function.
  CHECK(H.find("__host__ __device__ static inline double fails") == std::string::npos);
  CHECK(H.find("static __global__ void omp2cuda_v_h_fill_L7") != std::string::npos);
  CHECK(RA.Output.find("#include \"v.cu.h\"") != std::string::npos);
}

TEST_CASE("a header outside the input root keeps its regions on the host",
          "[headers]") {
  Tree T;
  T.put("v.h", Header);
  llvm::SmallString<128> Sub(T.Dir);
  llvm::sys::path::append(Sub, "src");
  REQUIRE(!llvm::sys::fs::create_directory(Sub));
  std::string A = T.put("src/a.cpp", "#include \"../v.h\"\n"
                                     "void a(double *x, int n) { fill(x, n); }\n");
  FileResult R = translate(A);
  REQUIRE(R.Ok);
  CHECK(R.LeftOnHost == 1);
  CHECK(R.Headers.empty());
  REQUIRE(R.Regions.size() == 1);
  CHECK(R.Regions[0].R.Reason.find("--in-root") != std::string::npos);
  // Nothing guards the header's region: the program runs on the host, and
  // the runtime names the region relative to the source.
  CHECK(R.HostProgram.find("../v.h:7:1: it is in a header outside the input "
                           "root") == 0);
  CHECK(R.Output.find("static const o2c::HostProgram o2c_host_program({\"../"
                      "v.h\", 7, 1, ") != std::string::npos);
}

TEST_CASE("the main file's own edits stay out of translated headers",
          "[headers]") {
  // CUDA-name renames and the std::complex overloads' include are made for
  // the main file; a header pass must neither repeat nor misplace them.
  Tree T;
  T.put("v.h", Header);
  std::string A = T.put("a.cpp", R"(#include <complex>
#include "v.h"
struct float2 { double x, y; };
void a(double *x, int n) {
  float2 p = {1, 2};
  double y = p.y;
#pragma omp target teams distribute parallel for map(tofrom: x[0:n])
  for (int i = 0; i < n; ++i) x[i] = twice(x[i]) + y;
}
)");
  FileResult R = translate(A);
  REQUIRE(R.Ok);
  REQUIRE(R.Headers.size() == 1);
  CHECK(R.Output.find("struct float2_ ") != std::string::npos);
  CHECK(R.Output.find("float2_ p = {1, 2};") != std::string::npos);
  CHECK(R.Output.find("#include \"omp2cuda/std_complex.h\"") != std::string::npos);
  const std::string &H = R.Headers[0].Text;
  CHECK(H.find("std_complex") == std::string::npos);
  CHECK(H.find("float2") == std::string::npos);
  // The copy is the header plus the translation's additions, in order.
  CHECK(H.find("#ifndef V_H\n#define V_H\n") != std::string::npos);
}

TEST_CASE("a region of a translated header that holds a metadirective stays "
          "on the host",
          "[headers][metadirective]") {
  // Only the main file's pragmas are respelled as the device's variant.
  Tree T;
  T.put("k.h", R"(static inline void kern(int *a, int n) {
#pragma omp target map(tofrom: a[0:n])
  {
#pragma omp metadirective when(device={kind(nohost)}: nothing) default(parallel for)
    for (int i = 0; i < n; ++i) a[i] += 1;
  }
#pragma omp target map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i) a[i] += 2;
}
)");
  std::string M = T.put("m.c", "#include \"k.h\"\n"
                               "void m(int *a) { kern(a, 4); }\n");
  FileResult R = translate(M);
  REQUIRE(R.Ok);
  CHECK(R.LeftOnHost == 1);
  REQUIRE(R.Regions.size() == 2);
  CHECK(R.Regions[0].R.Why == DiagId::HostVariant);
  CHECK(R.Regions[0].R.Reason.find("metadirective in a header") !=
        std::string::npos);
  CHECK(R.Regions[1].R.Translate);
}

TEST_CASE("a '.c' file included at file scope is translated as a header; "
          "one included inside a function stays on the host",
          "[headers][included-source]") {
  Tree T;
  T.put("body.c", R"(static void scale(int *a, int n) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i) a[i] *= SCALE;
}
)");
  T.put("stmts.c", R"(#pragma omp target map(tofrom: x)
x += 1;
)");
  std::string M = T.put("m.c", "#define SCALE 3\n#include \"body.c\"\n"
                               "void m(int *a, int x) {\n"
                               "  scale(a, 4);\n"
                               "#include \"stmts.c\"\n"
                               "}\n");
  FileResult R = translate(M);
  REQUIRE(R.Ok);
  REQUIRE(R.Regions.size() == 2);
  for (const auto &G : R.Regions) {
    if (G.R.Loc.Line == 2) { // body.c, at file scope
      CHECK(G.R.Translate);
      continue;
    }
    CHECK_FALSE(G.R.Translate); // stmts.c, in m's body
    CHECK(G.R.Why == DiagId::HostHeader);
    CHECK(G.R.Reason.find("included inside a declaration") !=
          std::string::npos);
  }
  CHECK(R.LeftOnHost == 1);
  REQUIRE(R.Headers.size() == 1);
  CHECK(R.Output.find("#include \"body.cu.c\"") != std::string::npos);
}

TEST_CASE("a '.c' file included at file scope of a '.c' file that is "
          "included inside a function stays on the host too",
          "[headers][included-source]") {
  Tree T;
  T.put("inner.c", R"(#pragma omp target map(tofrom: x)
x += 1;
)");
  T.put("outer.c", "#include \"inner.c\"\n");
  std::string M = T.put("m.c", "void m(int x) {\n"
                               "#include \"outer.c\"\n"
                               "}\n");
  FileResult R = translate(M);
  REQUIRE(R.Ok);
  REQUIRE(R.Regions.size() == 1);
  CHECK_FALSE(R.Regions[0].R.Translate);
  CHECK(R.Regions[0].R.Why == DiagId::HostHeader);
  CHECK(R.Regions[0].R.Reason.find("included inside a declaration") !=
        std::string::npos);
}

TEST_CASE("a whole C program included as '.c' gets no extern \"C\" block "
          "around its include (main may not have a linkage specification)",
          "[headers][included-source]") {
  Tree T;
  T.put("prog.c", R"(int main(void) {
  int x = 1;
#pragma omp target map(tofrom: x)
  x += POLICY;
  return x != 3;
}
)");
  std::string M = T.put("m.c", "#define POLICY 2\n#include \"prog.c\"\n");
  FileResult R = translate(M);
  REQUIRE(R.Ok);
  REQUIRE(R.Regions.size() == 1);
  CHECK(R.Regions[0].R.Translate);
  CHECK(R.Output.find("#include \"prog.cu.c\"") != std::string::npos);
  CHECK(R.Output.find("extern \"C\"") == std::string::npos);
}

TEST_CASE("a C header's mapper iterators are renamed in its copy; where "
          "the header is not rewritten, a clash is an error at the mapper",
          "[headers][ccompat][mapper][iterator]") {
  // C keeps a mapper's iterator to its clause, C++ declares it in the scope
  // around the mapper: the two mappers' `i` of a header that has no
  // function (so no pass of its own) were a redefinition in the .cu.
  const char *Mappers = R"(typedef struct vec { int len; double *data; } vec_t;
#pragma omp declare mapper(vec_t v) map(tofrom: v) map(iterator(i = 0:v.len), tofrom: v.data[i])
#pragma omp declare mapper(down: vec_t v) map(tofrom: v) map(iterator(i = 0:v.len), tofrom: v.data[i])
)";
  const char *Main = R"(#include "%s"
void f(vec_t s) {
#pragma omp target map(tofrom: s)
  s.data[0] += 1;
}
)";
  auto Source = [&](const std::string &Include) {
    std::string S = Main;
    return S.replace(S.find("%s"), 2, Include);
  };
  Tree T;
  T.put("v.h", Mappers);
  FileResult R = translate(T.put("a.c", Source("v.h")));
  REQUIRE(R.Ok);
  CHECK(R.LeftOnHost == 0);
  REQUIRE(R.Headers.size() == 1);
  const std::string &H = R.Headers[0].Text;
  CHECK(H.find("map(iterator(o2c_5vec_t_7default_i = 0:v.len), tofrom: "
               "v.data[o2c_5vec_t_7default_i])") != std::string::npos);
  CHECK(H.find("map(iterator(o2c_5vec_t_4down_i = 0:v.len), tofrom: "
               "v.data[o2c_5vec_t_4down_i])") != std::string::npos);
  CHECK(H.find("iterator(i =") == std::string::npos);

  // Outside the input root the header stays as it is: its `i`s clash.
  llvm::SmallString<128> Sub(T.Dir);
  llvm::sys::path::append(Sub, "src");
  REQUIRE(!llvm::sys::fs::create_directory(Sub));
  FileResult Out = translate(T.put("src/a.c", Source("../v.h")));
  CHECK_FALSE(Out.Ok);
  // One mapper there clashes with nothing, and keeps its name.
  T.put("one.h",
        std::string(Mappers).substr(0, std::string(Mappers).rfind("#pragma")));
  FileResult One = translate(T.put("src/b.c", Source("../one.h")));
  REQUIRE(One.Ok);
  CHECK(One.Headers.empty());
  // ... unless the unit declares `i` in that scope, after it or not.
  FileResult Global =
      translate(T.put("src/c.c", Source("../one.h") + "int i;\n"));
  CHECK_FALSE(Global.Ok);
}

TEST_CASE("a header's mapper iterator used in a macro's body keeps its "
          "name in the header's copy",
          "[headers][ccompat][mapper][iterator]") {
  // review rV's m1/h.h: the copy renamed the declaration and not the `i`
  // of AT's body: 'use of undeclared identifier i' in the .cu.
  Tree T;
  T.put("h.h", R"(#ifndef H_H
#define H_H
typedef struct span { int len; double *data; } span_t;
#define AT(v) v.data[i]
#pragma omp declare mapper(span_t v) map(to: v) map(iterator(i = 0:v.len), tofrom: AT(v))
#endif
)");
  FileResult R = translate(T.put("a.c", R"(#include "h.h"
void f(span_t s) {
#pragma omp target map(tofrom: s)
  s.data[0] += 1;
}
)"));
  REQUIRE(R.Ok);
  CHECK(R.LeftOnHost == 0);
  // The header is as written (no copy, or a copy that keeps `i`).
  for (const auto &H : R.Headers)
    CHECK(H.Text.find("iterator(i = 0:v.len), tofrom: AT(v)") !=
          std::string::npos);
  CHECK(R.Output.find("default_i") == std::string::npos);
}

TEST_CASE("a header with mappers included by a header the translation does "
          "not rewrite keeps its iterators' names: a clash is an error",
          "[headers][ccompat][mapper][iterator]") {
  // review rV's m5: src/y.h (below the root) reached through ext/x.h
  // (outside it) got a renamed copy that nothing includes instead of the
  // original, and the .cu saw the original's two `i`s.
  Tree T;
  for (const char *D : {"src", "ext"}) {
    llvm::SmallString<128> Sub(T.Dir);
    llvm::sys::path::append(Sub, D);
    REQUIRE(!llvm::sys::fs::create_directory(Sub));
  }
  T.put("src/y.h", R"(#ifndef Y_H
#define Y_H
typedef struct spa { int len; double *data; } spa_t;
#pragma omp declare mapper(spa_t v) map(to: v) map(iterator(i = 0:v.len), tofrom: v.data[i])
#pragma omp declare mapper(two: spa_t v) map(to: v) map(iterator(i = 0:v.len), tofrom: v.data[i])
#endif
)");
  T.put("ext/x.h", "#include \"../src/y.h\"\n");
  const char *Main = R"(#include "%s"
void f(spa_t s) {
#pragma omp target map(tofrom: s)
  s.data[0] += 1;
}
)";
  auto Source = [&](const std::string &Include) {
    std::string S = Main;
    return S.replace(S.find("%s"), 2, Include);
  };
  FileResult Through = translate(T.put("src/a.c", Source("../ext/x.h")));
  CHECK_FALSE(Through.Ok);
  // Included from the main file, its copy renames them.
  FileResult Direct = translate(T.put("src/b.c", Source("y.h")));
  REQUIRE(Direct.Ok);
  REQUIRE(Direct.Headers.size() == 1);
  CHECK(Direct.Headers[0].Text.find("iterator(i =") == std::string::npos);
}
