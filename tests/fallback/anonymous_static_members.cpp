/* A static data member of a class template in an anonymous namespace, mapped
   by data constructs and used in a region (review fb2 anon.cpp: the launch
   code named it `(anonymous namespace)::An<int>::q`, which does not
   compile). Prints what the host build prints. */
#include <cstdio>
namespace {
template <class T> struct An { static long q; };
template <class T> long An<T>::q = 1;
}
int main() {
#pragma omp target enter data map(to: An<int>::q)
#pragma omp target
  { An<int>::q += 4; }
#pragma omp target exit data map(from: An<int>::q)
  std::printf("%ld\n", An<int>::q);
  return 0;
}
