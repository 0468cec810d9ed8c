// Zero-copy maps under `requires unified_shared_memory`
// (docs/unified-shared-memory.md): a class holding pointers into mapped
// arrays, mapped whole without attaching them, as OpenMP_VV's
// unified_shared_mem class tests do. Maps are the identity, so the
// pointers the device reads from the object are the mapped arrays'
// addresses on the device too; `target update` and enter/exit data copy
// nothing (the runtime's tests check the reference counts). stderr says where the regions ran.
// GCC 12 rejects `requires unified_shared_memory`, so the reference is clang's:
// exec-reference: clang
// A GPU without pageable memory access (an H100 or H200 on x86) cannot
// reach host memory, so the runtime keeps the regions on the host there:
// device-check: may run on the host without unified shared memory
#include <cstdio>
#include <omp.h>

#pragma omp requires unified_shared_memory

class Grid {
public:
  double *u;
  double *v;
  int n;
  Grid(double *u, double *v, int n) : u(u), v(v), n(n) {}

  // The region reaches u and v through this: pointers held in host memory.
  int scale(double k) {
    int on_device = 0;
#pragma omp target map(tofrom: on_device)
    {
      for (int i = 0; i < n; ++i)
        v[i] = k * u[i];
      on_device = !omp_is_initial_device();
    }
    return on_device;
  }
};

struct Holder {
  Grid *grid; // a pointer to an object whose members point into mapped data
};

int main() {
  const int N = 64;
  double *u = new double[N];
  double *v = new double[N];
  for (int i = 0; i < N; ++i) {
    u[i] = i;
    v[i] = 0;
  }
  Grid g(u, v, N);
  Holder h = {&g};
  int on_device = 0;
#pragma omp target enter data map(to: u[0:N], v[0:N])
  on_device = g.scale(2.0);
  for (int i = 0; i < N; ++i)
    u[i] += 1;
#pragma omp target update to(u[0:N])
#pragma omp target map(to: h)
  for (int i = 0; i < N; ++i)
    h.grid->v[i] += h.grid->u[i];
#pragma omp target update from(v[0:N])
  double sum = 0;
  for (int i = 0; i < N; ++i)
    sum += v[i];
#pragma omp target exit data map(release: u[0:N]) map(from: v[0:N])
  std::printf("sum %.1f v[5] %.1f\n", sum, v[5]);
  std::fprintf(stderr, "usm_class_pointers: ran on %s\n",
               on_device ? "device" : "host");
  delete[] u;
  delete[] v;
  return 0;
}
