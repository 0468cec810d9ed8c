#include "staging.h"

#include "backend.h"
#include "faults.h"
#include "helpers.h"
#include "stream_work.h"

#include <cstdlib>
#include <cstring>
#include <deque>
#include <mutex>

namespace o2c::detail {

namespace {

enum class Mode { Auto, Off, On };

struct Policy {
  Mode M = Mode::Auto;
  std::size_t MinBytes = 65536;
  std::size_t MaxPool = std::size_t{64} << 20;
};

Policy readPolicy() {
  Policy P;
  if (const char *E = std::getenv("O2C_STAGING"))
    P.M = std::strcmp(E, "0") == 0 ? Mode::Off
          : std::strcmp(E, "1") == 0 ? Mode::On
                                     : Mode::Auto;
  if (const char *E = std::getenv("O2C_STAGING_MIN")) {
    char *End = nullptr;
    unsigned long long V = std::strtoull(E, &End, 10);
    if (End != E && *End == '\0')
      P.MinBytes = static_cast<std::size_t>(V);
  }
  P.MaxPool = static_cast<std::size_t>(envCount("O2C_STAGING_MB", 64, 1 << 16))
              << 20;
  return P;
}

/// One page-locked buffer. Busy from the moment a copy takes it; Queued
/// once that copy is queued and Event (null: none needed) recorded after
/// it: the buffer is free again when Event has fired.
struct Buffer {
  void *P = nullptr;
  std::size_t Bytes = 0;
  int Dev = 0;
  void *Event = nullptr;
  bool Busy = false, Queued = false;
};

/// The pool: buffers of power-of-two sizes, kept for the process (freeing
/// page-locked memory synchronises the device, and at exit races the CUDA
/// runtime's teardown). Never destroyed, as the present tables.
struct Pool {
  std::mutex Lock;
  Policy Pol = readPolicy();
  std::size_t Held = 0;
  std::deque<Buffer> Buffers; // push_back keeps references valid

  /// A free buffer of at least Bytes, made when the cap allows; null if
  /// none. Busy buffers whose copy is done become free first.
  Buffer *take(std::size_t Bytes) {
    Backend &B = backend();
    Buffer *Best = nullptr;
    for (Buffer &Buf : Buffers) {
      if (Buf.Busy && Buf.Queued && B.eventDone(Buf.Dev, Buf.Event)) {
        if (Buf.Event)
          B.destroyEvent(Buf.Dev, Buf.Event);
        Buf.Event = nullptr;
        Buf.Busy = Buf.Queued = false;
      }
      if (!Buf.Busy && Buf.Bytes >= Bytes && (!Best || Buf.Bytes < Best->Bytes))
        Best = &Buf;
    }
    if (Best)
      return Best;
    std::size_t Size = 4096;
    while (Size < Bytes)
      Size *= 2;
    if (Held + Size > Pol.MaxPool)
      return nullptr;
    void *P = B.allocPinned(Size);
    if (!P)
      return nullptr;
    Held += Size;
    Buffers.push_back({P, Size, 0, nullptr, false, false});
    return &Buffers.back();
  }
};

Pool &pool() {
  static Pool *P = new Pool;
  return *P;
}

bool pays(const Policy &P, const void *H, std::size_t Bytes) {
  if (P.M == Mode::Off || Bytes == 0 || Bytes < P.MinBytes)
    return false;
  if (P.M == Mode::On)
    return true;
  // A deferred task, on a helper or issued inline (async.cpp): the thread
  // must not wait for the stream a pageable copy may synchronise with.
  return backend().stagingPays() && inDeferredTask() &&
         backend().copyLeavesHostFree(H);
}

} // namespace

bool stagedToDevice(int Dev, void *D, const void *H, std::size_t Bytes,
                    void *Stream, const SourceLoc &L) {
  Pool &Pl = pool();
  Policy Pol;
  {
    std::lock_guard<std::mutex> G(Pl.Lock);
    Pol = Pl.Pol;
  }
  if (!pays(Pol, H, Bytes))
    return false;
  Buffer *Buf;
  {
    std::lock_guard<std::mutex> G(Pl.Lock);
    Buf = Pl.take(Bytes);
    if (!Buf)
      return false; // the pool is at its cap and every buffer is in use
    Buf->Busy = true;
    Buf->Dev = Dev;
  }
  // Outside the lock: Busy without Queued keeps the buffer ours. A failed
  // copy (fatal() unwinds a deferred task) leaves it busy: a leak of one
  // buffer on a path that ends the program.
  std::memcpy(Buf->P, H, Bytes); // the host bytes as the task maps them
  Backend &B = backend();
  B.toDevice(Dev, D, Buf->P, Bytes, Stream, L);
  void *Event = B.recordEvent(Dev, Stream, L);
  ++counts().Staged;
  std::lock_guard<std::mutex> G(Pl.Lock);
  Buf->Event = Event;
  Buf->Queued = true;
  return true;
}

std::size_t stagingPoolBytes() {
  Pool &Pl = pool();
  std::lock_guard<std::mutex> G(Pl.Lock);
  return Pl.Held;
}

void forceStagingForTests(bool On, std::size_t MinBytes) {
  Pool &Pl = pool();
  std::lock_guard<std::mutex> G(Pl.Lock);
  Pl.Pol = readPolicy();
  if (On) {
    Pl.Pol.M = Mode::On;
    Pl.Pol.MinBytes = MinBytes;
  }
}

} // namespace o2c::detail
