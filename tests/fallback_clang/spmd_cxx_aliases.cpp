// Team-master locals written or aliased through C++ shapes (class
// operator=, overloaded operators, member calls, reference parameters;
// reference variables and lambdas: tests/unit/spmd_cxx_aliases_test.cpp):
// the translated region must compute what the host computes, whatever the
// thread count (sp21; rg21's bug1-bug9).
#include <omp.h>
#include <stdio.h>
struct P {
  int a, b;
  void set(int v) { a = v; }
  void add(int v) {
#pragma omp atomic
    a += v;
  }
  P &operator+=(int v) {
#pragma omp atomic
    a += v;
    return *this;
  }
};
static void setv(int &x, int v) { x = v; }
static void addref(long &x, long v) {
#pragma omp atomic
  x += v;
}
int main() {
  long r[8][2] = {};
  long nt[2] = {0, 0};
#pragma omp target teams num_teams(2) thread_limit(64) map(tofrom: r, nt)
  {
    int t = omp_get_team_num();
    P p = {0, 0};
    p = P{3, 4};            // class operator=
    P q = {0, 0};
    q.set(3);               // setter
    int v = 0;
    setv(v, 5);             // reference out-parameter
    int u = 0;
    u = 2;                  // (a reference or lambda here: host, unit test)
    long acc = 0;
    P s = {0, 0};
    P w = {0, 0};
    long cnt = 0, other = 0;
#pragma omp parallel reduction(+: acc)
    {
      acc += p.a + p.b + q.a + v + u;
      if (omp_get_thread_num() == 0) {
        nt[t] = omp_get_num_threads();
        s = P{7, 9};
      }
      long &c = cnt;
#pragma omp atomic
      c += 1;
      w.add(1);
      w += 1;
      addref(other, 1);
    }
    long n = nt[t];
    r[0][t] = acc / n;      // 17 per thread
    r[1][t] = acc % n;
    r[2][t] = s.a * 100 + s.b;
    r[3][t] = cnt == n;
    r[4][t] = w.a == 2 * n;
    r[5][t] = other == n;
  }
  for (int i = 0; i < 6; i++)
    printf("%ld %ld\n", r[i][0], r[i][1]);
}
