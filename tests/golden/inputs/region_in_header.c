// A region in an included header: the header is translated into a copy
// (region_header.cu.h) that the .cu includes.
#include "region_header.h"

void g(double *a, int n) { header_kernel(a, n); }
