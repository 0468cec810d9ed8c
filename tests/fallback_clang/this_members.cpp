/* Pointers held in members of the object a member function runs on
   (review ldb, hwa): translated where a construct that maps the member also
   attached them and the host left them alone, otherwise left on the host;
   and `this[0:1]` / `*this` items of data constructs, which used to keep
   the whole program on the host. Prints what the host build prints. */
#include <cstdio>
#include <cstdlib>
namespace members {
struct S { int *p; int n; };
struct C {
  S s;
  int *arr[2];
  int *q;
  // A: member and its pointer attached by the data construct: translated
  void a() {
#pragma omp target data map(to: s) map(tofrom: s.p[0:8])
    {
#pragma omp target
      { s.p[0] = 11; }
    }
  }
  // B: only the section: the region's copy of s holds the host address
  void b() {
#pragma omp target data map(tofrom: s.p[0:8])
    {
#pragma omp target
      { s.p[1] = 12; }
    }
  }
  // C: the host redirects the pointer between the two constructs
  void c(int *other) {
#pragma omp target data map(to: s) map(tofrom: s.p[0:8])
    {
      s.p = other;
#pragma omp target
      { s.p[2] = 13; }
    }
  }
  // D: the whole object
  void d() {
#pragma omp target data map(to: s) map(tofrom: s.p[0:8])
    {
#pragma omp target
      { s.p[3] = 14; }
    }
  }
  // E: a member array of pointers
  void e() {
#pragma omp target data map(to: arr) map(tofrom: arr[1][0:4])
    {
#pragma omp target
    { arr[1][0] = 15; }
    }
#pragma omp target data map(to: arr) map(tofrom: s.p[0:8])
    {
#pragma omp target
    { arr[0][1] = 16; }
    }
  }
  // F: the member pointer itself, mapped through
  void f() {
#pragma omp target data map(tofrom: q[0:4])
    {
#pragma omp target
      { q[0] = 17; }
    }
  }
  // G: a call between that may change the object
  void touch();
  void g() {
#pragma omp target data map(to: s) map(tofrom: s.p[0:8])
    {
      touch();
#pragma omp target
      { s.p[4] = 18; }
    }
  }
};
int *other;
void C::touch() { s.p = other; }
void run() {
  int *a = (int *)calloc(64, sizeof(int));
  int *b = (int *)calloc(64, sizeof(int));
  int *c = (int *)calloc(64, sizeof(int));
  other = (int *)calloc(64, sizeof(int));
  C x{{a, 8}, {b, c}, c + 8};
  x.a(); x.b();
  x.c(other);
  x.s.p = a; x.d();
  x.e(); x.f();
  x.s.p = a; x.g();
  for (int i = 0; i < 8; ++i) printf("%d %d %d %d\n", a[i], b[i], c[i], other[i]);
  printf("%d\n", c[8]);
}
} // namespace members
namespace whole {
struct S { int *p; int n; };
struct C {
  S s;
  int k;
  int *q;
  void d() {
#pragma omp target data map(tofrom: this[0:1]) map(tofrom: s.p[0:8])
    {
#pragma omp target
      { s.p[3] = 14; k = 5; }
    }
  }
  void e() {
#pragma omp target enter data map(to: *this)
#pragma omp target enter data map(to: q[0:4])
#pragma omp target
    { q[1] = 21 + k; k = 9; }
#pragma omp target update from(*this)
    printf("k after update %d\n", k);
#pragma omp target exit data map(from: q[0:4])
#pragma omp target exit data map(release: *this)
  }
  void f() {
#pragma omp target map(tofrom: this[0:1])
    { k = 3; }
  }
};
void run() {
  int *a = (int *)calloc(64, sizeof(int));
  int *c = (int *)calloc(64, sizeof(int));
  C x{{a, 8}, 1, c};
  x.d(); printf("%d %d\n", a[3], x.k);
  x.e(); printf("%d %d\n", c[1], x.k);
  x.f(); printf("%d\n", x.k);
}
} // namespace whole
int main() {
  members::run();
  whole::run();
  return 0;
}
