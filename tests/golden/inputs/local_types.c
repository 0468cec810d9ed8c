// Types declared inside a function (a common style in C test programs):
// the kernel is emitted at file scope, so each local struct, enum and
// typedef a region needs moves there, ahead of the function; an unnamed
// struct gets a name. Self-checking; stderr says where it ran.
#include <omp.h>
#include <stdio.h>

#define N 4

int main(void) {
  struct {
    int a;
    int b[N];
  } single, array[5];
  typedef struct {
    int a;
    double v[N];
  } test_struct;
  enum { VAL1 = 1, VAL2, VAL3 } scalar_enum = VAL2;
  struct named {
    int s;
    int S[N];
  };
  struct named nm = {1, {0}};
  test_struct ts = {2, {0}};
  int on_device = 0;
  single.a = 1;
  for (int i = 0; i < 5; ++i)
    array[i].a = i;
#pragma omp target map(tofrom: single, array, ts, on_device)
  {
    single.a += 10;
    for (int i = 0; i < 5; ++i)
      array[i].a *= 2;
    ts.v[1] = ts.a + VAL3;
    on_device = !omp_is_initial_device();
  }
#pragma omp target teams distribute parallel for map(tofrom: nm)
  for (int i = 0; i < N; ++i)
    nm.S[i] = i * nm.s + scalar_enum;
  printf("single.a %d array[4].a %d ts.v[1] %g nm.S[3] %d\n", single.a,
         array[4].a, ts.v[1], nm.S[3]);
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return !(single.a == 11 && array[4].a == 8 && ts.v[1] == 5 && nm.S[3] == 5);
}
