// clang-19's libomp (19.1.7) with detached tasks in a serialized team, with
// no omp2cuda code (docs/async.md, "Issue inline, wait on a helper"):
// rounds of a parallel region whose master creates detachable tasks, then,
// outside any parallel region, the shape of examples/async_offload.c's
// data_chain: detachable tasks with `depend` whose events a non-OpenMP thread
// fulfils (one fulfilled in its own body, as O2C_INLINE_ISSUE=2 does) and a
// host task ordered by `depend`, then taskwait. It aborts with "Assertion
// failure at kmp_tasking.cpp(1189): children >= 0" (the parent's count of
// incomplete children went negative) or hangs, as async_offload.c does after
// B3 (a parallel region); without the parallel regions (first argument 0)
// it completes. Here, 2026-11-27: `./repro 1 1 3000` aborted 4 of 4 runs,
// `./repro 0 1 3000` and `./repro 1 0 3000` completed 3 of 3.
//   clang++-19 -O2 -fopenmp libomp_serial_detach.cpp -o repro
//   ./repro PARALLEL INBODY ROUNDS
#include <omp.h>

#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <mutex>
#include <thread>

namespace {
// Never destroyed: the helper still waits on them when main returns.
std::mutex &M = *new std::mutex;
std::condition_variable &CV = *new std::condition_variable;
std::deque<omp_event_handle_t> &Q = *new std::deque<omp_event_handle_t>;

void post(omp_event_handle_t E) {
  std::lock_guard<std::mutex> G(M);
  Q.push_back(E);
  CV.notify_one();
}

// Plays omp2cuda's hidden helper thread: fulfils events from outside libomp.
void helper() {
  for (;;) {
    std::unique_lock<std::mutex> L(M);
    CV.wait(L, [] { return !Q.empty(); });
    omp_event_handle_t E = Q.front();
    Q.pop_front();
    L.unlock();
    omp_fulfill_event(E);
  }
}

double V[64];

void chain(bool InBody) {
  omp_event_handle_t E1 = omp_event_handle_t(), E2 = E1, E3 = E1, E4 = E1;
#pragma omp task detach(E1) depend(out : V)
  post(E1);
#pragma omp task detach(E2) depend(inout : V)
  {
    for (double &X : V)
      X *= 3;
    if (InBody)
      omp_fulfill_event(E2);
    else
      post(E2);
  }
#pragma omp task detach(E3) depend(inout : V)
  post(E3);
  double Seen = 0;
#pragma omp task depend(in : V) shared(Seen)
  for (double X : V)
    Seen += X;
#pragma omp task detach(E4) depend(inout : V)
  post(E4);
#pragma omp taskwait
}
} // namespace

int main(int argc, char **argv) {
  bool Parallel = argc > 1 ? std::atoi(argv[1]) : 1;
  bool InBody = argc > 2 ? std::atoi(argv[2]) : 1;
  int Rounds = argc > 3 ? std::atoi(argv[3]) : 3000;
  std::thread(helper).detach();
  for (int R = 0; R < Rounds; ++R) {
    if (Parallel) {
#pragma omp parallel num_threads(4)
      if (omp_get_thread_num() == 0) {
        for (int T = 0; T < 4; ++T) {
          omp_event_handle_t E = omp_event_handle_t();
#pragma omp task detach(E)
          post(E);
        }
#pragma omp taskwait
      }
    }
    chain(InBody);
  }
  std::printf("completed %d rounds\n", Rounds);
  std::fflush(stdout);
  std::_Exit(0); // the helper still waits on the queue
}
