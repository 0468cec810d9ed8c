// The steps of kernel loops whose variable strides over the threads
// (device_rt/include/omp2cuda/loops.h): near the type's maximum they stop at
// the bound instead of wrapping back into the range.
#include "omp2cuda/emu/cuda_emu.h"
#include "omp2cuda/launch.h"
#include "omp2cuda/loops.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <climits>
#include <vector>

using o2c_dev::strideNext;
using o2c_dev::strideStart;

namespace {

/// Every value a thread's loop `for (i = start(Lo + Tid); i < Hi; i =
/// next(i))` takes, over Threads threads; at most Cap of them.
template <class T>
std::vector<T> visits(T Lo, T Hi, unsigned Threads, std::size_t Cap = 64) {
  std::vector<T> Seen;
  for (unsigned Tid = 0; Tid < Threads; ++Tid)
    for (T I = strideStart<T>(Lo, Tid, Hi); I < Hi && Seen.size() < Cap;
         I = strideNext(I, Hi, Threads))
      Seen.push_back(I);
  return Seen;
}

} // namespace

TEST_CASE("stride steps stop at a bound near the type's maximum",
          "[loops]") {
  // `i += 4` from INT_MAX - 2 would wrap to a negative i below the bound.
  CHECK(strideNext(INT_MAX - 2, INT_MAX, 4) == INT_MAX);
  CHECK(strideNext(INT_MAX - 5, INT_MAX, 4) == INT_MAX - 1);
  CHECK(strideNext(UINT_MAX - 1, UINT_MAX, 3u) == UINT_MAX);
  CHECK(strideNext(LLONG_MAX - 1, LLONG_MAX, 1ull << 31) == LLONG_MAX);
  // Negative to positive: the distance exceeds INT_MAX, still exact.
  CHECK(strideNext(INT_MIN, INT_MAX, 1u << 30) == INT_MIN + (1 << 30));
  CHECK(strideNext(-3, 5, 2u) == -1);
}

TEST_CASE("stride starts past the last iteration give the bound",
          "[loops]") {
  // Lower + thread would pass INT_MAX for every thread from 7 on.
  CHECK(strideStart<int>(INT_MAX - 6, 3u, INT_MAX) == INT_MAX - 3);
  CHECK(strideStart<int>(INT_MAX - 6, 6u, INT_MAX) == INT_MAX);
  CHECK(strideStart<int>(INT_MAX - 6, 200u, INT_MAX) == INT_MAX);
  // No iteration at all: the lower bound, which fails the test.
  CHECK(strideStart<int>(INT_MAX - 3, 2u, 5) == INT_MAX - 3);
  CHECK(strideStart<unsigned>(UINT_MAX - 2, 9u, UINT_MAX) == UINT_MAX);
}

TEST_CASE("every iteration once, whatever the bounds and the thread count",
          "[loops]") {
  struct Case {
    int Lo, Hi;
    unsigned Threads;
  } Cases[] = {{INT_MAX - 7, INT_MAX, 3},   {INT_MAX - 7, INT_MAX, 64},
               {INT_MAX - 1, INT_MAX, 256}, {-5, 9, 4},
               {INT_MIN, INT_MIN + 5, 2},   {10, 10, 8}};
  for (const Case &C : Cases) {
    std::vector<int> V = visits(C.Lo, C.Hi, C.Threads);
    INFO(C.Lo << " " << C.Hi << " " << C.Threads);
    REQUIRE(V.size() == static_cast<std::size_t>(C.Hi - C.Lo));
    std::vector<int> Hit(C.Hi - C.Lo, 0);
    for (int I : V) {
      REQUIRE(I >= C.Lo);
      REQUIRE(I < C.Hi);
      ++Hit[I - C.Lo];
    }
    for (int H : Hit)
      CHECK(H == 1);
  }
  std::vector<unsigned long long> U =
      visits<unsigned long long>(ULLONG_MAX - 4, ULLONG_MAX, 1u << 20);
  CHECK(U.size() == 4);
}

TEST_CASE("grids stay countable in 32 bits and keep their teams", "[loops]") {
  // num_teams(2^22 + 1) thread_limit(1024): the teams stay, fewer threads.
  o2c::LaunchShape S = o2c::cappedShape((1ull << 22) + 1, 1024);
  CHECK(S.Grid.x == (1u << 22) + 1);
  CHECK(static_cast<unsigned long long>(S.Grid.x) * S.Block.x <=
        o2c::MaxOnePassThreads);
  CHECK(S.Block.x == 511);
  // CUDA's most blocks, one thread each.
  S = o2c::cappedShape(3000000000ull, 1);
  CHECK(S.Grid.x == 0x7fffffffu);
  CHECK(S.Block.x == 1);
  S = o2c::cappedShape(1ull << 31, 1);
  CHECK(S.Grid.x == 0x7fffffffu);
  // Small grids as asked.
  S = o2c::cappedShape(132, 256);
  CHECK(S.Grid.x == 132);
  CHECK(S.Block.x == 256);
}

namespace {

/// Each iteration of [Lo, End) once, in blocks of Of whose sizes differ by
/// at most one, in order, the longer ones first; none outside the range.
template <class T> void checkBlocks(T Lo, T End, unsigned Of) {
  INFO("Lo " << Lo << " End " << End << " Of " << Of);
  T Next = Lo;
  const T N = End - Lo;
  for (unsigned W = 0; W < Of; ++W) {
    o2c_dev::Block<T> B = o2c_dev::staticBlock<T>(Lo, End, W, Of);
    REQUIRE(B.Lo == Next);
    REQUIRE(B.End >= B.Lo);
    REQUIRE(B.End <= End);
    const T Len = B.End - B.Lo;
    REQUIRE(Len == N / Of + (W < N % Of ? 1 : 0));
    Next = B.End;
  }
  CHECK(Next == End);
}

} // namespace

