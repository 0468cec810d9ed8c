/* Known failure (fallback fuzz, feature macro-tail-body): a translated loop
   whose body is one statement without braces that ends with a macro
   invocation.  The region is replaced by `if (!launch(...)) { <region> }`
   and the closing brace lands before the statement's ';':
     for (int i = 0; i < 8; i++) a[i] = TWICE(a[i]) };
   so the generated file does not compile. */
#include <stdio.h>
#define TWICE(x) ((x) * 2)

int main(void) {
  int a[8];
  for (int i = 0; i < 8; i++)
    a[i] = i;
#pragma omp target teams distribute parallel for map(tofrom: a)
  for (int i = 0; i < 8; i++)
    a[i] = TWICE(a[i]);
  printf("%d\n", a[7]);
  return 0;
}
