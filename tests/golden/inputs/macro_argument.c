// A region written inside a macro argument cannot be rewritten in place.
#define TIMED(stmt) do { stmt } while (0)

void f(double *a, int n) {
  TIMED(_Pragma("omp target teams distribute parallel for map(from: a[0:n])")
        for (int i = 0; i < n; ++i) a[i] = 1.0;);
}
