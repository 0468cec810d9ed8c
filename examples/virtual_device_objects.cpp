// Virtual calls on objects that device code constructs itself, in a
// function the region calls as in the region: a local pointer to which the
// function stores nothing but the address of its own local objects, `new`
// or null is known to point to an object built by whichever side runs the
// function, so the call dispatches through that side's virtual table (every
// virtual function of a class the device constructs is compiled for both
// sides). A pointer the function receives (a parameter) may point to a
// host-built object, whose table is the host's: not this rule. stderr says
// where the regions ran.
#include <cstdio>
#include <omp.h>

struct Shape {
  virtual ~Shape() {}
  virtual double area(double s) const = 0;
};

struct Square : Shape {
  double k;
  explicit Square(double k) : k(k) {}
  double area(double s) const override { return k * s * s; }
};

struct Disc : Shape {
  double r;
  explicit Disc(double r) : r(r) {}
  double area(double s) const override { return 3.0 * r * r * s; }
};

// Two classes reach p: the call dispatches, on the device's table there.
double pick(double x, int which) {
  Square sq(x);
  Disc d(x);
  const Shape *p = &sq;
  if (which % 2)
    p = &d;
  return p->area(x);
}

double onHeap(double x, int which) {
  Shape *p = which ? static_cast<Shape *>(new Disc(x)) : nullptr;
  if (!p)
    p = new Square(x);
  double r = p->area(2.0);
  delete p;
  return r;
}

int main() {
  const int n = 8;
  double out[n], both = 0;
  int on = 0;
#pragma omp target teams distribute parallel for map(from: out)
  for (int i = 0; i < n; ++i)
    out[i] = pick(0.5 * i, i) + onHeap(i, i % 3);
#pragma omp target map(tofrom: both, on)
  {
    Square a(1.5);
    Disc b(0.5);
    const Shape *p = &a;
    both = p->area(2.0);
    p = &b;
    both += p->area(2.0);
    on = !omp_is_initial_device();
  }
  std::printf("virtual_device_objects:");
  for (int i = 0; i < n; ++i)
    std::printf(" %g", out[i]);
  std::printf(", both %g\n", both);
  std::fprintf(stderr, "virtual_device_objects: ran on %s\n",
               on ? "the device" : "the host");
  return 0;
}
