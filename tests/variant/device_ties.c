/* Variants that match the GPU with the same score (issue 8). OpenMP 5.2
   §7.3 leaves such ties to the implementation; clang's device compile
   (llvm::omp::getBestVariantMatchForContext) takes, in the order its
   look-up meets the variants, the first, unless a later one's traits are
   a strict superset of it. The look-up starts at the declaration the call
   names, its inherited variants first, then goes to the earlier
   declarations; of pragmas stacked on one declaration, the one nearest
   the function comes first. Expected values: clang's nvptx64 device IR
   (clang-19 -fopenmp -fopenmp-version=52 -fopenmp-targets=nvptx64
   --offload-arch=sm_90 --offload-device-only -S -emit-llvm -O1) stores
   3 10 10 3 20 30 40 3 10 10 30. Before, each call was undecided and the
   program ran on the host [omp2cuda-host-variant]: 'device: 1 1 1 1 1 1 1
   10 1 1 1' (the host's choice for construct={target}). Expected output:
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

/* construct={target} in a target region scores as much as kind(gpu);
   the nearest pragma first: other. */
#pragma omp declare variant(dev) match(construct={target})
#pragma omp declare variant(other) match(device={kind(gpu)})
int construct(int x) { return x; }

/* A true user condition is a trait without score: a superset of kind(gpu)
   alone, in either order: dev. */
#pragma omp declare variant(dev) match(device={kind(gpu)}, user={condition(1)})
#pragma omp declare variant(other) match(device={kind(gpu)})
int cond1(int x) { return x; }
#pragma omp declare variant(other) match(device={kind(gpu)})
#pragma omp declare variant(dev) match(device={kind(gpu)}, user={condition(1)})
int cond2(int x) { return x; }

/* Nested blocks merged (kind(nohost, gpu), 3) tie with arch(nvptx64):
   the first in the text, the nested one. */
int nested(int x) { return 1; }
#pragma omp begin declare variant match(device={kind(nohost)})
#pragma omp begin declare variant match(device={kind(gpu)})
int nested(int x) { return 30 * x; }
#pragma omp end declare variant
#pragma omp end declare variant
#pragma omp begin declare variant match(device={arch(nvptx64)})
int nested(int x) { return 20 * x; }
#pragma omp end declare variant

int main(void) {
  int a[11];
#pragma omp target map(from : a)
  {
    a[0] = stacked(1);
    a[1] = redecl(1);
    a[2] = three(1);
    a[3] = superset(1);
    a[4] = blocks(1);
    a[5] = mixed(1);
    a[6] = blocks2(1);
    a[7] = construct(1);
    a[8] = cond1(1);
    a[9] = cond2(1);
    a[10] = nested(1);
  }
  printf("device: %d %d %d %d %d %d %d %d %d %d %d\n", a[0], a[1], a[2], a[3],
         a[4], a[5], a[6], a[7], a[8], a[9], a[10]);
  printf("host: %d %d %d %d %d %d %d\n", stacked(1), redecl(1), three(1),
         superset(1), blocks(1), mixed(1), blocks2(1));
  return 0;
}
