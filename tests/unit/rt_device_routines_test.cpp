// The OpenMP 5.1 device routines of device_routines.cpp and interop.cpp
// on the emulated device (device 0; the host is device 1, or -1).
#include "device_state.h"
#include "released.h"

#include "omp2cuda/host_rt.h"

#include <catch2/catch.hpp>

#include <climits>
#include <cstdint>
#include <cstdlib>
#include <numeric>
#include <vector>

using namespace o2c;

extern "C" {
void __tgt_interop_init(void *, std::int32_t, void **, std::int32_t,
                        std::int32_t, std::int32_t, void *, std::int32_t);
void __tgt_interop_use(void *, std::int32_t, void **, std::int32_t,
                       std::int32_t, void *, std::int32_t);
void __tgt_interop_destroy(void *, std::int32_t, void **, std::int32_t,
                           std::int32_t, void *, std::int32_t);
int omp_get_num_interop_properties(const void *);
std::intptr_t omp_get_interop_int(const void *, int, int *);
void *omp_get_interop_ptr(const void *, int, int *);
const char *omp_get_interop_str(const void *, int, int *);
const char *omp_get_interop_name(const void *, int);
const char *omp_get_interop_type_desc(const void *, int);
const char *omp_get_interop_rc_desc(const void *, int);
}

namespace {
const SourceLoc Loc = {"rt_device_routines_test.cpp", 1, 1, "target"};

template <class T> std::size_t bytes(const std::vector<T> &V) {
  return V.size() * sizeof(T);
}
} // namespace

TEST_CASE("omp_get_mapped_ptr: present, absent, host device", "[routines]") {
  std::vector<int> A(16, 3);
  int Other = 0;
  int Host = numDevices();
  CHECK(mappedPtr(A.data(), 0) == nullptr);
  enterData(Loc, 0, true, A.data(), bytes(A), MapTo);
  char *D = static_cast<char *>(mappedPtr(A.data(), 0));
  REQUIRE(D != nullptr);
  CHECK(D != reinterpret_cast<char *>(A.data())); // a device copy
  // An element inside the mapping: the same offset in the device copy.
  CHECK(mappedPtr(&A[5], 0) == D + 5 * sizeof(int));
  int Back = 0;
  REQUIRE(targetMemcpy(&Back, D, sizeof(int), 0, 0, Host, 0) == 0);
  CHECK(Back == 3);
  CHECK(mappedPtr(&Other, 0) == nullptr);
  // The host device and omp_initial_device: the pointer itself.
  CHECK(mappedPtr(&Other, Host) == &Other);
  CHECK(mappedPtr(&Other, -1) == &Other);
  // No such device (omp_invalid_device is -2), no pointer.
  CHECK(mappedPtr(A.data(), Host + 1) == nullptr);
  CHECK(mappedPtr(A.data(), -2) == nullptr);
  CHECK(mappedPtr(nullptr, 0) == nullptr);
  exitData(Loc, 0, true, A.data(), bytes(A), MapRelease);
  CHECK(mappedPtr(A.data(), 0) == nullptr);
}

TEST_CASE("omp_target_is_accessible on the emulated device", "[routines]") {
  std::vector<int> A(8);
  int Host = numDevices();
  CHECK(targetIsAccessible(A.data(), bytes(A), Host) == 1);
  CHECK(targetIsAccessible(A.data(), bytes(A), -1) == 1);
  // One address space: the emulated device reaches host memory...
  CHECK(targetIsAccessible(A.data(), bytes(A), 0) == 1);
  CHECK(targetIsAccessible(A.data(), 0, 0) == 1);
  // ...unless it plays a GPU without pageable memory access.
  setenv("O2C_EMU_NO_USM", "1", 1);
  CHECK(targetIsAccessible(A.data(), bytes(A), 0) == 0);
  CHECK(targetIsAccessible(A.data(), bytes(A), Host) == 1);
  unsetenv("O2C_EMU_NO_USM");
  CHECK(targetIsAccessible(A.data(), bytes(A), Host + 1) == 0);
  CHECK(targetIsAccessible(A.data(), bytes(A), -2) == 0);
  detail::setHostAccessibleNoted(false);
}

TEST_CASE("after omp_target_is_accessible says yes, no target task is "
          "released before its kernel ends",
          "[routines]") {
  std::vector<int> A(8);
  detail::setHostAccessibleNoted(false);
  unsetenv("O2C_DEVICE_DEPS");
  REQUIRE(detail::earlyReleaseAllowed());
  // A no for the device, or a yes for the host, changes nothing...
  setenv("O2C_EMU_NO_USM", "1", 1);
  CHECK(targetIsAccessible(A.data(), bytes(A), 0) == 0);
  unsetenv("O2C_EMU_NO_USM");
  CHECK(targetIsAccessible(A.data(), bytes(A), numDevices()) == 1);
  CHECK(detail::earlyReleaseAllowed());
  // ...a yes for the device lets kernels write that memory with no map.
  CHECK(targetIsAccessible(A.data(), bytes(A), 0) == 1);
  CHECK_FALSE(detail::earlyReleaseAllowed());
  detail::setHostAccessibleNoted(false);
  CHECK(detail::earlyReleaseAllowed());
}

