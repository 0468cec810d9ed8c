// A region in an included header is reported, not rewritten.
#include "region_header.h"

void g(double *a, int n) { header_kernel(a, n); }
