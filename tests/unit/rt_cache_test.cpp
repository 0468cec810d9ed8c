// The device memory cache (device_cache.h, docs/async.md "Device memory
// cache"): freed blocks are handed out again by size class, never while a
// stream that had work queued at the free is unsynchronised, never to two
// live mappings at once; the cache gives its blocks back past its limit and
// on request, and a recycled block is poisoned on the emulated device like
// a fresh one.
#include "device_cache.h"
#include "omp2cuda/host_rt.h"
#include "omp2cuda/emu/fresh.h"
#include "stream_work.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

using namespace o2c;
using o2c::detail::counts;

namespace {
const SourceLoc Loc = {"rt_cache_test.cpp", 7, 1, "target"};

struct Counted {
  unsigned long Allocs = counts().Allocs, Frees = counts().Frees,
                Reused = counts().Reused;
  unsigned long allocs() const { return counts().Allocs - Allocs; }
  unsigned long frees() const { return counts().Frees - Frees; }
  unsigned long reused() const { return counts().Reused - Reused; }
};

/// Synchronises every stream of the pool (earlier tests may have given
/// streams back with first copies queued) and empties the cache.
void fresh() {
  std::vector<std::unique_ptr<TargetRegion>> All;
  for (int I = 0; I < 64; ++I) {
    All.push_back(std::make_unique<TargetRegion>(Loc));
    All.back()->launched();
  }
  All.clear();
  REQUIRE(detail::busyStreams().empty());
  detail::releaseCache(-1);
}

/// Maps V (to the device), launches nothing, ends: its copy is freed.
/// Returns the device address it had.
void *mapOnce(std::vector<double> &V, unsigned Flags = MapTo) {
  TargetRegion R(Loc);
  void *D = R.mapSection(V.data(), 0, V.size(), Flags);
  R.launched();
  CHECK(R.finish());
  return D;
}
} // namespace

TEST_CASE("size classes: at most a quarter larger than asked", "[rt][cache]") {
  CHECK(detail::sizeClass(1) == 512);
  CHECK(detail::sizeClass(512) == 512);
  CHECK(detail::sizeClass(513) == 640);
  CHECK(detail::sizeClass(1024) == 1024);
  CHECK(detail::sizeClass(1025) == 1280);
  for (std::size_t B = 513; B < 70000; B += 97) {
    std::size_t C = detail::sizeClass(B);
    REQUIRE(C >= B);
    REQUIRE(C * 4 <= B * 5 + 4);
    REQUIRE(detail::sizeClass(C) == C);
  }
}

TEST_CASE("a freed block serves the next allocation of its class, poisoned "
          "like a fresh one",
          "[rt][cache]") {
  fresh();
  std::vector<double> A(1000, 1.0), B(990, 2.0), C(1000, 3.0);
  Counted N;
  void *DA = mapOnce(A);
  CHECK(N.allocs() == 1);
  CHECK(detail::cachedBytes() == detail::sizeClass(sizeof(double) * 1000));
  {
    // B (same class) gets A's block, with B's values; C, mapped while B
    // is, gets a block of its own.
    TargetRegion R(Loc);
    double *DB = R.mapSection(B.data(), 0, B.size(), MapTo);
    double *DC = R.mapSection(C.data(), 0, C.size(), MapAlloc);
    CHECK(static_cast<void *>(DB) == DA);
    CHECK(static_cast<void *>(DC) != DA);
    CHECK(DB[0] == 2.0);
    CHECK(DB[989] == 2.0);
    R.launched();
    CHECK(R.finish());
  }
  CHECK(N.allocs() == 2);
  CHECK(N.reused() == 1);
  CHECK(N.frees() == 0);
  {
    // map(alloc:) of a recycled block: no value of an earlier mapping
    // shows through (all-ones bytes, O2C_EMU_POISON).
    TargetRegion R(Loc);
    double *D = R.mapSection(A.data(), 0, A.size(), MapAlloc);
    std::uint64_t Bits;
    std::memcpy(&Bits, &D[5], sizeof Bits);
    CHECK(Bits == ~std::uint64_t(0));
    CHECK(R.finish());
  }
  CHECK(N.reused() == 2);
  detail::releaseCache(-1);
  CHECK(detail::cachedBytes() == 0);
  CHECK(N.frees() == 2);
}

