// See device_use.h.
#include "device_use.h"

#include <condition_variable>
#include <mutex>

namespace o2c::detail {
namespace {

struct Gate {
  std::mutex M;
  std::condition_variable Changed;
  unsigned long Readers = 0;
  bool Writer = false;
  UseWaits Waits;
};

Gate &gate() {
  static Gate *G = new Gate; // used by helper threads until exit
  return *G;
}

/// This thread's holds: nested steps take nothing more.
thread_local unsigned Depth = 0;
thread_local bool Writing = false;

} // namespace

bool beginSharedUse() {
  if (Depth++ > 0 || Writing)
    return false;
  Gate &G = gate();
  std::unique_lock<std::mutex> L(G.M);
  if (G.Writer)
    ++G.Waits.Shared;
  G.Changed.wait(L, [&] { return !G.Writer; });
  ++G.Readers;
  return true;
}

void endSharedUse(bool Took) {
  --Depth;
  if (!Took)
    return;
  Gate &G = gate();
  std::lock_guard<std::mutex> L(G.M);
  if (--G.Readers == 0)
    G.Changed.notify_all();
}

bool beginExclusiveUse() {
  if (Writing || Depth > 0)
    return false;
  Gate &G = gate();
  std::unique_lock<std::mutex> L(G.M);
  if (G.Writer || G.Readers > 0)
    ++G.Waits.Exclusive;
  G.Changed.wait(L, [&] { return !G.Writer && G.Readers == 0; });
  G.Writer = true;
  Writing = true;
  return true;
}

void endExclusiveUse() {
  Gate &G = gate();
  std::lock_guard<std::mutex> L(G.M);
  G.Writer = false;
  Writing = false;
  G.Changed.notify_all();
}

UseWaits useWaits() {
  Gate &G = gate();
  std::lock_guard<std::mutex> L(G.M);
  return G.Waits;
}

} // namespace o2c::detail
