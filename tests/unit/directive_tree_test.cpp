// The directive tree and the rules of the SPMD form on their own (issue 9
// points 1, 6 and 7): ASTs parsed here, the tree built from the region's
// statement, no lowering or emission; then a few regions through the whole
// pipeline for the class, the warning's location and the report.
#include "ToolTestUtil.h"
#include "analysis/DirectiveTree.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <catch2/catch.hpp>

using namespace clang;
using namespace omp2cuda;
using namespace omp2cuda::test;

namespace {

std::vector<DirKind> kinds(const DirectiveTree &T) {
  std::vector<DirKind> K;
  for (const DirNode &N : T.Nodes)
    K.push_back(N.Kind);
  return K;
}

} // namespace

TEST_CASE(
    "tree: team-master code around distribute parallel for (seed 000 Fig. 1)",
    "[spmd]") {
  Parsed P = parse(R"src(
void f(double *a, const double *b, const double *c, int n) {
  #pragma omp target teams map(tofrom: a[0:n]) map(to: b[0:n], c[0:n])
  {
    double pi = 3.14;
    #pragma omp distribute parallel for
    for (int i = 0; i < n; i++)
      a[i] = b[i] + c[i] * pi;
  }
})src");
  DirectiveTree T = teamTree(P);
  REQUIRE(T.V.Ok);
  CHECK(kinds(T) == std::vector<DirKind>{DirKind::Team, DirKind::GridLoop});
  CHECK(T.Nodes[0].Children == std::vector<unsigned>{1});
  REQUIRE(T.TeamStmts.size() == 1);
  // `double pi = 3.14;` computes a value: every thread runs it.
  CHECK_FALSE(T.TeamStmts[0].second.WritesMemory);
  CHECK_FALSE(T.TeamStmts[0].second.ReadsMemory);
}

TEST_CASE("tree: omp_is_initial_device() in team-master code computes a "
          "value",
          "[spmd]") {
  // omp.h's begin declare variant blocks put a call of
  // `omp_is_initial_device$ompvariant$...` beside the written one, which
  // counted as a call with side effects: `d` went to shared memory, set by
  // thread 0 alone (omp_get_device_num() did not).
  Parsed P = parse(R"src(#include <omp.h>
void f(int *a, int n) {
  #pragma omp target teams map(tofrom: a[0:n])
  {
    int d = omp_is_initial_device();
    #pragma omp distribute parallel for
    for (int i = 0; i < n; i++)
      a[i] = d;
  }
})src");
  DirectiveTree T = teamTree(P);
  REQUIRE(T.V.Ok);
  REQUIRE(T.TeamStmts.size() == 1);
  CHECK_FALSE(T.TeamStmts[0].second.WritesMemory);
}

TEST_CASE("tree: distribute with parallel for, a guarded store and a reduction",
          "[spmd]") {
  Parsed P = parse(R"src(
void f(const double *m, const double *x, double *y, int n, int k) {
  #pragma omp target teams map(to: m[0:n*k], x[0:k]) map(from: y[0:n])
  {
    #pragma omp distribute
    for (int i = 0; i < n; i++) {
      double s = 0;
      #pragma omp parallel for reduction(+: s)
      for (int j = 0; j < k; j++)
        s += m[i * k + j] * x[j];
      y[i] = s;
    }
  }
})src");
  DirectiveTree T = teamTree(P);
  REQUIRE(T.V.Ok);
  CHECK(kinds(T) == std::vector<DirKind>{DirKind::Team, DirKind::TeamLoop,
                                         DirKind::Parallel, DirKind::ThreadLoop,
                                         DirKind::Guard});
  CHECK(T.Nodes[1].Children == std::vector<unsigned>{2, 4});
  REQUIRE(T.Nodes[3].Reductions.size() == 1);
  CHECK(T.Nodes[3].Reductions[0].second == "o2c_dev::RedPlus");
}

