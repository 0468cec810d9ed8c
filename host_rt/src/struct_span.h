// Struct spans and their member steps (MapStruct / MapMember in host_rt.h).
// Private to the runtime; enter() and leave() (target_region.cpp) hand these
// flags here.
#ifndef OMP2CUDA_HOST_RT_STRUCT_SPAN_H
#define OMP2CUDA_HOST_RT_STRUCT_SPAN_H

#include "omp2cuda/host_rt.h"

#include <cstddef>

namespace o2c::steps {
struct Cleanup;

/// Records the span this thread just mapped, whether the map created it, and
/// whether its members copy as into a new copy (Created, or a count of one
/// that an earlier item of the same construct raised).
void noteSpan(const void *Host, std::size_t Bytes, bool Created, bool Fresh);
/// Entry half of a member step: the device address of Host.
void *enterMember(const SourceLoc &Loc, int Dev, const void *Host,
                  std::size_t Bytes, unsigned Flags, void *Stream);
/// Exit half of a member step, before the span's own exit.
void leaveMember(const SourceLoc &Loc, int Dev, const void *Host,
                 std::size_t Bytes, unsigned Flags, void *Stream, Cleanup &C);
} // namespace o2c::steps

#endif // OMP2CUDA_HOST_RT_STRUCT_SPAN_H
