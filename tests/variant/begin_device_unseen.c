/* A `begin declare variant` block for the GPU only that the host's parse
   rejects (an nvptx builtin): the file is parsed as written, without any
   GPU-only block [omp2cuda-variant-block]. clang's GPU compile runs the
   arch(nvptx64) block (score 2 over fv's kind(gpu) 1): 3 plus the thread's
   index. The translator does not see that block, so a region that calls a
   function it may define stays on the host, and with it the program, which
   prints what the host build prints. Before, the device ran fv, the only
   variant the parse saw, and printed 2, which neither build prints.
   Expected output: begin_device_unseen.expected. */
#include <stdio.h>
int f(int x);
int fv(int x) { return 2; }
#pragma omp declare variant(fv) match(device={kind(gpu)})
int f(int x) { return 1; }

#pragma omp begin declare variant match(device={arch(nvptx64)})
int f(int x) { return 3 + __nvvm_read_ptx_sreg_tid_x(); }
#pragma omp end declare variant

int main(void) {
  int a = 0;
#pragma omp target map(from : a)
  a = f(1);
  printf("device: %d\nhost: %d\n", a, f(1));
  return 0;
}
