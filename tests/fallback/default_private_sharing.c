/* default(private) and default(firstprivate): what they make private is
   each thread's or team's own (scratch-dsa wrong2-4, df2, df3): the team's
   locals and mapped variables keep their values; a target's own scalar
   evolves in each copy. */
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int *out = calloc(8, sizeof(int));
#pragma omp target map(tofrom : out [0:8])
  {
    int x = 3, y = 4;
#pragma omp parallel default(firstprivate) shared(out) num_threads(2)
    {
      x += 1;
      y = x;
    }
    out[0] = x;
    out[1] = y;
    int u = 5, v = 6;
#pragma omp parallel default(private) shared(out) num_threads(2)
    {
      u = 10;
      v = 20;
    }
    out[2] = u;
    out[3] = v;
  }
  printf("nested: %d %d %d %d\n", out[0], out[1], out[2], out[3]);
  int *r = calloc(4, sizeof(int));
  int k = 5, q = 7, t = 1;
#pragma omp target teams distribute parallel for default(firstprivate)         \
    map(tofrom                                                                 \
        : r [0:4])
  for (int i = 0; i < 4; i++)
    r[i] = i + 1;
  printf("combined, mapped section: %d %d %d %d\n", r[0], r[1], r[2], r[3]);
  int s[4] = {0, 0, 0, 0};
#pragma omp target parallel for default(private) map(tofrom : s, k)
  for (int i = 0; i < 4; i++) {
    k = i;
    s[i] = 1;
  }
  printf("combined private: %d %d %d %d %d\n", s[0], s[1], s[2], s[3], k);
#pragma omp target map(tofrom : s, q)
#pragma omp parallel for default(firstprivate)
  for (int i = 0; i < 4; i++) {
    s[i] = i + q;
    q = 100;
  }
  printf("split firstprivate: %d %d %d %d %d\n", s[0], s[1], s[2], s[3], q);
#pragma omp target teams num_teams(1) default(firstprivate) map(tofrom : t)
  { t = 50; }
  printf("teams: %d\n", t);
  /* a target's own scalar: every thread starts from 7 */
  int x = 7, n = 64;
  int *val = calloc(n, sizeof(int));
#pragma omp target teams distribute parallel for default(firstprivate)         \
    shared(val) map(tofrom                                                     \
                    : val [0:n])
  for (int i = 0; i < n; i++)
    val[i] = x + i;
  int ok = 1;
  for (int i = 0; i < n; i++)
    ok &= val[i] == 7 + i;
  printf("scalar: %d %d\n", ok, x);
  free(out);
  free(r);
  free(val);
  return 0;
}
