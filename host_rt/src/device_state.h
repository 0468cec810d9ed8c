// The per-device state of the runtime's front half, shared by its files:
// the present table, the attached pointers, and the copy of attached
// pointers' device values after host bytes went to the device.
#ifndef OMP2CUDA_HOST_RT_DEVICE_STATE_H
#define OMP2CUDA_HOST_RT_DEVICE_STATE_H

#include "omp2cuda/host_rt.h"

#include <cstddef>
#include <string>

namespace o2c::detail {

class PresentTable;
class AttachTable;

/// The present table of Dev, null for a number that is no device.
PresentTable *table(int Dev);
/// "N mappings with R references left in the present tables" (declare
/// target variables not counted), for O2C_STATS at exit.
std::string liveMappings();
/// The attached pointers of Dev (see attach_table.h).
AttachTable *attachments(int Dev);
/// After host bytes [Host, Host + Bytes) were queued for copying to DevBase
/// on Stream: the attached pointers among them get their device values back.
void reattach(int Dev, const void *Host, std::size_t Bytes, void *DevBase,
              void *Stream, const SourceLoc &Loc);

/// A device number the OpenMP device routines take as the host's: the
/// initial device (numDevices()) or omp_initial_device (-1). Other negative
/// numbers (omp_invalid_device is -2 in libomp, -4 in libgomp) name no
/// device: the routines fail on them, as libgomp's do.
inline bool isHostDevice(int Dev) { return Dev == numDevices() || Dev == -1; }

/// One of the offload devices (not the host).
inline bool isOffloadDevice(int Dev) { return Dev >= 0 && Dev < numDevices(); }

/// OMP_TARGET_OFFLOAD=MANDATORY (in any case).
bool offloadMandatory();

/// A unit of the program requires unified_shared_memory.
bool unifiedMemoryRequired();

/// Maps are the identity (docs/unified-shared-memory.md): a unit requires
/// unified_shared_memory, so every device in use reaches all host memory
/// (one that cannot is no device: hostOnly()). A map's device address is
/// its host address: nothing is allocated or copied, as libomptarget does
/// on unified-memory systems, and a pointer held in host memory that
/// points into mapped data is right on the device as it is.
inline bool zeroCopyMaps() { return unifiedMemoryRequired(); }

/// omp_target_is_accessible said yes for an offload device: from then on a
/// conforming program may write host memory from a kernel without a map.
/// (Tests set it back.)
void setHostAccessibleNoted(bool On);
bool hostAccessibleNoted();

/// A unit called runOnHostOnly(): the program behaves as if there were no
/// device (numDevices() is 0).
bool hostOnly();
/// Data is mapped, or device memory allocated: too late for hostOnly().
bool deviceHoldsData();
/// Why there is no device: the host-only unit's reason, else the backend's.
std::string noDeviceReason();

} // namespace o2c::detail

#endif // OMP2CUDA_HOST_RT_DEVICE_STATE_H
