// Regions left on the host among deferred target tasks (review ra21): the
// fallback syncs the device's data only once the tasks created before it
// have run, and a `map(always, from:)` region leaves the device's bytes on
// the host. Firstprivate arrays of a deferred target task take their values
// at the encounter.
#include <cstdio>

// A translated task writes a, a host region after it reads a (depend).
static void afterTranslated() {
  static int a[4] = {1, 2, 3, 4}, b[4];
#pragma omp target data map(tofrom: a, b)
  {
#pragma omp parallel
#pragma omp single
    {
#pragma omp target nowait depend(out: a)
      for (int i = 0; i < 4; i++)
        a[i] = a[i] * 2;
      // omp2cuda: host
#pragma omp target nowait depend(in: a) depend(out: b)
      for (int i = 0; i < 4; i++)
        b[i] = a[i] + 1000;
      // omp2cuda: host
#pragma omp target depend(in: b)
      for (int i = 0; i < 4; i++)
        b[i] += a[i];
    }
  }
  std::printf("after translated: %d %d %d\n", b[0], b[3], a[3]);
}

// enter data nowait, a host region, a translated one, exit data: one chain.
static void dataChain() {
  static int a[4] = {1, 2, 3, 4};
#pragma omp parallel
#pragma omp single
  {
#pragma omp target enter data map(to: a) nowait depend(out: a)
    // omp2cuda: host
#pragma omp target nowait depend(inout: a)
    for (int i = 0; i < 4; i++)
      a[i] = a[i] + 1000;
#pragma omp target nowait depend(inout: a)
    for (int i = 0; i < 4; i++)
      a[i] += 1;
#pragma omp target exit data map(from: a) nowait depend(inout: a)
  }
  std::printf("data chain: %d %d %d %d\n", a[0], a[1], a[2], a[3]);
}

// Unordered tasks writing disjoint parts of one mapped array.
static void disjoint() {
  static int a[4] = {1, 2, 3, 4};
#pragma omp target data map(tofrom: a)
  {
#pragma omp parallel
#pragma omp single
    {
#pragma omp target nowait
      for (int i = 0; i < 2; i++)
        a[i] = a[i] * 10;
      // omp2cuda: host
#pragma omp target nowait
      for (int i = 2; i < 4; i++)
        a[i] = i + 1000;
    }
  }
  std::printf("disjoint: %d %d %d %d\n", a[0], a[1], a[2], a[3]);
}

// map(always, from:) on a host region: the host gets the device's copy.
static void alwaysFrom() {
  static int a[4] = {1, 2, 3, 4};
#pragma omp target enter data map(to: a)
#pragma omp target
  a[1] = 77;
  // omp2cuda: host
#pragma omp target map(always, from: a)
  a[0] = 1000;
  std::printf("always from: %d %d %d\n", a[0], a[1], a[2]);
#pragma omp target exit data map(delete: a)
}

struct Pair {
  int v[2];
};

// Firstprivate arrays (1-D, 2-D, by defaultmap) change after the
// encounter; each task must see the values of its own encounter.
static void firstprivateArrays() {
  int r[4] = {0, 0, 0, 0}, q[4] = {0, 0, 0, 0}, w[4] = {0, 0, 0, 0};
  int c[2] = {1, 2};
  int m2[2][2] = {{1, 2}, {3, 4}};
  Pair p = {{3, 4}};
#pragma omp parallel num_threads(2)
#pragma omp single
  for (int k = 0; k < 4; k++) {
#pragma omp target nowait firstprivate(c, m2) map(tofrom: r) depend(inout: r)
    r[k] = c[0] * 10 + c[1] + m2[1][1] * 100;
#pragma omp target nowait defaultmap(firstprivate: aggregate) map(tofrom: q, w) depend(inout: q)
    {
      q[k] = c[0] * 10 + c[1];
      w[k] = p.v[1];
    }
    c[0] = k + 5;
    c[1] = k + 6;
    m2[1][1] = k;
    p.v[1] = k;
  }
  for (int i = 0; i < 4; i++)
    std::printf("firstprivate %d: %d %d %d\n", i, r[i], q[i], w[i]);
}

int main() {
  afterTranslated();
  dataChain();
  disjoint();
  alwaysFrom();
  firstprivateArrays();
  return 0;
}
