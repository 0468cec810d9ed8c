#include <stdio.h>
#include <omp.h>
void probe(int *a) {
  int h = omp_get_initial_device();
  printf("b: initial=%d accessible(host)=%d mapped(host)==a:%d present=%d\n", h,
         omp_target_is_accessible(a, 4, h), omp_get_mapped_ptr(a, h) == a,
         omp_target_is_present(a, omp_get_default_device()));
}
