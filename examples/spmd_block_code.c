// CUDA-style block code written in OpenMP (issue 9 point 6): target teams +
// parallel over a team body, with barrier, omp_get_team_num(),
// omp_get_thread_num(), omp_get_num_threads() and a team-local array that
// the parallel region shares (it becomes __shared__). Each team takes chunks
// of the input in turn: its threads stage a chunk in the team's tile, meet
// at a barrier, then read their neighbours' elements while thread 0 sums the
// chunk; a second barrier frees the tile for the next chunk. The results do not depend on how many
// teams or threads run; stderr says where it ran.
#include <omp.h>
#include <stdio.h>

#define NCH 12
#define CH 96

int in[NCH * CH], out[NCH * CH];
long long chunk_sum[NCH];

int main(void) {
  int on_device = 0, i;
  for (i = 0; i < NCH * CH; i++)
    in[i] = (i * 37) % 101 - 50;

#pragma omp target teams num_teams(4) thread_limit(64) map(to: in) \
    map(from: out, chunk_sum) map(tofrom: on_device)
  {
    int tile[CH]; // one per team: shared by its threads
#pragma omp parallel
    {
      int t = omp_get_thread_num(), nt = omp_get_num_threads();
      int team = omp_get_team_num(), nteams = omp_get_num_teams();
      if (team == 0 && t == 0)
        on_device = !omp_is_initial_device();
      for (int ch = team; ch < NCH; ch += nteams) {
        for (int k = t; k < CH; k += nt)
          tile[k] = 2 * in[ch * CH + k];
#pragma omp barrier
        for (int k = t; k < CH; k += nt)
          out[ch * CH + k] = tile[k] + tile[(k + 1) % CH];
        if (t == 0) {
          long long s = 0;
          for (int k = 0; k < CH; k++)
            s += tile[k];
          chunk_sum[ch] = s;
        }
#pragma omp barrier
      }
    }
  }

  long long total = 0, weighted = 0;
  for (i = 0; i < NCH; i++)
    total += chunk_sum[i];
  for (i = 0; i < NCH * CH; i++)
    weighted += (long long)out[i] * (i % 13);
  printf("chunk sums: total %lld, first %lld, last %lld\n", total, chunk_sum[0],
         chunk_sum[NCH - 1]);
  printf("neighbour sums: weighted %lld, out[5] = %d\n", weighted, out[5]);
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return 0;
}
