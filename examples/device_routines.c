// The OpenMP 5.1 device memory routines omp2cuda's runtime answers
// (issue 8): omp_target_memcpy_async and omp_target_memcpy_rect_async,
// deferred copies ordered by depend objects against host tasks and target
// tasks; omp_get_mapped_ptr; omp_target_is_accessible. Every line of stdout
// is the same whether the default device is a GPU or the host, so the host
// build is the reference; stderr says where the regions ran.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 4096
#define R 6
#define C 8

// GCC 12's libgomp has none of these: the host build (no device, so every
// device number is the host's) gets them as OpenMP defines them for the
// host device. The translator parses them too and still routes the calls
// to omp2cuda's runtime, whose generated file defines OMP2CUDA_DEVICE_RT_H.
#ifndef OMP2CUDA_DEVICE_RT_H
int omp_target_is_accessible(const void *p, size_t n, int dev) {
  (void)p, (void)n;
  return dev == omp_get_initial_device();
}
void *omp_get_mapped_ptr(const void *p, int dev) {
  return dev == omp_get_initial_device() ? (void *)p : NULL;
}
static void host_copy(int count, omp_depend_t *list, void *dst,
                      const void *src, size_t n) {
  if (count > 2) { // the runtime's undeferred form
    for (int i = 0; i < count; i++) {
      omp_depend_t d = list[i];
#pragma omp taskwait depend(depobj: d)
    }
    memcpy(dst, src, n);
  } else if (count == 2) {
    omp_depend_t d0 = list[0], d1 = list[1];
#pragma omp task depend(depobj: d0) depend(depobj: d1)
    memcpy(dst, src, n);
  } else if (count == 1) {
    omp_depend_t d0 = list[0];
#pragma omp task depend(depobj: d0)
    memcpy(dst, src, n);
  } else {
#pragma omp task
    memcpy(dst, src, n);
  }
}
int omp_target_memcpy_async(void *dst, const void *src, size_t length,
                            size_t dst_off, size_t src_off, int dst_dev,
                            int src_dev, int count, omp_depend_t *list) {
  if (dst_dev != omp_get_initial_device() ||
      src_dev != omp_get_initial_device())
    return 1;
  host_copy(count, list, (char *)dst + dst_off, (const char *)src + src_off,
            length);
  return 0;
}
int omp_target_memcpy_rect_async(void *dst, const void *src, size_t elem,
                                 int dims, const size_t *volume,
                                 const size_t *dst_offsets,
                                 const size_t *src_offsets,
                                 const size_t *dst_dims,
                                 const size_t *src_dims, int dst_dev,
                                 int src_dev, int count, omp_depend_t *list) {
  // Two dimensions here: row by row, each row a copy in the same order.
  (void)dims, (void)dst_dev, (void)src_dev;
  if (count > 0) {
    omp_depend_t d0 = list[0];
#pragma omp taskwait depend(depobj: d0)
  }
  for (size_t i = 0; i < volume[0]; i++) {
    size_t to = (dst_offsets[0] + i) * dst_dims[1] + dst_offsets[1];
    size_t from = (src_offsets[0] + i) * src_dims[1] + src_offsets[1];
    memcpy((char *)dst + to * elem, (const char *)src + from * elem,
           volume[1] * elem);
  }
  return 0;
}
#endif

static double h[N], back[N];

static void slow_fill(double *a, double v) {
  // Long enough that a copy not ordered after it would read old values.
  for (volatile int k = 0; k < 2000000; k++)
    ;
  for (int i = 0; i < N; i++)
    a[i] = v + i;
}

int main(void) {
  int dev = omp_get_default_device(), host = omp_get_initial_device();
  int errors = 0, on_device = 0;
  double *d = (double *)omp_target_alloc(N * sizeof(double), dev);
  // Initialised only for nvcc's front end, which does not see that the
  // depobj construct sets them (warning 549).
  omp_depend_t od = {0}, oh = {0}, ob = {0};
#pragma omp depobj(od) depend(inout: d)
#pragma omp depobj(oh) depend(inout: h)
#pragma omp depobj(ob) depend(inout: back)

  // A host task fills h; the copy to the device waits for it (depobj oh),
  // a target task doubles the device copy (depend on d), and the copy back
  // waits for that (depobj od): each step after the one it depends on.
#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp task depend(out: h)
    slow_fill(h, 1.0);
    omp_depend_t to_dev[2] = {oh, od};
    errors += omp_target_memcpy_async(d, h, N * sizeof(double), 0, 0, dev,
                                      host, 2, to_dev) != 0;
#pragma omp target is_device_ptr(d) depend(inout: d) nowait                \
    map(from: on_device)
    {
      on_device = !omp_is_initial_device();
      for (int i = 0; i < N; i++)
        d[i] = 2 * d[i];
    }
    omp_depend_t from_dev[1] = {od};
    errors += omp_target_memcpy_async(back, d, N * sizeof(double), 0, 0,
                                      host, dev, 1, from_dev) != 0;
#pragma omp taskwait
  }
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += back[i] != 2 * (1.0 + i);
  printf("memcpy_async with depend objects: %d wrong\n", bad);

  // No depend objects: the copy completes at the taskwait. Five objects
  // (more than a task takes here): the copy back waits for all of them,
  // here for a host task that writes the copy's destination first.
  memset(back, 0, sizeof back);