TEST_CASE("device numbers below -1 name no device", "[routines]") {
  // omp_invalid_device is -2 in libomp and -4 in libgomp; libgomp fails
  // these calls and copies nothing.
  int A[4] = {1, 2, 3, 4}, B[4] = {0, 0, 0, 0};
  const int Host = numDevices();
  for (int Bad : {-2, -4, -5}) {
    CAPTURE(Bad);
    CHECK(targetMemcpy(B, A, sizeof A, 0, 0, Bad, Host) != 0);
    CHECK(targetMemcpy(B, A, sizeof A, 0, 0, Host, Bad) != 0);
    CHECK(B[0] == 0);
    const std::size_t Dims[] = {4}, Off[] = {0};
    CHECK(targetMemcpyRect(B, A, sizeof(int), 1, Dims, Off, Off, Dims, Dims,
                           Bad, Host) != 0);
    CHECK(B[0] == 0);
    CHECK(targetAlloc(16, Bad) == nullptr);
    CHECK(targetIsPresent(A, Bad) == 0);
    targetFree(A, Bad); // nothing to free: A is not the runtime's
  }
  CHECK(targetMemcpy(B, A, sizeof A, 0, 0, -1, Host) == 0);
  CHECK(B[3] == 4);
}

TEST_CASE("omp_target_memcpy_rect: a 3-D block to the device and back",
          "[routines]") {
  const int Host = numDevices();
  // Host array 4x5x6, device array 3x4x8; copy a 2x3x4 block.
  std::vector<int> Src(4 * 5 * 6);
  std::iota(Src.begin(), Src.end(), 0);
  std::vector<int> Back(4 * 5 * 6, -1);
  int *Dev = static_cast<int *>(targetAlloc(3 * 4 * 8 * sizeof(int), 0));
  REQUIRE(Dev);
  std::vector<int> Zero(3 * 4 * 8, 0);
  REQUIRE(targetMemcpy(Dev, Zero.data(), bytes(Zero), 0, 0, 0, Host) == 0);
  const std::size_t Vol[] = {2, 3, 4}, HostDims[] = {4, 5, 6},
                    DevDims[] = {3, 4, 8}, HostOff[] = {1, 2, 1},
                    DevOff[] = {0, 1, 3}, Origin[] = {0, 0, 0};
  REQUIRE(targetMemcpyRect(Dev, Src.data(), sizeof(int), 3, Vol, DevOff,
                           HostOff, DevDims, HostDims, 0, Host) == 0);
  // The whole device array back, to see what landed where.
  std::vector<int> Whole(3 * 4 * 8, -1);
  const std::size_t All[] = {3, 4, 8};
  REQUIRE(targetMemcpyRect(Whole.data(), Dev, sizeof(int), 3, All, Origin,
                           Origin, DevDims, DevDims, Host, 0) == 0);
  int Wrong = 0;
  for (std::size_t I = 0; I < 3; ++I)
    for (std::size_t J = 0; J < 4; ++J)
      for (std::size_t K = 0; K < 8; ++K) {
        bool In = I < 2 && J >= 1 && J < 4 && K >= 3 && K < 7;
        int Want = In ? Src[((I + 1) * 5 + (J - 1 + 2)) * 6 + (K - 3 + 1)] : 0;
        Wrong += Whole[(I * 4 + J) * 8 + K] != Want;
      }
  CHECK(Wrong == 0);
  // And the block back into a fresh host array at the source's place.
  REQUIRE(targetMemcpyRect(Back.data(), Dev, sizeof(int), 3, Vol, HostOff,
                           DevOff, HostDims, DevDims, Host, 0) == 0);
  Wrong = 0;
  for (std::size_t I = 0; I < 4; ++I)
    for (std::size_t J = 0; J < 5; ++J)
      for (std::size_t K = 0; K < 6; ++K) {
        bool In = I >= 1 && I < 3 && J >= 2 && J < 5 && K >= 1 && K < 5;
        std::size_t At = (I * 5 + J) * 6 + K;
        Wrong += Back[At] != (In ? Src[At] : -1);
      }
  CHECK(Wrong == 0);
  targetFree(Dev, 0);
}

