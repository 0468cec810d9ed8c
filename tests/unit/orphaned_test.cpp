// Orphaned constructs: OpenMP directives in the body of a function that a
// target region calls (src/analysis/Orphaned.cpp).
#include "ToolTestUtil.h"

#include <catch2/catch.hpp>

using namespace omp2cuda;
using namespace omp2cuda::test;

TEST_CASE("an atomic update in a called function runs on the device",
          "[analysis][orphaned]") {
  FileResult F = translateC(R"src(
#pragma omp declare target
void add_to(int *sum, int v) {
  #pragma omp atomic
  *sum += v;
}
#pragma omp end declare target
static void scale_max(double *m, double v) {
  #pragma omp atomic update
  *m = *m * v;
}
void f(int *sum, double *m, int n) {
  #pragma omp target teams distribute parallel for map(tofrom: sum[0:1], m[0:1])
  for (int i = 0; i < n; ++i) {
    add_to(sum, i);
    scale_max(m, 1.0);
  }
})src");
  REQUIRE(F.Ok);
  INFO(F.Regions.at(0).R.Reason);
  CHECK(F.Regions.at(0).R.Translate);
  // One text for both sides: the device's atomic there, the host's here.
  CHECK(contains(F.Output, "__host__ __device__ void add_to"));
  CHECK(contains(F.Output,
                 "o2c_dev::atomicUpdate<o2c_dev::RedPlus>(&(*sum), (int)((v)));"));
  CHECK(contains(F.Output, "o2c_dev::atomicUpdate<o2c_dev::RedTimes>(&(*m), "
                           "(double)((v)));"));
  CHECK(!contains(F.Output, "#pragma omp atomic\n  *sum"));
}

TEST_CASE("a simd loop in a called function keeps its pragma",
          "[analysis][orphaned]") {
  FileResult F = translateC(R"src(
static double dsum(const double *x, int n) {
  double s = 0;
  #pragma omp simd reduction(+: s) simdlen(4)
  for (int i = 0; i < n; ++i)
    s += x[i];
  return s;
}
void f(const double *x, double *out, int n) {
  #pragma omp target map(to: x[0:n]) map(from: out[0:1])
  out[0] = dsum(x, n);
})src");
  REQUIRE(F.Ok);
  INFO(F.Regions.at(0).R.Reason);
  CHECK(F.Regions.at(0).R.Translate);
  CHECK(contains(F.Output, "__host__ __device__ static double dsum"));
  CHECK(contains(F.Output, "#pragma omp simd reduction(+: s) simdlen(4)"));
}