TEST_CASE("tree: parallel region with for and barrier", "[spmd]") {
  Parsed P = parse(R"src(
int omp_get_thread_num(void);
void f(int *a, int *b, int n) {
  #pragma omp target parallel map(tofrom: a[0:n], b[0:n])
  {
    int t = omp_get_thread_num();
    a[t] = t;
    #pragma omp barrier
    #pragma omp for nowait
    for (int i = 0; i < n; i++)
      b[i] = a[i] + 1;
  }
})src");
  DirectiveTree T =
      spmdTree(DirKind::Parallel, P.Body, P.Body, ClauseInfo(), P.ctx(), false);
  REQUIRE(T.V.Ok);
  CHECK(kinds(T) == std::vector<DirKind>{DirKind::Parallel, DirKind::Barrier,
                                         DirKind::ThreadLoop});
  CHECK(T.Nodes[2].NoWait);
}

TEST_CASE("rules: constructs by where they stand", "[spmd]") {
  DirKind As;
  CHECK(constructRule(llvm::omp::OMPD_parallel_for, DirContext::TeamCode, false,
                      As)
            .Ok);
  CHECK(As == DirKind::Parallel);
  CHECK(
      constructRule(llvm::omp::OMPD_distribute, DirContext::TeamCode, true, As)
          .Ok);
  CHECK(As == DirKind::TeamLoop);
  // distribute binds to a teams region.
  CHECK_FALSE(
      constructRule(llvm::omp::OMPD_distribute, DirContext::TeamCode, false, As)
          .Ok);
  CHECK(constructRule(llvm::omp::OMPD_barrier, DirContext::ParallelCode, false,
                      As)
            .Ok);
  CHECK_FALSE(
      constructRule(llvm::omp::OMPD_barrier, DirContext::TeamCode, true, As)
          .Ok);
  CHECK_FALSE(constructRule(llvm::omp::OMPD_critical, DirContext::ParallelCode,
                            true, As)
                  .Ok);
  CHECK_FALSE(constructRule(llvm::omp::OMPD_parallel_for, DirContext::LoopBody,
                            true, As)
                  .Ok);
  Verdict V =
      constructRule(llvm::omp::OMPD_single, DirContext::ParallelCode, true, As);
  CHECK(contains(V.Reason, "'single' in a parallel region"));
}

TEST_CASE(
    "rules: team-master statements run redundantly, guarded or not at all",
    "[spmd]") {
  DirKind As;
  SourceLocation Where;
  StmtFacts Pure;
  CHECK(teamStmtRule(Pure, As, Where).Ok);
  CHECK(As == DirKind::Team);
  StmtFacts Store;
  Store.WritesMemory = true;
  CHECK(teamStmtRule(Store, As, Where).Ok);
  CHECK(As == DirKind::Guard);
  StmtFacts Decl = Store;
  Decl.Declares = true; // int k = f(); with side effects
  CHECK_FALSE(teamStmtRule(Decl, As, Where).Ok);
}

