// The generated code's side of deferred target tasks (docs/async.md):
// compiled in the user's translation unit, where the host OpenMP runtime is
// visible, so that the runtime library itself needs none.
//
// At a `nowait` construct the generated code creates an o2c::AsyncTask and
// a host task with the construct's `depend` clauses:
//
//   #if O2C_DETACH
//   if (o2c::mayDetach(...)) {
//     o2c::Event o2c_event = o2c::Event(); // set by detach
//   #pragma omp task depend(...) detach(o2c_event) firstprivate(o2c_task)
//     o2c::startTask(o2c_task, o2c_event);   // queue; fulfilled when done
//   } else { ... as below ... }
//   #else
//     o2c::TaskArg o2c_own(o2c_task);
//   #pragma omp task depend(...) firstprivate(o2c_own)
//     o2c::runTask(o2c_own);                 // queue and wait
//   #endif
//
// A target region with `depend` clauses (and detach) also gets a detached
// host task without dependences (o2c_done), created first and fulfilled
// when the target task completed; the one with the dependences is fulfilled
// as soon as its device work is queued (startTask's three-argument form,
// docs/async.md). A data construct with `depend` completes its one task at
// completion and needs no o2c_done. Either, with `depend`, also names a
// token of its own (`depend(out: *o2c_token)`, o2c::newToken) and is
// followed by o2c::guardRelease(o2c_token).
//
// The host runtime then orders the task against every other task and
// barrier as it would a target task of its own.
#ifndef OMP2CUDA_ASYNC_H
#define OMP2CUDA_ASYNC_H

#include "omp2cuda/host_rt.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <tuple>
#include <type_traits>
#include <utility>

#if defined(_OPENMP)
#include <omp.h>
#endif

// detach needs OpenMP 5.0 (201811). libgomp (GCC, 12 included) hangs at
// the barrier that ends a parallel region when a detached task there is
// fulfilled by a thread outside the team, so with GCC the host task waits
// for the helper instead: still a task the runtime orders, but it holds an
// OpenMP thread while the target task runs.
#if defined(_OPENMP) && _OPENMP >= 201811 && defined(__clang__) &&            \
    !defined(O2C_NO_DETACH)
#define O2C_DETACH 1
#else
#define O2C_DETACH 0
#endif

