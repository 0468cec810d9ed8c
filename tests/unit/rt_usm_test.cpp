// Zero-copy maps under `requires unified_shared_memory`
// (docs/unified-shared-memory.md): every map of host memory is the
// identity. Each case runs in a child process, since the requirement, once
// a unit states it, holds for the rest of the program.
#include "RtTestUtil.h"

#include "omp2cuda/host_rt.h"

#include <catch2/catch.hpp>

#include <cstdlib>

using namespace o2c;

static const SourceLoc Loc = {"rt_usm_test.cpp", 12, 1, "target enter data"};

namespace {
/// Runs Body in a child process that requires unified_shared_memory; the
/// child's status is Body's (0: every check held).
int withUsm(int (*Body)()) {
  return exitStatusOf([Body] {
    RequiresUnifiedSharedMemory R(Loc);
    std::exit(Body());
  });
}

void *deviceOf(const void *Host) {
  TargetRegion R(Loc);
  return R.translate(const_cast<void *>(Host));
}
} // namespace

TEST_CASE("zero-copy: a map hands out the host address and copies nothing",
          "[rt][usm]") {
  CHECK(withUsm([] {
          static double A[8];
          A[3] = 1.0;
          enterData(Loc, -1, true, A, sizeof A, MapTo);
          if (!targetIsPresent(A + 3, 0) || deviceOf(A + 3) != A + 3 ||
              mappedPtr(A, 0) != A)
            return 1;
          A[3] = 2.0; // the device sees the host's write at once
          if (*static_cast<double *>(deviceOf(A + 3)) != 2.0)
            return 2;
          update(Loc, -1, true, A, sizeof A, /*ToDevice=*/false);
          if (A[3] != 2.0)
            return 3;
          // A second reference, then the count falls to zero: present until
          // the last exit, and the host's bytes are never freed.
          enterData(Loc, -1, true, A, sizeof A, MapTo);
          exitData(Loc, -1, true, A, sizeof A, MapFrom);
          if (!targetIsPresent(A, 0))
            return 4;
          exitData(Loc, -1, true, A, sizeof A, MapFrom);
          if (targetIsPresent(A, 0) || A[3] != 2.0)
            return 5;
          return 0;
        }) == 0);
}

TEST_CASE("zero-copy: a pointer held in mapped memory needs no attaching",
          "[rt][usm]") {
  CHECK(withUsm([] {
          static double Row[4] = {1, 2, 3, 4};
          static double *P[1] = {Row};
          enterData(Loc, -1, true, P, sizeof P, MapTo);
          enterData(Loc, -1, true, Row, sizeof Row, MapTo);
          attachSection(Loc, -1, true, &P[0], 0);
          auto *const *DP = static_cast<double *const *>(deviceOf(P));
          if (DP != P || DP[0] != Row)
            return 1;
          exitData(Loc, -1, true, Row, sizeof Row, MapFrom);
          exitData(Loc, -1, true, P, sizeof P, MapDelete);
          return P[0] == Row ? 0 : 2;
        }) == 0);
}

TEST_CASE("zero-copy: omp_target_alloc memory stays device memory",
          "[rt][usm]") {
  CHECK(withUsm([] {
          void *D = targetAlloc(64, 0);
          int Bad = D == nullptr || targetIsPresent(D, 0);
          targetFree(D, 0);
          return Bad;
        }) == 0);
}

TEST_CASE("without the requirement maps still copy", "[rt][usm]") {
  CHECK(exitStatusOf([] {
          static double A[8];
          enterData(Loc, -1, true, A, sizeof A, MapTo);
          int Bad = deviceOf(A) == A;
          exitData(Loc, -1, true, A, sizeof A, MapDelete);
          std::exit(Bad);
        }) == 0);
}
