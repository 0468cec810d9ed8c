// clang-19's libomp (19.1.7) with detached tasks in a serialized team, with
// no omp2cuda code (docs/async.md, "libomp and detached tasks in serial
// code"): rounds of a parallel region whose master creates detachable tasks,
// then, outside any parallel region, the shape of examples/async_offload.c's
// data_chain: detachable tasks with `depend` whose events a non-OpenMP thread
// fulfils (one fulfilled in its own body, as O2C_INLINE_ISSUE=2 does) and a
// plain host task ordered by `depend`, then taskwait. It aborts with
// "Assertion failure at kmp_tasking.cpp(1189): children >= 0" (or 4482):
// the plain task, allocated while the parent counted no incomplete child
// (the detached tasks before it fulfilled, the last one's successors not yet
// released), is not counted, yet is subtracted when it finishes after the
// next detached task was created (__kmp_track_children_task asks the
// parent's count at both ends). With GUARD 1 each detached task with
// `depend` is followed by a detachable task that depends on it alone and
// fulfils its own event in its body (omp2cuda's o2c::guardRelease): the
// parent's count then stays above 0 until the successors are released.
// Here, 2026-11-27, 100 runs each of `./repro 1 1 300`: 34 aborted;
// `./repro 1 1 300 1`: 0 aborted.
//   clang++-19 -O2 -fopenmp libomp_serial_detach.cpp -o repro
//   ./repro PARALLEL INBODY ROUNDS [GUARD]
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
bool Guard = false;

// A detachable successor of the task that depends on Tok[0] alone: counted
// by the parent until that task's successors are released.
void guard(char *Tok) {
  if (!Guard)
    return;
  omp_event_handle_t G = omp_event_handle_t();
#pragma omp task depend(in : Tok[0]) detach(G)
  omp_fulfill_event(G);
}

void chain(bool InBody) {
  omp_event_handle_t E1 = omp_event_handle_t(), E2 = E1, E3 = E1, E4 = E1;
  char Tok[4]; // one token per detached task
#pragma omp task detach(E1) depend(out : V) depend(out : Tok[0])
  post(E1);
  guard(&Tok[0]);
#pragma omp task detach(E2) depend(inout : V) depend(out : Tok[1])
  {
    for (double &X : V)
      X *= 3;
    if (InBody)
      omp_fulfill_event(E2);
    else
      post(E2);
  }
  guard(&Tok[1]);
#pragma omp task detach(E3) depend(inout : V) depend(out : Tok[2])
  post(E3);
  guard(&Tok[2]);
  double Seen = 0;
#pragma omp task depend(in : V) shared(Seen)
  for (double X : V)
    Seen += X;
#pragma omp task detach(E4) depend(inout : V) depend(out : Tok[3])
  post(E4);
  guard(&Tok[3]);
#pragma omp taskwait
}
} // namespace

int main(int argc, char **argv) {
  bool Parallel = argc > 1 ? std::atoi(argv[1]) : 1;
  bool InBody = argc > 2 ? std::atoi(argv[2]) : 1;
  int Rounds = argc > 3 ? std::atoi(argv[3]) : 3000;
  Guard = argc > 4 && std::atoi(argv[4]);
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
