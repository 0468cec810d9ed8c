// Copies to the device through page-locked staging buffers (staging.h).
// The emulated device never stages on its own (stagingPays is false); the
// tests force it on, so that the staged path runs here with its copy
// semantics: a map(to:) reads the host bytes when it is made, and later
// host writes do not reach the device copy.
#include "omp2cuda/host_rt.h"
#include "staging.h"
#include "stream_work.h"

#include <catch2/catch.hpp>

#include <vector>

using namespace o2c;
using o2c::detail::counts;

namespace {
const SourceLoc Loc = {"rt_staging_test.cpp", 9, 1, "target"};

/// Staging forced on for one test, for copies of at least MinBytes.
struct Forced {
  explicit Forced(std::size_t MinBytes) {
    detail::forceStagingForTests(true, MinBytes);
  }
  ~Forced() { detail::forceStagingForTests(false, 0); }
};
} // namespace

TEST_CASE("a staged map(to:) copies the host bytes as they are at the map",
          "[rt][staging]") {
  Forced On(1024);
  std::vector<double> A(4096), B(16, 3.0);
  for (std::size_t I = 0; I < A.size(); ++I)
    A[I] = static_cast<double>(I);
  unsigned long Staged = counts().Staged;
  {
    TargetRegion R(Loc);
    double *D = R.mapSection(A.data(), 0, 4096, MapTo | MapFrom);
    double *E = R.mapSection(B.data(), 0, 16, MapTo); // under the minimum
    CHECK(counts().Staged == Staged + 1);
    A[7] = -1.0; // after the map: not the device's business
    CHECK(D[7] == 7.0);
    CHECK(D[4095] == 4095.0);
    CHECK(E[15] == 3.0);
    D[0] = 42.0; // "the kernel"
    R.launched();
    CHECK(R.finish());
  }
  CHECK(A[0] == 42.0); // copied back
  CHECK(A[7] == 7.0);  // the device's value, as without staging
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("staging buffers are reused once their copies are done",
          "[rt][staging]") {
  Forced On(0);
  std::vector<int> A(2048, 5);
  unsigned long Staged = counts().Staged;
  for (int K = 0; K < 50; ++K) {
    A[0] = K;
    TargetRegion R(Loc);
    int *D = R.mapSection(A.data(), 0, 2048, MapTo);
    CHECK(D[0] == K);
    CHECK(D[2047] == 5);
    R.launched();
    CHECK(R.finish());
  }
  // Every copy was staged, and one 8 KiB buffer served them all (the emulated
  // device's copies are done when queued).
  CHECK(counts().Staged == Staged + 50);
  CHECK(detail::stagingPoolBytes() <= 8192 + 32768);
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("without O2C_STAGING the emulated device copies directly",
          "[rt][staging]") {
  std::vector<double> A(65536, 1.0);
  unsigned long Staged = counts().Staged;
  TargetRegion R(Loc);
  R.mapSection(A.data(), 0, 65536, MapTo);
  R.launched();
  CHECK(R.finish());
  CHECK(counts().Staged == Staged);
}
