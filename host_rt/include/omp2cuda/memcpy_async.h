// omp_target_memcpy_async and omp_target_memcpy_rect_async (OpenMP 5.1
// §3.8.7, §3.8.8), to which the translator routes the program's calls.
// Compiled in the user's translation unit, as omp2cuda/async.h is, so that
// the host OpenMP runtime orders the copy: it is a target task
// (o2c::AsyncTask) that a hidden helper thread runs, carried by a host task
// with the call's depend objects, exactly as a `nowait` data construct is
// (docs/async.md): under clang a detached task fulfilled by the helper when
// the copy completed (with a guard task when it has dependences), else (GCC,
// or where o2c::mayDetach says no) a task that waits for the helper. So
// depend objects order it against host tasks and target tasks, and
// taskwait, taskgroup and barriers wait for it. A depend object passes
// through only as a list item of `depend(depobj:)`, and neither clang-19 (a
// crash at run time) nor GCC 12 (rejected) takes an iterator over depobj
// items, so up to sixteen objects (MaxDepobjs) get a task that names each,
// and more make the copy undeferred: it waits for each object's
// predecessors (`taskwait depend`) and runs at once, which OpenMP allows
// any task.
#ifndef OMP2CUDA_MEMCPY_ASYNC_H
#define OMP2CUDA_MEMCPY_ASYNC_H

#include "omp2cuda/async.h"
#include "omp2cuda/host_rt.h"

#include <cstddef>
#include <utility>
#include <vector>

// GCC 12 says _OPENMP 201511 but has depobj and taskwait depend (5.0).
#if defined(_OPENMP)
#include <omp.h>

namespace o2c {

namespace detail {

/// Copy (a LinearCopy or a RectCopy) as a target task for a helper thread.
template <class F> AsyncTask *copyTask(F Copy) {
  static const SourceLoc L = {"<omp2cuda runtime>", 0, 0,
                              "omp_target_memcpy_async"};
  auto *T = new AsyncTask(L);
  T->add(std::move(Copy));
  return T;
}

/// The most depend objects a copy's task names; more make the copy
/// undeferred (startCopy).
constexpr int MaxDepobjs = 16;

/// List[I], or List[0] past N (a local the task does not name).
inline omp_depend_t depobjAt(omp_depend_t *List, int N, int I) {
  return List[I < N ? I : 0];
}

// Named locals D0..D15 for the first N depend objects of List: GCC 12
// takes no array element as a depobj item.
#define O2C_DEPOBJ_LOCALS(List, N)                                            \
  omp_depend_t D0 = depobjAt(List, N, 0), D1 = depobjAt(List, N, 1),          \
               D2 = depobjAt(List, N, 2), D3 = depobjAt(List, N, 3),          \
               D4 = depobjAt(List, N, 4), D5 = depobjAt(List, N, 5),          \
               D6 = depobjAt(List, N, 6), D7 = depobjAt(List, N, 7),          \
               D8 = depobjAt(List, N, 8), D9 = depobjAt(List, N, 9),          \
               D10 = depobjAt(List, N, 10), D11 = depobjAt(List, N, 11),      \
               D12 = depobjAt(List, N, 12), D13 = depobjAt(List, N, 13),      \
               D14 = depobjAt(List, N, 14), D15 = depobjAt(List, N, 15);      \
  (void)D0, (void)D1, (void)D2, (void)D3, (void)D4, (void)D5, (void)D6,       \
      (void)D7, (void)D8, (void)D9, (void)D10, (void)D11, (void)D12,          \
      (void)D13, (void)D14, (void)D15

#if O2C_DETACH
/// T in a detached host task with the N (1 to MaxDepobjs) depend objects of
/// List and a token of its own for guardRelease (async.h); the helper
/// fulfils the event when the copy completed. N == 0: no dependences, no
/// guard. (nvcc's front end does not see the pragmas' uses of the objects:
/// the `(void)` casts silence it, which they do only in a template.)
template <class Task> void detachedCopy(Task *T, int N, omp_depend_t *List) {
  Event E = Event(); // set by detach
  if (N <= 0) {
#pragma omp task detach(E) firstprivate(T)
    startTask(T, E);
    return;
  }
  char *Tok = newToken();
  O2C_DEPOBJ_LOCALS(List, N);
  switch (N) {
  case 1: {
#pragma omp task depend(depobj: D0) depend(out: *Tok) detach(E) firstprivate(T)
    startTask(T, E);
    break;
  }
  case 2: {
#pragma omp task depend(depobj: D0, D1) depend(out: *Tok) detach(E)            \
    firstprivate(T)
    startTask(T, E);
    break;
  }
  case 3: {
#pragma omp task depend(depobj: D0, D1, D2) depend(out: *Tok) detach(E)        \
    firstprivate(T)
    startTask(T, E);
    break;
  }
  case 4: {
#pragma omp task depend(depobj: D0, D1, D2, D3) depend(out: *Tok) detach(E)    \
    firstprivate(T)
    startTask(T, E);
    break;
  }
  case 5: {
#pragma omp task depend(depobj: D0, D1, D2, D3, D4) depend(out: *Tok)          \
    detach(E) firstprivate(T)
    startTask(T, E);
    break;
  }
  case 6: {
#pragma omp task depend(depobj: D0, D1, D2, D3, D4, D5) depend(out: *Tok)      \
    detach(E) firstprivate(T)
    startTask(T, E);
    break;
  }
  case 7: {
#pragma omp task depend(depobj: D0, D1, D2, D3, D4, D5, D6) depend(out:        \
    *Tok) detach(E) firstprivate(T)
    startTask(T, E);
    break;
  }
  case 8: {
#pragma omp task depend(depobj: D0, D1, D2, D3, D4, D5, D6, D7) depend(out:    \
    *Tok) detach(E) firstprivate(T)
    startTask(T, E);
    break;
  }
  case 9: {
#pragma omp task depend(depobj: D0, D1, D2, D3, D4, D5, D6, D7, D8)            \
    depend(out: *Tok) detach(E) firstprivate(T)
    startTask(T, E);
    break;
  }
  case 10: {
#pragma omp task depend(depobj: D0, D1, D2, D3, D4, D5, D6, D7, D8, D9)        \
    depend(out: *Tok) detach(E) firstprivate(T)
    startTask(T, E);
    break;
  }
  case 11: {
#pragma omp task depend(depobj: D0, D1, D2, D3, D4, D5, D6, D7, D8, D9, D10)   \
    depend(out: *Tok) detach(E) firstprivate(T)
    startTask(T, E);
    break;
  }
  case 12: {
#pragma omp task depend(depobj: D0, D1, D2, D3, D4, D5, D6, D7, D8, D9, D10,   \
    D11) depend(out: *Tok) detach(E) firstprivate(T)
    startTask(T, E);
    break;
  }
  case 13: {
#pragma omp task depend(depobj: D0, D1, D2, D3, D4, D5, D6, D7, D8, D9, D10,   \
    D11, D12) depend(out: *Tok) detach(E) firstprivate(T)
    startTask(T, E);
    break;
  }
  case 14: {
#pragma omp task depend(depobj: D0, D1, D2, D3, D4, D5, D6, D7, D8, D9, D10,   \
    D11, D12, D13) depend(out: *Tok) detach(E) firstprivate(T)
    startTask(T, E);
    break;
  }
  case 15: {
#pragma omp task depend(depobj: D0, D1, D2, D3, D4, D5, D6, D7, D8, D9, D10,   \
    D11, D12, D13, D14) depend(out: *Tok) detach(E) firstprivate(T)
    startTask(T, E);
    break;
  }
  default: {
#pragma omp task depend(depobj: D0, D1, D2, D3, D4, D5, D6, D7, D8, D9, D10,   \
    D11, D12, D13, D14, D15) depend(out: *Tok) detach(E) firstprivate(T)
    startTask(T, E);
    break;
  }
  }
  guardRelease(Tok);
}
#endif

