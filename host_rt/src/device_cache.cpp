#include "device_cache.h"

#include "backend.h"
#include "stream_work.h"

#include <atomic>
#include <cstdlib>
#include <deque>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace o2c::detail {

namespace {

struct Block {
  void *P;
  std::size_t Class;
  std::vector<StreamMark> Busy; // streams with work queued at the free
  unsigned long Order;          // when it was freed: the oldest go first
};

struct Cache {
  std::mutex Lock;
  /// Blocks handed out: their device and size class.
  std::map<void *, std::pair<int, std::size_t>> Live;
  /// Free blocks by device and size class, oldest first.
  std::map<std::pair<int, std::size_t>, std::deque<Block>> Free;
  std::size_t Bytes = 0;
  unsigned long Next = 0;
};

/// Never destroyed: helper threads may still free while the process ends.
Cache &cache() {
  static Cache *C = new Cache;
  return *C;
}

/// O2C_DEVICE_CACHE: the most bytes the cache keeps, in MiB (default 1024).
std::atomic<std::size_t> &limit() {
  static std::atomic<std::size_t> Limit{[] {
    const char *E = std::getenv("O2C_DEVICE_CACHE");
    unsigned long long MiB = 1024;
    if (E && *E)
      MiB = std::strtoull(E, nullptr, 10);
    return static_cast<std::size_t>(MiB) << 20;
  }()};
  return Limit;
}
std::size_t limitBytes() { return limit().load(std::memory_order_relaxed); }

void giveBack(int Dev, void *P, const SourceLoc &L) {
  ++counts().Frees;
  backend().free(Dev, P, L);
}

void giveBack(const std::vector<std::pair<int, void *>> &Blocks) {
  for (const auto &[Dev, P] : Blocks)
    giveBack(Dev, P, runtimeLoc());
}

/// Takes the oldest free block out of C (its lock held); false when none.
bool takeOldest(Cache &C, std::vector<std::pair<int, void *>> &Out) {
  auto Oldest = C.Free.end();
  for (auto It = C.Free.begin(); It != C.Free.end(); ++It)
    if (!It->second.empty() &&
        (Oldest == C.Free.end() ||
         It->second.front().Order < Oldest->second.front().Order))
      Oldest = It;
  if (Oldest == C.Free.end())
    return false;
  Block B = std::move(Oldest->second.front());
  Oldest->second.pop_front();
  C.Bytes -= B.Class;
  Out.push_back({Oldest->first.first, B.P});
  return true;
}

void *backendAlloc(int Dev, std::size_t Bytes, const SourceLoc &L) {
  ++counts().Allocs;
  if (void *P = backend().tryAlloc(Dev, Bytes, L))
    return P;
  // Out of device memory: what the cache holds goes back first.
  releaseCache(Dev);
  return backend().alloc(Dev, Bytes, L);
}

} // namespace

std::size_t sizeClass(std::size_t Bytes) {
  if (Bytes <= 512)
    return 512;
  // Four classes per power of two: a block is at most a quarter larger
  // than asked for.
  std::size_t Pow = 1;
  while (Pow <= Bytes / 2)
    Pow <<= 1;
  std::size_t Quarter = Pow / 4;
  return (Bytes + Quarter - 1) / Quarter * Quarter;
}

void *cacheAlloc(int Dev, std::size_t Bytes, const SourceLoc &L) {
  if (limitBytes() == 0) {
    ++counts().Allocs;
    return backend().alloc(Dev, Bytes, L);
  }
  const std::size_t Class = sizeClass(Bytes);
  Cache &C = cache();
  void *P = nullptr;
  {
    std::lock_guard<std::mutex> G(C.Lock);
    auto It = C.Free.find({Dev, Class});
    if (It != C.Free.end())
      for (auto B = It->second.begin(); B != It->second.end(); ++B)
        if (syncedSince(B->Busy)) {
          P = B->P;
          It->second.erase(B);
          C.Bytes -= Class;
          C.Live[P] = {Dev, Class};
          break;
        }
  }
  if (P) {
    ++counts().Reused;
    backend().recycled(Dev, P, Class);
    return P;
  }
  P = backendAlloc(Dev, Class, L);
  std::lock_guard<std::mutex> G(C.Lock);
  C.Live[P] = {Dev, Class};
  return P;
}

void cacheFree(int Dev, void *P, const SourceLoc &L) {
  Cache &C = cache();
  std::vector<std::pair<int, void *>> Trim;
  {
    std::lock_guard<std::mutex> G(C.Lock);
    auto It = C.Live.find(P);
    if (It == C.Live.end() || It->second.first != Dev || limitBytes() == 0) {
      if (It != C.Live.end())
        C.Live.erase(It);
      Trim.push_back({Dev, P}); // not the cache's, or no cache: straight back
    } else {
      std::size_t Class = It->second.second;
      C.Live.erase(It);
      C.Free[{Dev, Class}].push_back({P, Class, busyStreams(), C.Next++});
      C.Bytes += Class;
      while (C.Bytes > limitBytes() && takeOldest(C, Trim))
        ;
    }
  }
  giveBack(Trim);
}

void *uncachedAlloc(int Dev, std::size_t Bytes, const SourceLoc &L) {
  return backendAlloc(Dev, Bytes, L);
}

void releaseCache(int Dev) {
  Cache &C = cache();
  std::vector<std::pair<int, void *>> All;
  {
    std::lock_guard<std::mutex> G(C.Lock);
    for (auto &[Key, Blocks] : C.Free) {
      if (Dev >= 0 && Key.first != Dev)
        continue;
      for (const Block &B : Blocks) {
        All.push_back({Key.first, B.P});
        C.Bytes -= B.Class;
      }
      Blocks.clear();
    }
  }
  giveBack(All);
}

std::size_t cacheLimit() { return limitBytes(); }

void setCacheLimit(std::size_t Bytes) {
  limit() = Bytes;
  Cache &C = cache();
  std::vector<std::pair<int, void *>> Trim;
  {
    std::lock_guard<std::mutex> G(C.Lock);
    while (C.Bytes > Bytes && takeOldest(C, Trim))
      ;
  }
  giveBack(Trim);
}

std::size_t cachedBytes() {
  Cache &C = cache();
  std::lock_guard<std::mutex> G(C.Lock);
  return C.Bytes;
}

} // namespace o2c::detail
