// Reductions over C enumerations in target regions left on the host (the
// reduction variable is no integer the device reduces): the host fallback
// keeps the clauses as written, and the .cu (C++) declares each reduction.
// It used to read `reduction(+:(enum E)(e))`, which no compiler accepts.
#include <stdio.h>

enum E { A = 0, B = 1, C = 2, D = 4 };
typedef enum { LOW, MID, HIGH } level;

int main(void) {
  enum { N = 500 };
  int v[N];
  for (int i = 0; i < N; ++i)
    v[i] = (i * 13) % 17;
  enum E sum = A, any = A, all = (enum E)7, big = A;
  level lo = HIGH;
#pragma omp target data map(to: v[0:N])
  {
#pragma omp target teams distribute parallel for reduction(+: sum) reduction(|: any) \
    reduction(&: all) reduction(max: big) reduction(min: lo)
    for (int i = 0; i < N; ++i) {
      enum E f = v[i] % 2 ? B : C;
      sum = sum + (v[i] & 1);
      any = any | f;
      all = all & (f | D);
      if (v[i] > 15)
        big = D;
      if (v[i] > 3 && lo > MID)
        lo = MID;
    }
  }
  printf("enum_reductions: sum=%d any=%d all=%d big=%d lo=%d\n", (int)sum, (int)any,
         (int)all, (int)big, (int)lo);
  return 0;
}