namespace o2c {

#if O2C_DETACH
using Event = omp_event_handle_t;

namespace detail {
inline std::uintptr_t eventBits(Event E) {
  static_assert(sizeof(Event) <= sizeof(std::uintptr_t),
                "an event handle must fit a uintptr_t");
  std::uintptr_t Bits = 0;
  std::memcpy(&Bits, &E, sizeof(E));
  return Bits;
}
inline void fulfil(std::uintptr_t B) {
  Event Ev;
  std::memcpy(&Ev, &B, sizeof(Ev));
  omp_fulfill_event(Ev);
}
} // namespace detail

/// Queues T on a hidden helper thread; E is fulfilled when it completed.
inline void startTask(AsyncTask *T, Event E) {
  startAsync(T, detail::fulfil, detail::eventBits(E));
}

/// A construct with `depend` clauses: E is the event of the host task that
/// carries them, fulfilled once T's successors may start (as soon as its
/// device work is queued when nothing of it is left for the host; their
/// device work then waits for T's on the device); Done is the event of a
/// sibling host task without dependences, fulfilled when T completed, which
/// taskwait, taskgroup and barriers wait for (docs/async.md).
inline void startTask(AsyncTask *T, Event E, Event Done) {
  startChained(T, detail::fulfil, detail::eventBits(E), detail::fulfil,
               detail::eventBits(Done));
}

/// A byte whose address only a detached task with dependences and its
/// guard name (`depend(out: *o2c_token)`); the guard frees it.
inline char *newToken() { return new char; }

/// After the detached task that carries a construct's dependences and
/// `depend(out: *Token)`: a detachable sibling that depends on that task
/// alone and, when it runs, frees Token and fulfils its own event.
/// clang-19's libomp (19.1.7, kmp_tasking.cpp __kmp_track_children_task)
/// counts a plain task of a serialized team among its parent's incomplete
/// children only if the parent had some when the task was allocated, and
/// asks again when it finishes; a detached task fulfilled after its body
/// ended leaves that count before its successors are released
/// (__kmpc_proxy_task_completed_ooo decrements it, the bottom half that
/// releases them runs later on a team thread), so a plain task allocated
/// then behind it, finishing once another task was created, is subtracted
/// uncounted: "Assertion failure at kmp_tasking.cpp(1189): children >= 0".
/// This sibling is counted (detachable) until the detached task's
/// successors are released, so the count never reaches 0 there
/// (docs/async.md, "libomp and detached tasks in serial code"). It is made
/// in teams of several threads too, where every task is counted, because it
/// frees Token: an address freed earlier could be reused by the next
/// construct's token while this task's successors are still held, making
/// that construct wait for them.
inline void guardRelease(char *Token) {
  Event G = Event();
#pragma omp task depend(in: *Token) detach(G)
  {
    delete Token;
    omp_fulfill_event(G);
  }
}

/// Whether a nowait construct's host task is detached here; if not, it runs
/// the target task and waits for it (runTask), as under GCC.
/// - Cancellation on (OMP_CANCELLATION=true): `cancel taskgroup` and
///   `cancel parallel` discard a task that has not started. libomp still
///   waits for a discarded detached task's event (__kmp_task_finish makes
///   it a proxy), and only its body, which never runs, hands the event to a
///   helper: the taskgroup, taskwait or barrier would wait for ever, and
///   the guard's byte would leak. A discarded plain task completes, as a
///   target task the host build discards does. The setting is fixed for
///   the run, and cancellation can come from another translation unit.
/// - With `depend` in a team of several threads: chains of detached tasks
///   with dependences can leave libomp's taskwait spinning on a lock no
///   thread holds (docs/async.md); a team of one has no other thread.
inline bool mayDetach(bool Depend) {
  return !omp_get_cancellation() && (!Depend || omp_get_num_threads() == 1);
}
#endif

/// Owns a target task on its way into a host task that runs it: the host
/// task's firstprivate copy takes it over (copying moves it), so that a
/// host task discarded by a cancellation frees it when the host runtime
/// destroys that copy (and, if no copy was made, the original frees it).
class OwnedTask {
public:
  explicit OwnedTask(AsyncTask *T) : T(T) {}
  OwnedTask(const OwnedTask &O) : T(O.T) { O.T = nullptr; }
  OwnedTask &operator=(const OwnedTask &) = delete;
  ~OwnedTask() { delete T; }
  AsyncTask *take() {
    AsyncTask *R = T;
    T = nullptr;
    return R;
  }

private:
  mutable AsyncTask *T; // mutable: firstprivate copies from a const source
};

/// What the host task that runs a target task takes firstprivate. libomp
/// destroys a discarded task's firstprivate copies, so an OwnedTask frees
/// it. libgomp (GCC) never discards a task whose firstprivate copy
/// constructors ran (task.c, copy_ctors_done): an OwnedTask would make a
/// task that the host build's libgomp cancels run, so there it is the
/// pointer, and a discarded task leaks its AsyncTask (docs/async.md).
#if defined(__clang__)
using TaskArg = OwnedTask;
#else
using TaskArg = AsyncTask *;
#endif

/// Runs T on a hidden helper thread and waits for it.
inline void runTask(AsyncTask *T) { runAsync(T); }
inline void runTask(OwnedTask &T) { runAsync(T.take()); }

/// A deferred region where no host task can carry it (a macro's directive):
/// it completes here, after the encountering task's children when it has
/// dependences. False (T null): run the host fallback.
inline bool runNow(AsyncTask *T, bool Depend) {
  if (!T)
    return false;
  if (Depend) {
#if defined(_OPENMP)
#pragma omp taskwait
#endif
  }
  T->run();
  delete T;
  return true;
}

namespace detail {
template <class F> struct CallArgs : CallArgs<decltype(&F::operator())> {};
template <class C, class R, class... P> struct CallArgs<R (C::*)(P...) const> {
  using Tuple = std::tuple<P...>;
};

// std::apply and init-captures are C++17 and C++14: generated code also
// builds as C++11 (issue 13 point 3).
template <std::size_t... I> struct Indices {};
template <std::size_t N, std::size_t... I>
struct MakeIndices : MakeIndices<N - 1, N - 1, I...> {};
template <std::size_t... I> struct MakeIndices<0, I...> {
  using type = Indices<I...>;
};

/// Body with its arguments bound.
template <class F, class Tuple> struct BoundCall {
  F Body;
  Tuple Args;
  template <std::size_t... I> void call(Indices<I...>) {
    Body(std::get<I>(Args)...);
  }
  void operator()() {
    call(typename MakeIndices<std::tuple_size<Tuple>::value>::type());
  }
};
} // namespace detail

/// The deferred half of a `nowait` region's stub: Body (a lambda taking the
/// device and the stub's parameters) runs later on a helper thread with
/// Args bound now as its parameters take them: values copied (firstprivate
/// values as they are at the encounter), references kept (mapped data).
template <class F, class... A>
AsyncTask *targetTask(const SourceLoc &Loc, F Body, int Dev, A &&...Args) {
  using Tuple = typename detail::CallArgs<F>::Tuple;
  auto *T = new AsyncTask(Loc);
  T->markRegion();
  T->add(detail::BoundCall<F, Tuple>{Body,
                                     Tuple(Dev, std::forward<A>(Args)...)});
  return T;
}

} // namespace o2c

#endif // OMP2CUDA_ASYNC_H