TEST_CASE("tree: what stays on the host, located at the construct", "[spmd]") {
  SECTION("a parallel region nested in a parallel region") {
    Parsed P = parse(R"src(
void f(int *a) {
  #pragma omp target teams map(tofrom: a[0:1])
  {
    #pragma omp parallel
    {
      #pragma omp parallel
      {
        a[0]++;
      }
    }
  }
})src");
    // Run by its encountering thread alone (nested_parallel_test.cpp).
    DirectiveTree T = teamTree(P);
    CHECK(T.V.Ok);
    REQUIRE(T.Transparent.size() == 1);
    CHECK(T.Transparent[0].Serial);
  }
  SECTION("the thread number in team-master code is the team master's") {
    // Spelled o2c_dev::master::omp_get_thread_num() (MasterApi.cpp): every
    // thread computes the same value.
    Parsed P = parse(R"src(
int omp_get_thread_num(void);
void f(int *a, int n) {
  #pragma omp target map(tofrom: a[0:n])
  {
    int me =
      omp_get_thread_num();
    #pragma omp parallel for
    for (int i = 0; i < n; i++) a[i] = me;
  }
})src");
    DirectiveTree T = teamTree(P);
    CHECK(T.V.Ok);
  }
  SECTION("a function that asks for the thread number in team-master code") {
    Parsed P = parse(R"src(
int omp_get_thread_num(void);
static int me(void) { return omp_get_thread_num(); }
void f(int *a, int n) {
  #pragma omp target map(tofrom: a[0:n])
  {
    int m =
      me();
    #pragma omp parallel for
    for (int i = 0; i < n; i++) a[i] = m;
  }
})src");
    DirectiveTree T = teamTree(P);
    REQUIRE_FALSE(T.V.Ok);
    CHECK(lineOfLoc(P, T.Where) == 8);
    CHECK(contains(T.V.Reason, "'me', which calls 'omp_get_thread_num'"));
  }
  SECTION("a team variable written by the parallel threads") {
    Parsed P = parse(R"src(
void f(int *a, int n) {
  #pragma omp target teams map(tofrom: a[0:n])
  {
    int last = 0;
    #pragma omp parallel for
    for (int i = 0; i < n; i++)
      last = i;
    a[0] = last;
  }
})src");
    // Level 0: the team's one copy in shared memory, as OpenMP shares it.
    DirectiveTree T = teamTree(P);
    REQUIRE(T.V.Ok);
    TreeVars Vars;
    Vars.Region = P.Body;
    CHECK(promotedTeamVars(P.Body, Vars, P.ctx()).size() == 1);
  }
  SECTION("a local written by side-effect code and read by the threads") {
    Parsed P = parse(R"src(
int next(int *);
void f(int *a, int n) {
  #pragma omp target teams map(tofrom: a[0:n])
  {
    int base = next(a);
    #pragma omp parallel for
    for (int i = 0; i < n; i++)
      a[i] = base;
  }
})src");
    // Level 0: thread 0 makes the call and stores base for the team.
    DirectiveTree T = teamTree(P);
    REQUIRE(T.V.Ok);
    REQUIRE(T.Nodes.size() >= 2);
    CHECK(T.Nodes[1].Kind == DirKind::Guard);
    CHECK(T.Nodes[1].PromotedDecls.size() == 1);
  }
  SECTION("a local written with side effects around a nested construct") {
    Parsed P = parse(R"src(
int next(int *);
void f(int *a, int n) {
  #pragma omp target teams map(tofrom: a[0:n])
  {
    int base = 0;
    if (n > 4) {
      base = next(a);
      #pragma omp parallel for
      for (int i = 0; i < n; i++)
        a[i] = base;
    }
  }
})src");
    DirectiveTree T = teamTree(P);
    REQUIRE_FALSE(T.V.Ok);
    CHECK(lineOfLoc(P, T.Where) == 9);
  }
}

TEST_CASE("pipeline: SPMD regions translate and say which form", "[spmd]") {
  FileResult F = translateC(R"src(
void f(const double *m, const double *x, double *y, int n, int k) {
  #pragma omp target teams distribute thread_limit(64) map(to: m[0:n*k], x[0:k]) map(from: y[0:n])
  for (int i = 0; i < n; i++) {
    double s = 0;
    #pragma omp parallel for reduction(+: s)
    for (int j = 0; j < k; j++)
      s += m[i * k + j] * x[j];
    y[i] = s;
  }
})src");
  REQUIRE(F.Ok);
  const Region &R = F.Regions.at(0).R;
  REQUIRE(R.Translate);
  CHECK(R.Class == RegionClass::Spmd);
  CHECK(R.ThreadLimit == "64");
  CHECK(contains(F.Regions.at(0).LaunchShape, "spmd team code"));
  CHECK(contains(F.Output,
                 "o2c_dev::teamReduce<o2c_dev::RedPlus>(s, o2c_scratch)"));
  CHECK(contains(F.Output, "for (int i = blockIdx.x; i < n;"));
  CHECK(contains(F.Output, "i = o2c_dev::strideNext(i, n, gridDim.x)) {"));
  CHECK(contains(F.Output, "if (threadIdx.x == 0)"));
  CHECK(F.LeftOnHost == 0);
}

TEST_CASE("pipeline: the warning points at the construct that decided",
          "[spmd]") {
  FileResult F = translateC(R"src(
void f(int *a, int n) {
  #pragma omp target teams map(tofrom: a[0:n])
  {
    #pragma omp parallel
    {
      #pragma omp parallel
      {
        #pragma omp sections
        {
          a[0] = 1;
        }
      }
    }
  }
})src");
  REQUIRE(F.Ok);
  const Region &R = F.Regions.at(0).R;
  CHECK_FALSE(R.Translate);
  CHECK(R.Why == DiagId::HostGeneral);
  CHECK(R.WhyPos.Line == 9);
  CHECK(F.LeftOnHost == 1);
}

