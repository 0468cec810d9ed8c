// The CUDA backend. Without a GPU (the usual test machine) every region runs
// on the host and OMP_TARGET_OFFLOAD=MANDATORY is an error; with a GPU the
// data really moves, which the test checks with its own CUDA calls.
#include "RtTestUtil.h"
#include "omp2cuda/host_rt.h"

#include <catch2/catch.hpp>

#include <cuda_runtime.h>

#include <atomic>
#include <memory>
#include <set>
#include <thread>
#include <vector>

using namespace o2c;

static const SourceLoc Loc = {"rt_cuda_test.cpp", 3, 5, "target"};

TEST_CASE("cuda backend without a device: everything runs on the host",
          "[rt][cuda]") {
  if (numDevices() != 0)
    return; // covered by the test below
  ScopedEnv NoPolicy("OMP_TARGET_OFFLOAD", nullptr);
  double A[4] = {1, 2, 3, 4};
  {
    TargetRegion R(Loc);
    CHECK_FALSE(R.offload());
    CHECK(R.stream() == nullptr);
    CHECK(R.mapSection(A, 0, 4, MapToFrom) == A);
    CHECK(R.translate(A + 2) == A + 2);
    R.launched();
    CHECK(R.finish());
  }
  // A device clause that names a device this machine lacks still falls back.
  CHECK_FALSE(TargetRegion(Loc, 1).offload());
  enterData(Loc, -1, true, A, sizeof A, MapTo);
  update(Loc, -1, true, A, sizeof A, false);
  exitData(Loc, -1, true, A, sizeof A, MapFrom);
  CHECK(A[3] == 4.0);
  CHECK(presentEntries(0) == 0);
  CHECK(presentRefCount(0, A) == 0);

  ChildResult C = runChild([] {
    setenv("OMP_TARGET_OFFLOAD", "MANDATORY", 1);
    TargetRegion R(Loc);
  });
  INFO(C.Err);
  CHECK(C.Status == 1);
  CHECK(C.Err.find("rt_cuda_test.cpp:3:5: omp2cuda runtime error: "
                   "OMP_TARGET_OFFLOAD=MANDATORY") == 0);
  CHECK(C.Err.find("no offload device") != std::string::npos);
  CHECK(exitStatusOf([] {
          setenv("OMP_TARGET_OFFLOAD", "mandatory", 1);
          int X = 0;
          enterData(Loc, -1, true, &X, sizeof X, MapTo);
        }) == 1);
  {
    // if(false) chooses the host; MANDATORY has nothing to object to.
    ScopedEnv E("OMP_TARGET_OFFLOAD", "MANDATORY");
    CHECK_FALSE(TargetRegion(Loc, -1, false).offload());
    // With no device, the default device starts as omp_invalid_device
    // (OpenMP 5.2 §21.2.7; libomp's -2): no routine takes it for the host.
    ScopedEnv NoDefault("OMP_DEFAULT_DEVICE", nullptr);
    CHECK(defaultDevice() == -2);
    CHECK(targetAlloc(8, defaultDevice()) == nullptr);
    ScopedEnv Zero("OMP_DEFAULT_DEVICE", "0");
    CHECK(defaultDevice() == 0);
  }
  {
    ScopedEnv E("OMP_TARGET_OFFLOAD", "DISABLED");
    ScopedEnv NoDefault("OMP_DEFAULT_DEVICE", nullptr);
    CHECK(numDevices() == 0);
    CHECK(defaultDevice() == 0);
    CHECK(initialDevice() == 0);
  }
}

namespace {

std::vector<int> fromDevice(const void *D, std::size_t N) {
  std::vector<int> V(N);
  REQUIRE(cudaMemcpy(V.data(), D, N * sizeof(int), cudaMemcpyDeviceToHost) ==
          cudaSuccess);
  return V;
}

} // namespace

