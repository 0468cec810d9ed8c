// LULESH ApplyAccelerationBoundaryConditionsForNodes (seed 000 Table 3), in
// the split form: `target teams` around `distribute parallel for`. Each
// boundary node list symmX/symmY/symmZ zeroes one acceleration component.
// Self-checking; prints integer checksums. stderr says where it ran.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static int ran_on_device(void) {
  int on_device = 0;
#pragma omp target map(tofrom: on_device)
  on_device = !omp_is_initial_device();
  return on_device;
}

static void apply_bc(double *xdd, double *ydd, double *zdd, const int *symmX,
                     const int *symmY, const int *symmZ, int numNodeBC,
                     int numNode) {
#pragma omp target teams map(tofrom: xdd[0:numNode], ydd[0:numNode], zdd[0:numNode]) \
    map(to: symmX[0:numNodeBC], symmY[0:numNodeBC], symmZ[0:numNodeBC])
  {
#pragma omp distribute parallel for
    for (int i = 0; i < numNodeBC; ++i) {
      if (symmX[i] >= 0)
        xdd[symmX[i]] = 0.0;
      if (symmY[i] >= 0)
        ydd[symmY[i]] = 0.0;
      if (symmZ[i] >= 0)
        zdd[symmZ[i]] = 0.0;
    }
  }
}

int main(void) {
  const int edge = 64, numNode = edge * edge * edge, numNodeBC = edge * edge;
  double *xdd = (double *)malloc(numNode * sizeof(double));
  double *ydd = (double *)malloc(numNode * sizeof(double));
  double *zdd = (double *)malloc(numNode * sizeof(double));
  int *symmX = (int *)malloc(numNodeBC * sizeof(int));
  int *symmY = (int *)malloc(numNodeBC * sizeof(int));
  int *symmZ = (int *)malloc(numNodeBC * sizeof(int));
  for (int i = 0; i < numNode; ++i)
    xdd[i] = ydd[i] = zdd[i] = 1.0;
  /* The three faces x=0, y=0, z=0 of the cube; -1 marks "no node". */
  for (int a = 0; a < edge; ++a)
    for (int b = 0; b < edge; ++b) {
      int k = a * edge + b;
      symmX[k] = (k % 9 == 0) ? -1 : a * edge * edge + b * edge;
      symmY[k] = (k % 11 == 0) ? -1 : a * edge * edge + b;
      symmZ[k] = a * edge + b;
    }
  apply_bc(xdd, ydd, zdd, symmX, symmY, symmZ, numNodeBC, numNode);
  long zx = 0, zy = 0, zz = 0;
  for (int i = 0; i < numNode; ++i) {
    zx += xdd[i] == 0.0;
    zy += ydd[i] == 0.0;
    zz += zdd[i] == 0.0;
  }
  long ex = 0, ey = 0;
  for (int k = 0; k < numNodeBC; ++k) {
    ex += symmX[k] >= 0;
    ey += symmY[k] >= 0;
  }
  int errors = (zx != ex) + (zy != ey) + (zz != numNodeBC);
  fprintf(stderr, "lulesh_bc: ran on %s\n", ran_on_device() ? "device" : "host");
  printf("lulesh_bc: nodes=%d bc=%d zeroed x=%ld y=%ld z=%ld errors=%d\n", numNode,
         numNodeBC, zx, zy, zz, errors);
  free(xdd);
  free(ydd);
  free(zdd);
  free(symmX);
  free(symmY);
  free(symmZ);
  return errors != 0;
}
