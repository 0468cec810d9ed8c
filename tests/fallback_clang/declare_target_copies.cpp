/* Device copies of declare target variables whose initialiser or type the
   copy cannot repeat as written: an initialiser that uses a macro
   redefined later, or names declarations after the variable's first
   declaration (the copy goes there), gets the host's value; a static
   member typed by its class's typedef gets the type it names. An inline
   variable, defined by every unit that includes it, gets no copy of this
   unit: its regions stay on the host. Each variable is written on the
   device and read back, so a copy with the wrong start or none shows. */
#include <stdio.h>

namespace cfg {
#pragma omp declare target
extern int x;
extern double tab[2];
#pragma omp end declare target
} // namespace cfg

#define WIDTH 2
namespace cfg {
#pragma omp declare target
struct B {
  static const int base = 3;
};
constexpr double f = 1.5;
int x = B::base * 2;
double tab[2] = {f, f * 2};
int w = WIDTH;
int grid[2][2] = {{WIDTH}, {-WIDTH, 4}};
#pragma omp end declare target
} // namespace cfg
#undef WIDTH
#define WIDTH 7

namespace n {
typedef long idx;
struct K {
  using idx_t = long;
  typedef double real;
  static idx off;
  static idx_t on;
  static real sc[2];
  inline static int hits = 5;
};
idx K::off = 4;
K::idx_t K::on = 5;
K::real K::sc[2] = {1.5, 2.5};
#pragma omp declare target(K::off, K::on, K::sc, K::hits)
#pragma omp declare target
inline int shared = 1;
#pragma omp end declare target
} // namespace n

int main() {
#pragma omp target
  {
    cfg::x += 1;
    cfg::tab[1] += 1;
    cfg::w += 10;
    cfg::grid[1][0] -= 1;
  }
#pragma omp target update from(cfg::x, cfg::tab, cfg::w, cfg::grid)
  printf("cfg %d %g %d %d %d %d\n", cfg::x, cfg::tab[1], cfg::w,
         cfg::grid[0][0], cfg::grid[1][0], WIDTH);
#pragma omp target
  {
    n::K::off += 3;
    n::K::on += 1;
    n::K::sc[1] *= 2;
  }
#pragma omp target update from(n::K::off, n::K::on, n::K::sc)
  printf("k %ld %ld %g\n", n::K::off, n::K::on, n::K::sc[1]);
  int r = 0, s = 0;
#pragma omp target map(from: r, s)
  {
    n::K::hits += 20;
    n::shared += 10;
    r = n::K::hits;
    s = n::shared;
  }
  printf("inline %d %d\n", r, s);
  return 0;
}
