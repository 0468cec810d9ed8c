// Team-master variables of a control-loop region initialised by braces (an
// array of structs, a struct): hoisted to the kernel's top, each is copied
// from a temporary that its initialiser makes where it was declared.
typedef struct {
  int key;
  long value;
} Trait;

void steps(long *a, int n) {
#pragma omp target map(tofrom: a[0:n])
  {
    Trait t[2] = {{1, 64}, {2, 8}};
    Trait one = {3, 5};
    for (int s = 0; s < 2; s++) {
#pragma omp parallel for
      for (int q = 0; q < n; q++)
        a[q] += t[s].value + one.key;
      a[0] += s;
    }
  }
}
