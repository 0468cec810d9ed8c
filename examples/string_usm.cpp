// std::string characters read in a region of a unit that requires unified
// shared memory: a mapped string is copied as bytes, and its copy points to
// the characters in host memory, which such a device reaches. `s[i]` reads
// become o2c_dev::stringAt(s, i); a write would stay on the host. stderr
// says where the region ran. GCC 12 rejects `requires
// unified_shared_memory`, so the reference is clang's:
// exec-reference: clang
// A GPU without pageable memory access (an H100 or H200 on x86) cannot
// reach the characters, so the runtime keeps the region on the host there:
// device-check: may run on the host without unified shared memory
#include <cstdio>
#include <omp.h>
#include <string>

#pragma omp requires unified_shared_memory

struct Employee {
  std::string name;
  int id;
};

int main() {
  std::string ref = "Vikas";
  std::string longer(40, 'q'); // characters on the heap
  Employee e{"Vikas", 7};
  int n = (int)ref.length(), errors = 0, qs = 0, ids = 0, on = 0;
#pragma omp target map(to: ref, longer, n) map(tofrom: errors, qs, ids, on)
  {
    for (int i = 0; i <= n; ++i)
      if (e.name[i] != ref[i])
        errors++;
    for (int i = 0; i < 40; ++i)
      qs += longer[i] == 'q';
    ids = e.id;
    on = !omp_is_initial_device();
  }
  std::printf("string_usm: errors=%d qs=%d id=%d name=%s\n", errors, qs, ids,
              e.name.c_str());
  std::fprintf(stderr, "string_usm: ran on %s\n",
               on ? "the device" : "the host");
  return 0;
}
