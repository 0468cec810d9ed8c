// omp_target_memcpy_async and omp_target_memcpy_rect_async as target tasks
// on the hidden helper threads (memcpy_async_helpers.sh; issue 12,
// docs/device-routines.md "Asynchronous copies"). Each copy is ordered by
// its depend objects after a slow host task that fills its source and a
// `nowait` target task, and before the copy back; with 0 to 17 objects
// (memcpy_async.h's task names up to 16, seventeen make the copy
// undeferred), the objects that order it last in the list, in serial code
// (detached tasks under clang) and in a team of four (tasks that wait for
// their helper), waited for by taskwait or taskgroup. Self-checking, exact.
//   ./prog          everything, ROUNDS times; prints "errors=N"
//   ./prog copies   only the copies (no target region), once, and how many
//                   of them are deferred: each is one task for a helper
// Not an example: the routines and omp_depend_t lists need OpenMP 5.1,
// which GCC 12's host build lacks.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// MAXDEFERRED: memcpy_async.h's MaxDepobjs; one more is the undeferred form.
enum { N = 1024, R = 8, C = 16, ROUNDS = 10, MAXDEFERRED = 16, MAXOBJ = 17 };

static double h[N], back[N], e[MAXOBJ], m[R * C];
static double *d;
static int dev, host, errors, deferred;

static void fill(double *a, double v) {
  // Long enough that a copy not ordered after it would read old values.
  for (volatile int k = 0; k < 300000; k++)
    ;
  for (int i = 0; i < N; i++)
    a[i] = v + i;
}

static void expect(const double *a, double v, const char *what, int k) {
  for (int i = 0; i < N; i++)
    if (a[i] != v + i) {
      printf("%s (%d objects): [%d] = %g, expected %g\n", what, k, i, a[i],
             v + i);
      errors++;
      return;
    }
}

// h -> d after the task that fills h (object 0) and, with K >= 2, after the
// previous target task on d (object 1); the other objects name unrelated
// bytes, and come first in the copy's list (with 6 objects, the one that
// orders it after the fill is the sixth). K < 2: a taskwait stands in for
// the missing objects.
static void to_device(double v, int k, omp_depend_t *objs, int target) {
  omp_depend_t list[MAXOBJ];
  for (int i = 0; i < k; i++)
    list[i] = objs[k - 1 - i];
#pragma omp task depend(out: h)
  fill(h, v);
  if (k == 0) {
#pragma omp taskwait
  }
  errors += omp_target_memcpy_async(d, h, N * sizeof(double), 0, 0, dev, host,
                                    k, list) != 0;
  deferred += k <= MAXDEFERRED;
  if (k < 2) {
#pragma omp taskwait
  }
  if (target) {
#pragma omp target is_device_ptr(d) depend(inout: d) nowait
    for (int i = 0; i < N; i++)
      d[i] += 1;
  }
}

static void round_trip(double v, int k, omp_depend_t *objs, int target) {
  to_device(v, k, objs, target);
  // The copy back waits for the target task (object 1).
  omp_depend_t back_objs[2] = {objs[1], objs[2]};
  errors += omp_target_memcpy_async(back, d, N * sizeof(double), 0, 0, host,
                                    dev, 2, back_objs) != 0;
  deferred++;
}

static void serial_rounds(omp_depend_t *objs, int target) {
  for (int k = 0; k <= MAXOBJ; k++) {
    double v = 10.0 * k;
    if (k % 2) {
#pragma omp taskgroup
      round_trip(v, k, objs, target);
    } else {
      round_trip(v, k, objs, target);
#pragma omp taskwait
    }
    expect(back, v + target, "serial", k);
  }
}

static void team_rounds(omp_depend_t *objs, int target) {
#pragma omp parallel num_threads(4)
#pragma omp single
  for (int k = 0; k <= 6; k += 2) {
    double v = 100.0 + k;
    round_trip(v, k, objs, target);
#pragma omp taskwait
    expect(back, v + target, "team", k);
  }
}

// A 3 x 4 block at (2, 5) of an R x C host matrix to (1, 3) of a device
// matrix, after the host task that fills it; a target task adds 1 to the
// whole device matrix; the block back to (4, 7) of another host matrix.
static void rect(omp_depend_t om, omp_depend_t od, int target) {
  static double out[R * C];
  size_t vol[2] = {3, 4}, at[2] = {2, 5}, dat[2] = {1, 3}, oat[2] = {4, 7};
  size_t dims[2] = {R, C};
  double *dm = (double *)omp_target_alloc(sizeof m, dev);
  memset(out, 0, sizeof out);
  omp_depend_t objs[2] = {om, od};
  omp_depend_t dep_d = od;
#pragma omp task depend(out: m)
  {
    for (volatile int k = 0; k < 300000; k++)
      ;
    for (int i = 0; i < R * C; i++)
      m[i] = i;
  }
  // Zero the device matrix first, so that a wrong block shows.
  errors += omp_target_memcpy(dm, out, sizeof out, 0, 0, dev, host) != 0;
  errors += omp_target_memcpy_rect_async(dm, m, sizeof(double), 2, vol, dat,
                                         at, dims, dims, dev, host, 2,
                                         objs) != 0;
  deferred++;
  if (target) {
#pragma omp target is_device_ptr(dm) depend(inout: d) nowait
    for (int i = 0; i < R * C; i++)
      dm[i] += 1;
  }
  errors += omp_target_memcpy_rect_async(out, dm, sizeof(double), 2, vol, oat,
                                         dat, dims, dims, host, dev, 1,
                                         &dep_d) != 0;
  deferred++;
#pragma omp taskwait
  for (int r = 0; r < R; r++)
    for (int c = 0; c < C; c++) {
      int in = r >= 4 && r < 7 && c >= 7 && c < 11;
      double want = in ? (r - 2) * C + (c - 2) + target : 0;
      if (out[r * C + c] != want) {
        printf("rect: [%d][%d] = %g, expected %g\n", r, c, out[r * C + c],
               want);
        errors++;
        r = R;
        break;
      }
    }
  omp_target_free(dm, dev);
}

int main(int argc, char **argv) {
  int target = !(argc > 1 && strcmp(argv[1], "copies") == 0);
  dev = omp_get_default_device();
  host = omp_get_initial_device();
  d = (double *)omp_target_alloc(N * sizeof(double), dev);
  // Initialised only for nvcc's front end (warning 549), as in
  // examples/device_routines.c.
  omp_depend_t objs[MAXOBJ] = {0}, om = {0};
#pragma omp depobj(objs[0]) depend(inout: h)
#pragma omp depobj(objs[1]) depend(inout: d)
#pragma omp depobj(objs[2]) depend(inout: back)
  for (int i = 3; i < MAXOBJ; i++) {
#pragma omp depobj(objs[i]) depend(inout: e[i])
  }
#pragma omp depobj(om) depend(inout: m)
  for (int r = 0; r < (target ? ROUNDS : 1); r++) {
    serial_rounds(objs, target);
    team_rounds(objs, target);
    rect(om, objs[1], target);
  }
  for (int i = 0; i < MAXOBJ; i++) {
#pragma omp depobj(objs[i]) destroy
  }
#pragma omp depobj(om) destroy
  omp_target_free(d, dev);
  if (!target)
    printf("deferred copies: %d\n", deferred);
  printf("errors=%d\n", errors);
  return errors != 0;
}