// The test suite runs the emu programs under both 0xff and 0x00 (exec.*,
// fallback-fuzz): all-ones bytes hide a logical fold that starts from unset
// device memory (-1 reads as true), zeros hide a sum that does.
TEST_CASE("O2C_EMU_POISON picks the byte fresh emulated device memory holds",
          "[rt][cache][poison]") {
  using o2c::emu::poisonByte;
  CHECK(poisonByte(nullptr) == 0xff);
  CHECK(poisonByte("") == 0xff);
  CHECK(poisonByte("1") == 0xff);
  CHECK(poisonByte("ff") == 0xff);
  CHECK(poisonByte("0") == -1);
  CHECK(poisonByte("00") == 0x00);
  CHECK(poisonByte("0x00") == 0x00);
  CHECK(poisonByte("a5") == 0xa5);
  CHECK(poisonByte("0XA5") == 0xa5);
  CHECK(poisonByte("5") == 0xff);
  CHECK(poisonByte("zz") == 0xff);
  CHECK(poisonByte("1ff") == 0xff);
  // What falls back to 0xff only because it is not understood is reported
  // (freshByte, once per process).
  using o2c::emu::poisonSettingKnown;
  CHECK(poisonSettingKnown(nullptr));
  CHECK(poisonSettingKnown(""));
  CHECK(poisonSettingKnown("0"));
  CHECK(poisonSettingKnown("1"));
  CHECK(poisonSettingKnown("0x00"));
  CHECK(poisonSettingKnown("a5"));
  CHECK_FALSE(poisonSettingKnown("5"));
  CHECK_FALSE(poisonSettingKnown("0x0"));
  CHECK_FALSE(poisonSettingKnown("off"));
  CHECK_FALSE(poisonSettingKnown(" 00"));
}

TEST_CASE("a block freed while another stream has work queued waits for "
          "that stream's synchronisation",
          "[rt][cache]") {
  fresh();
  std::vector<double> A(2000, 1.0), B(2000, 2.0);
  Counted N;
  TargetRegion Busy(Loc); // a kernel still running on its stream
  Busy.launched();
  void *DA = mapOnce(A); // freed while Busy's stream has work queued
  // The kernel might still use A's block (a region that released its
  // reference early): B must not get it.
  void *DB = mapOnce(B);
  CHECK(DB != DA);
  CHECK(N.reused() == 0);
  CHECK(Busy.finish()); // synchronised: both blocks are reusable now
  void *DA2 = mapOnce(A);
  CHECK((DA2 == DA || DA2 == DB));
  CHECK(N.reused() == 1);
  CHECK(N.allocs() == 2);
  detail::releaseCache(-1);
}

TEST_CASE("past its limit the cache gives its oldest blocks back",
          "[rt][cache]") {
  fresh();
  const std::size_t Old = detail::cacheLimit();
  detail::setCacheLimit(3 * detail::sizeClass(8 * 3000));
  std::vector<std::vector<double>> Vs(5, std::vector<double>(3000, 1.0));
  Counted N;
  {
    TargetRegion R(Loc);
    for (auto &V : Vs)
      R.mapSection(V.data(), 0, V.size(), MapTo);
    R.launched();
    CHECK(R.finish());
  }
  CHECK(N.allocs() == 5);
  CHECK(N.frees() == 2);
  CHECK(detail::cachedBytes() == 3 * detail::sizeClass(8 * 3000));
  detail::setCacheLimit(0); // off: all back, and straight to the backend
  CHECK(detail::cachedBytes() == 0);
  CHECK(N.frees() == 5);
  mapOnce(Vs[0]);
  CHECK(N.reused() == 0);
  CHECK(N.frees() == 6);
  detail::setCacheLimit(Old);
  detail::releaseCache(-1);
  CHECK(detail::cachedBytes() == 0);
}
