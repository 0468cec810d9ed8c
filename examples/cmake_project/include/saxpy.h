#ifndef SAXPY_H
#define SAXPY_H
/* C headers shared with translated (C++) code keep C linkage. */
#ifdef __cplusplus
extern "C" {
#endif
void saxpy(float a, const float *x, float *y, int n);
/* A helper the region calls on the device: omp2cuda translates this header
   into a copy (saxpy.cu.h, beside the generated .cu) where it is
   __host__ __device__. */
static inline float axpy(float a, float x, float y) { return a * x + y; }
#ifdef __cplusplus
}
#endif
#endif
