/* The variable of a simd or loop construct's loop declared before the loop
   is linear or lastprivate by itself (OpenMP 5.2 §5.1.1): a mapped one has
   its value after the loop (scratch-dsa wrong5, iv4, lv4, iv3); a mapped
   variable as a nested worksharing loop's variable (pl4-pl6); one no one
   reads after a nested simd loop (scratch-dsa cs3). */
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int *a = calloc(100, sizeof(int));
  int j = -1, k = -1, d = -1, e = -1, w = -1, l = -1;
#pragma omp target simd map(tofrom : a [0:100], j)
  for (j = 0; j < 10; j += 3)
    a[j] += 1;
#pragma omp target simd map(tofrom : a [0:100], j, k) collapse(2)
  for (j = 0; j < 10; j++)
    for (k = 0; k < 10; k += 4)
      a[j * 10 + k] += 1;
#pragma omp target teams distribute parallel for simd map(tofrom               \
                                                          : a [0:100], d)      \
    collapse(2)
  for (d = 0; d < 10; d++)
    for (int q = 0; q < 10; q++)
      a[d * 10 + q] += 1;
#pragma omp target teams distribute map(tofrom : a [0:100], e)
  for (e = 0; e < 10; e++)
    a[e] += 1;
#pragma omp target teams loop map(tofrom : a [0:100], w)
  for (w = 0; w < 100; w += 3)
    a[w] += 1;
#pragma omp target parallel loop map(tofrom : a [0:100], l)
  for (l = 0; l < 100; l += 7)
    a[l] += 1;
  printf("combined: %d %d %d %d %d %d\n", j, k, d, e, w, l);
  int *out = calloc(4, sizeof(int));
#pragma omp target map(tofrom : out [0:4], a [0:100])
  {
    int t = -5, u = -6;
#pragma omp parallel for simd
    for (t = 0; t < 50; t += 3)
      a[t] += 1;
    out[0] = t;
#pragma omp parallel
    {
#pragma omp for simd
      for (u = 0; u < 50; u += 7)
        a[u] += 1;
    }
    out[1] = u;
  }
  printf("nested simd: %d %d\n", out[0], out[1]);
  int m = -1, p = -1;
#pragma omp target map(tofrom : a [0:100], m, p)
  {
#pragma omp parallel for
    for (m = 0; m < 100; m++)
      a[m] += 3;
    a[0] += m;
#pragma omp simd
    for (p = 0; p < 100; p++)
      a[p] += 3;
    a[1] += p;
  }
  printf("nested mapped: %d %d\n", m, p);
  /* a nested simd loop's variable no one reads after it: translated */
  int i = -4;
#pragma omp target teams num_teams(1) map(tofrom: a[0:100])
  {
    a[2] += 1;
#pragma omp distribute parallel for simd
    for (i = 0; i < 100; i++) a[i] += i;
  }
#pragma omp target map(tofrom: a[0:100])
  {
    int t;
    a[3] += 5;
#pragma omp parallel for simd
    for (t = 0; t < 100; t += 2) a[t] += 1;
  }
  printf("unread: %d\n", i);
  int sum = 0;
  for (int i = 0; i < 100; i++)
    sum += a[i] * (i + 1);
  printf("sum: %d\n", sum);
  free(a);
  free(out);
  return 0;
}
