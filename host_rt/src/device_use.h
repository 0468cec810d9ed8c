// Regions left on the host and the device work of other threads
// (docs/host-fallback.md, "Other threads").
//
// o2c::HostFallback copies every present entry to the host, lets the region
// run on the host, and copies the entries it changed back whole. Device work
// of another thread in between would be lost (a kernel writing other bytes
// of an entry copied back over it) or seen half done. So the runtime's
// device work holds a gate shared: a translated target region from its
// start to its end (its kernel included), each step of a data construct.
// A host fallback holds it exclusively from its sync to its copy back.
//
// Readers go first (a reader waits only while a fallback runs, never for
// one that waits): a thread holding the gate may wait for another that
// needs it (a region's end waiting for a deferred task), and that must not
// deadlock behind a waiting fallback. A `target data` region does not hold
// it across its body, which may hold a region left on the host, a barrier,
// or anything else; only while each of its own steps runs.
#ifndef OMP2CUDA_HOST_RT_DEVICE_USE_H
#define OMP2CUDA_HOST_RT_DEVICE_USE_H

namespace o2c::detail {

/// Takes the gate shared unless this thread already holds it (either way):
/// returns whether it took it, for endSharedUse.
bool beginSharedUse();
void endSharedUse(bool Took);

/// Takes the gate exclusively, after every reader left; false (nothing
/// taken) when this thread holds it shared itself and would wait forever.
bool beginExclusiveUse();
void endExclusiveUse();

/// One step of the runtime's device work, as a scope.
class SharedUse {
public:
  SharedUse() : Took(beginSharedUse()) {}
  ~SharedUse() { endSharedUse(Took); }
  SharedUse(const SharedUse &) = delete;
  SharedUse &operator=(const SharedUse &) = delete;

private:
  bool Took;
};

/// For tests: fallbacks that waited for other threads' device work, and
/// device work that waited for a fallback.
struct UseWaits {
  unsigned long Exclusive = 0, Shared = 0;
};
UseWaits useWaits();

} // namespace o2c::detail

#endif // OMP2CUDA_HOST_RT_DEVICE_USE_H
