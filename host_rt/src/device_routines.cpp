// The OpenMP 5.1 device routines beyond omp_target_alloc & co.
// (data_constructs.cpp): rectangular copies, omp_target_is_accessible and
// omp_get_mapped_ptr, over the same present table and backend.
#include "backend.h"
#include "device_state.h"
#include "map_steps.h"
#include "present_table.h"
#include "released.h"

#include "omp2cuda/host_rt.h"

#include <climits>
#include <cstring>
#include <vector>

namespace o2c {

using detail::backend;
using detail::isHostDevice;
using detail::isOffloadDevice;
using detail::PresentTable;
using detail::runtimeLoc;
using detail::table;
using namespace steps;

namespace {

/// One contiguous run of a rectangular copy.
struct Run {
  char *Dst;
  const char *Src;
};

/// The runs of a rectangular copy whose innermost dimension is Row bytes:
/// Dims dimensions left, Dst and Src at the start of the current block.
void collectRuns(std::vector<Run> &Out, char *Dst, const char *Src,
                 std::size_t Elem, int Dims, const std::size_t *Volume,
                 const std::size_t *DstOff, const std::size_t *SrcOff,
                 const std::size_t *DstDims, const std::size_t *SrcDims) {
  // The bytes one step of this dimension advances: the product of the
  // extents of the dimensions inside it.
  std::size_t DstStride = Elem, SrcStride = Elem;
  for (int I = 1; I < Dims; ++I) {
    DstStride *= DstDims[I];
    SrcStride *= SrcDims[I];
  }
  char *D = Dst + DstOff[0] * DstStride;
  const char *S = Src + SrcOff[0] * SrcStride;
  if (Dims == 1) {
    Out.push_back({D, S});
    return;
  }
  for (std::size_t I = 0; I < Volume[0]; ++I)
    collectRuns(Out, D + I * DstStride, S + I * SrcStride, Elem, Dims - 1,
                Volume + 1, DstOff + 1, SrcOff + 1, DstDims + 1, SrcDims + 1);
}

/// Copies each run's Bytes between the host and the device Dev on one
/// stream, with one synchronisation.
void copyRuns(const std::vector<Run> &Runs, std::size_t Bytes, int Dev,
              bool ToDevice) {
  const SourceLoc &L = runtimeLoc();
  StreamLease S(Dev, L);
  for (const Run &R : Runs) {
    if (ToDevice)
      toDev(Dev, R.Dst, R.Src, Bytes, S.get(), L);
    else
      toHost(Dev, R.Dst, R.Src, Bytes, S.get(), L);
  }
  syncStream(Dev, S.get(), L);
}

} // namespace

bool validCopyDevices(int DstDev, int SrcDev) {
  return (isHostDevice(DstDev) || isOffloadDevice(DstDev)) &&
         (isHostDevice(SrcDev) || isOffloadDevice(SrcDev));
}

int targetMemcpyRect(void *Dst, const void *Src, std::size_t ElemBytes,
                     int NumDims, const std::size_t *Volume,
                     const std::size_t *DstOffsets,
                     const std::size_t *SrcOffsets, const std::size_t *DstDims,
                     const std::size_t *SrcDims, int DstDev, int SrcDev) {
  if (!Dst && !Src)
    return INT_MAX;
  if (!Dst || !Src || NumDims < 1 || !Volume || !DstOffsets || !SrcOffsets ||
      !DstDims || !SrcDims || !validCopyDevices(DstDev, SrcDev))
    return 1;
  // Inner dimensions copied whole on both sides make one longer row.
  std::size_t Row = ElemBytes;
  int Dims = NumDims;
  while (Dims > 1 && Volume[Dims - 1] == DstDims[Dims - 1] &&
         Volume[Dims - 1] == SrcDims[Dims - 1] && DstOffsets[Dims - 1] == 0 &&
         SrcOffsets[Dims - 1] == 0) {
    Row *= Volume[Dims - 1];
    --Dims;
  }
  for (int I = 0; I < Dims; ++I)
    if (Volume[I] == 0)
      return 0;
  if (ElemBytes == 0) // nothing to copy (and no row to fold into)
    return 0;
  // The dimensions folded into Row still count in the strides.
  std::vector<std::size_t> DD(DstDims, DstDims + Dims),
      SD(SrcDims, SrcDims + Dims);
  std::size_t Folded = Row / ElemBytes;
  DD.back() *= Folded;
  SD.back() *= Folded;
  std::vector<std::size_t> DO(DstOffsets, DstOffsets + Dims),
      SO(SrcOffsets, SrcOffsets + Dims), V(Volume, Volume + Dims);
  DO.back() *= Folded;
  SO.back() *= Folded;
  V.back() *= Folded;
  std::vector<Run> Runs;
  collectRuns(Runs, static_cast<char *>(Dst), static_cast<const char *>(Src),
              ElemBytes, Dims, V.data(), DO.data(), SO.data(), DD.data(),
              SD.data());
  Row = V.back() * ElemBytes;
  bool DH = isHostDevice(DstDev), SH = isHostDevice(SrcDev);
  if (DH && SH) {
    for (const Run &R : Runs)
      std::memmove(R.Dst, R.Src, Row);
  } else if (!DH && SH) {
    copyRuns(Runs, Row, DstDev, /*ToDevice=*/true);
  } else if (DH && !SH) {
    copyRuns(Runs, Row, SrcDev, /*ToDevice=*/false);
  } else {
    for (const Run &R : Runs) // through the host, as targetMemcpy does
      targetMemcpy(R.Dst, R.Src, Row, 0, 0, DstDev, SrcDev);
  }
  return 0;
}

int targetIsAccessible(const void *P, std::size_t Bytes, int Dev) {
  if (isHostDevice(Dev))
    return 1;
  if (!isOffloadDevice(Dev) || !P)
    return 0;
  if (!backend().hostAccessible(Dev, P, Bytes))
    return 0;
  // The program may now write that memory from a kernel with no map, so a
  // target task can no longer be released before its kernel ends.
  detail::setHostAccessibleNoted(true);
  return 1;
}

void *mappedPtr(const void *P, int Dev) {
  if (isHostDevice(Dev))
    return const_cast<void *>(P);
  if (!isOffloadDevice(Dev) || !P)
    return nullptr;
  // The program may use the address on any stream (omp_target_memcpy, a
  // kernel through is_device_ptr): a first copy still on its way must land.
  PresentTable::Hit H = awaitFirstCopy(Dev, P, 1, nullptr, runtimeLoc());
  return H.St == PresentTable::Status::Contained ? H.Dev : nullptr;
}

} // namespace o2c
