// A header of declare_target_namespaces.cpp: a namespace's declare target
// variables, whose device copies go after the #include, in the namespace
// reopened there.
#ifndef DECLARE_TARGET_NAMESPACES_H
#define DECLARE_TARGET_NAMESPACES_H

namespace lib {
#pragma omp declare target
inline int uses = 0;
struct Span {
  int lo, hi;
};
inline Span span = {2, 6};
#pragma omp end declare target
} // namespace lib

#endif
