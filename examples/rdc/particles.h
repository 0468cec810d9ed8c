// Declarations shared by main.c and forces.c (issue 10 point 3): the
// functions are `declare target` here and defined in forces.c, so main.c's
// regions call them on the device only with relocatable device code
// (omp2cuda-cc -fgpu-rdc; see docs/rdc.md).
#ifndef PARTICLES_H
#define PARTICLES_H

#pragma omp declare target
double kick(double v, double x);
int bucket(double x);
extern double gravity;
#pragma omp end declare target

#endif
