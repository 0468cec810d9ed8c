// OpenMP 5.1 interop (§2.15.1, §3.12): `#pragma omp interop` and the
// omp_get_interop_* routines, for omp2cuda's devices. clang compiles the
// construct, which the translator leaves in host code, into calls of
// libomptarget's entry points (__tgt_interop_init/use/destroy), which
// omp2cuda does not link; these answer them. libomp's own
// omp_get_interop_* forward to the next library that defines them
// (dlsym(RTLD_NEXT)); a program linked with this library calls these
// directly. An interop object describes the CUDA runtime on one device: its
// targetsync object is a stream of the runtime's pool, so work the program
// queues there is ordered as the construct's dependences say.
#include "backend.h"
#include "device_state.h"
#include "map_steps.h"
#include "released.h"

#include "omp2cuda/host_rt.h"

#include <cstdint>

namespace {

// The values of clang's omp.h (OpenMP 5.1 §3.12 and the additional
// definitions document), which this file cannot include: the library is
// built without OpenMP.
enum Property {
  FrId = -1,
  FrName = -2,
  Vendor = -3,
  VendorName = -4,
  DeviceNum = -5,
  Platform = -6,
  DeviceProp = -7,
  DeviceContext = -8,
  TargetSync = -9,
  FirstProperty = -9,
};
enum Rc {
  NoValue = 1,
  Success = 0,
  Empty = -1,
  OutOfRange = -2,
  TypeInt = -3,
  TypePtr = -4,
  TypeStr = -5,
  Other = -6,
};
constexpr int FrCuda = 1; // omp_ifr_cuda
// clang's llvm::omp::OMPInteropType, the construct's fourth argument.
constexpr int InteropTargetSync = 2;

struct Interop {
  int Device;
  void *Stream; // targetsync: a stream of the pool, else null
};

/// The stub's depend array, clang's kmp_depend_info_t, and the libomp entry
/// that waits for the tasks such dependences name (an undeferred task's
/// wait). Weak: a program built by GCC never reaches the code that calls it.
struct DependInfo;
struct Ident;

} // namespace

extern "C" __attribute__((weak)) void
__kmpc_omp_wait_deps(Ident *Loc, std::int32_t Gtid, std::int32_t NDeps,
                     DependInfo *Deps, std::int32_t NNoAlias,
                     DependInfo *NoAlias);

namespace {

using o2c::detail::backend;
using o2c::detail::runtimeLoc;

/// The construct's dependences are waited for where it is encountered: it
/// runs as an undeferred task would (OpenMP allows that with nowait too).
void awaitDeps(Ident *Loc, std::int32_t Gtid, std::int32_t NDeps,
               DependInfo *Deps) {
  if (NDeps > 0 && Deps && __kmpc_omp_wait_deps)
    __kmpc_omp_wait_deps(Loc, Gtid, NDeps, Deps, 0, nullptr);
}

/// The device an interop object on Requested (-1: the default device)
/// describes; -1 when that is the host or no device (the object is then
/// omp_interop_none, as libomptarget leaves it).
int interopDevice(int Requested) {
  int Dev = Requested < 0 ? o2c::defaultDevice() : Requested;
  return o2c::detail::isOffloadDevice(Dev) ? Dev : -1;
}

/// After the construct's dependences: a target task released early (its
/// device work still queued, docs/async.md) is among them, so work the
/// program queues on the targetsync stream from now on waits for it there.
void orderAfterReleased(const Interop &I) {
  if (I.Stream)
    o2c::detail::awaitReleased(I.Device, I.Stream, runtimeLoc());
}

/// Waits for the work queued on the object's targetsync stream.
void syncObject(const Interop &I) {
  if (I.Stream)
    o2c::steps::syncStream(I.Device, I.Stream, runtimeLoc());
}

const Interop *object(const void *Obj, int *Rc) {
  if (!Obj) {
    if (Rc)
      *Rc = Empty;
    return nullptr;
  }
  if (Rc)
    *Rc = Success;
  return static_cast<const Interop *>(Obj);
}

} // namespace

