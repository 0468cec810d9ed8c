// C that is not C++ in its scopes and initialisations (ARCHITECTURE §1, the
// C-to-CUDA-C++ edits, src/edits/CScopes.cpp): a for body that declares
// the loop variable again, a string literal that fills a char array with
// no room for its null character, and jumps (goto, switch) past an
// initialisation, in host code and in regions. Prints exact values; stderr
// says where it ran.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static int ran_on_device(void) {
  int on_device = 0;
#pragma omp target map(tofrom: on_device)
  on_device = !omp_is_initial_device();
  return on_device;
}

int main(void) {
  int n = 1000;
  int *a = malloc(n * sizeof *a);
  for (int i = 0; i < n; i++) {
    int i = 1; // C: the body's own i
    a[0] = i;
  }
#pragma omp target teams distribute parallel for map(from: a[0:n])
  for (int i = 0; i < n; i++) {
    int i2 = i, i = 3 * i2;
    a[i2] = i;
    for (int k = 0; k < 2; k++) {
      int k = 5;
      a[i2] += k;
    }
  }
  char word[8];
  int hops = 0, kind = 1;
#pragma omp target map(from: word) map(tofrom: hops) firstprivate(kind)
  {
    char s[3] = "omp";
    char t[2] = {"2c"};
    for (int r = 0; r < 3; r++) {
      if (r == 1)
        goto next;
      int w = r + 2;
      hops += w;
    next:
      hops += 10;
    }
    switch (kind) {
    case 0:;
      int z = 7;
      hops += z;
    case 1:
      hops += 100;
    }
    word[0] = s[0], word[1] = s[1], word[2] = s[2];
    word[3] = t[0], word[4] = t[1], word[5] = 0;
  }
  long sum = 0;
  for (int i = 0; i < n; i++)
    sum += a[i];
  fprintf(stderr, "c_scopes: ran on %s\n", ran_on_device() ? "device" : "host");
  printf("c_scopes: sum=%ld word=%s hops=%d\n", sum, word, hops);
  free(a);
  return 0;
}
