// attached_members.c through references to the record and in member
// functions: `map(r, r.q[0:8])` attaches r.q alone; `this->q[0:n]`
// attaches q, and a member function's p is the pointer's value, looked up
// like an implicit pointer. The arrays are on the heap: a pointer one past
// the end of a mapped array is looked up inside it (a stack array right
// after another would be).
#include <stdio.h>

struct S {
  int *p;
  int *q;
  int n;
  void both() {
#pragma omp target data map(tofrom: this->q[0:n])
    {
#pragma omp target
      {
        this->p[1] = 21;
        this->q[1] = 22;
      }
    }
  }
  void implicitThis() {
#pragma omp target data map(tofrom: q[0:n])
    {
#pragma omp target
      {
        p[2] = 23;
        q[2] = 24;
      }
    }
  }
};

static void throughReference(S &r, int *a) {
#pragma omp target data map(tofrom: r, r.q[0:8])
  {
#pragma omp target map(tofrom: a[0:8])
    {
      r.p[3] = 25;
      r.q[3] = 26;
    }
  }
}

int main() {
  int *a = new int[8](), *b = new int[8]();
  S s = {a, b, 8};
  s.both();
  printf("this->: %d %d\n", a[1], b[1]);
  s.implicitThis();
  printf("implicit this: %d %d\n", a[2], b[2]);
  throughReference(s, a);
  printf("reference parameter: %d %d\n", a[3], b[3]);
  S &r = s;
#pragma omp target data map(tofrom: s, s.q[0:8])
  {
#pragma omp target map(tofrom: a[0:8])
    {
      r.p[4] = 27;
      r.q[4] = 28;
    }
  }
  printf("local reference: %d %d\n", a[4], b[4]);
  delete[] a;
  delete[] b;
  return 0;
}
