// The common C++ offload shape: a class template that owns an array, maps it
// in its constructor (`target enter data`) and unmaps it in its destructor,
// with target regions in its member functions, defined in the class and out
// of it. Instantiated for float and double; small integer values are exact in
// both. stderr says where it ran.
#include <omp.h>
#include <cstdio>

static int ran_on_device() {
  int on_device = 0;
#pragma omp target map(tofrom: on_device)
  on_device = !omp_is_initial_device();
  return on_device;
}

template <typename T>
class DeviceArray {
public:
  explicit DeviceArray(int n) : n_(n), data_(new T[n]) {
    for (int i = 0; i < n_; ++i)
      data_[i] = T(i % 10);
#pragma omp target enter data map(to: data_[0:n_])
  }
  ~DeviceArray() {
#pragma omp target exit data map(delete: data_[0:n_])
    delete[] data_;
  }
  DeviceArray(const DeviceArray &) = delete;
  DeviceArray &operator=(const DeviceArray &) = delete;

  void scale(T s) {
#pragma omp target teams distribute parallel for
    for (int i = 0; i < n_; ++i)
      data_[i] *= s;
  }
  void shift(T d);
  T sum() const {
    T s = 0;
#pragma omp target teams distribute parallel for reduction(+: s)
    for (int i = 0; i < n_; ++i)
      s += data_[i];
    return s;
  }
  void to_host() {
#pragma omp target update from(data_[0:n_])
  }
  T at(int i) const { return data_[i]; }
  int size() const { return n_; }

private:
  int n_;
  T *data_;
};

// Out of the class, under another parameter name than the class's.
template <typename U>
void DeviceArray<U>::shift(U d) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n_; ++i)
    data_[i] += d;
}

template <typename T>
int run(const char *name, int n) {
  DeviceArray<T> a(n);
  a.scale(T(3));
  a.shift(T(1));
  T s = a.sum();
  a.to_host();
  int errors = 0;
  for (int i = 0; i < n; ++i)
    errors += a.at(i) != T(3 * (i % 10) + 1);
  std::printf("class_template<%s>: n=%d sum=%.1f errors=%d\n", name, n,
              (double)s, errors);
  return errors;
}

int main() {
  int errors = run<float>("float", 1000) + run<double>("double", 100000);
  std::fprintf(stderr, "class_template: ran on %s\n",
               ran_on_device() ? "device" : "host");
  return errors != 0;
}
