// integration.rdc step 10: f calls getenv, so no file compiles it for the
// device.
#include <stdlib.h>
#pragma omp declare target
int f(int x) { return x + (getenv("O2C_RDC_UNSET_VARIABLE") != 0); }
#pragma omp end declare target
