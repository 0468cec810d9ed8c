// A mutex that counts how often it was taken and how often a thread found
// it held (O2C_STATS, docs/async.md "Counting what a task costs"): which
// of the runtime's locks its threads meet on is what separates a runtime
// that scales with helper threads from one that serialises them. One
// try_lock more per acquisition; counts are relaxed atomics.
#ifndef OMP2CUDA_HOST_RT_COUNTED_LOCK_H
#define OMP2CUDA_HOST_RT_COUNTED_LOCK_H

#include "stream_work.h"

#include <mutex>

namespace o2c::detail {

class CountedMutex {
public:
  void lock() {
    Counts &C = counts();
    C.LockTakes.fetch_add(1, std::memory_order_relaxed);
    if (M.try_lock())
      return;
    C.LockWaits.fetch_add(1, std::memory_order_relaxed);
    M.lock();
  }
  bool try_lock() { return M.try_lock(); }
  void unlock() { M.unlock(); }

private:
  std::mutex M;
};

/// Takes L (a std::unique_lock, not yet locked), counting as CountedMutex.
template <class Lock> void lockCounted(Lock &L) {
  Counts &C = counts();
  C.LockTakes.fetch_add(1, std::memory_order_relaxed);
  if (L.try_lock())
    return;
  C.LockWaits.fetch_add(1, std::memory_order_relaxed);
  L.lock();
}

} // namespace o2c::detail

#endif // OMP2CUDA_HOST_RT_COUNTED_LOCK_H
