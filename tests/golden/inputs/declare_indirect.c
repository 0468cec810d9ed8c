// `declare target ... indirect` (OpenMP 5.1 §7.8.3, issue 10 point 2):
// device code calls functions through pointers the host took. A pointer
// holds the host's address of its function; the translated kernel looks it
// up in the file's table of indirect functions and calls the device's. The
// pointers reach the device as a firstprivate local, in a mapped array and
// in a mapped struct. stderr says where it ran.
// exec-reference: clang
#include <omp.h>
#include <stdio.h>

#define N 96

typedef int (*op_t)(int);

// (The list form, `declare target enter(...) indirect`, is spelled `to`
// before OpenMP 5.2: blocks read the same in both.)
#pragma omp begin declare target indirect
int add_one(int x) { return x + 1; }
int twice(int x) { return 2 * x; }
#pragma omp end declare target

#pragma omp begin declare target indirect
int negate(int x) { return -x; }
int square(int x) { return x * x; }
#pragma omp end declare target

struct stage {
  op_t f;
  int bias;
};

int main(void) {
  int on_device = 0;
  int out[N];
  op_t ops[4] = {add_one, twice, negate, square};

  // A local pointer, firstprivate in the region; called directly and as
  // (*p)(...).
  op_t p = twice;
  int r = 0;
#pragma omp target map(from: r, on_device)
  {
    on_device = !omp_is_initial_device();
    r = p(20) + (*p)(1);
  }
  printf("local pointer: %d\n", r);

  // An array of pointers mapped to the device: each iteration picks one.
#pragma omp target teams distribute parallel for map(to: ops) map(from: out)
  for (int i = 0; i < N; i++)
    out[i] = ops[i % 4](i);
  long sum = 0;
  for (int i = 0; i < N; i++)
    sum += out[i];
  printf("array of pointers: sum %ld out[0..3] %d %d %d %d\n", sum, out[0],
         out[1], out[2], out[3]);

  // A struct member, chosen on the host at run time.
  struct stage s = {N % 2 ? negate : square, 7};
  int t = 0;
#pragma omp target map(to: s) map(tofrom: t)
  {
    for (int i = 0; i < 10; i++)
      t += s.f(i) + s.bias;
  }
  printf("struct member: %d\n", t);

  fprintf(stderr, "ran on the %s\n", on_device ? "device" : "host");
  return 0;
}
