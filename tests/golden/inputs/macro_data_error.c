// A data construct from a macro that also defines a function around it, with
// a pragma string built by stringification: no rewrite of the #define can
// serve every expansion, and left to the host runtime the update would never
// reach the device copy. An error; nothing is written.
#define DO_PRAGMA(x) _Pragma(#x)
#define PUSH2(v, m) DO_PRAGMA(omp target update to(v[0:m]))
#define DEF2(name) void name(double *a, int n) { PUSH2(a, n) }
DEF2(push_it)
