// Regions in member functions written inside their class that name the
// class (a pointer of its type, `new`, `sizeof`): their kernels and stubs
// follow the class, and the stubs are declared ahead of it. Virtual calls
// on objects the device constructed (an is_device_ptr pointer) dispatch on
// the device, where every overrider in the file is compiled; one whose
// object's class the function shows (`new Triangle()`) calls its overrider
// directly. stderr says where each region ran.
#include <cstdio>
#include <omp.h>

#pragma omp declare target
struct Shape {
  virtual ~Shape() {}
  virtual double area(double s) = 0;
};

struct Square : Shape {
  double k = 1.0;
  double area(double s) override { return k * s * s; }
  // The object is built by the device; the pointer comes back to the host.
  Square *cloneToDevice(int &on) {
    Square *p = nullptr;
#pragma omp target map(tofrom: p, on)
    {
      p = new Square();
      p->k = 2.0;
      on = !omp_is_initial_device();
    }
    return p;
  }
  int bytes() {
    int n = 0;
#pragma omp target map(tofrom: n)
    n = (int)sizeof(Square);
    return n;
  }
};

struct Triangle : Shape {
  double area(double s) override { return 0.5 * s * s; }
};
#pragma omp end declare target

static const char *where(int on) { return on ? "the device" : "the host"; }

int main() {
  Square sq;
  int on1 = 0, on2 = 0, on3 = 0;
  Shape *dev = sq.cloneToDevice(on1);
  double out[4];
#pragma omp target teams distribute parallel for map(from: out) \
    is_device_ptr(dev) map(tofrom: on2)
  for (int i = 0; i < 4; ++i) {
    out[i] = dev->area(i);
    if (i == 0)
      on2 = !omp_is_initial_device();
  }
  double tri = 0;
#pragma omp target map(tofrom: tri, on3)
  {
    Shape *p = new Triangle();
    tri = p->area(4.0);
    delete p;
    on3 = !omp_is_initial_device();
  }
  std::printf("class_members: squares %g %g %g %g, triangle %g, sizeof %s\n",
              out[0], out[1], out[2], out[3], tri,
              sq.bytes() == (int)sizeof(Square) ? "ok" : "wrong");
  std::fprintf(stderr, "class_members: ran on %s %s %s\n", where(on1),
               where(on2), where(on3));
  return 0;
}
