#include "stream_work.h"

#include "counted_lock.h"
#include "device_state.h"
#include "faults.h"

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
  CountedMutex Lock;
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
  // Per construct, so that a run's synchronous regions and its deferred
  // tasks can be compared call by call (docs/async.md).
  for (int D = 0; D < 2; ++D) {
    unsigned long N = C.ConstructsBy[D].load();
    std::string Line;
    for (unsigned K = 0; K < static_cast<unsigned>(Api::Count); ++K)
      if (unsigned long V = C.ApiCalls[D][K].load()) {
        char Buf[96];
        std::snprintf(Buf, sizeof Buf, " %s=%lu(%.2f)",
                      apiName(static_cast<Api>(K)), V,
                      N ? static_cast<double>(V) / N : 0.0);
        Line += Buf;
      }
    std::fprintf(
        stderr, "o2c api %s: %lu constructs; calls(per construct):%s\n",
        D ? "deferred" : "sync", N, Line.empty() ? " none" : Line.c_str());
  }
  std::fprintf(stderr,
               "o2c threads: %lu tasks to helpers, %lu helper wake-ups, %lu "
               "lock acquisitions, %lu found the lock held\n",
               C.HelperTasks.load(), C.HelperWakes.load(), C.LockTakes.load(),
               C.LockWaits.load());
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

const char *apiName(Api K) {
  static const char *const Names[] = {"cudaMalloc",
                                      "cudaFree",
                                      "cudaMemcpyAsync(H2D)",
                                      "cudaMemcpyAsync(D2H)",
                                      "cudaStreamSynchronize",
                                      "cudaGetLastError",
                                      "cudaEventRecord",
                                      "cudaStreamWaitEvent",
                                      "cudaEventDestroy",
                                      "cudaEventSynchronize",
                                      "cudaEventQuery",
                                      "cudaPointerGetAttributes",
                                      "cudaStreamCreate",
                                      "cudaEventCreate"};
  static_assert(sizeof(Names) / sizeof(Names[0]) ==
                    static_cast<unsigned>(Api::Count),
                "one name per Api");
  return Names[static_cast<unsigned>(K)];
}

void noteApi(Api K) {
  counts()
      .ApiCalls[inDeferredTask() ? 1 : 0][static_cast<unsigned>(K)]
      .fetch_add(1, std::memory_order_relaxed);
}

void noteConstruct() {
  Counts &C = counts();
  ++C.Constructs;
  ++C.ConstructsBy[inDeferredTask() ? 1 : 0];
}

void noteQueued(int Dev, void *Stream, bool FirstCopy) {
  Streams &S = streams();
  std::lock_guard<CountedMutex> G(S.Lock);
  State &St = S.Of[{Dev, Stream}];
  St.Queued = true;
  St.FirstCopies = St.FirstCopies || FirstCopy;
}

bool queuedOn(int Dev, void *Stream) {
  Streams &S = streams();
  std::lock_guard<CountedMutex> G(S.Lock);
  auto It = S.Of.find({Dev, Stream});
  return It != S.Of.end() && It->second.Queued;
}

bool noteSynced(int Dev, void *Stream) {
  Streams &S = streams();
  std::lock_guard<CountedMutex> G(S.Lock);
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
  std::lock_guard<CountedMutex> G(S.Lock);
  std::vector<StreamMark> Busy;
  for (const auto &[Key, St] : S.Of)
    if (St.Queued)
      Busy.push_back({Key.first, Key.second, St.Syncs});
  return Busy;
}

bool syncedSince(const std::vector<StreamMark> &Marks) {
  Streams &S = streams();
  std::lock_guard<CountedMutex> G(S.Lock);
  for (const StreamMark &M : Marks) {
    auto It = S.Of.find({M.Dev, M.Stream});
    if (It != S.Of.end() && It->second.Syncs == M.Syncs)
      return false;
  }
  return true;
}

} // namespace o2c::detail
