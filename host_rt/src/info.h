// The O2C_INFO lines (info.cpp). infoEnabled() and recordLaunch() are in
// omp2cuda/host_rt.h: generated code calls them.
#ifndef OMP2CUDA_HOST_RT_INFO_H
#define OMP2CUDA_HOST_RT_INFO_H

#include "omp2cuda/host_rt.h"

#include <cstddef>
#include <string>

namespace o2c::detail {

/// "o2c info: file:line: 'directive': What" when O2C_INFO is set.
void info(const SourceLoc &Loc, const std::string &What);
/// The line of a construct that ran on device Dev: stream, thread, bytes
/// moved each way (ToD, ToH) and the launches recorded since the last line.
void infoDevice(const SourceLoc &Loc, int Dev, void *Stream, std::size_t ToD,
                std::size_t ToH);
/// Forgets the launches recorded on this thread (a region starts or failed).
void clearLaunches();
/// Takes the launches recorded on this thread, for a region whose line is
/// printed by another (a helper finishing a task issued inline), which
/// hands them back with restoreLaunches() before its infoDevice().
std::string takeLaunches();
void restoreLaunches(std::string L);

} // namespace o2c::detail

#endif // OMP2CUDA_HOST_RT_INFO_H
