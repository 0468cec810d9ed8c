// Allocators made in device code (OpenMP 5.0 `requires dynamic_allocators`,
// issue 10): omp_init_allocator with an alignment trait, omp_alloc /
// omp_aligned_alloc / omp_calloc from it and from predefined allocators,
// omp_free and omp_destroy_allocator, all inside target regions. Device
// memory comes from the device heap, aligned as the traits ask. stderr says
// where it ran.
// exec-reference: clang
#include <omp.h>
#include <stdint.h>
#include <stdio.h>

#pragma omp requires dynamic_allocators

#define N 1000

int main(void) {
  int on_device = 0;
  long sum = 0;
  int aligned64 = 0, aligned256 = 0, zeroed = 1;
#pragma omp target map(from: on_device, sum, aligned64, aligned256, zeroed)
  {
    on_device = !omp_is_initial_device();
    // map(from) leaves the device copy uninitialised: the reduction below
    // must not start from it (a GPU's fresh memory read 0 here).
    zeroed = 1;
    omp_alloctrait_t traits[2] = {{omp_atk_alignment, 64},
                                  {omp_atk_fallback, omp_atv_null_fb}};
    omp_allocator_handle_t a64 =
        omp_init_allocator(omp_default_mem_space, 2, traits);
    int *x = (int *)omp_alloc(N * sizeof(int), a64);
    aligned64 = x != NULL && (uintptr_t)x % 64 == 0;
    double *y = (double *)omp_aligned_alloc(256, N * sizeof(double),
                                            omp_default_mem_alloc);
    aligned256 = y != NULL && (uintptr_t)y % 256 == 0;
    int *z = (int *)omp_calloc(N, sizeof(int), omp_default_mem_alloc);
#pragma omp parallel for reduction(&& : zeroed)
    for (int i = 0; i < N; i++) {
      x[i] = i;
      y[i] = 0.5 * i;
      zeroed = zeroed && z[i] == 0;
    }
    long s = 0;
    for (int i = 0; i < N; i++)
      s += x[i] + (long)(2 * y[i]);
    sum = s;
    omp_free(z, omp_default_mem_alloc);
    omp_free(y, omp_default_mem_alloc);
    omp_free(x, a64);
    omp_destroy_allocator(a64);
  }
  printf("sum %ld aligned64 %d aligned256 %d zeroed %d\n", sum, aligned64,
         aligned256, zeroed);

  // Each iteration, in whichever team runs it, makes its own allocator and
  // buffer.
  int per_team[4] = {0, 0, 0, 0};
#pragma omp target teams distribute num_teams(4) map(tofrom: per_team)
  for (int k = 0; k < 4; k++) {
    omp_alloctrait_t t[1] = {{omp_atk_alignment, 128}};
    omp_allocator_handle_t a = omp_init_allocator(omp_default_mem_space, 1, t);
    int *buf = (int *)omp_alloc(16 * sizeof(int), a);
    for (int i = 0; i < 16; i++)
      buf[i] = k * 100 + i;
    int s = 0;
    for (int i = 0; i < 16; i++)
      s += buf[i];
    per_team[k] = s + ((uintptr_t)buf % 128 == 0 ? 1000000 : 0);
    omp_free(buf, a);
    omp_destroy_allocator(a);
  }
  printf("per team %d %d %d %d\n", per_team[0], per_team[1], per_team[2],
         per_team[3]);
  fprintf(stderr, "ran on the %s\n", on_device ? "device" : "host");
  return 0;
}
