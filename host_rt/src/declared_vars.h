// The runtime's side of `declare target` variables (declare_target.cpp).
#ifndef OMP2CUDA_HOST_RT_DECLARED_VARS_H
#define OMP2CUDA_HOST_RT_DECLARED_VARS_H

namespace o2c::detail {

class PresentTable;

/// Called once for each device's new present table: enters the device
/// copies of the variables registered so far, and of those registered
/// later.
void enterDeclared(int Dev, PresentTable &T);

} // namespace o2c::detail

#endif // OMP2CUDA_HOST_RT_DECLARED_VARS_H
