/* Several `begin declare variant` blocks for the GPU only that define the
   same function (review finding): each is parsed as its own variant (its
   own respelling macro), so the device chooses among them as clang does
   for the GPU, by score: arch(nvptx64) 2 over kind(nohost) 1 for f,
   kind(nohost, gpu) 2 over kind(gpu) 1 for g. Before, the respelled blocks
   collided as one redefinition, every respelling was dropped and the device
   ran the base functions (1 and 2, as a host build prints). Expected
   output: begin_device_colliding.expected. */
#include <stdio.h>
int f(int x) { return 1; }
int g(int x) { return 2; }

#pragma omp begin declare variant match(device={kind(nohost)})
int f(int x) { return 10 + x; }
#pragma omp end declare variant

#pragma omp begin declare variant match(device={kind(gpu)})
int g(int x) { return 30 + x; }
#pragma omp end declare variant

#pragma omp begin declare variant match(device={arch(nvptx64)})
int f(int x) { return 20 + x; }
#pragma omp end declare variant

#pragma omp begin declare variant match(device={kind(nohost, gpu)})
int g(int x) { return 40 + x; }
#pragma omp end declare variant

static int both(int x) { return f(x) * 100 + g(x); }

int main(void) {
  int a = 0, b = 0, c = 0;
#pragma omp target map(from : a, b, c)
  {
    a = f(1);
    b = g(2);
    c = both(3);
  }
  printf("device: %d %d %d\n", a, b, c);
  printf("host: %d %d %d\n", f(1), g(2), both(3));
  return 0;
}
