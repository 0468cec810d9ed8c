// A pointer held in a mapped record that the region itself points at
// device data before dereferencing it (OpenMP_VV 4.5
// test_target_data_map_classes.cpp): translated where the store provably
// comes first and the host's pointer goes back (or the record is
// firstprivate or private), else left on the host; either way the program
// prints what the host build prints.
#include <stdio.h>

struct A {
  int *h;
  int size;
  int sum;
};

// A record bound to a reference is the mapped record itself (its pointer
// holds the host's address of what the region maps: the device copy of it
// would miss the store).
static void throughReference(A &r, int *a) {
#pragma omp target map(tofrom: r, a[0:8])
  { r.h[2] = 200; }
}

int main() {
  int array[8], other[8];
  for (int i = 0; i < 8; ++i)
    array[i] = other[i] = i;
  A obj = {other, 8, 0};
#pragma omp target data map(tofrom: array[0:8]) map(tofrom: obj)
  {
#pragma omp target
    {
      int *t = obj.h;
      obj.h = array;
      int tmp = 0;
      for (int i = 0; i < 8; ++i) {
        obj.h[i] += 10;
        tmp += obj.h[i];
      }
      obj.h = t;
      obj.sum = tmp;
    }
  }
  printf("saved and put back: %d %d %d %d\n", obj.h == other, obj.sum,
         array[3], other[3]);

  int *q = array;
#pragma omp target map(tofrom: q[0:8]) firstprivate(obj)
  {
    obj.h = q + 2;
    obj.h[1] = 77;
    *(obj.h + 2) = 78;
  }
  printf("firstprivate record: %d %d %d\n", obj.h == other, array[3],
         array[4]);
#pragma omp target data map(tofrom: array[0:8])
  {
#pragma omp target firstprivate(obj)
    {
      obj.h = q;
      obj.h[7] = 70;
    }
  }
  int b[4] = {0, 0, 0, 0};
  int *r = b;
#pragma omp target firstprivate(obj)
  {
    obj.h = r;
    obj.h[1] = 11;
  }
  printf("pointer variables: %d %d %d\n", obj.h == other, array[7], b[1]);

#pragma omp target map(tofrom: array, obj)
  {
    obj.h = &array[5];
    obj.h[0] = 55;
  }
  printf("kept the device's address: %d %d\n", obj.h == &array[5], array[5]);

  obj.h = other;
  int c = 0;
#pragma omp target map(tofrom: array, obj) map(to: c)
  {
    int *t = obj.h;
    if (c)
      obj.h = array;
    obj.h[6] = 66;
    obj.h = t;
  }
  printf("stored on one branch: %d %d\n", array[6], other[6]);

  // The record reached through a pointer: the device copy of *ap holds
  // the host's pointer as well.
  A *ap = &obj;
#pragma omp target map(tofrom: array, ap[0:1])
  { ap->h[0] = 100; }
  printf("through a pointer: %d %d\n", array[0], other[0]);
#pragma omp target data map(tofrom: array[0:8]) map(tofrom: ap[0:1])
  {
#pragma omp target
    {
      int *t = ap->h;
      ap->h = array;
      ap->h[1] = 101;
      ap->sum = ap->h[2];
      ap->h = t;
    }
  }
  printf("through a pointer, put back: %d %d %d %d\n", ap->h == other,
         array[1], other[1], obj.sum);

  obj.h = array;
  throughReference(obj, array);
  A &ref = obj;
#pragma omp target map(tofrom: array, ref)
  { ref.h[3] = 300; }
#pragma omp target map(tofrom: array, obj)
  {
    A &local = obj;
    local.h[4] = 400;
  }
  printf("through references: %d %d %d\n", array[2], array[3], array[4]);
  return 0;
}
