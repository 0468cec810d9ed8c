// LULESH-style split form: target teams around distribute parallel for
// (seed 000 Table 3, ApplyAccelerationBoundaryConditionsForNodes).
void apply_bc(double *xdd, double *ydd, const int *symmX, const int *symmY,
              int numBC, int numNode) {
#pragma omp target teams map(tofrom: xdd[0:numNode], ydd[0:numNode]) \
    map(to: symmX[0:numBC], symmY[0:numBC])
  {
#pragma omp distribute parallel for
    for (int i = 0; i < numBC; ++i) {
      if (symmX[i] >= 0)
        xdd[symmX[i]] = 0.0;
      if (symmY[i] >= 0)
        ydd[symmY[i]] = 0.0;
    }
  }
}