TEST_CASE("level 0: team locals that the team must share go to shared memory",
          "[spmd]") {
  Parsed P = parse(R"src(
int next(int *);
void f(int *a, int *calls, int n) {
  #pragma omp target teams map(tofrom: a[0:n], calls[0:1])
  {
    int count = 0;
    int k = next(calls);
    int half = n / 2;
    #pragma omp parallel
    {
      #pragma omp for
      for (int i = 0; i < half; i++) {
        a[i] = k;
        #pragma omp atomic
        count += 1;
      }
    }
    a[n - 1] = count;
  }
})src");
  TreeVars Vars;
  Vars.Region = P.Body;
  std::set<const VarDecl *> Promoted = promotedTeamVars(P.Body, Vars, P.ctx());
  std::set<std::string> Names;
  for (const VarDecl *VD : Promoted)
    Names.insert(VD->getNameAsString());
  // count: the parallel region writes it; k: a call sets it, which only
  // thread 0 makes; half only computes a value, each thread its own.
  CHECK(Names == std::set<std::string>{"count", "k"});
  DirectiveTree T = teamTree(P);
  REQUIRE(T.V.Ok);
  unsigned Guards = 0;
  for (const DirNode &N : T.Nodes)
    if (N.Kind == DirKind::Guard && !N.PromotedDecls.empty())
      ++Guards;
  CHECK(Guards == 2); // each initial value stored by thread 0

  FileResult F = translateC(R"src(
void f(int *a, int n) {
  #pragma omp target teams map(tofrom: a[0:n])
  {
    int count = 0;
    #pragma omp parallel for
    for (int i = 0; i < n; i++) {
      #pragma omp atomic
      count += a[i];
    }
    a[0] = count;
  }
})src");
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  CHECK(contains(F.Output, "__shared__ int count;"));
  CHECK(contains(F.Output, "// the team's, in shared memory"));
  CHECK(contains(F.Output, "count = 0;"));
}

TEST_CASE("pipeline: reductions on teams with nested constructs and without",
          "[spmd]") {
  FileResult F = translateC(R"src(
void f(const double *a, double *out, int n) {
  double t = 0;
  int teams = 0;
  #pragma omp target teams reduction(+: t, teams) map(to: a[0:n])
  {
    #pragma omp distribute parallel for reduction(+: t)
    for (int i = 0; i < n; i++)
      t += a[i];
    teams += 1;
  }
  long long s = 0;
  #pragma omp target teams num_teams(3) reduction(+: s)
  s += 5;
  out[0] = t + teams + s;
})src");
  REQUIRE(F.Ok);
  CHECK(F.LeftOnHost == 0);
  REQUIRE(F.Regions.size() == 2);
  CHECK(F.Regions[0].R.Class == RegionClass::Spmd);
  // The team's copy in shared memory: the nested reduction combines into
  // it, team-master code updates it under thread 0, and thread 0 combines
  // it into the result.
  CHECK(contains(F.Output, "__shared__ double o2c_teamcopy_t;"));
  CHECK(contains(F.Output, "double &t = o2c_teamcopy_t;"));
  CHECK(contains(F.Output, "double *const o2c_red_t = &t;"));
  CHECK(contains(F.Output, "o2c_dev::atomicCombine<o2c_dev::RedPlus>(o2c_red_t, "
                           "o2c_teamcopy_t);"));
  CHECK(contains(F.Output,
                 "o2c_dev::atomicCombine<o2c_dev::RedPlus>(o2c_red_teams, "
                 "o2c_teamcopy_teams);"));
  // Without nested constructs each team is one thread: its own copy.
  CHECK(F.Regions[1].R.Class == RegionClass::Sequential);
  CHECK(contains(F.Output, "long long s = o2c_dev::RedPlus::identity<long "
                           "long>();"));
  CHECK(contains(F.Output,
                 "o2c_dev::atomicCombine<o2c_dev::RedPlus>(o2c_red_s, s);"));
}

