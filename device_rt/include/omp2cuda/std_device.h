// Device versions of parts of the C++ standard library that every
// generated file may need (omp2cuda/device_rt.h includes this header; the
// heavier std::complex support is omp2cuda/std_complex.h). Which calls device
// code may make is decided in src/analysis/StdDevice.cpp.
//
// std::swap is constexpr (and so, under nvcc's --expt-relaxed-constexpr, a
// device function) only from C++20. These non-template overloads for numbers
// and pointers, which overload resolution prefers to libstdc++'s template,
// swap the same way on both sides. Only nvcc needs them: the CPU emulation
// runs libstdc++ itself.
#ifndef OMP2CUDA_STD_DEVICE_H
#define OMP2CUDA_STD_DEVICE_H

#if defined(__CUDACC__) && defined(__cplusplus)
namespace std {
#define O2C_STD_SWAP(T)                                                        \
  __host__ __device__ inline void swap(T &A, T &B) noexcept {                  \
    T C = A;                                                                   \
    A = B;                                                                     \
    B = C;                                                                     \
  }
O2C_STD_SWAP(bool)
O2C_STD_SWAP(char)
O2C_STD_SWAP(signed char)
O2C_STD_SWAP(unsigned char)
O2C_STD_SWAP(short)
O2C_STD_SWAP(unsigned short)
O2C_STD_SWAP(int)
O2C_STD_SWAP(unsigned)
O2C_STD_SWAP(long)
O2C_STD_SWAP(unsigned long)
O2C_STD_SWAP(long long)
O2C_STD_SWAP(unsigned long long)
O2C_STD_SWAP(float)
O2C_STD_SWAP(double)
template <class T> __host__ __device__ inline void swap(T *&A, T *&B) noexcept {
  T *C = A;
  A = B;
  B = C;
}
} // namespace std
#undef O2C_STD_SWAP
#endif // __CUDACC__ && __cplusplus

#if defined(__cplusplus)
namespace o2c_dev {
/// `s[i]` of a std::basic_string read in device code. The translator writes
/// it only in a unit with `requires unified_shared_memory` (the characters
/// are in host memory, even those of a mapped string, whose copy points to
/// the original's) and only for libstdc++'s string, whose first member is
/// the pointer to its characters (_M_dataplus._M_p); the host calls the
/// library.
template <class S>
__host__ __device__ inline typename S::value_type
stringAt(const S &s, typename S::size_type i) {
#if defined(__CUDA_ARCH__)
  return (*reinterpret_cast<const typename S::value_type *const *>(&s))[i];
#else
  return s[i];
#endif
}
} // namespace o2c_dev
#endif

#endif // OMP2CUDA_STD_DEVICE_H
