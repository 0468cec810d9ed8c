// The hidden helper team (helpers.h). One lock guards all queues: a helper
// holds it only to take a task, so it is never held while a task runs, and
// the queues stay simple enough to be obviously free of lost wake-ups. The
// team and its queues are never destroyed: fatal() exits through static
// destructors while helpers may still be running.
#include "helpers.h"

#include "counted_lock.h"

#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

namespace o2c::detail {

int envCount(const char *Name, int Default, int Max) {
  if (const char *E = std::getenv(Name)) {
    char *End = nullptr;
    long N = std::strtol(E, &End, 10);
    if (End != E && *End == '\0' && N > 0 && N <= Max)
      return static_cast<int>(N);
  }
  return Default;
}

namespace {

thread_local int MyIndex = -1;

class Team {
public:
  explicit Team(int N) : Queues(static_cast<std::size_t>(N)) {
    for (int I = 0; I < N; ++I)
      std::thread([this, I] { loop(I); }).detach();
  }

  void submit(std::function<void()> Work) {
    // The submitting thread's queue: tasks of one host thread stay in order
    // on one helper unless another helper is idle and steals them.
    std::size_t Q = std::hash<std::thread::id>()(std::this_thread::get_id()) %
                    Queues.size();
    ++counts().HelperTasks;
    {
      std::unique_lock<std::mutex> G(M, std::defer_lock);
      lockCounted(G);
      Queues[Q].push_back(std::move(Work));
      ++Pending;
    }
    Ready.notify_one();
  }

  void hold() {
    std::unique_lock<std::mutex> G(M, std::defer_lock);
    lockCounted(G);
    ++Pending;
  }
  void unhold() {
    std::unique_lock<std::mutex> G(M, std::defer_lock);
    lockCounted(G);
    if (--Pending == 0)
      Done.notify_all();
  }

  void drain() {
    std::unique_lock<std::mutex> L(M);
    Done.wait(L, [&] { return Pending == 0; });
  }

  std::size_t inFlight() {
    std::lock_guard<std::mutex> G(M);
    return Pending;
  }

private:
  /// Own queue first (oldest task), else the newest task of another queue.
  bool take(int I, std::function<void()> &Work) {
    std::deque<std::function<void()>> &Own = Queues[static_cast<std::size_t>(I)];
    if (!Own.empty()) {
      Work = std::move(Own.front());
      Own.pop_front();
      return true;
    }
    for (std::size_t K = 1; K < Queues.size(); ++K) {
      auto &Other = Queues[(static_cast<std::size_t>(I) + K) % Queues.size()];
      if (!Other.empty()) {
        Work = std::move(Other.back());
        Other.pop_back();
        return true;
      }
    }
    return false;
  }

  void loop(int I) {
    MyIndex = I;
    std::unique_lock<std::mutex> L(M);
    for (;;) {
      std::function<void()> Work;
      if (!take(I, Work)) { // asleep until a task comes: a futex wake-up
        Ready.wait(L, [&] { return take(I, Work); });
        ++counts().HelperWakes;
      }
      L.unlock();
      Work();
      Work = nullptr; // its captures go before the task counts as done
      lockCounted(L);
      if (--Pending == 0)
        Done.notify_all();
    }
  }

  std::mutex M;
  std::condition_variable Ready, Done;
  std::vector<std::deque<std::function<void()>>> Queues;
  std::size_t Pending = 0;
};

std::atomic<bool> Started{false};

Team *TheTeam() {
  static Team *T = [] {
    Started = true;
    return new Team(helperThreads());
  }();
  return T;
}

} // namespace

int helperThreads() {
  static const int N = envCount("O2C_HELPER_THREADS", 8, 1024);
  return N;
}

int helperIndex() { return MyIndex; }

void submitToHelper(std::function<void()> Work) {
  TheTeam()->submit(std::move(Work));
}

void holdHelpers() { TheTeam()->hold(); }
void unholdHelpers() { TheTeam()->unhold(); }

void drainHelpers() {
  if (Started) // no task was ever queued: no team to start
    TheTeam()->drain();
}

std::size_t helperTasksInFlight() {
  return Started ? TheTeam()->inFlight() : 0;
}

int streamPoolSize() {
  static const int N = envCount("O2C_STREAMS", 32, 1 << 16);
  return N;
}

} // namespace o2c::detail
