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

#endif // OMP2CUDA_STD_DEVICE_H
