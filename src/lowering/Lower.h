#ifndef OMP2CUDA_LOWERING_LOWER_H
#define OMP2CUDA_LOWERING_LOWER_H

#include "omp2cuda/KernelModel.h"
#include "omp2cuda/Options.h"
#include "omp2cuda/Region.h"

namespace omp2cuda {

/// Decides how a translatable Region runs on the device: kernel parameters,
/// the host stub's maps, the loop form and launch shape.
KernelModel lowerRegion(const Region &R, const Options &O);

/// The SPMD part of K (KernelShape::Spmd): the directive tree and where
/// the team synchronises.
void lowerSpmd(const Region &R, KernelModel &K);

/// The trip count of one loop level as a C++ expression of type TripType.
std::string tripCountExpr(const LoopLevel &L, const std::string &TripType);
/// The first value of L's variable in a loop that starts Offset iterations
/// in (a thread's or team's number) and strides over the others: an
/// overflow-free o2c_dev::strideStart, or Offset itself from 0 (below 2^31,
/// it fits every variable that is not narrow), or the lower bound from
/// Offset 0.
std::string strideStart(const LoopLevel &L, const std::string &Offset);
/// `Var = o2c_dev::strideNext(Var, Bound, Stride)`: the step of a loop
/// `Var < Bound` that stops at the bound instead of wrapping past the
/// type's maximum (omp2cuda/loops.h).
std::string strideStep(const std::string &Var, const std::string &Bound,
                       const std::string &Stride);

/// One level of a static schedule without a chunk: block Who of Of. As
/// blockLoopOpen's Cyclic level, Chunk (empty: 1) is how many consecutive
/// iterations Who takes at a turn.
struct BlockLevel {
  std::string Who, Of, Chunk = {};
};
/// Opens the loop of counter Iv (type T) over the iterations [Lo, Trip)
/// that static schedules without a chunk give this thread
/// (o2c_dev::staticBlock): Levels, outer first, each take their block of
/// the level above's (a team's of the loop's, then a thread's of the
/// team's); Cyclic, when its Of is set, takes Chunk iterations of every
/// Of chunks of the last block from Who on instead (schedule(static, c)
/// inside a team's block). Id names the blocks. Close the loop with "}".
std::string blockLoopOpen(const std::string &T, const std::string &Iv,
                          const std::string &Trip, const std::string &Id,
                          const std::vector<BlockLevel> &Levels,
                          const BlockLevel &Cyclic = {},
                          const std::string &Lo = "0");

/// The o2c::Map* flags of a map, e.g. "o2c::MapTo | o2c::MapAlways".
std::string mapFlags(const MapInfo &M);

/// The steps that map a map item on an lvalue (`s.len`, `s.p[lo:n]`): its
/// map and, unless it leaves the device (release, delete), the attachment
/// of the pointer it lies behind or is. Without PM.Loops.
std::vector<MapStep> mapSteps(const PointerMap &PM);

/// The steps that map a data construct's mapped variable (Cap.Map set): its
/// map and, for a pointer variable that enters, its attachment.
std::vector<MapStep> mapSteps(const Capture &Cap);

/// The stub's maps of a target region's struct variable whose member items
/// map the members alone (Ms: those items, by offset; RegionMemberSpans.cpp)
/// at Object (`&(s)`, or the pointer `w` of `w->x`): one member's block, or
/// the span of several (o2c::MapStruct) and each member (o2c::MapMember),
/// the first setting DevName to the struct's device address.
std::vector<StubMap> memberSpanMaps(const std::string &Object,
                                    const std::vector<const PointerMap *> &Ms,
                                    const std::string &DevName);

} // namespace omp2cuda

#endif
