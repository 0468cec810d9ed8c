/* `begin declare variant` blocks (OpenMP 5.1): every function defined
   between `begin declare variant match(...)` and `end declare variant` is a
   variant of the function of the same name, chosen where the selector
   matches. Here `construct={target}` variants run inside target regions
   and the `construct={parallel}` one inside parallel regions (a combined
   `target teams distribute parallel for` has both: the later construct
   scores higher), as the host fallback chooses them (OpenMP_VV
   5.1/declare_variant/test_begin_end_declare_variant.c). Clang names such a
   function `add$ompvariant$...`; the translation renames the device's
   choice (omp2cuda_variant_add_L<line>), closes the block around it, and
   leaves in the block a function of the base's name that calls it, so the
   host compiler still chooses it. stderr says where the region ran. */
// exec-reference: clang
#include <omp.h>
#include <stdio.h>

#define N 64

int add(int x) { return x + 1; }
static float scale(float v, int k) { return v * k; }

#pragma omp begin declare variant match(construct = {parallel})
int add(int x) { return x + 2; }
#pragma omp end declare variant

#pragma omp begin declare variant match(construct = {target})
int add(int x) { return x + 3; }

static float scale(float v, int k) { return v * k + 0.5f; }

/* No base function: clang declares one, which nothing defines. */
int twice(int x) { return 2 * x; }
#pragma omp end declare variant

int main(void) {
  int host = add(0), in_parallel = 0, on_target = 0, dbl = 0, on_device = 0;
  float s = 0.0f;
  int a[N];
#pragma omp parallel num_threads(1)
  in_parallel = add(0);
#pragma omp target map(from : on_target, s, dbl, on_device)
  {
    on_device = !omp_is_initial_device();
    on_target = add(0);
    s = scale(1.5f, 2);
    dbl = twice(21);
  }
#pragma omp target teams distribute parallel for map(from : a)
  for (int i = 0; i < N; i++)
    a[i] = add(i);
  long sum = 0;
  for (int i = 0; i < N; i++)
    sum += a[i];
  fprintf(stderr, "begin_declare_variant: %s\n",
          on_device ? "ran on device" : "ran on the host");
  printf("base %d, parallel %d, target %d, scale %.1f, twice %d\n", host,
         in_parallel, on_target, s, dbl);
  printf("combined construct: sum %ld (the parallel variant: %d)\n", sum,
         N * (N - 1) / 2 + 2 * N);
  return 0;
}
