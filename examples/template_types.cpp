// Types a template names through its parameters and its class (issue 10,
// point 4): loop variables of a template parameter's type (int, short,
// long long, unsigned instantiations: each level's counter form must suit
// the widest and the narrowest), `typename C::size_type` and
// `typename C::value_type`, member typedefs of a class template used in
// regions of in-class and out-of-line members, a member of a type that
// depends on the template read by a region, and a non-rectangular collapse
// over template-typed variables (OpenMP_VV's lsms_triangular_packing).
// Small integer-valued data: exact in every type. stderr says where it ran.
#include <omp.h>
#include <cstdio>

static int ran_on_device() {
  int on_device = 0;
#pragma omp target map(tofrom: on_device)
  on_device = !omp_is_initial_device();
  return on_device;
}

template <typename I, typename T>
void ramp(I lo, I hi, T *p) {
#pragma omp target teams distribute parallel for map(tofrom: p[0:hi])
  for (I i = lo; i < hi; ++i)
    p[i] = (T)(i % 7) + p[i];
}

struct Buf {
  using value_type = double;
  using size_type = long;
  double *p;
  long n;
};

template <class C>
void twice(C &c) {
  typename C::value_type *p = c.p;
  typename C::size_type n = c.n;
#pragma omp target teams distribute parallel for map(tofrom: p[0:n])
  for (typename C::size_type i = 0; i < n; ++i) {
    typename C::value_type x = p[i];
    p[i] = x * 2;
  }
}

template <class T>
struct Vec {
  using value_type = T;
  typedef int size_type;
  T *d;
  size_type n;
  void scale(value_type a) {
#pragma omp target teams distribute parallel for map(tofrom: d[0:n])
    for (size_type i = 0; i < n; ++i) {
      value_type x = d[i];
      d[i] = x * a;
    }
  }
  void shift(value_type a);
};

template <class T>
void Vec<T>::shift(value_type a) {
#pragma omp target teams distribute parallel for map(tofrom: d[0:n])
  for (size_type i = 0; i < n; ++i) {
    value_type x = d[i];
    d[i] = x + a;
  }
}

// Members whose types depend on the container: the region only reads n.
template <class C>
struct View {
  typedef typename C::value_type elem;
  typedef typename C::size_type index;
  elem *p;
  index n;
  elem sum() {
    elem s = 0;
#pragma omp target teams distribute parallel for map(to: p[0:n]) reduction(+: s)
    for (index i = 0; i < n; ++i)
      s += p[i];
    return s;
  }
};

// Lower unit triangle packed in MR x MR column blocks: the third loop's
// bound depends on the first, so the kernel distributes the outer two.
const int MR = 4;
template <typename Index, typename T>
void pack(Index m, const T *a, T *p) {
  Index mp = (m + MR - 1) / MR;
#pragma omp target teams distribute parallel for collapse(4) map(to: a[0:m*m]) map(from: p[0:(mp+1)*mp/2*MR*MR])
  for (Index j = 0; j < mp; ++j)
    for (Index j0 = 0; j0 < MR; ++j0)
      for (Index i = j; i < mp; ++i)
        for (Index i0 = 0; i0 < MR; ++i0) {
          Index r = i * MR + i0, c = j * MR + j0;
          Index nu = (i + 1) * i / 2 * MR * MR + j * MR * MR + j0 * MR + i0;
          p[nu] = r == c ? T(1) : (r >= m || c >= m) ? T(0) : r > c ? a[r * m + c] : T(0);
        }
}

template <typename I, typename T>
long ramp_sum(I lo, I hi) {
  T p[300] = {};
  ramp<I, T>(lo, hi, p);
  ramp<I, T>(lo, hi, p);
  long s = 0;
  for (int i = 0; i < 300; ++i)
    s += (long)p[i] * (i + 1);
  return s;
}

template <typename Index>
long pack_sum(Index m) {
  double a[13 * 13], p[4 * 5 / 2 * MR * MR];
  for (int i = 0; i < m * m; ++i)
    a[i] = i % 5;
  pack<Index, double>(m, a, p);
  long s = 0;
  for (int i = 0; i < 4 * 5 / 2 * MR * MR; ++i)
    s += (long)p[i] * (i % 11 + 1);
  return s;
}

// A reduction of the template's type nested in the region (OpenMP_VV
// gemv_target_reduction): each instantiation's kernel sizes its scratch.
template <typename T>
void gemv(int n, const T *a, const T *v, T *out) {
#pragma omp target teams distribute map(to : a[:n * n], v[:n]) map(from : out[:n])
  for (int r = 0; r < n; r++) {
    T sum = T(0);
#pragma omp parallel for reduction(+ : sum)
    for (int c = 0; c < n; c++)
      sum += a[r * n + c] * v[c];
    out[r] = sum;
  }
}

template <typename T>
double gemv_check(int n) {
  T a[24 * 24], v[24], out[24];
  for (int i = 0; i < n * n; ++i)
    a[i] = (T)(i % 7);
  for (int i = 0; i < n; ++i)
    v[i] = (T)(i % 3);
  gemv(n, a, v, out);
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += (double)out[i] * (i + 1);
  return s;
}

int main() {
  std::printf("ramp: int %ld short %ld long long %ld unsigned %ld\n",
              ramp_sum<int, float>(3, 300), ramp_sum<short, int>(0, 257),
              ramp_sum<long long, double>(5, 299), ramp_sum<unsigned, long>(1, 300));
  double a[64];
  for (int i = 0; i < 64; ++i)
    a[i] = i;
  Buf b{a, 64};
  twice(b);
  View<Buf> w{a, 64};
  std::printf("twice/View: %g\n", w.sum());
  float f[40];
  for (int i = 0; i < 40; ++i)
    f[i] = (float)(i % 9);
  Vec<float> v{f, 40};
  v.scale(3);
  v.shift(1);
  double t = 0;
  for (int i = 0; i < 40; ++i)
    t += f[i] * (i + 1);
  std::printf("Vec: %g\n", t);
  std::printf("pack: int %ld long %ld\n", pack_sum<int>(13), pack_sum<long>(13));
  std::printf("gemv: double %g float %g long %g\n", gemv_check<double>(24),
              gemv_check<float>(24), gemv_check<long>(24));
  std::fprintf(stderr, "template_types: ran on %s\n", ran_on_device() ? "device" : "host");
  return 0;
}
