// Device versions of std::complex<float|double> arithmetic and math
// functions, for the calls omp2cuda lets device code make
// (src/analysis/StdDevice.cpp). The generated file includes this header right
// after the #include that brought <complex> in, only then: libcu++'s complex
// costs nvcc several seconds.
//
// nvcc compiles the generated file with --expt-relaxed-constexpr, which makes
// std::complex's constexpr members (constructors, real(), imag(), ==) device
// functions. What C++17's libstdc++ leaves non-constexpr (arithmetic,
// compound assignment with a complex operand, abs, arg, exp, sqrt, pow,
// polar, ...) is here: each is a non-template __host__ __device__ overload in
// namespace std, which overload resolution prefers to libstdc++'s template
// for the same argument types. On the host it does what that template does
// (the host computes exactly what it computed before); on the device it uses
// libcu++'s cuda::std::complex (the CUDA toolkit's). The CPU emulation (any
// compiler but nvcc) runs libstdc++ itself, so the emulated device computes
// what the host computes, bit for bit.
#ifndef OMP2CUDA_STD_COMPLEX_H
#define OMP2CUDA_STD_COMPLEX_H

#if defined(__CUDACC__) && defined(__cplusplus)
#include <complex>
#include <cuda/std/complex>

namespace o2c_std {
// std::complex<T> is laid out as T[2] ([complex.numbers.general]/4).
template <class T>
__device__ inline cuda::std::complex<T> dev(const std::complex<T> &Z) {
  const T *P = reinterpret_cast<const T *>(&Z);
  return cuda::std::complex<T>(P[0], P[1]);
}
template <class T>
__device__ inline std::complex<T> host(const cuda::std::complex<T> &Z) {
  return std::complex<T>(Z.real(), Z.imag());
}
} // namespace o2c_std

// One expression on the device, another on the host (nvcc compiles each
// __host__ __device__ function once per side).
#ifdef __CUDA_ARCH__
#define O2C_STD_SIDE(DEVICE, HOST) DEVICE
#else
#define O2C_STD_SIDE(DEVICE, HOST) HOST
#endif

