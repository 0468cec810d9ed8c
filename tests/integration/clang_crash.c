/* Clang 19 crashes on an unterminated _Pragma inside an OpenMP pragma line
   (found by fuzzing omp2cuda; clang-19 -fsyntax-only crashes the same way).
   omp2cuda must report an error and write nothing. */
void f(double *a, int n) {
#pragma omp target teams loop map(alloc: a[0:n]) _Pragma("omp target map(a)
  for (int i = 0; i < n; ++i)
    a[i] = 0;
}
