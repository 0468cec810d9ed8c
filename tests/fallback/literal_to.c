/* A string literal mapped `to` (read-only memory) around a region left on
   the host: the fallback must not write it. */
#include <stdio.h>
#include <string.h>

static size_t len(const char *s) { return strlen(s); }
size_t (*volatile opaque)(const char *) = len;

int main(void) {
  const char *msg = "hello, device";
  size_t n = 0, m = strlen(msg) + 1;
  int sum = 0, i;
#pragma omp target data map(to: msg[0:m])
  {
#pragma omp target map(from: n) /* left on the host: a function pointer */
    n = opaque(msg);
#pragma omp target teams distribute parallel for reduction(+: sum)
    for (i = 0; i < (int)m; i++)
      sum += msg[i];
  }
  printf("n=%zu sum=%d\n", n, sum);
  return 0;
}
