#include "stream_work.h"

#include "device_state.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <utility>

namespace o2c::detail {

namespace {
struct State {
  bool Queued = false;
  bool FirstCopies = false;
  unsigned long Syncs = 0; // kept across synchronisations
};

struct Streams {
  std::mutex Lock;
  std::map<std::pair<int, void *>, State> Of;
};

/// Never destroyed: helper threads may still queue work while the process
/// ends.
Streams &streams() {
  static Streams *S = new Streams;
  return *S;
}

bool statsEnabled() {
  const char *E = std::getenv("O2C_STATS");
  return E && *E && std::strcmp(E, "0") != 0;
}

void printStats() {
  Counts &C = counts();
  std::fprintf(stderr,
               "o2c stats: %lu constructs on a device, %lu stream "
               "synchronisations (%lu found nothing to wait for and were "
               "skipped), %lu host waits for a first copy, %lu stream waits, "
               "%lu device allocations, %lu frees, %lu allocations served by "
               "the device memory cache, %lu staged copies; %s\n",
               C.Constructs.load(), C.Syncs.load(), C.Skipped.load(),
               C.HostWaits.load(), C.StreamWaits.load(), C.Allocs.load(),
               C.Frees.load(), C.Reused.load(), C.Staged.load(),
               liveMappings().c_str());
}
} // namespace

Counts &counts() {
  static Counts *C = [] {
    if (statsEnabled())
      std::atexit(printStats);
    return new Counts;
  }();
  return *C;
}

void noteQueued(int Dev, void *Stream, bool FirstCopy) {
  Streams &S = streams();
  std::lock_guard<std::mutex> G(S.Lock);
  State &St = S.Of[{Dev, Stream}];
  St.Queued = true;
  St.FirstCopies = St.FirstCopies || FirstCopy;
}

bool queuedOn(int Dev, void *Stream) {
  Streams &S = streams();
  std::lock_guard<std::mutex> G(S.Lock);
  auto It = S.Of.find({Dev, Stream});
  return It != S.Of.end() && It->second.Queued;
}

bool noteSynced(int Dev, void *Stream) {
  Streams &S = streams();
  std::lock_guard<std::mutex> G(S.Lock);
  auto It = S.Of.find({Dev, Stream});
  if (It == S.Of.end())
    return false;
  bool First = It->second.FirstCopies;
  It->second.Queued = It->second.FirstCopies = false;
  ++It->second.Syncs;
  return First;
}

std::vector<StreamMark> busyStreams() {
  Streams &S = streams();
  std::lock_guard<std::mutex> G(S.Lock);
  std::vector<StreamMark> Busy;
  for (const auto &[Key, St] : S.Of)
    if (St.Queued)
      Busy.push_back({Key.first, Key.second, St.Syncs});
  return Busy;
}

bool syncedSince(const std::vector<StreamMark> &Marks) {
  Streams &S = streams();
  std::lock_guard<std::mutex> G(S.Lock);
  for (const StreamMark &M : Marks) {
    auto It = S.Of.find({M.Dev, M.Stream});
    if (It != S.Of.end() && It->second.Syncs == M.Syncs)
      return false;
  }
  return true;
}

} // namespace o2c::detail
