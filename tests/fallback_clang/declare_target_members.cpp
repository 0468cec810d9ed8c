/* Declare target variables of namespaces and classes whose device copy
   omp2cuda cannot give (a private member, a static member of a class
   template, a member of a class type declared in the class, a region in a
   translated header, a reference in a macro's body or a distributed loop's
   bounds): the regions that use them stay on the host, where
   each computes what the host build computes (each variable is written by
   one region and read by the next: the host's value passed to the kernel
   lost the write). A translated region beside
   them keeps using the device copies it has (the namespace's `scale`), and
   the host's values cross with target update. */
#include <stdio.h>

#include "declare_target_members.h"

namespace cfg {
#pragma omp declare target
int scale = 3;
int lim = 4;
#pragma omp end declare target
} // namespace cfg
#define GROW cfg::lim += 2

class Hidden {
#pragma omp declare target
  static int secret;
#pragma omp end declare target
public:
  static int run() {
    int out = 0;
#pragma omp target
    secret += 4;
#pragma omp target map(from: out)
    out = secret;
    return out;
  }
};
#pragma omp declare target
int Hidden::secret = 1;
#pragma omp end declare target

template <typename T> struct Tally {
#pragma omp declare target
  static T total;
#pragma omp end declare target
};
#pragma omp declare target
template <typename T> T Tally<T>::total = 5;
#pragma omp end declare target

struct Box {
  struct Pair {
    int a, b;
  };
#pragma omp declare target
  static Pair p;
#pragma omp end declare target
};
#pragma omp declare target
Box::Pair Box::p = {1, 2};
#pragma omp end declare target

int main() {
  int a[4] = {1, 2, 3, 4};
  int t = 0, q = 0;
  cfg::scale = 10;
#pragma omp target update to(cfg::scale)
#pragma omp target map(tofrom: a)
  for (int i = 0; i < 4; i++)
    a[i] *= cfg::scale;
  printf("a %d %d %d %d\n", a[0], a[1], a[2], a[3]);
  printf("secret %d\n", Hidden::run());
#pragma omp target
  Tally<int>::total += 2;
#pragma omp target map(from: t)
  t = Tally<int>::total;
  printf("tally %d\n", t);
#pragma omp target
  Box::p.b += 40;
#pragma omp target map(from: q)
  q = Box::p.a + Box::p.b;
  printf("box %d\n", q);
  printf("hits %d\n", hdr::bump_hits());
  /* Named in a macro's body, and in a distributed loop's bounds. */
  int b[8] = {0};
#pragma omp target
  GROW;
#pragma omp target teams distribute parallel for map(tofrom: b)
  for (int i = 0; i < cfg::lim; i++)
    b[i] = cfg::lim;
  printf("b %d %d %d\n", b[3], b[5], b[6]);
  return 0;
}
