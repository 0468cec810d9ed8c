/* C forms the .cu (C++) would give another meaning without the C edits:
   the type of comparisons, logical operators, character constants, true
   and enumerators where sizeof / __typeof__ / __auto_type ask it (C: int),
   the arms of ?: (C converts a short or a char to int), the macros that
   tell C from C++, and abs() of a double or a long (C
   converts to int; C++ overloads). scratch-ccomp cc4-cc8.c, pp1.c,
   wrong7_abs.c: the emu build printed 1111, 1, 44, 52 5 2, 2.5. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

enum E { EA, EB };
#define ACCUM(v, e) do { __typeof__(e) t_ = (e); t_ += 5; v += t_; } while (0)
#define ADD(a, b) ({ __auto_type t_ = (a); t_ += (b); t_; })
#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 199901L
#define SCALE 3
#else
#define SCALE 5
#endif
#ifdef __cplusplus
static const int lang = 2;
#elif defined __STDC_VERSION__
static const int lang = 1;
#else
static const int lang = 4;
#endif

static void compute(int *r, int x, int y, double d, long v) {
  r[0] = sizeof(x < y) + 10 * sizeof(!x) + 100 * sizeof(x && y) +
         1000 * sizeof(true) + 10000 * sizeof(x ? 'a' : 'b');
  r[1] = 0;
  ACCUM(r[1], x < y);
  r[2] = ADD('a', 300) + ADD(x > y, 10);
  __typeof__('z') c = 400;
  __typeof__(EB) e = 7;
  e += 1;
  r[3] = c + 1000 * e;
  r[4] = abs(d) + 10 * abs(v % 100000000000L) + 100 * (x < y);
  r[5] = SCALE * 10 + lang;
  r[6] = (int)sizeof(x + (x < y)) + ~(x < y);
  short s = 1, t = 2;
  char ch = 'x';
  r[7] = sizeof(x ? s : t) + 10 * sizeof(x ? ch : 'b') + 100 * sizeof(x ? ch : ch);
}

int main(void) {
  int x = 3, y = 5;
  double d = -2.5;
  long v = -3000000007L;
  int *r = calloc(8, sizeof(int));
  int *h = calloc(8, sizeof(int));
  compute(h, x, y, d, v);
#pragma omp target map(tofrom: r[0:8]) firstprivate(x, y, d, v)
  {
    r[0] = sizeof(x < y) + 10 * sizeof(!x) + 100 * sizeof(x && y) +
           1000 * sizeof(true) + 10000 * sizeof(x ? 'a' : 'b');
    ACCUM(r[1], x < y);
    r[2] = ADD('a', 300) + ADD(x > y, 10);
    __typeof__('z') c = 400;
    __typeof__(EB) e = 7;
    e += 1;
    r[3] = c + 1000 * e;
    r[4] = abs(d) + 10 * abs(v % 100000000000L) + 100 * (x < y);
    r[5] = SCALE * 10 + lang;
    r[6] = (int)sizeof(x + (x < y)) + ~(x < y);
    short s = 1, t = 2;
    char ch = 'x';
    r[7] = sizeof(x ? s : t) + 10 * sizeof(x ? ch : 'b') + 100 * sizeof(x ? ch : ch);
  }
  for (int i = 0; i < 8; i++)
    printf("%d: device %d host %d\n", i, r[i], h[i]);
  free(r);
  free(h);
  return 0;
}