/// T in a host task with the N (0 to MaxDepobjs) depend objects of List
/// that runs it on a helper thread and waits for it (runTask), as a
/// `nowait` data construct's task does under GCC.
template <class Task> void waitingCopy(Task *T, int N, omp_depend_t *List) {
  TaskArg Own(T);
  if (N <= 0) {
#pragma omp task firstprivate(Own)
    runTask(Own);
    return;
  }
  O2C_DEPOBJ_LOCALS(List, N);
  switch (N) {
  case 1: {
#pragma omp task depend(depobj: D0) firstprivate(Own)
    runTask(Own);
    return;
  }
  case 2: {
#pragma omp task depend(depobj: D0, D1) firstprivate(Own)
    runTask(Own);
    return;
  }
  case 3: {
#pragma omp task depend(depobj: D0, D1, D2) firstprivate(Own)
    runTask(Own);
    return;
  }
  case 4: {
#pragma omp task depend(depobj: D0, D1, D2, D3) firstprivate(Own)
    runTask(Own);
    return;
  }
  case 5: {
#pragma omp task depend(depobj: D0, D1, D2, D3, D4) firstprivate(Own)
    runTask(Own);
    return;
  }
  case 6: {
#pragma omp task depend(depobj: D0, D1, D2, D3, D4, D5) firstprivate(Own)
    runTask(Own);
    return;
  }
  case 7: {
#pragma omp task depend(depobj: D0, D1, D2, D3, D4, D5, D6) firstprivate(Own)
    runTask(Own);
    return;
  }
  case 8: {
#pragma omp task depend(depobj: D0, D1, D2, D3, D4, D5, D6, D7)                \
    firstprivate(Own)
    runTask(Own);
    return;
  }
  case 9: {
#pragma omp task depend(depobj: D0, D1, D2, D3, D4, D5, D6, D7, D8)            \
    firstprivate(Own)
    runTask(Own);
    return;
  }
  case 10: {
#pragma omp task depend(depobj: D0, D1, D2, D3, D4, D5, D6, D7, D8, D9)        \
    firstprivate(Own)
    runTask(Own);
    return;
  }
  case 11: {
#pragma omp task depend(depobj: D0, D1, D2, D3, D4, D5, D6, D7, D8, D9, D10)   \
    firstprivate(Own)
    runTask(Own);
    return;
  }
  case 12: {
#pragma omp task depend(depobj: D0, D1, D2, D3, D4, D5, D6, D7, D8, D9, D10,   \
    D11) firstprivate(Own)
    runTask(Own);
    return;
  }
  case 13: {
#pragma omp task depend(depobj: D0, D1, D2, D3, D4, D5, D6, D7, D8, D9, D10,   \
    D11, D12) firstprivate(Own)
    runTask(Own);
    return;
  }
  case 14: {
#pragma omp task depend(depobj: D0, D1, D2, D3, D4, D5, D6, D7, D8, D9, D10,   \
    D11, D12, D13) firstprivate(Own)
    runTask(Own);
    return;
  }
  case 15: {
#pragma omp task depend(depobj: D0, D1, D2, D3, D4, D5, D6, D7, D8, D9, D10,   \
    D11, D12, D13, D14) firstprivate(Own)
    runTask(Own);
    return;
  }
  default: {
#pragma omp task depend(depobj: D0, D1, D2, D3, D4, D5, D6, D7, D8, D9, D10,   \
    D11, D12, D13, D14, D15) firstprivate(Own)
    runTask(Own);
    return;
  }
  }
}

