// exec-reference: clang
// Team-master variables under `#pragma omp allocate` in a region that runs
// in the control-loop form (a parallel construct in a nested block): the
// control loop moves the team master's variables to the kernel's top,
// where the directive, which must stay in its variables' scope, cannot
// follow them; its line goes, and the variables keep what it asked for
// (omp_pteam_mem_alloc, omp_cgroup_mem_alloc: the team's one copy in
// shared memory; another allocator: the thread's own local). Declared at
// the region's top level and in a nested block (review finding: a build
// error). GCC 12 does not implement the allocate directive: the reference
// is clang's. stderr says where it ran.
#include <omp.h>
#include <stdio.h>

#define N 200
#define TEAMS 4

int main(void) {
  static int out[TEAMS * N];
  static long sums[TEAMS], lasts[TEAMS];
  int on_device = 0;
#pragma omp target teams num_teams(TEAMS) thread_limit(64) \
    map(from: out, sums, lasts) map(tofrom: on_device)
  {
    int team = omp_get_team_num();
    int scale = 3 + team % 2;
#pragma omp allocate(scale) allocator(omp_cgroup_mem_alloc)
    {
      int base = 7 * team;
#pragma omp allocate(base) allocator(omp_pteam_mem_alloc)
      long total = 0;
#pragma omp allocate(total) \
    allocator(omp_pteam_mem_alloc)
      int last = -1;
#pragma omp allocate(last) allocator(omp_default_mem_alloc)
#pragma omp parallel for
      for (int i = 0; i < N; ++i)
        out[team * N + i] = base + scale * i;
      // Only the team master uses these.
      for (int i = 0; i < N; i += 10) {
        total += out[team * N + i];
        last = i;
      }
      sums[team] = total;
      lasts[team] = last;
    }
    if (team == 0)
      on_device = !omp_is_initial_device();
  }
  // Team 0's part: the host may run fewer teams than asked for.
  long all = 0;
  for (int i = 0; i < N; ++i)
    all += out[i];
  printf("out: team 0's sum %ld, out[5] %d\n", all, out[5]);
  printf("team 0: every tenth sums to %ld, the last is %ld\n", sums[0],
         lasts[0]);
  fprintf(stderr, "team_allocators_control: ran on %s\n",
          on_device ? "the device" : "the host");
  return 0;
}
