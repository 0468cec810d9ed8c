// A class template whose member functions, defined in the class, hold target
// regions that name the class itself: `this->n`, a static member through
// the class's name (`Grid::scale`, `Grid<T, W>::scale`), a static member
// function (`Grid::bump`) and the injected class name (`sizeof(Grid)`). The kernels are templates and stay before
// the class, which is declared ahead of them: the class's names in them
// depend on the parameters and are looked up when they are instantiated,
// after the class. Instantiated for two element types and widths.
#include <omp.h>
#include <cstdio>

static int ran_on_device() {
  int on_device = 0;
#pragma omp target map(tofrom: on_device)
  on_device = !omp_is_initial_device();
  return on_device;
}

template <typename T, int W = 4>
struct Grid {
  static constexpr int scale = 3 * W;
  int n;
  T *cells;
  T pad[W];
  static T bump(T x) { return x + T(1); }

  explicit Grid(int n) : n(n), cells(new T[n]) {
    for (int i = 0; i < n; ++i)
      cells[i] = T(i % 7);
  }
  ~Grid() { delete[] cells; }
  Grid(const Grid &) = delete;
  Grid &operator=(const Grid &) = delete;

  // The injected class name, a static member function through it and
  // `this->n`.
  void stamp() {
#pragma omp target teams distribute parallel for map(tofrom: cells[0:n])
    for (int i = 0; i < this->n; ++i)
      cells[i] = Grid::bump(cells[i]) + T(sizeof(Grid) % 5);
  }
  // A static member through the injected name and through the template.
  void scaled() {
#pragma omp target teams distribute parallel for map(tofrom: cells[0:n])
    for (int i = 0; i < n; ++i)
      cells[i] = cells[i] * T(Grid::scale) + T(Grid<T, W>::scale % 4);
  }
  T sum() const {
    T s = 0;
#pragma omp target teams distribute parallel for reduction(+: s) \
    map(to: cells[0:n])
    for (int i = 0; i < this->n; ++i)
      s += cells[i];
    return s;
  }
};

template <typename T, int W>
static int run(const char *name, int n) {
  Grid<T, W> g(n);
  g.stamp();
  g.scaled();
  T s = g.sum();
  T want = 0;
  for (int i = 0; i < n; ++i)
    want += (T(i % 7) + T(1) + T(sizeof(Grid<T, W>) % 5)) * T(3 * W) +
            T((3 * W) % 4);
  int bad = s != want;
  std::printf("Grid<%s, %d>: n=%d sum=%.1f want=%.1f %s\n", name, W, n,
              (double)s, (double)want, bad ? "WRONG" : "ok");
  return bad;
}

int main() {
  int errors = run<double, 4>("double", 1000) + run<float, 2>("float", 100) +
               run<long, 8>("long", 5000);
  std::printf("%s\n", errors ? "FAILED" : "PASSED");
  std::fprintf(stderr, "class_template_self: ran on %s\n",
               ran_on_device() ? "device" : "host");
  return errors;
}