TEST_CASE("orphaned constructs the device cannot run are located and name "
          "the calls",
          "[analysis][orphaned]") {
  FileResult F = translateC(R"src(
void scale(double *a, int n) {
  #pragma omp for
  for (int i = 0; i < n; ++i)
    a[i] *= 2;
}
void outer(double *a, int n) { scale(a, n); }
static int priv(const int *x, int n) {
  int t = 0, s = 0;
  #pragma omp simd private(t) reduction(+: s)
  for (int i = 0; i < n; ++i) {
    t = x[i];
    s += t;
  }
  return s + t;
}
static int rd(int *x) {
  int v;
  #pragma omp atomic read
  v = *x;
  return v;
}
void f(double *a, int *x, int n) {
  #pragma omp target parallel map(tofrom: a[0:n])
  {
    // One thread of the team calls it: the loop cannot bind to the team.
    #pragma omp single
    outer(a, n);
  }
  #pragma omp target map(tofrom: x[0:n])
  x[0] = priv(x, n);
  #pragma omp target map(tofrom: x[0:n])
  x[0] = rd(x);
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 3);
  const Region &For = F.Regions[0].R;
  CHECK(!For.Translate);
  CHECK(For.Why == DiagId::HostCall);
  CHECK(contains(For.Reason, "the target region at line 24 calls 'outer', "
                             "which calls 'scale', whose '#pragma omp for' "
                             "(line 3)"));
  CHECK(For.WhyPos.Line == 3);
  CHECK(For.WhyPos.Col == 3);
  const Region &Priv = F.Regions[1].R;
  CHECK(!Priv.Translate);
  CHECK(contains(Priv.Reason, "the clause 'private'"));
  CHECK(Priv.WhyPos.Line == 10);
  const Region &Read = F.Regions[2].R;
  CHECK(!Read.Translate);
  CHECK(contains(Read.Reason, "'#pragma omp atomic' (line 19) reads or writes"));
  // Nothing of a region left on the host is marked for the device.
  CHECK(!contains(F.Output, "__host__ __device__"));
  CHECK(contains(F.Output, "#pragma omp atomic read\n  v = *x;"));
}

TEST_CASE("a parallel for in a called function runs as a team of one "
          "device thread",
          "[analysis][orphaned]") {
  FileResult F = translateC(R"src(
#pragma omp declare target
int fill(int *a, const int *b, int n) {
  int s = 0;
  #pragma omp parallel for reduction(+: s) num_threads(4) schedule(static)
  for (int i = 0; i < n; i++) {
    a[i] = 2 * b[i];
    s += a[i];
  }
  return s;
}
#pragma omp end declare target
void f(int *a, const int *b, int *s, int n) {
  #pragma omp target map(tofrom: a[0:n], s[0:1]) map(to: b[0:n])
  s[0] = fill(a, b, n);
})src");
  REQUIRE(F.Ok);
  INFO(F.Regions.at(0).R.Reason);
  CHECK(F.Regions.at(0).R.Translate);
  // The host's team as before; on the device (and under the emulation,
  // whose host OpenMP would fork) the calling thread alone.
  CHECK(contains(F.Output, "schedule(static) "
                           "if(o2c_dev::omp_is_initial_device())\n"));
}

TEST_CASE("an orphaned parallel for that a team of one would change stays "
          "on the host",
          "[analysis][orphaned]") {
  FileResult F = translateC(R"src(
#include <omp.h>
int i;
void outside(int *a, int n) {
  #pragma omp parallel for lastprivate(i)
  for (i = 0; i < n; i++)
    a[i] = 1;
}
void asks(int *a, int n) {
  #pragma omp parallel for
  for (int k = 0; k < n; k++)
    a[k] = omp_get_thread_num();
}
void own_if(int *a, int n) {
  #pragma omp parallel for if(n > 100)
  for (int k = 0; k < n; k++)
    a[k] = 1;
}
void priv(int *a, int n) {
  int t = 0;
  #pragma omp parallel for private(t)
  for (int k = 0; k < n; k++) {
    t = k;
    a[k] = t;
  }
}
void f(int *a, int n) {
  #pragma omp target map(tofrom: a[0:n])
  outside(a, n);
  #pragma omp target parallel map(tofrom: a[0:n])
  asks(a, n);
  #pragma omp target map(tofrom: a[0:n])
  own_if(a, n);
  #pragma omp target map(tofrom: a[0:n])
  priv(a, n);
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 4);
  for (const RegionReport &Rep : F.Regions) {
    CHECK(!Rep.R.Translate);
    CHECK(Rep.R.Why == DiagId::HostCall);
  }
  CHECK(contains(F.Regions[0].R.Reason, "a loop variable declared outside"));
  CHECK(contains(F.Regions[1].R.Reason, "calls the OpenMP API inside the loop"));
  CHECK(contains(F.Regions[2].R.Reason, "an 'if' clause of its own"));
  CHECK(contains(F.Regions[3].R.Reason, "the clause 'private'"));
  CHECK(F.Regions[3].R.WhyPos.Line == 21);
  CHECK(!contains(F.Output, "omp_is_initial_device())"));
}

TEST_CASE("an orphaned parallel for whose loop asks the OpenMP API runs on "
          "the device only from a one-thread region",
          "[analysis][orphaned]") {
  FileResult F = translateC(R"src(
#include <omp.h>
#pragma omp declare target
int ids(int *a, int n) {
  int nt = 0;
  #pragma omp parallel for shared(nt)
  for (int i = 0; i < n; i++) {
    a[i] = omp_get_thread_num();
    if (omp_get_thread_num() == 0)
      nt = omp_get_num_threads();
  }
  return nt;
}
int via(int *a, int n) { return ids(a, n); }
int level(int *a, int n) {
  #pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = omp_get_level();
  return 0;
}
#pragma omp end declare target
void f(int *a, int *t, int n) {
  #pragma omp target map(tofrom: a[0:n], t[0:1])
  t[0] = ids(a, n);
  #pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int k = 0; k < n; ++k)
    a[k] = via(a, 1);
  #pragma omp target map(tofrom: a[0:n])
  level(a, n);
})src");
  REQUIRE(F.Ok);
  REQUIRE(F.Regions.size() == 3);
  // One thread of one team: the team of one's thread 0 of 1.
  INFO(F.Regions[0].R.Reason);
  CHECK(F.Regions[0].R.Translate);
  // Already compiled for the device, but each thread of this region would
  // answer for itself.
  CHECK(!F.Regions[1].R.Translate);
  CHECK(contains(
      F.Regions[1].R.Reason,
      "it calls 'ids', which holds a 'parallel for' loop (line 6) that "
      "asks the OpenMP API: on the device only a region of "
      "one thread"));
  CHECK(!F.Regions[2].R.Translate);
  CHECK(contains(F.Regions[2].R.Reason, "'omp_get_level'"));
  CHECK(contains(F.Output, "using o2c_dev::omp_get_thread_num;"));
}

TEST_CASE("an orphaned parallel for over a variable declared outside the "
          "loop declares it in the loop",
          "[analysis][orphaned]") {
  FileResult F = translateC(R"src(
#pragma omp declare target
int gi = -3;
int g[64];
void fill(int k) {
  #pragma omp parallel for
  for (gi = 0; gi < 64; gi++)
    g[gi] = k * gi;
  g[1] = gi;
}
int local_fill(int *out, int n) {
  unsigned long j = 5;
  #pragma omp parallel for
  for (j = 0; j < n; j++)
    out[j] = j;
  return (int)j;
}
#pragma omp end declare target
void f(int *out, int *kept, int n) {
  #pragma omp target map(tofrom: out[0:n], kept[0:1])
  {
    fill(2);
    kept[0] = local_fill(out, n) + gi;
  }
})src");
  REQUIRE(F.Ok);
  INFO(F.Regions.at(0).R.Reason);
  CHECK(F.Regions.at(0).R.Translate);
  // The loop's own variable, on both sides; the global's other uses name
  // the side's copy.
  CHECK(contains(F.Output, "for (int gi = 0; gi < 64; gi++)\n"
                           "    O2C_DEVICE_COPY(g, "));
  CHECK(contains(F.Output, "for (unsigned long j = 0; j < n; j++)"));
  CHECK(contains(F.Output, "] = O2C_DEVICE_COPY(gi, "));
}

TEST_CASE("an orphaned taskgroup with task reductions runs its tasks in "
          "place on the device",
          "[analysis][orphaned]") {
  FileResult F = translateC(R"src(
#pragma omp declare target
int chain(const int *next, const int *val, int p) {
  int result = 0;
  #pragma omp taskgroup task_reduction(+: result)
  {
    while (p >= 0) {
      #pragma omp task in_reduction(+: result)
      result += val[p];
      p = next[p];
    }
  }
  return result;
}
#pragma omp end declare target
void f(const int *next, const int *val, int *s, int n) {
  #pragma omp target parallel map(to: next[0:n], val[0:n]) map(tofrom: s[0:1])
  #pragma omp single
  s[0] = chain(next, val, 0);
})src");
  REQUIRE(F.Ok);
  INFO(F.Regions.at(0).R.Reason);
  CHECK(F.Regions.at(0).R.Translate);
  // The pragmas stay for the host.
  CHECK(contains(F.Output, "#pragma omp taskgroup task_reduction(+: result)"));
  CHECK(contains(F.Output, "#pragma omp task in_reduction(+: result)"));
}

TEST_CASE("orphaned tasks that running in place would change stay on the "
          "host",
          "[analysis][orphaned]") {
  struct Case {
    const char *Fn;
    const char *Why;
  };
  const Case Cases[] = {
      // The task would write its own copy of p.
      {"int g(int p) {\n  int r = 0;\n  #pragma omp taskgroup "
       "task_reduction(+: r)\n  {\n    #pragma omp task in_reduction(+: r)\n"
       "    { r += p; p++; }\n  }\n  return r + p;\n}",
       "writes a variable of the function"},
      // Read outside the tasks: the partial sum.
      {"int g(int p) {\n  int r = 0, q = 0;\n  #pragma omp taskgroup "
       "task_reduction(+: r)\n  {\n    #pragma omp task in_reduction(+: r)\n"
       "    r += p;\n    q = r;\n  }\n  return r + q;\n}",
       "outside the tasks that participate"},
      // A global: the calling threads share it.
      {"int r;\nint g(int p) {\n  #pragma omp taskgroup task_reduction(+: r)\n"
       "  {\n    #pragma omp task in_reduction(+: r)\n    r += p;\n  }\n"
       "  return r;\n}",
       "not a scalar local of the function"},
      // A task with clauses a task run in place would not keep.
      {"int g(int p) {\n  int r = 0;\n  #pragma omp task private(r)\n"
       "  r = p;\n  return r;\n}",
       "a clause other than in_reduction"},
  };
  for (const Case &C : Cases) {
    std::string Code = "#pragma omp declare target\n" + std::string(C.Fn) +
                       "\n#pragma omp end declare target\n"
                       "void f(int *s) {\n"
                       "  #pragma omp target map(tofrom: s[0:1])\n"
                       "  s[0] = g(s[0]);\n}\n";
    FileResult F = translateC(Code);
    INFO(Code);
    REQUIRE(F.Ok);
    const Region &R = F.Regions.at(0).R;
    CHECK_FALSE(R.Translate);
    CHECK(R.Why == DiagId::HostCall);
    CHECK(contains(R.Reason, C.Why));
  }
}
