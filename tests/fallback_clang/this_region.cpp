/* map(tofrom: this[0:1]) and map(tofrom: *this) on target regions (helper
   nf3): the stub maps the object first, from the address and size the call
   gives it, and the members the region takes lie in its copy. The region
   writes members (a scalar, an array, a struct member) and reads others,
   the host changes them between the regions, a member pointer's section is
   mapped too, a nowait region, and a class template. GCC 12 rejects
   this[0:1] on a target region, so the host build is clang's. */
#include <cstdio>
#include <cstdlib>

struct Pair {
  int a, b;
};

struct C {
  int k;
  int m[4];
  Pair s;
  double scale;
  int *q;
  void run(int a) {
#pragma omp target map(tofrom: this[0:1])
    {
      k = k * 2 + a;
      m[a % 4] += k;
      s.b = s.a + k;
    }
  }
  void run2(int a) {
#pragma omp target map(tofrom: *this) map(tofrom: q[0:4])
    for (int i = 0; i < 4; ++i) {
      m[i] = (int)(m[i] * scale) - a;
      q[i] += m[i];
    }
  }
  void later(int a) {
#pragma omp target map(tofrom: *this) nowait
    k += a;
#pragma omp taskwait
  }
};

template <class T> struct D {
  T v[3];
  T sum;
  void add(T x) {
#pragma omp target map(tofrom: this[:1])
    {
      sum = 0;
      for (int i = 0; i < 3; ++i) {
        v[i] += x;
        sum += v[i];
      }
    }
  }
};

int main() {
  C *c = (C *)calloc(1, sizeof(C));
  c->q = (int *)calloc(4, sizeof(int));
  c->k = 3;
  c->s.a = 5;
  c->scale = 1.5;
  c->run(1);
  c->k += 10; // the host changes the object between the regions
  c->m[1] += 4;
  c->run(2);
  c->run2(5);
  c->m[0] = 40;
  c->scale = 2;
  c->run2(1);
  c->later(7);
  std::printf("%d %d %d %d %d %d %d\n", c->k, c->m[0], c->m[1], c->m[2],
              c->m[3], c->s.a, c->s.b);
  std::printf("%d %d %d %d\n", c->q[0], c->q[1], c->q[2], c->q[3]);
  D<int> d = {{1, 2, 3}, 0};
  d.add(2);
  d.v[0] = -1;
  d.add(1);
  D<double> e = {{0.5, 1.5, 2.5}, 0};
  e.add(0.25);
  std::printf("%d %d %d %d %g %g\n", d.v[0], d.v[1], d.v[2], d.sum, e.v[2],
              e.sum);
  free(c->q);
  free(c);
  return 0;
}
