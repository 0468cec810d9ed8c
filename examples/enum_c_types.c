// C enumerations compute as C in the .cu (which is C++): C gives an enum
// without a negative enumerator the type unsigned int, and its enumerators
// int. Each line prints what gcc and clang print for the C program; the
// emulated device and the host fallback must print the same.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include "enum_c_types.h"

#define NAME(x) #x
#define SHOW(c) printf("%s: %d\n", #c, (c))
#define COLORS X(RED) X(GREEN) X(BLUE)
#define X(c) c,
enum color { COLORS NCOLORS };
#undef X
#define X(c) #c,
static const char *color_names[] = {COLORS};
#undef X

enum F { F_A, F_B };
enum { NT = 4, ONE = 1 };
enum neg { N_M = -1, N_Z };
typedef enum { T_X, T_Y, T_Z } tri;
enum fwd;
static int fwd_is_b(enum fwd *f);
enum fwd { FW_A, FW_B };
static int fwd_is_b(enum fwd *f) { return *f == FW_B; }

struct rec {
  enum F flag;
  enum in_struct { IS_A, IS_B } inner;
  int n;
};

static int table[NCOLORS + 1];
static enum color favourite = GREEN;
static enum { U_A, U_B } unnamed = U_B;
static const int sizes[F_B + 2] = {F_A, F_B, F_B + 1};

// `case -1:` is outside the enumeration (as every compiler warns), and
// still a value its objects hold in C.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wswitch"
static int classify(enum F e) {
  switch (e) {
  case -1:
    return 7;
  case F_A:
    return 0;
  default:
    return 9;
  }
}
#pragma GCC diagnostic pop

int main(void) {
  // The reviewed case: a value outside the range, on the device and host.
  // (Compared with a variable zero: a constant one makes the comparison
  // "pointless" to nvcc, which is right about the C program.)
  enum F e = F_A;
  int r = 0, zero = 0, on_device = 0;
#pragma omp target map(tofrom: e, r, on_device)
  {
    e -= 2;
    r = e < zero ? 10 : 1;
    on_device = !omp_is_initial_device();
  }
  enum F h = F_A;
  h = h - 2;
  printf("range %d %d %u\n", r, h < zero ? 10 : 1, (unsigned)h);

  // In range, C promotes the object to unsigned int where C++ has int.
  enum color c = RED;
  int m1 = -1;
  long wide = 0, lw = 0;
  double d = 0;
  int q = 0, lt = 0, neg1 = 0, sh = 0;
#pragma omp target map(tofrom: wide, lt, q, neg1, sh, d)
  {
    wide = c - 1;
    lt = c < m1;
    q = (c + m1) / 2;
    neg1 = -c > 0;
    sh = (c - 1) >> 28;
    d = c - 1;
  }
  printf("promote %ld %d %d %d %d %.0f\n", wide, lt, q, neg1, sh, d);
  lw = c - 1;
  printf("host %ld %d %d\n", lw, c < m1, (c + m1) / 2);

  // Values outside the range, wider conversions and division.
  enum F g = (enum F)m1;
  long gl = g;
  long gl2 = g + 1L;
  unsigned long long gu = g;
  int gdiv = 0;
  g /= 2;
  gdiv = g;
  printf("wide %ld %ld %llu %d %d\n", gl, gl2, gu, gdiv, classify((enum F)m1));

  // What must stay as written: enumerators (stringified, X-macro tables,
  // clauses, initializers, case labels, abs, negation, array sizes).
  printf("names %s %s %s\n", NAME(RED), color_names[BLUE], NAME(F_B));
  int nthreads = 0;
#pragma omp parallel num_threads(NT) if (ONE - 2 < 0) reduction(+: nthreads)
  nthreads += 1;
  int arr[2] = {e, 1};
  printf("clauses %d %d %d %d\n", nthreads, arr[0], arr[1], abs(e));
  printf("enumerators %d %d %d %d %d\n", -F_B, F_A - 1 < 0, sizes[2],
         (int)(sizeof table / sizeof table[0]), favourite);

  // Enum-typed struct members mapped to the device, typedef'd and
  // struct-declared enums, a negative enum, a header's enum.
  struct rec s = {F_B, IS_B, 0};
  tri t = T_Z;
  enum neg n = N_M;
  enum shade sd = SH_DARK;
  int sm = 0, tm = 0, nm = 0, shm = 0;
#pragma omp target map(tofrom: s, sm, tm, nm, shm)
  {
    s.n = s.flag - 2 < zero;
    sm = s.inner + m1 < zero;
    tm = t - 3 < zero;
    nm = n < N_Z;
    shm = sd - 2 < zero;
  }
  printf("members %d %d %d %d %d\n", s.n, sm, tm, nm, shm);
  enum fwd fw = FW_B;
  int loop = 0;
  for (enum color k = RED; k < NCOLORS; k++)
    loop += k;
  tri t2 = T_X;
  t2--;
  printf("misc %d %d %d %u\n", fwd_is_b(&fw), loop, t2 < zero, t2 / 2);

  // Review rC: a header's enumeration stepped by a loop that stops at an
  // enumerator (only its reads cast), compared with a constant zero; an
  // enum in an array section's bound and an OpenMP loop's test; an enum's
  // sum compared for equality in a macro that stringifies it.
  int shades = 0, cnt[NCOLORS] = {0};
  enum shade hs;
  for (hs = SH_LIGHT; hs < SH_DARK; hs++)
    shades += hs - 1 < zero;
  enum color last = BLUE;
#pragma omp target teams distribute parallel for map(tofrom: cnt[0:last + 1])
  for (int i = 0; i <= last; i++)
    cnt[i] = i * 10;
  printf("rC %d %d %d %d %d ", shades, hs, hs < 0, hs >= 0, cnt[2]);
  SHOW(last + 1 == NCOLORS);
  // Converted to floating point from C's unsigned int; an int array read
  // through a cast pointer.
  int raw[2] = {-1, 1};
  enum color *pc = (enum color *)raw;
  unnamed = unnamed - zero - 2;
  printf("float %.1f %d %d %u\n", e * 0.5, e < 0.5, pc[0] > BLUE, unnamed);
  fprintf(stderr, "ran on %s\n", on_device ? "the device" : "the host");
  return 0;
}
