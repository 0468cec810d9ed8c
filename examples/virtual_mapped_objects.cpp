// Polymorphic objects named in map clauses. The device copy is the host
// object's bytes, its virtual-table pointer the host's, which device code
// must never read: a virtual call on the object named directly
// (`sq.area(x)`, which C++ resolves to the final overrider of sq's class
// without dispatching) names that overrider in the kernel
// (`(*sq).Square::area(x)`: the kernel reaches the copy through a pointer,
// where the call as written would dispatch). The bytes come back unchanged,
// so the host's calls through the table still work after the region. A
// class with a virtual base, a call in a function the region calls, or a
// virtual operator used as one keeps the region on the host. stderr says
// where the regions ran.
#include <cstdio>
#include <omp.h>

#pragma omp declare target
struct Shape {
  virtual ~Shape() {}
  virtual double area(double s) const = 0;
  virtual void grow(double f) = 0;
};

struct Square : Shape {
  double k;
  explicit Square(double k) : k(k) {}
  double area(double s) const override { return k * s * s; }
  void grow(double f) override { k *= f; }
};

struct Pair {
  Square a;
  Square b;
};
#pragma omp end declare target

int main() {
  const int n = 8;
  Square sq(2.0);
  Pair two{Square(1.0), Square(3.0)};
  double out[n];
  int on = 0;
#pragma omp target teams distribute parallel for map(to: sq) map(from: out)
  for (int i = 0; i < n; ++i)
    out[i] = sq.area(i);
#pragma omp target map(tofrom: sq, two, on)
  {
    sq.grow(1.5);
    two.a.grow(2.0);
    two.b.k += sq.area(1.0);
    on = !omp_is_initial_device();
  }
  // No clause: mapped tofrom.
  double total = 0;
#pragma omp target map(tofrom: total)
  total = sq.area(2.0) + two.a.area(1.0) + two.b.area(1.0);
  // The copies came back with the host's table: dispatch on the host.
  const Shape *s = &sq;
  std::printf("virtual_mapped_objects:");
  for (int i = 0; i < n; ++i)
    std::printf(" %g", out[i]);
  std::printf(", k %g %g %g, total %g, host %g\n", sq.k, two.a.k, two.b.k,
              total, s->area(3.0));
  std::fprintf(stderr, "virtual_mapped_objects: ran on %s\n",
               on ? "the device" : "the host");
  return 0;
}