TEST_CASE("cuda backend with a device: data moves as OpenMP says",
          "[rt][cuda]") {
  if (numDevices() == 0)
    return;
  ScopedEnv NoPolicy("OMP_TARGET_OFFLOAD", nullptr);
  DeviceProps P = deviceProps(0);
  CHECK(P.MultiProcessors > 0);
  CHECK(P.WarpSize == 32);
  CHECK(P.MaxThreadsPerBlock >= 256);

  std::vector<int> A(1000);
  for (int I = 0; I < 1000; ++I)
    A[I] = I;
  {
    TargetRegion R(Loc);
    REQUIRE(R.offload());
    CHECK(R.stream() != nullptr);
    int *D = R.mapSection(A.data(), 0, 1000, MapToFrom);
    CHECK(D != A.data());
    CHECK(R.translate(A.data() + 10) == D + 10);
    REQUIRE(cudaStreamSynchronize(static_cast<cudaStream_t>(R.stream())) ==
            cudaSuccess);
    CHECK(fromDevice(D, 1000) == A);
    // Stand in for a kernel: overwrite the device copy on the region's stream.
    REQUIRE(cudaMemsetAsync(D, 0, 1000 * sizeof(int),
                            static_cast<cudaStream_t>(R.stream())) ==
            cudaSuccess);
    R.launched();
    R.finish();
  }
  CHECK(A[999] == 0);
  CHECK(presentEntries(0) == 0);

  // enter / update / exit round trip with reference counts.
  for (int I = 0; I < 1000; ++I)
    A[I] = I;
  enterData(Loc, -1, true, A.data(), A.size() * sizeof(int), MapTo);
  std::vector<int> Orig = A;
  for (int &X : A)
    X = -1;
  update(Loc, -1, true, A.data(), A.size() * sizeof(int), false);
  CHECK(A == Orig);
  A[5] = 55;
  update(Loc, -1, true, A.data() + 5, sizeof(int), true);
  {
    TargetRegion R(Loc);
    int *D = R.mapSection(A.data(), 0, 1000, MapToFrom);
    CHECK(presentRefCount(0, A.data()) == 2);
    CHECK(fromDevice(D, 6)[5] == 55);
    A[6] = 66; // present: not copied again
    CHECK(fromDevice(D, 7)[6] == 6);
  }
  CHECK(A[6] == 66); // not the last reference: no copy back
  A[6] = 0;
  exitData(Loc, -1, true, A.data(), A.size() * sizeof(int), MapFrom);
  CHECK(A[6] == 6);
  CHECK(A[5] == 55);
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("cuda backend with a device: the stream pool grows", "[rt][cuda]") {
  if (numDevices() == 0)
    return;
  std::vector<std::unique_ptr<TargetRegion>> Rs;
  std::set<void *> Streams;
  for (int I = 0; I < 80; ++I) { // past 32 and 64
    Rs.push_back(std::make_unique<TargetRegion>(Loc));
    Streams.insert(Rs.back()->stream());
  }
  CHECK(Streams.size() == 80);
  Rs.clear();
}

TEST_CASE("cuda backend with a device: concurrent regions share data",
          "[rt][cuda]") {
  if (numDevices() == 0)
    return;
  // Each region's first copy is asynchronous on its own stream; another
  // thread that finds the data present must still see it complete.
  std::vector<int> Shared(1 << 20, 7);
  std::atomic<int> Errors{0};
  std::vector<std::thread> Ts;
  for (int T = 0; T < 8; ++T)
    Ts.emplace_back([&] {
      for (int I = 0; I < 50; ++I) {
        TargetRegion R(Loc);
        int *D = R.mapSection(Shared.data(), 0, 1 << 20, MapTo);
        int Last = 0;
        cudaStream_t S = static_cast<cudaStream_t>(R.stream());
        if (cudaMemcpyAsync(&Last, D + (1 << 20) - 1, sizeof(int),
                            cudaMemcpyDeviceToHost, S) != cudaSuccess ||
            cudaStreamSynchronize(S) != cudaSuccess || Last != 7)
          ++Errors;
      }
    });
  for (auto &T : Ts)
    T.join();
  CHECK(Errors == 0);
  CHECK(presentEntries(0) == 0);
}
