// `declare target` variables in functions compiled for both sides. The
// translator gives such a variable a `__device__` mirror (its device copy)
// and spells each use in a `__host__ __device__` function
// O2C_DEVICE_COPY(var, mirror): the mirror where the code runs on the
// device, the variable itself on the host. Kernels name the mirror directly.
#ifndef OMP2CUDA_DEVICE_COPY_H
#define OMP2CUDA_DEVICE_COPY_H

#if defined(__CUDA_ARCH__)
#define O2C_DEVICE_COPY(Host, Device) (Device)
#elif defined(__CUDACC__)
#define O2C_DEVICE_COPY(Host, Device) (Host)
#else // the CPU emulation: one compilation for both sides
// Both operands are lvalues of one type, so the result is that lvalue
// (arrays stay arrays, `&` and assignment work).
#define O2C_DEVICE_COPY(Host, Device)                                          \
  (::o2c::emu::onDevice() ? (Device) : (Host))
#endif

// A call of a function with `declare variant`s, in a function compiled for
// both sides: the host side calls the base function, which the host
// compiler resolves for the host's context; the device side calls the
// device's choice (the translator's). The device's choice may be a
// device-only function: nvcc's host side never names it. The CPU emulation
// compiles both sides with one host compiler, which would resolve a direct
// call for the host on the device side too, so both choices come spelled
// through their addresses (HostChoice: clang's host choice).
#if defined(__CUDA_ARCH__)
#define O2C_DEVICE_CALL(Base, HostChoice, DeviceChoice) (DeviceChoice)
#elif defined(__CUDACC__)
#define O2C_DEVICE_CALL(Base, HostChoice, DeviceChoice) (Base)
#else
#define O2C_DEVICE_CALL(Base, HostChoice, DeviceChoice)                        \
  (::o2c::emu::onDevice() ? (DeviceChoice) : (HostChoice))
#endif

// Under --rdc a file's device code may call a function another file
// defines. When no file compiles it for the device, CUDA's device link
// fails; the emulation's one link would find the host function and run it
// as device code (an orphaned `distribute` there crashes). So each file that
// compiles such a function for the device defines its mark (weak: a header
// may define it in several units), and each file whose device code calls
// one it does not define takes the mark's address: the emulation's link
// fails where CUDA's device link does, naming the function's mark.
#if defined(__CUDACC__)
#define O2C_RDC_DEFINES(Mark)
#define O2C_RDC_CALLS(Mark)
#else
#define O2C_RDC_DEFINES(Mark)                                                  \
  extern "C" __attribute__((weak)) const char Mark = 0;
#define O2C_RDC_CALLS(Mark)                                                    \
  extern "C" const char Mark;                                                  \
  __attribute__((used)) static const char *const o2c_use_##Mark = &Mark;
#endif

#endif // OMP2CUDA_DEVICE_COPY_H