TEST_CASE("omp_target_memcpy_rect: queries, bad arguments, zero volume",
          "[routines]") {
  const int Host = numDevices();
  CHECK(targetMemcpyRect(nullptr, nullptr, 4, 0, nullptr, nullptr, nullptr,
                         nullptr, nullptr, 0, Host) >= 3);
  int A[6] = {1, 2, 3, 4, 5, 6}, B[6] = {0, 0, 0, 0, 0, 0};
  const std::size_t Dims[] = {2, 3}, Off[] = {0, 0}, Vol[] = {2, 3},
                    None[] = {0, 3};
  CHECK(targetMemcpyRect(B, A, sizeof(int), 2, Vol, Off, Off, Dims, Dims,
                         Host + 1, Host) == 1);
  CHECK(targetMemcpyRect(B, A, sizeof(int), 0, Vol, Off, Off, Dims, Dims, Host,
                         Host) == 1);
  CHECK(targetMemcpyRect(B, nullptr, sizeof(int), 2, Vol, Off, Off, Dims, Dims,
                         Host, Host) == 1);
  CHECK(targetMemcpyRect(B, A, sizeof(int), 2, None, Off, Off, Dims, Dims, Host,
                         Host) == 0);
  CHECK(B[0] == 0);
  CHECK(targetMemcpyRect(B, A, 0, 2, Vol, Off, Off, Dims, Dims, Host, Host) ==
        0);
  CHECK(B[0] == 0);
  // Host to host, a 2x2 corner of 2x3 into the middle columns.
  const std::size_t Corner[] = {2, 2}, To[] = {0, 1};
  CHECK(targetMemcpyRect(B, A, sizeof(int), 2, Corner, To, Off, Dims, Dims,
                         Host, Host) == 0);
  CHECK(std::vector<int>(B, B + 6) == std::vector<int>{0, 1, 2, 0, 4, 5});
}

TEST_CASE("interop objects: targetsync stream, properties, destroy",
          "[routines]") {
  void *Obj = nullptr;
  int Rc = 99;
  // omp_interop_none
  CHECK(omp_get_interop_int(nullptr, -1, &Rc) == 0);
  CHECK(Rc == -1); // omp_irc_empty
  __tgt_interop_init(nullptr, 0, &Obj, /*targetsync*/ 2, /*device*/ -1, 0,
                     nullptr, 0);
  REQUIRE(Obj != nullptr);
  CHECK(omp_get_num_interop_properties(Obj) == 0);
  CHECK(omp_get_interop_int(Obj, -1, &Rc) == 1); // omp_ifr_cuda
  CHECK(Rc == 0);
  CHECK(omp_get_interop_int(Obj, -5, &Rc) == defaultDevice());
  CHECK(std::string(omp_get_interop_str(Obj, -2, &Rc)) == "cuda");
  CHECK(omp_get_interop_ptr(Obj, -9, &Rc) != nullptr); // a pool stream
  CHECK(Rc == 0);
  CHECK(omp_get_interop_ptr(Obj, -1, &Rc) == nullptr);
  CHECK(Rc == -3);                   // omp_irc_type_int
  omp_get_interop_ptr(Obj, -8, &Rc); // no device context
  CHECK(Rc == 1);                    // omp_irc_no_value
  omp_get_interop_int(Obj, -10, &Rc);
  CHECK(Rc == -2); // omp_irc_out_of_range
  CHECK(std::string(omp_get_interop_name(Obj, -9)) == "targetsync");
  CHECK(std::string(omp_get_interop_name(Obj, -1)) == "fr_id");
  CHECK(omp_get_interop_name(Obj, 0) == nullptr);
  CHECK(std::string(omp_get_interop_type_desc(Obj, -9)) == "cudaStream_t");
  CHECK(std::string(omp_get_interop_rc_desc(Obj, -1)).find("none") !=
        std::string::npos);
  __tgt_interop_use(nullptr, 0, &Obj, -1, 0, nullptr, 0);
  CHECK(Obj != nullptr);
  __tgt_interop_destroy(nullptr, 0, &Obj, -1, 0, nullptr, 0);
  CHECK(Obj == nullptr);
  // init(target: ...): no targetsync object.
  __tgt_interop_init(nullptr, 0, &Obj, /*target*/ 1, 0, 0, nullptr, 0);
  REQUIRE(Obj != nullptr);
  CHECK(omp_get_interop_ptr(Obj, -9, &Rc) == nullptr);
  CHECK(Rc == 1);
  __tgt_interop_destroy(nullptr, 0, &Obj, -1, 0, nullptr, 0);
  // The host device: omp_interop_none.
  __tgt_interop_init(nullptr, 0, &Obj, 2, numDevices(), 0, nullptr, 0);
  CHECK(Obj == nullptr);
}
