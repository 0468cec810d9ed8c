// Globals that are not `declare target`, used by functions a region calls,
// in a unit that requires unified shared memory (OpenMP_VV's
// test_target_VirDestr.cpp): the device uses the host's variables in place,
// through device pointers holding their addresses, so what a region writes
// is what the host reads afterwards, as in the host build. A static data
// member written by a virtual destructor run on the device, a namespace
// member, and a file-scope array. stderr says where the regions ran.
// GCC 12 rejects `requires unified_shared_memory`, so the reference is clang's:
// exec-reference: clang
// A GPU without pageable memory access (an H100 or H200 on x86) cannot
// reach host memory, so the runtime keeps the regions on the host there:
// device-check: may run on the host without unified shared memory
#include <cstdio>
#include <omp.h>

#pragma omp requires unified_shared_memory

namespace stats {
long calls = 0;
}
int histogram[4] = {0, 0, 0, 0};

class base {
public:
  static int destroyed;
  virtual ~base() { destroyed += 1; }
  virtual int weight() const { return 1; }
};
int base::destroyed = 0;

class derived : public base {
public:
  ~derived() { destroyed += 10; }
  int weight() const { return 3; }
};

void record(int v) {
  stats::calls += 1;
  histogram[v % 4] += v;
}

int main() {
  int on_device = 0;
#pragma omp target map(tofrom: on_device)
  {
    base *b = new derived();
    record(b->weight());
    delete b;
    on_device = !omp_is_initial_device();
  }
#pragma omp target
  {
    for (int i = 0; i < 10; ++i)
      record(i);
  }
  std::printf("destroyed %d calls %ld histogram %d %d %d %d\n", base::destroyed,
              stats::calls, histogram[0], histogram[1], histogram[2],
              histogram[3]);
  std::fprintf(stderr, "usm_host_globals: ran on %s\n",
               on_device ? "device" : "host");
  return 0;
}
