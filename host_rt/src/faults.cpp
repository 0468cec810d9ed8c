// Deferred errors and fault injection (faults.h).
#include "faults.h"

#include "helpers.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <mutex>

namespace o2c::detail {

namespace {
thread_local bool InTask = false;

struct Deferred {
  std::mutex M;
  std::string First; // the first error's line; empty: none
  long More = 0;     // errors after it
};
std::atomic<bool> Failed{false}; // fast check: a Deferred holds an error
Deferred &deferred() {
  static Deferred *D = new Deferred; // never destroyed: helpers outlive exit
  return *D;
}

std::string message(const std::string &Line, long More) {
  std::string Out = Line + "\n";
  if (More > 0)
    Out += "omp2cuda runtime: " + std::to_string(More) +
           " more deferred target task(s) failed after it\n";
  return Out;
}
} // namespace

DeferredScope::DeferredScope() : Outer(InTask) { InTask = true; }
DeferredScope::~DeferredScope() { InTask = Outer; }
bool inDeferredTask() { return InTask; }

void recordDeferred(const std::string &Line) {
  Deferred &D = deferred();
  std::lock_guard<std::mutex> G(D.M);
  if (D.First.empty())
    D.First = Line;
  else
    ++D.More;
  Failed = true;
}

void reportDeferred() {
  if (!Failed.load() || helperIndex() >= 0)
    return;
  Deferred &D = deferred();
  std::string Out;
  {
    std::lock_guard<std::mutex> G(D.M);
    Out = message(D.First, D.More);
  }
  std::fflush(stdout);
  std::fputs(Out.c_str(), stderr);
  std::fflush(stderr);
  std::exit(1);
}

void reportNow(const std::string &Line) {
  std::fflush(nullptr);
  std::fputs(message(Line, 0).c_str(), stderr);
  std::fflush(stderr);
  std::_Exit(1);
}

std::string takeDeferred() {
  Deferred &D = deferred();
  std::lock_guard<std::mutex> G(D.M);
  std::string Line = D.First;
  D.First.clear();
  D.More = 0;
  Failed = false;
  return Line;
}

// ---- fault injection --------------------------------------------------------

namespace {
struct Counter {
  std::atomic<long> FailAt; // 0: never
  std::atomic<long> Seen{0};
  explicit Counter(const char *Var) : FailAt(envCount(Var, 0, 1 << 30)) {}
};
Counter &counter(Fault K) {
  static Counter C[3] = {Counter("O2C_FAULT_ALLOC"), Counter("O2C_FAULT_COPY"),
                         Counter("O2C_FAULT_LAUNCH")};
  return C[static_cast<int>(K)];
}
} // namespace

const char *faultVar(Fault K) {
  switch (K) {
  case Fault::Alloc:
    return "O2C_FAULT_ALLOC";
  case Fault::Copy:
    return "O2C_FAULT_COPY";
  case Fault::Launch:
    return "O2C_FAULT_LAUNCH";
  }
  return "";
}

bool faultNow(Fault K) {
  Counter &C = counter(K);
  long At = C.FailAt.load(std::memory_order_relaxed);
  return At > 0 && ++C.Seen == At;
}

void setFault(Fault K, long N) {
  Counter &C = counter(K);
  C.Seen = 0;
  C.FailAt = N;
}

} // namespace o2c::detail