TEST_CASE("static blocks cover the range in order, near the maximum too",
          "[loops]") {
  for (unsigned Of : {1u, 2u, 3u, 7u, 64u})
    for (unsigned N : {0u, 1u, 5u, 40u, 103u}) {
      checkBlocks<unsigned>(0, N, Of);
      checkBlocks<unsigned>(UINT_MAX - N, UINT_MAX, Of);
      checkBlocks<unsigned long long>(ULLONG_MAX - N, ULLONG_MAX, Of);
    }
  // A team's block, then a thread's of it: gcc's and libomp's division.
  o2c_dev::Block<unsigned> Team = o2c_dev::staticBlock<unsigned>(0, 103, 1, 3);
  CHECK(Team.Lo == 35);
  CHECK(Team.End == 69);
  o2c_dev::Block<unsigned> Mine =
      o2c_dev::staticBlock<unsigned>(Team.Lo, Team.End, 7, 8);
  CHECK(Mine.Lo == 65);
  CHECK(Mine.End == 69);
  // The whole 32-bit range over a grid's worth of threads.
  o2c_dev::Block<unsigned> Last =
      o2c_dev::staticBlock<unsigned>(0, UINT_MAX, 1023u, 1024u);
  CHECK(Last.End == UINT_MAX);
  CHECK(Last.Lo == UINT_MAX - UINT_MAX / 1024);
}

namespace {

/// A thread's ranges [Lo, End) of the normalised iterations [0, Trip) in
/// the combined kernel's block form for dist_schedule(static, Dist) (the
/// loops rewriters/CombinedLoop.cpp prints): team Team's chunks of Dist in
/// turn, then the thread's block of each chunk (Sched 0) or its chunks of
/// Sched in turn.
template <class T> struct Range {
  T Lo, End;
  unsigned Team, Thread;
};
template <class T>
void chunkRanges(T Trip, unsigned Team, unsigned Teams, unsigned long long Dist,
                 unsigned Thread, unsigned Threads, unsigned long long Sched,
                 std::vector<Range<T>> &Out) {
  for (T Dc = strideStart<T>(0, (unsigned long long)Team * Dist, Trip);
       Dc < Trip; Dc = strideNext(Dc, Trip, (unsigned long long)Teams * Dist)) {
    const T Dce = strideNext(Dc, Trip, Dist);
    if (Sched == 0) {
      o2c_dev::Block<T> B = o2c_dev::staticBlock<T>(Dc, Dce, Thread, Threads);
      if (B.Lo < B.End)
        Out.push_back({B.Lo, B.End, Team, Thread});
      continue;
    }
    for (T Base = strideStart<T>(Dc, (unsigned long long)Thread * Sched, Dce);
         Base < Dce;
         Base = strideNext(Base, Dce, (unsigned long long)Threads * Sched))
      Out.push_back({Base, strideNext(Base, Dce, Sched), Team, Thread});
  }
}

} // namespace

TEST_CASE("dist_schedule chunks and the threads' shares of each cover the "
          "range once, near the maximum too",
          "[loops]") {
  struct Case {
    unsigned long long Trip, Dist, Sched;
    unsigned Teams, Threads;
  } Cases[] = {{103, 8, 0, 2, 4},
               {103, 7, 2, 3, 4},
               {103, 500, 3, 2, 4},
               {103, 1, 0, 4, 3},
               {5, 2, 40, 3, 8},
               {UINT_MAX, 1u << 30, 0, 3, 5},
               {UINT_MAX - 1, 3u << 30, 1u << 28, 2, 7},
               {UINT_MAX, 1ull << 33, 1ull << 31, 3, 3}};
  for (const Case &C : Cases) {
    INFO("trip " << C.Trip << " dist " << C.Dist << " sched " << C.Sched
                 << " teams " << C.Teams << " threads " << C.Threads);
    std::vector<Range<unsigned>> R;
    for (unsigned Team = 0; Team < C.Teams; ++Team)
      for (unsigned Th = 0; Th < C.Threads; ++Th)
        chunkRanges<unsigned>(static_cast<unsigned>(C.Trip), Team, C.Teams,
                              C.Dist, Th, C.Threads, C.Sched, R);
    std::sort(R.begin(), R.end(),
              [](const Range<unsigned> &A, const Range<unsigned> &B) {
                return A.Lo < B.Lo;
              });
    unsigned long long Next = 0;
    for (const Range<unsigned> &X : R) {
      REQUIRE(X.Lo == Next);
      REQUIRE(X.End > X.Lo);
      // The team of the distribute chunk the range lies in, and the
      // thread of the for's share of that chunk.
      unsigned long long Chunk = X.Lo / C.Dist, ChunkLo = Chunk * C.Dist;
      REQUIRE((X.End - 1) / C.Dist == Chunk);
      CHECK(Chunk % C.Teams == X.Team);
      unsigned long long Len = std::min(C.Dist, C.Trip - ChunkLo);
      if (C.Sched) {
        CHECK((X.Lo - ChunkLo) / C.Sched % C.Threads == X.Thread);
        CHECK(X.End - X.Lo == std::min(C.Sched, ChunkLo + Len - X.Lo));
      } else {
        unsigned long long Q = Len / C.Threads, Rem = Len % C.Threads;
        CHECK(X.Lo - ChunkLo ==
              X.Thread * Q + std::min<unsigned long long>(X.Thread, Rem));
        CHECK(X.End - X.Lo == Q + (X.Thread < Rem ? 1 : 0));
      }
      Next = X.End;
    }
    CHECK(Next == C.Trip);
  }
}
