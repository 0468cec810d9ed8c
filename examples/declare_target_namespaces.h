// A header of declare_target_namespaces.cpp: a namespace's declare target
// variables, whose device copies go after the #include, in the namespace
// reopened there.
#ifndef DECLARE_TARGET_NAMESPACES_H
#define DECLARE_TARGET_NAMESPACES_H

namespace lib {
#pragma omp declare target
extern int uses;
struct Span {
  int lo, hi;
};
extern Span span;
#pragma omp end declare target
} // namespace lib

#endif
