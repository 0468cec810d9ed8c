/* A C program whose own names CUDA's headers also declare: a type float2,
 * functions rsqrt and make_float2. omp2cuda renames them in the generated
 * file (float2_, rsqrt_, make_float2_), so that nvcc compiles it. */
#include <omp.h>
#include <stdio.h>

#define PI_F 3.14159265f

typedef struct float2 {
  float x, y;
} float2;

/* 1/sqrt(v) by Newton's method, for v in (0, 3). */
static float rsqrt(float v) {
  float y = 1.0f;
  for (int k = 0; k < 8; k++)
    y = y * (1.5f - 0.5f * v * y * y);
  return y;
}

static float2 make_float2(float x, float y) {
  float2 p = {x, y};
  return p;
}

int main(void) {
  enum { n = 4096 };
  static float2 pts[n];
  static float len[n];
  for (int i = 0; i < n; i++)
    pts[i] = make_float2(0.5f + 0.0001f * i, 1.0f - 0.0001f * i);
#pragma omp target teams distribute parallel for map(tofrom: pts) map(from: len)
  for (int i = 0; i < n; i++) {
    float2 p = pts[i];
    float inv = rsqrt(p.x * p.x + p.y * p.y);
    pts[i] = make_float2(p.x * inv, p.y * inv);
    len[i] = PI_F / inv;
  }
  double sx = 0, sl = 0;
  for (int i = 0; i < n; i++) {
    sx += pts[i].x + pts[i].y;
    sl += len[i];
  }
  printf("cuda_names: sum=%.4f len=%.2f\n", sx, sl);
  int on = 0;
#pragma omp target map(tofrom: on)
  on = !omp_is_initial_device();
  fprintf(stderr, "cuda_names: ran on %s\n", on ? "the device" : "the host");
  return 0;
}
