#ifndef SAXPY_H
#define SAXPY_H
/* C headers shared with translated (C++) code keep C linkage. */
#ifdef __cplusplus
extern "C" {
#endif
void saxpy(float a, const float *x, float *y, int n);
#ifdef __cplusplus
}
#endif
#endif