// On the host, the steps of libstdc++'s own templates (a copy, then the
// member compound assignment), so the host computes what it computed
// before. The member is named explicitly: `R OP= B` would find the
// non-member overload below.
#define O2C_STD_BINARY(T, OP)                                                  \
  __host__ __device__ inline complex<T> operator OP(const complex<T> &A,       \
                                                    const complex<T> &B) {     \
    O2C_STD_SIDE(return o2c_std::host(o2c_std::dev(A) OP o2c_std::dev(B)),     \
                 complex<T> R = A; R.operator OP##=(B); return R;);            \
  }                                                                            \
  __host__ __device__ inline complex<T> operator OP(const complex<T> &A,       \
                                                    const T &B) {              \
    O2C_STD_SIDE(return o2c_std::host(o2c_std::dev(A) OP B),                   \
                 complex<T> R = A; R.operator OP##=(B); return R;);            \
  }                                                                            \
  __host__ __device__ inline complex<T> operator OP(const T &A,                \
                                                    const complex<T> &B) {     \
    O2C_STD_SIDE(return o2c_std::host(A OP o2c_std::dev(B)),                   \
                 complex<T> R = A; R.operator OP##=(B); return R;);            \
  }                                                                            \
  __host__ __device__ inline complex<T> &operator OP##=(complex<T> & A,        \
                                                        const complex<T> &B) { \
    O2C_STD_SIDE(A = o2c_std::host(o2c_std::dev(A) OP o2c_std::dev(B)),        \
                 A.operator OP##=(B));                                         \
    return A;                                                                  \
  }

#define O2C_STD_UNARY(T)                                                       \
  __host__ __device__ inline complex<T> operator+(const complex<T> &A) {       \
    return A;                                                                  \
  }                                                                            \
  __host__ __device__ inline complex<T> operator-(const complex<T> &A) {       \
    return complex<T>(-A.real(), -A.imag());                                   \
  }

// F(complex<T>) -> R, where R is T (abs, arg, norm) or complex<T>.
#define O2C_STD_FN(T, R, F)                                                    \
  __host__ __device__ inline R F(const complex<T> &A) {                        \
    return O2C_STD_SIDE(o2c_std::result(cuda::std::F(o2c_std::dev(A))),       \
                        ::std::F<T>(A));                                       \
  }

#define O2C_STD_POW(T)                                                         \
  __host__ __device__ inline complex<T> pow(const complex<T> &A,               \
                                            const complex<T> &B) {             \
    return O2C_STD_SIDE(                                                       \
        o2c_std::host(cuda::std::pow(o2c_std::dev(A), o2c_std::dev(B))),       \
        ::std::pow<T>(A, B));                                                  \
  }                                                                            \
  __host__ __device__ inline complex<T> pow(const complex<T> &A, const T &B) { \
    return O2C_STD_SIDE(o2c_std::host(cuda::std::pow(o2c_std::dev(A), B)),     \
                        ::std::pow<T>(A, B));                                  \
  }                                                                            \
  __host__ __device__ inline complex<T> pow(const T &A, const complex<T> &B) { \
    return O2C_STD_SIDE(o2c_std::host(cuda::std::pow(A, o2c_std::dev(B))),     \
                        ::std::pow<T>(A, B));                                  \
  }                                                                            \
  __host__ __device__ inline complex<T> polar(const T &Rho, const T &Theta) {  \
    return O2C_STD_SIDE(o2c_std::host(cuda::std::polar(Rho, Theta)),           \
                        ::std::polar<T>(Rho, Theta));                          \
  }

namespace o2c_std {
template <class T> __device__ inline T result(T X) { return X; }
template <class T>
__device__ inline std::complex<T> result(const cuda::std::complex<T> &X) {
  return host(X);
}
} // namespace o2c_std

#define O2C_STD_ALL(T)                                                         \
  O2C_STD_BINARY(T, +)                                                         \
  O2C_STD_BINARY(T, -)                                                         \
  O2C_STD_BINARY(T, *)                                                         \
  O2C_STD_BINARY(T, /)                                                         \
  O2C_STD_UNARY(T)                                                             \
  O2C_STD_FN(T, T, abs)                                                        \
  O2C_STD_FN(T, T, arg)                                                        \
  O2C_STD_FN(T, T, norm)                                                       \
  O2C_STD_FN(T, complex<T>, conj)                                              \
  O2C_STD_FN(T, complex<T>, proj)                                              \
  O2C_STD_FN(T, complex<T>, exp)                                               \
  O2C_STD_FN(T, complex<T>, log)                                               \
  O2C_STD_FN(T, complex<T>, log10)                                             \
  O2C_STD_FN(T, complex<T>, sqrt)                                              \
  O2C_STD_FN(T, complex<T>, sin)                                               \
  O2C_STD_FN(T, complex<T>, cos)                                               \
  O2C_STD_FN(T, complex<T>, tan)                                               \
  O2C_STD_FN(T, complex<T>, asin)                                              \
  O2C_STD_FN(T, complex<T>, acos)                                              \
  O2C_STD_FN(T, complex<T>, atan)                                              \
  O2C_STD_FN(T, complex<T>, sinh)                                              \
  O2C_STD_FN(T, complex<T>, cosh)                                              \
  O2C_STD_FN(T, complex<T>, tanh)                                              \
  O2C_STD_FN(T, complex<T>, asinh)                                             \
  O2C_STD_FN(T, complex<T>, acosh)                                             \
  O2C_STD_FN(T, complex<T>, atanh)                                             \
  O2C_STD_POW(T)

namespace std {
O2C_STD_ALL(float)
O2C_STD_ALL(double)
} // namespace std

#undef O2C_STD_ALL
#undef O2C_STD_POW
#undef O2C_STD_FN
#undef O2C_STD_UNARY
#undef O2C_STD_BINARY
#undef O2C_STD_SIDE
#endif // __CUDACC__ && __cplusplus

#endif // OMP2CUDA_STD_COMPLEX_H
