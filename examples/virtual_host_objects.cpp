// Virtual calls on objects the host constructed (OpenMP 5.1's
// test_virtual_function_map shape). Such an object's virtual-table pointer
// is the host's, which the device cannot follow, so a call through it is
// made direct where the function shows the object's class: each pointer
// here is only ever given `&x` of one class's variables, `new` of that
// class or null, so `s->area(i)` calls Square::area (the kernel writes
// `static_cast<const Square *>(s)->Square::area(i)`), reading the mapped
// copy's data and never its virtual-table pointer. A pointer that may
// point to objects of two classes keeps its region on the host
// [omp2cuda-host-call]. These map the objects through pointers; a
// polymorphic object named in a map clause is examples/
// virtual_mapped_objects.cpp. stderr says where the regions ran.
#include <cstdio>
#include <omp.h>

#pragma omp declare target
struct Shape {
  virtual ~Shape() {}
  virtual double area(double s) const = 0;
  virtual int sides() const { return 0; }
};

struct Square : Shape {
  double k;
  explicit Square(double k) : k(k) {}
  double area(double s) const override { return k * s * s; }
  int sides() const override { return 4; }
};

struct Disc : Shape {
  double r;
  explicit Disc(double r) : r(r) {}
  double area(double s) const override { return 3.0 * r * r * s; }
};
#pragma omp end declare target

int main() {
  const int n = 8;
  Square sq(2.0);
  Square *sp = &sq;
  const Shape *s = &sq;
  Disc *heap = new Disc(0.5);
  Shape *t = nullptr;
  t = heap;
  double out[n];
  int sides = -1, on = 0;
#pragma omp target enter data map(to: sp[0:1], heap[0:1])
#pragma omp target teams distribute parallel for map(from: out)
  for (int i = 0; i < n; ++i)
    out[i] = s->area(i) + (*t).area(i);
#pragma omp target map(from: sides, on)
  {
    sides = s->sides() * 10 + t->sides();
    on = !omp_is_initial_device();
  }
#pragma omp target exit data map(delete: sp[0:1], heap[0:1])
  std::printf("virtual_host_objects:");
  for (int i = 0; i < n; ++i)
    std::printf(" %g", out[i]);
  std::printf(", sides %d\n", sides);
  std::fprintf(stderr, "virtual_host_objects: ran on %s\n",
               on ? "the device" : "the host");
  delete heap;
  return 0;
}