extern "C" {

void __tgt_interop_init(Ident *Loc, std::int32_t Gtid, void **Obj,
                        std::int32_t Type, std::int32_t Device,
                        std::int32_t NDeps, DependInfo *Deps,
                        std::int32_t /*Nowait*/) {
  awaitDeps(Loc, Gtid, NDeps, Deps);
  *Obj = nullptr;
  int Dev = interopDevice(Device);
  if (Dev < 0)
    return;
  void *Stream = Type == InteropTargetSync
                     ? backend().acquireStream(Dev, runtimeLoc())
                     : nullptr;
  auto *I = new Interop{Dev, Stream};
  orderAfterReleased(*I);
  *Obj = I;
}

void __tgt_interop_use(Ident *Loc, std::int32_t Gtid, void **Obj,
                       std::int32_t /*Device*/, std::int32_t NDeps,
                       DependInfo *Deps, std::int32_t /*Nowait*/) {
  awaitDeps(Loc, Gtid, NDeps, Deps);
  if (*Obj) {
    syncObject(*static_cast<Interop *>(*Obj));
    orderAfterReleased(*static_cast<Interop *>(*Obj));
  }
}

void __tgt_interop_destroy(Ident *Loc, std::int32_t Gtid, void **Obj,
                           std::int32_t /*Device*/, std::int32_t NDeps,
                           DependInfo *Deps, std::int32_t /*Nowait*/) {
  awaitDeps(Loc, Gtid, NDeps, Deps);
  auto *I = static_cast<Interop *>(*Obj);
  if (!I)
    return;
  syncObject(*I);
  if (I->Stream)
    backend().releaseStream(I->Device, I->Stream);
  delete I;
  *Obj = nullptr;
}

int omp_get_num_interop_properties(const void *) { return 0; }

std::intptr_t omp_get_interop_int(const void *Obj, int Prop, int *Rc) {
  const Interop *I = object(Obj, Rc);
  if (!I)
    return 0;
  switch (Prop) {
  case FrId:
    return FrCuda;
  case DeviceNum:
  case DeviceProp: // the CUDA device ordinal (CUdevice)
    return I->Device;
  case FrName:
  case VendorName:
    if (Rc)
      *Rc = TypeStr;
    return 0;
  case TargetSync:
    if (Rc)
      *Rc = I->Stream ? TypePtr : NoValue;
    return 0;
  default:
    if (Rc)
      *Rc = Prop < FirstProperty || Prop >= 0 ? OutOfRange : NoValue;
    return 0;
  }
}

void *omp_get_interop_ptr(const void *Obj, int Prop, int *Rc) {
  const Interop *I = object(Obj, Rc);
  if (!I)
    return nullptr;
  switch (Prop) {
  case TargetSync: // cudaStream_t
    if (!I->Stream && Rc)
      *Rc = NoValue;
    return I->Stream;
  case FrId:
  case DeviceNum:
  case DeviceProp:
    if (Rc)
      *Rc = TypeInt;
    return nullptr;
  case FrName:
  case VendorName:
    if (Rc)
      *Rc = TypeStr;
    return nullptr;
  default:
    if (Rc)
      *Rc = Prop < FirstProperty || Prop >= 0 ? OutOfRange : NoValue;
    return nullptr;
  }
}

const char *omp_get_interop_str(const void *Obj, int Prop, int *Rc) {
  const Interop *I = object(Obj, Rc);
  if (!I)
    return nullptr;
  switch (Prop) {
  case FrName:
    return "cuda";
  case VendorName:
    return "nvidia";
  case FrId:
  case DeviceNum:
  case DeviceProp:
    if (Rc)
      *Rc = TypeInt;
    return nullptr;
  case TargetSync:
    if (Rc)
      *Rc = I->Stream ? TypePtr : NoValue;
    return nullptr;
  default:
    if (Rc)
      *Rc = Prop < FirstProperty || Prop >= 0 ? OutOfRange : NoValue;
    return nullptr;
  }
}

const char *omp_get_interop_name(const void *, int Prop) {
  static const char *const Names[] = {
      "targetsync",  "device_context", "device",  "platform", "device_num",
      "vendor_name", "vendor",         "fr_name", "fr_id"};
  return Prop >= FirstProperty && Prop < 0 ? Names[Prop - FirstProperty]
                                           : nullptr;
}

const char *omp_get_interop_type_desc(const void *Obj, int Prop) {
  if (!Obj)
    return nullptr;
  switch (Prop) {
  case FrId:
    return "omp_interop_fr_t";
  case FrName:
  case VendorName:
    return "const char *";
  case DeviceNum:
    return "int";
  case DeviceProp:
    return "CUdevice";
  case TargetSync:
    return "cudaStream_t";
  default:
    return nullptr;
  }
}

const char *omp_get_interop_rc_desc(const void *, int Code) {
  switch (Code) {
  case NoValue:
    return "the property has no value";
  case Success:
    return "success";
  case Empty:
    return "the interop object is omp_interop_none";
  case OutOfRange:
    return "no such property";
  case TypeInt:
    return "the property's value is an integer";
  case TypePtr:
    return "the property's value is a pointer";
  case TypeStr:
    return "the property's value is a string";
  default:
    return "other error";
  }
}

} // extern "C"