TEST_CASE("tree: parallel regions of fewer threads than the block",
          "[spmd]") {
  SECTION("num_threads, if and parallel master are recorded") {
    Parsed P = parse(R"src(
int omp_get_num_threads(void);
void f(int *a, int n, int k) {
  #pragma omp target map(tofrom: a[0:n])
  {
    #pragma omp parallel num_threads(4) if(n > 100)
    a[1] = omp_get_num_threads();
    #pragma omp parallel master num_threads(k)
    {
      #pragma omp taskloop
      for (int i = 0; i < n; i++) a[i] += i;
    }
    #pragma omp parallel master taskloop
    for (int i = 0; i < n; i++) a[i] -= i;
  }
})src");
    DirectiveTree T = teamTree(P);
    REQUIRE(T.V.Ok);
    REQUIRE(T.Nodes.size() == 4);
    CHECK(T.Nodes[1].NumThreads == "4");
    CHECK(T.Nodes[1].IfCond == "n > 100");
    CHECK_FALSE(T.Nodes[1].MasterOnly);
    CHECK(T.Nodes[2].NumThreads == "k");
    CHECK(T.Nodes[2].MasterOnly);
    CHECK(T.Nodes[3].MasterOnly);
    CHECK(T.Nodes[3].restricted());
  }
  struct Case {
    const char *Code;
    unsigned Line;
    const char *Why;
  };
  // Only some threads run such a region: a barrier of the block there
  // (num_threads(n) is no constant here: one constant for every parallel
  // construct sizes the block instead, team_barrier_test.cpp)
  // would wait for the others forever.
  const Case Cases[] = {
      {R"src(
void f(int *a, int n) {
  #pragma omp target map(tofrom: a[0:n])
  {
    #pragma omp parallel num_threads(n)
    {
      #pragma omp for
      for (int i = 0; i < n; i++) a[i] = i;
    }
  }
})src",
       7, "'for' inside a nested 'parallel'"},
      {R"src(
void f(int *a, int n) {
  #pragma omp target map(tofrom: a[0:n])
  {
    #pragma omp parallel if(n > 4)
    {
      #pragma omp single
      a[0] = 1;
    }
  }
})src",
       7, "'single' inside"},
      {R"src(
int omp_get_num_threads(void);
int width(void) { return omp_get_num_threads(); }
void f(int *a, int n) {
  #pragma omp target map(tofrom: a[0:n])
  {
    #pragma omp parallel num_threads(n)
    a[0] = width();
  }
})src",
       8, "'width', which calls 'omp_get_num_threads'"},
  };
  for (const Case &C : Cases) {
    Parsed P = parse(C.Code);
    DirectiveTree T = teamTree(P);
    INFO(C.Code);
    INFO(T.V.Reason);
    if (T.V.Ok) {
      // A function that asks for the team's size is refused with the
      // edits (MasterApi.cpp), where the calls are respelled.
      std::vector<TextEdit> Edits;
      SourceLocation At;
      Verdict V = masterApiEdits(T, P.Body, P.ctx(), Edits, At);
      CHECK_FALSE(V.Ok);
      CHECK(V.Reason.find(C.Why) != std::string::npos);
      CHECK(lineOfLoc(P, At) == C.Line);
      continue;
    }
    CHECK(T.V.Reason.find(C.Why) != std::string::npos);
    CHECK(lineOfLoc(P, T.Where) == C.Line);
  }
}

TEST_CASE("tree: sections and parallel sections", "[spmd]") {
  Parsed P = parse(R"src(
void f(int *a, int *b, int n) {
  #pragma omp target map(tofrom: a[0:n], b[0:n])
  {
    #pragma omp parallel
    {
      #pragma omp sections nowait
      {
        a[0] = 1;
        #pragma omp section
        b[0] = 2;
      }
    }
    #pragma omp parallel sections
    {
      #pragma omp section
      a[1] = 3;
    }
  }
})src");
  DirectiveTree T = teamTree(P);
  REQUIRE(T.V.Ok);
  CHECK(kinds(T) ==
        std::vector<DirKind>{DirKind::Team, DirKind::Parallel,
                             DirKind::Sections, DirKind::Section,
                             DirKind::Section, DirKind::Parallel,
                             DirKind::Sections, DirKind::Section});
  CHECK(T.Nodes[2].NoWait);
  // The first section's pragma is left out: the statement is the section.
  CHECK(T.Nodes[3].D == nullptr);
  CHECK(T.Nodes[3].S != nullptr);
  CHECK(T.Nodes[4].D != nullptr);
  CHECK(T.Nodes[2].Children == std::vector<unsigned>{3, 4});
  CHECK(T.Nodes[5].Children == std::vector<unsigned>{6});
}
