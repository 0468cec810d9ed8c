/* Variants that match the GPU with the same score (issue 8). OpenMP 5.2
   §7.3 leaves such ties to the implementation; clang's device compile
   (llvm::omp::getBestVariantMatchForContext) takes, in the order its
   look-up meets the variants, the first, unless a later one's traits are
   a strict superset of it. The look-up starts at the declaration the call
   names, its inherited variants first, then goes to the earlier
   declarations; of pragmas stacked on one declaration, the one nearest
   the function comes first. Expected values: clang's nvptx64 device IR
   (clang-19 -fopenmp -fopenmp-targets=nvptx64 --offload-arch=sm_90
   --offload-device-only -S -emit-llvm -O1) stores 3 10 10 3 20 30 40.
   Before, each call was undecided and the program ran on the host
   [omp2cuda-host-variant]: 'device: 1 1 1 1 1 1 1'. Expected output:
   device_ties.expected. */
#include <stdio.h>
int dev(int x) { return 10 * x; }
int other(int x) { return 3 * x; }
int third(int x) { return 7 * x; }
#pragma omp declare target enter(dev, other, third)

/* Stacked: the nearest pragma first, no superset: other. */
#pragma omp declare variant(dev) match(device={kind(nohost)})
#pragma omp declare variant(other) match(device={kind(gpu)})
int stacked(int x) { return x; }

/* Two declarations: the earlier one's variant, inherited, first: dev. */
#pragma omp declare variant(dev) match(device={kind(nohost)})
int redecl(int x);
#pragma omp declare variant(other) match(device={kind(gpu)})
int redecl(int x) { return x; }

/* third's kind(any, gpu) is a superset of other's, not of dev's: dev. */
#pragma omp declare variant(dev) match(device={kind(nohost)})
int three(int x);
#pragma omp declare variant(other) match(device={kind(gpu)})
int three(int x);
#pragma omp declare variant(third) match(device={kind(any, gpu)})
int three(int x) { return x; }

/* kind(gpu, any) is a superset of kind(gpu), though it comes later. */
#pragma omp declare variant(other) match(device={kind(gpu, any)})
#pragma omp declare variant(dev) match(device={kind(gpu)})
int superset(int x) { return x; }

/* Blocks for the GPU only, in the order of the text: the first. */
int blocks(int x) { return 1; }
#pragma omp begin declare variant match(device={kind(nohost)})
int blocks(int x) { return 20 * x; }
#pragma omp end declare variant
#pragma omp begin declare variant match(device={kind(gpu)})
int blocks(int x) { return 30 * x; }
#pragma omp end declare variant

/* A block's variant on the first declaration, inherited by the
   definition ahead of the definition's own pragma. */
int mixed(int x);
#pragma omp begin declare variant match(device={kind(gpu)})
int mixed(int x) { return 30 * x; }
#pragma omp end declare variant
#pragma omp declare variant(dev) match(device={kind(nohost)})
int mixed(int x) { return x; }

/* gpu, then its superset gpu+any, then nohost (no superset): 40. */
int blocks2(int x) { return 1; }
#pragma omp begin declare variant match(device={kind(gpu)})
int blocks2(int x) { return 30 * x; }
#pragma omp end declare variant
#pragma omp begin declare variant match(device={kind(gpu, any)})
int blocks2(int x) { return 40 * x; }
#pragma omp end declare variant
#pragma omp begin declare variant match(device={kind(nohost)})
int blocks2(int x) { return 50 * x; }
#pragma omp end declare variant

int main(void) {
  int a[7];
#pragma omp target map(from : a)
  {
    a[0] = stacked(1);
    a[1] = redecl(1);
    a[2] = three(1);
    a[3] = superset(1);
    a[4] = blocks(1);
    a[5] = mixed(1);
    a[6] = blocks2(1);
  }
  printf("device: %d %d %d %d %d %d %d\n", a[0], a[1], a[2], a[3], a[4], a[5],
         a[6]);
  printf("host: %d %d %d %d %d %d %d\n", stacked(1), redecl(1), three(1),
         superset(1), blocks(1), mixed(1), blocks2(1));
  return 0;
}
