// Hand-written CUDA for examples/lulesh_bc.c, the way LULESH's CUDA port
// writes ApplyAccelerationBoundaryConditionsForNodes: one thread per
// boundary node, each of the three index lists guarded by its sign.
// Compile-only reference for scripts/bench.
extern "C" __global__ void hw_lulesh_bc(double *__restrict__ xdd,
                                        double *__restrict__ ydd,
                                        double *__restrict__ zdd,
                                        const int *__restrict__ symmX,
                                        const int *__restrict__ symmY,
                                        const int *__restrict__ symmZ,
                                        int numNodeBC) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < numNodeBC;
       i += blockDim.x * gridDim.x) {
    const int sx = symmX[i], sy = symmY[i], sz = symmZ[i];
    if (sx >= 0)
      xdd[sx] = 0.0;
    if (sy >= 0)
      ydd[sy] = 0.0;
    if (sz >= 0)
      zdd[sz] = 0.0;
  }
}

void launch_lulesh_bc(double *xdd, double *ydd, double *zdd, const int *symmX,
                      const int *symmY, const int *symmZ, int numNodeBC) {
  int threads = 128, blocks = (numNodeBC + threads - 1) / threads;
  hw_lulesh_bc<<<blocks, threads>>>(xdd, ydd, zdd, symmX, symmY, symmZ,
                                    numNodeBC);
}
