// A header of declare_target_members.cpp, translated with it: its region
// uses a declare target variable, whose device copy the code of a
// translated header (shared by every unit that includes it) cannot see yet.
#ifndef DECLARE_TARGET_MEMBERS_H
#define DECLARE_TARGET_MEMBERS_H

namespace hdr {
#pragma omp declare target
inline int hits = 1;
#pragma omp end declare target

inline int bump_hits() {
  int seen = 0;
#pragma omp target
  hits += 10;
#pragma omp target map(from: seen)
  seen = hits;
  return seen;
}
} // namespace hdr

#endif