/// Runs Copy as a target task with the N depend objects of List. More than
/// MaxDepobjs: undeferred, here, once each object's predecessors completed.
template <class F> void startCopy(F Copy, int N, omp_depend_t *List) {
  if (N > MaxDepobjs) {
    for (int I = 0; I < N; ++I) {
      omp_depend_t D = List[I];
      (void)D;
#pragma omp taskwait depend(depobj: D)
    }
    Copy();
    return;
  }
  AsyncTask *T = copyTask(std::move(Copy));
#if O2C_DETACH
  if (mayDetach(N > 0)) {
    detachedCopy(T, N, List);
    return;
  }
#endif
  waitingCopy(T, N, List);
}

struct LinearCopy {
  void *Dst;
  const void *Src;
  std::size_t Length, DstOffset, SrcOffset;
  int DstDev, SrcDev;
  void operator()() const {
    targetMemcpy(Dst, Src, Length, DstOffset, SrcOffset, DstDev, SrcDev);
  }
};

/// The shape arrays are the caller's, who may reuse them once the call
/// returned: the task keeps copies.
struct RectCopy {
  void *Dst;
  const void *Src;
  std::size_t ElemBytes;
  int NumDims;
  std::vector<std::size_t> Volume, DstOffsets, SrcOffsets, DstDims, SrcDims;
  int DstDev, SrcDev;
  void operator()() const {
    targetMemcpyRect(Dst, Src, ElemBytes, NumDims, Volume.data(),
                     DstOffsets.data(), SrcOffsets.data(), DstDims.data(),
                     SrcDims.data(), DstDev, SrcDev);
  }
};

} // namespace detail

/// omp_target_memcpy_async: 0 once the copy is a task, 1 for an invalid
/// device (nothing is copied).
inline int targetMemcpyAsync(void *Dst, const void *Src, std::size_t Length,
                             std::size_t DstOffset, std::size_t SrcOffset,
                             int DstDev, int SrcDev, int DepobjCount,
                             omp_depend_t *DepobjList) {
  if (!validCopyDevices(DstDev, SrcDev))
    return 1;
  detail::startCopy(detail::LinearCopy{Dst, Src, Length, DstOffset, SrcOffset,
                                       DstDev, SrcDev},
                    DepobjCount, DepobjList);
  return 0;
}

/// omp_target_memcpy_rect_async: as targetMemcpyRect (with Dst and Src both
/// null, the number of dimensions supported), the copy a task.
inline int targetMemcpyRectAsync(
    void *Dst, const void *Src, std::size_t ElemBytes, int NumDims,
    const std::size_t *Volume, const std::size_t *DstOffsets,
    const std::size_t *SrcOffsets, const std::size_t *DstDims,
    const std::size_t *SrcDims, int DstDev, int SrcDev, int DepobjCount,
    omp_depend_t *DepobjList) {
  if (!Dst && !Src)
    return targetMemcpyRect(Dst, Src, ElemBytes, NumDims, Volume, DstOffsets,
                            SrcOffsets, DstDims, SrcDims, DstDev, SrcDev);
  if (!Dst || !Src || NumDims < 1 || !Volume || !DstOffsets || !SrcOffsets ||
      !DstDims || !SrcDims || !validCopyDevices(DstDev, SrcDev))
    return 1;
  auto Shape = [NumDims](const std::size_t *A) {
    return std::vector<std::size_t>(A, A + NumDims);
  };
  detail::startCopy(detail::RectCopy{Dst, Src, ElemBytes, NumDims,
                                     Shape(Volume), Shape(DstOffsets),
                                     Shape(SrcOffsets), Shape(DstDims),
                                     Shape(SrcDims), DstDev, SrcDev},
                    DepobjCount, DepobjList);
  return 0;
}

} // namespace o2c

#endif // _OPENMP

#endif // OMP2CUDA_MEMCPY_ASYNC_H
