// A region in a class member function over member data (seed 004 §3.3,
// captured `this`): `this->` once, implicit member access elsewhere; the
// member arrays are mapped through local pointer copies.
// Self-checking; prints an exact checksum. stderr says where it ran.
#include <omp.h>
#include <cstdio>
#include <vector>

static int ran_on_device() {
  int on_device = 0;
#pragma omp target map(tofrom: on_device)
  on_device = !omp_is_initial_device();
  return on_device;
}

class Field {
public:
  explicit Field(int n) : n(n), scale(0.5), storage(n), v(storage.data()) {
    for (int i = 0; i < n; ++i)
      v[i] = (double)(i % 10);
  }
  void apply(double f) {
    double *p = v;
#pragma omp target teams distribute parallel for map(tofrom: p[0:n])
    for (int i = 0; i < this->n; ++i)
      p[i] = p[i] * f + scale;
  }
  double sum() const {
    double s = 0.0;
    for (int i = 0; i < n; ++i)
      s += v[i];
    return s;
  }
  int check(double f) const {
    int errors = 0;
    for (int i = 0; i < n; ++i)
      errors += v[i] != (double)(i % 10) * f + scale;
    return errors;
  }

private:
  int n;
  double scale;
  std::vector<double> storage;
  double *v;
};

int main() {
  Field field(50000);
  field.apply(2.0);
  int errors = field.check(2.0);
  std::fprintf(stderr, "member_function: ran on %s\n", ran_on_device() ? "device" : "host");
  std::printf("member_function: sum=%.2f errors=%d\n", field.sum(), errors);
  return errors != 0;
}