#pragma omp parallel num_threads(4)
#pragma omp single
  {
    errors += omp_target_memcpy_async(d, h, N * sizeof(double), 0, 0, dev,
                                      host, 0, NULL) != 0;
#pragma omp taskwait
    omp_depend_t five[5] = {od, oh, ob, od, ob};
#pragma omp task depend(inout: back)
    slow_fill(back, -5.0);
    errors += omp_target_memcpy_async(back, d, N * sizeof(double), 0, 0, host,
                                      dev, 5, five) != 0;
#pragma omp taskwait
  }
  bad = 0;
  for (int i = 0; i < N; i++)
    bad += back[i] != 1.0 + i;
  printf("memcpy_async without and with five objects: %d wrong\n", bad);

  // A device number that names nothing: an error, and nothing is copied.
  back[0] = -1;
  printf("copy to no device refused: %d, nothing copied: %d\n",
         omp_target_memcpy_async(back, h, 8, 0, 0, host, host + 7, 0,
                                 NULL) != 0,
         back[0] == -1);
#pragma omp taskwait

  // A 3x4 block of a 6x8 host matrix to the device's 4x5 block at (1,1),
  // and back to another matrix at (2,3).
  {
    static double m[R][C], m2[R][C];
    double *dm = (double *)omp_target_alloc(4 * 5 * sizeof(double), dev);
    double zero[4 * 5] = {0};
    omp_target_memcpy(dm, zero, sizeof zero, 0, 0, dev, host);
    for (int i = 0; i < R; i++)
      for (int j = 0; j < C; j++)
        m[i][j] = 10 * i + j, m2[i][j] = -1;
    size_t vol[2] = {3, 4}, mdims[2] = {R, C}, ddims[2] = {4, 5};
    size_t from[2] = {2, 1}, at[2] = {1, 1}, to[2] = {2, 3};
    omp_depend_t odm = {0};
#pragma omp depobj(odm) depend(inout: dm)
    omp_depend_t l[1] = {odm};
    errors += omp_target_memcpy_rect_async(dm, m, sizeof(double), 2, vol, at,
                                           from, ddims, mdims, dev, host, 1,
                                           l) != 0;
#pragma omp target is_device_ptr(dm) depend(depobj: odm)
    for (int k = 0; k < 4 * 5; k++)
      dm[k] += 0.5;
    errors += omp_target_memcpy_rect_async(m2, dm, sizeof(double), 2, vol,
                                           to, at, mdims, ddims, host, dev, 1,
                                           l) != 0;
#pragma omp taskwait
    bad = 0;
    for (int i = 0; i < R; i++)
      for (int j = 0; j < C; j++) {
        int in = i >= 2 && i < 5 && j >= 3 && j < 7;
        double want = in ? 10 * (i - 2 + 2) + (j - 3 + 1) + 0.5 : -1;
        bad += m2[i][j] != want;
      }
    printf("memcpy_rect_async 3x4 block: %d wrong\n", bad);
    omp_target_free(dm, dev);
  }

  // omp_get_mapped_ptr: the device copy of a mapped array, which a region
  // then reaches through is_device_ptr.
  {
    double a[64];
    for (int i = 0; i < 64; i++)
      a[i] = i;
#pragma omp target enter data map(to: a) device(dev)
    double *da = (double *)omp_get_mapped_ptr(a, dev);
    double *d5 = (double *)omp_get_mapped_ptr(&a[5], dev);
    printf("mapped: %d, element 5 at offset 5: %d\n", da != NULL,
           da != NULL && d5 == da + 5);
#pragma omp target is_device_ptr(da) device(dev)
    for (int i = 0; i < 64; i++)
      da[i] = 3 * da[i];
#pragma omp target exit data map(from: a) device(dev)
    double *gone = (double *)omp_get_mapped_ptr(a, dev);
    bad = 0;
    for (int i = 0; i < 64; i++)
      bad += a[i] != 3 * i;
    printf("through the mapped pointer: %d wrong; after exit data: %s\n", bad,
           gone == NULL || gone == a ? "not mapped" : "still mapped");
    printf("host's mapped pointer is the pointer: %d\n",
           omp_get_mapped_ptr(a, host) == a);
  }

  // omp_target_is_accessible: host memory a region may use without a map
  // where the device can reach it, else mapped.
  {
    int *p = (int *)malloc(N * sizeof(int));
    int reach = omp_target_is_accessible(p, N * sizeof(int), dev);
    printf("host memory accessible from the host device: %d\n",
           omp_target_is_accessible(p, N * sizeof(int), host));
    if (reach) {
#pragma omp target firstprivate(p) device(dev)
      for (int i = 0; i < N; i++)
        p[i] = 5 * i;
    } else {
#pragma omp target map(from: p[0:N]) device(dev)
      for (int i = 0; i < N; i++)
        p[i] = 5 * i;
    }
    bad = 0;
    for (int i = 0; i < N; i++)
      bad += p[i] != 5 * i;
    printf("written %s: %d wrong\n", "in place or through a map", bad);
    free(p);
  }

  omp_target_free(d, dev);
  printf("errors from the routines: %d\n", errors);
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return 0;
}
