// How each captured variable reaches the kernel: the passing its clause
// asks for (reduction, linear, lastprivate, private, device addresses,
// firstprivate) or the implicit one its type and defaultmap give (OpenMP
// 5.2 §5.8), and the stub's and kernel's parameters that spell it.
#include "analysis/CEnumFacts.h"
#include "analysis/CapturePointers.h"
#include "analysis/Defaultmap.h"
#include "analysis/PointerValueUse.h"
#include "analysis/RegionSteps.h"
#include "analysis/RequiresClause.h"

#include "clang/AST/DeclCXX.h"

#include <cctype>

using namespace clang;

namespace omp2cuda {
namespace {

/// A record with a const (or reference) member, directly or in a member.
bool hasConstMember(QualType T, const ASTContext &Ctx) {
  const RecordDecl *RD = T->getAsRecordDecl();
  if (!RD || !RD->getDefinition())
    return false;
  for (const FieldDecl *F : RD->getDefinition()->fields()) {
    QualType FT = Ctx.getBaseElementType(F->getType());
    if (F->getType()->isReferenceType() || FT.isConstQualified() ||
        hasConstMember(FT, Ctx))
      return true;
  }
  return false;
}

/// How a reduction over an array or array section reaches the kernel: the
/// device copy (mapped tofrom, as OpenMP 5.2 §17.2 maps a combined target
/// construct's reduction items), which the body's updates reach through
/// device atomics (arrayReductionEdits).
Verdict arrayReductionCapture(const Use &U, QualType T,
                              const ClauseInfo::ArrayReduction &AR,
                              const Region &R, bool SpmdLoop, const Stmt *Body,
                              ASTContext &Ctx, Capture &Cap) {
  auto No = [&](const std::string &Why) {
    return Verdict::no(DiagId::HostClause,
                       "the array reduction of '" + Cap.Name + "' " + Why);
  };
  if (R.Class != RegionClass::Combined || SpmdLoop || !Body)
    return No("on a region with nested constructs is not supported yet");
  QualType Elem;
  if (T->isPointerType() && AR.Map.Section)
    Elem = T->getPointeeType();
  else if (T->isConstantArrayType())
    Elem = Ctx.getAsArrayType(T)->getElementType();
  if (Elem.isNull() || Elem->isArrayType() || Cap.IsVLA)
    return No("is supported on one-dimensional fixed-size arrays and sections "
              "of pointers only");
  if (!isAtomicNumber(Elem, Ctx) || Elem->isBooleanType() ||
      Elem.isConstQualified())
    return No("has elements that are not integers of 1 to 8 bytes, float or "
              "double");
  const SourceManager &SM = Ctx.getSourceManager();
  for (SourceRange SR : U.Refs)
    if (!SM.isPointWithin(SR.getBegin(), Body->getBeginLoc(), Body->getEndLoc()))
      return No("is used in the loop bounds");
  if (!Cap.Map)
    Cap.Map = AR.Map;
  else if (AR.Map.Section && !Cap.Map->Section)
    return No("maps the whole array and reduces a section of it, which is "
              "not supported yet");
  // The combined result must come back whatever the map says.
  Cap.Map->Type = MapType::ToFrom;
  Cap.How = Cap.IsPointer ? Passing::DevicePointer : Passing::MappedObject;
  return {};
}

/// lastprivate: the value of the sequentially last iteration comes back.
Verdict lastprivatePassing(CaptureSite &S, const Use &U, QualType T,
                           bool LoopVariable, Capture &Cap) {
  ASTContext &Ctx = S.TU.Ctx;
  const Region &R = S.R;
  const Stmt *Body = S.Shape.Body;
  // A fixed-size array of scalars: the last iteration copies its bytes.
  const ConstantArrayType *CA = Ctx.getAsConstantArrayType(T);
  bool ScalarArray = CA && Ctx.getBaseElementType(T)->isScalarType() &&
                     !LoopVariable && !S.CI.CondLastPrivate.count(U.Decl);
  if (R.Class != RegionClass::Combined || (Cap.IsArray && !ScalarArray) ||
      S.CI.FirstPrivate.count(U.Decl))
    return Verdict::no(DiagId::HostClause,
                       "lastprivate of '" + Cap.Name +
                           "' is supported for scalars on loops only");
  // OpenMP 5.x: a lastprivate list item of a combined target construct
  // is mapped tofrom.
  Cap.How = Passing::LastPrivate;
  if (!Cap.Map)
    Cap.Map = makeMap(MapType::ToFrom, true);
  if (!S.CI.CondLastPrivate.count(U.Decl))
    return {};
  // Keys of (iteration + 1) << 32 | value: a 32-bit count, values of
  // up to 4 bytes, and every write an assignment the text shows.
  const auto *VD = dyn_cast<VarDecl>(U.Decl);
  std::string Why;
  if (!VD || LoopVariable || S.Shape.SpmdLoop || R.BodyFromMacro || !Body)
    Why = "is supported on variables of a loop's body only";
  else if (R.Loops.size() != 1 || R.Loops[0].Is64Bit)
    Why = "is supported on one loop with a 32-bit count only";
  else if (T->isDependentType() || !isAtomicNumber(T, Ctx) ||
           Ctx.getTypeSize(T) > 32)
    Why = "is supported on integers and floats of up to 4 bytes only";
  else if (!S.Shape.Atomics.empty())
    Why = "is not supported in a body with atomics yet";
  if (!Why.empty())
    return Verdict::no(DiagId::HostClause,
                       "lastprivate(conditional: " + Cap.Name + ") " + Why);
  if (Verdict V = condLastprivateEdits(Body, VD, Cap.Name, Ctx, S.Text.BodyEdits);
      !V.Ok)
    return V;
  Cap.CondLast = true;
  return {};
}

/// An object of class type no data-sharing clause names: mapped tofrom.
Verdict recordPassing(const CaptureSite &S, QualType T, Capture &Cap) {
  const auto *RD = T->getAsCXXRecordDecl();
  // OpenMP 5.x: an aggregate that no clause names is mapped tofrom.
  Cap.How = Passing::MappedObject;
  if (!Cap.Map && defaultmapFor(S.CI, 'a') == "firstprivate")
    Cap.How = Passing::Value;
  else if (!Cap.Map)
    Cap.Map = implicitMap(S.CI, 'a', MapType::ToFrom);
  // A mapped object is copied bitwise, as OpenMP implementations do
  // (clang warns that such a type is "not guaranteed to be mapped
  // correctly"), and used in place; a kernel parameter needs a trivial
  // copy, and a device cannot follow a host virtual-table pointer. A
  // mapped polymorphic object's copy keeps the host's table pointer, which
  // device code never reads: its virtual calls name their overrider
  // (CallChecker::checkNamedObjectCall), and the bytes go back unchanged.
  // A virtual base is found through the table even without a call.
  if (RD && RD->isPolymorphic() &&
      (Cap.How == Passing::Value || RD->getNumVBases() > 0))
    return Verdict::no(DiagId::HostType,
                       "'" + Cap.Name + "' has virtual functions" +
                           (RD->getNumVBases() ? " and virtual bases" : "") +
                           ", and the device cannot use a host object's "
                           "virtual-table pointer");
  if (RD && !RD->isTriviallyCopyable() && Cap.How == Passing::Value)
    return Verdict::no(DiagId::HostType,
                       "'" + Cap.Name + "' is not trivially copyable");
  return {};
}

/// Whether defaultmap maps the scalars no clause names (tofrom) rather than
/// making them firstprivate.
bool defaultmapMapsScalars(const ClauseInfo &CI) {
  std::string DM = defaultmapFor(CI, 's');
  return DM == "tofrom" || DM == "from" || DM == "present";
}

/// A bit-field has no address: the stub cannot reach its device copy.
bool isBitFieldMember(const ValueDecl *D) {
  const auto *FD = dyn_cast_or_null<FieldDecl>(D);
  return FD && FD->isBitField();
}

/// A scalar no data-sharing clause names: firstprivate unless a clause (or
/// defaultmap) maps it.
void scalarPassing(const CaptureSite &S, const Use &U, Capture &Cap) {
  if (!Cap.Map) {
    const auto *VD = dyn_cast<VarDecl>(U.Decl);
    if (defaultmapMapsScalars(S.CI))
      Cap.Map = implicitMap(S.CI, 's', MapType::ToFrom);
    else if (VD && isDeclareTargetLink(VD))
      // A `declare target link` variable is treated as if it appeared
      // in a map clause with tofrom (OpenMP 4.5 §2.15.5, kept since):
      // its one device storage, which functions the region calls use.
      Cap.Map = makeMap(MapType::ToFrom, true);
    else if (U.Member && U.Written)
      // A member is reached through `this`, which OpenMP maps tofrom
      // (this[:1]): what the region writes to it is seen afterwards.
      Cap.Map = makeMap(MapType::ToFrom, true);
    else if (U.Member && !S.IsData && !isBitFieldMember(U.Decl) &&
             !U.Decl->getType()->isReferenceType() &&
             defaultmapFor(S.CI, 'a') != "firstprivate")
      // One only read goes by value, the device copy's where *this (or
      // the member) is present: a region before may have written it there
      // (scratch ts1.cpp: host 50, emu 30 with the host's value).
      Cap.MemberStart = true;
  }
  // A mapped scalar lives in device storage: it may already be present
  // (enter data) and later regions may read what this one writes.
  Cap.How = Cap.Map ? Passing::MappedObject : Passing::Value;
}

/// The passing of a variable that no data-sharing clause names.
Verdict implicitPassing(const CaptureSite &S, const Use &U, QualType T,
                        Capture &Cap) {
  if (Cap.IsPointer)
    return pointerPassing(S, U, Cap);
  if (Cap.IsArray) {
    Cap.How = Passing::MappedObject;
    if (!Cap.Map && defaultmapFor(S.CI, 'a') == "firstprivate") {
      Cap.How = Passing::Value;
      Cap.BoxedArray = true;
    } else if (!Cap.Map) {
      Cap.Map = implicitMap(S.CI, 'a', MapType::ToFrom);
    }
    return mappedAddress(S, U, Cap);
  }
  if (T->isRecordType()) {
    if (Verdict V = recordPassing(S, T, Cap); !V.Ok)
      return V;
    return mappedAddress(S, U, Cap);
  }
  // OpenMP maps a class object tofrom and makes a scalar firstprivate, so a
  // template's instantiations disagree on whether the region's assignment
  // is seen after it; the kernel is one pattern and passes by value.
  // A member the region writes is mapped through `this` as a scalar
  // (scalarPassing) and as a class object alike, unless defaultmap makes
  // the class object firstprivate.
  bool Agree = U.Member ? defaultmapFor(S.CI, 'a') != "firstprivate"
                        : defaultmapFor(S.CI, 'a') == "firstprivate" ||
                              defaultmapMapsScalars(S.CI);
  if (T->isDependentType() && Cap.Written && !Cap.Map && !Agree)
    return Verdict::no(DiagId::HostType,
                       "'" + Cap.Name + "' has a type that depends on the "
                       "template and the region assigns it: an "
                       "instantiation with a class type maps it tofrom, one "
                       "with a scalar type makes it firstprivate");
  scalarPassing(S, U, Cap);
  return mappedAddress(S, U, Cap);
}

/// The kernel's parameter for Cap, by its passing.
Verdict kernelParam(const Use &U, QualType T, ASTContext &Ctx, Capture &Cap) {
  switch (Cap.How) {
  case Passing::Value:
  case Passing::DevicePointer:
    Cap.KernelParam = declText(T, Cap.Name, Ctx);
    if (Cap.BoxedArray) {
      // o2c::box copies a const array into a box of plain elements; the
      // kernel's name for it stays const like the original.
      Qualifiers Quals;
      QualType Plain = Ctx.getUnqualifiedArrayType(T, Quals);
      Cap.KernelParam = "o2c::Box<" + declText(Plain, "", Ctx) + "> o2c_fp_" + Cap.Name;
      Cap.PrivateDecl = std::string(Quals.hasConst() ? "const " : "") +
                        "auto &" + Cap.Name + " = o2c_fp_" + Cap.Name + ".v;";
    }
    break;
  case Passing::MappedObject:
    Cap.KernelParam = Cap.IsArray
                          ? declText(Ctx.getArrayDecayedType(T), Cap.Name, Ctx)
                          : declText(Ctx.getPointerType(T), Cap.Name, Ctx);
    // The kernel indexes an array through its first element's address;
    // sizeof, & and range-for need the array itself, a reference to it.
    if (Cap.IsArray && U.WholeArray) {
      if (Cap.IsVLA)
        return Verdict::no(DiagId::HostType,
                           "the variable-length array '" + Cap.Name +
                               "' is used as a whole (sizeof, &, "
                               "range-for)");
      Cap.KernelParam =
          declText(Ctx.getArrayDecayedType(T), "o2c_arr_" + Cap.Name, Ctx);
      Cap.PrivateDecl = declText(Ctx.getLValueReferenceType(T), Cap.Name, Ctx) +
                        " = *reinterpret_cast<" +
                        declText(Ctx.getPointerType(T), "", Ctx) + ">(o2c_arr_" +
                        Cap.Name + ");";
    }
    break;
  case Passing::Reduction:
    Cap.KernelParam =
        declText(Ctx.getPointerType(T), "o2c_red_" + Cap.Name, Ctx);
    break;
  case Passing::Private:
    Cap.KernelParam = declText(T, Cap.Name, Ctx) + ";";
    break;
  case Passing::LastPrivate:
    Cap.KernelParam =
        declText(Ctx.getPointerType(T), "o2c_last_" + Cap.Name, Ctx);
    // The kernel's loop declares the loop variable itself.
    if (!Cap.LoopVariable)
      Cap.PrivateDecl = declText(T, Cap.Name, Ctx) + ";";
    break;
  }
  // A reference the kernel binds (a boxed firstprivate array, a mapped array
  // used whole) and names only in sizeof/decltype: nvcc warns that it is set
  // but never used (#550), an error under -Werror=all-warnings.
  bool BindsReference =
      Cap.BoxedArray ||
      (Cap.How == Passing::MappedObject && !Cap.PrivateDecl.empty());
  if (BindsReference && U.OnlyUnevaluated)
    Cap.PrivateDecl += " (void)" + Cap.Name + ";";
  return {};
}

/// The stub's parameter for Cap (and the call's argument for a VLA), after
/// the checks of what a stub or kernel parameter can hold.
Verdict stubParam(const CaptureSite &S, QualType T, Capture &Cap) {
  ASTContext &Ctx = S.TU.Ctx;
  // The stub takes objects that the device writes back by reference.
  // So does a pointer whose own storage a target region maps beside its
  // section (CapturePointers.cpp): the stub maps that storage.
  bool ByRef = Cap.How == Passing::MappedObject || Cap.How == Passing::Reduction ||
               Cap.How == Passing::LastPrivate ||
               (!S.IsData && Cap.How == Passing::DevicePointer &&
                Cap.PointerObject);

  // A firstprivate array travels by value in a struct (C++ passes no
  // array by value); the kernel names its own copy by the array's name.
  bool ByRefArray = Cap.BoxedArray;
  if (Cap.BoxedArray && T->isDependentType())
    return Verdict::no(DiagId::HostType,
                       "the firstprivate array '" + Cap.Name +
                           "' has a type that depends on template "
                           "parameters (its size is not known here)");
  // o2c::box fills a default-constructed box, which const members forbid.
  if (Cap.BoxedArray && hasConstMember(Ctx.getBaseElementType(T), Ctx))
    return Verdict::no(DiagId::HostType,
                       "the firstprivate array '" + Cap.Name +
                           "' has elements with const members");
  // CUDA 12.1+ takes up to 32764 bytes of kernel parameters (sm_70 on).
  if (Cap.BoxedArray && !T->isDependentType() &&
      Ctx.getTypeSizeInChars(T).getQuantity() > 30000)
    return Verdict::no(DiagId::HostType,
                       "the firstprivate array '" + Cap.Name +
                           "' is larger than a kernel's parameters can be");
  if (Cap.IsVLA && (Cap.How == Passing::Private || Cap.How == Passing::Value))
    return Verdict::no(DiagId::HostType,
                       "private copies of the variable-length array '" +
                           Cap.Name + "' are not supported yet");
  Cap.StubParam =
      Cap.IsVLA ? declText(Ctx.getArrayDecayedType(T), Cap.Name, Ctx) +
                      ", size_t o2c_bytes_" + Cap.Name
                : declText(ByRef || ByRefArray ? Ctx.getLValueReferenceType(T) : T,
                           Cap.Name, Ctx);
  // A member only read: the stub takes its value at the call, for the
  // clauses (a deferred task evaluates them at the encounter), and its
  // address, whose device copy's value the kernel gets (Lower.cpp).
  if (Cap.How == Passing::Value && Cap.MemberStart) {
    Cap.StubParam += ", " + declText(Ctx.getPointerType(T.withConst()),
                                     "o2c_at_" + Cap.Name, Ctx);
    Cap.CallArg += ", &" + Cap.CallArg;
  }
  // A kernel's stub takes a VLA's size too; a data construct names the
  // array where it stands.
  if (Cap.IsVLA && !S.IsData)
    Cap.CallArg = Cap.Name + ", sizeof(" + Cap.Name + ")";
  return {};
}


} // namespace

/// The class with virtual bases that an object of type T is or holds
/// (through references, pointers, arrays and members), or null.
static const CXXRecordDecl *virtualBasesIn(QualType T, ASTContext &Ctx,
                                           unsigned Depth = 0) {
  T = T.getNonReferenceType();
  while (T->isPointerType() || T->isArrayType())
    T = T->isPointerType() ? T->getPointeeType() : Ctx.getBaseElementType(T);
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || RD->isDependentContext() || Depth > 8)
    return nullptr;
  if (RD->getNumVBases())
    return RD;
  // A member pointer's target is not mapped with the object.
  for (const FieldDecl *F : RD->fields())
    if (QualType FT = Ctx.getBaseElementType(F->getType());
        !FT->isPointerType() && !FT->isReferenceType())
      if (const CXXRecordDecl *In = virtualBasesIn(FT, Ctx, Depth + 1))
        return In;
  return nullptr;
}

/// Whether T is or holds (through references, pointers, arrays and
/// members) a long double: CUDA device code takes it as a double, 8 bytes
/// where the host's objects and parameters hold x87's 16 (nvcc #20208-D).
static bool holdsLongDouble(QualType T, ASTContext &Ctx, unsigned Depth = 0) {
  T = T.getNonReferenceType();
  while (T->isPointerType() || T->isArrayType())
    T = T->isPointerType() ? T->getPointeeType() : Ctx.getBaseElementType(T);
  if (T->isSpecificBuiltinType(BuiltinType::LongDouble))
    return true;
  if (const auto *CT = T->getAs<ComplexType>())
    return CT->getElementType()->isSpecificBuiltinType(BuiltinType::LongDouble);
  const auto *RD = T->getAsRecordDecl();
  if (!RD || !RD->getDefinition() || Depth > 8)
    return false;
  for (const FieldDecl *F : RD->getDefinition()->fields())
    if (holdsLongDouble(F->getType(), Ctx, Depth + 1))
      return true;
  return false;
}

Verdict choosePassing(CaptureSite &S, const Use &U, QualType T,
                      bool LoopVariable, Capture &Cap) {
  if (!T->isDependentType() && holdsLongDouble(T, S.TU.Ctx))
    return Verdict::no(DiagId::HostType,
                       "'" + Cap.Name +
                           "' is or holds a long double, which CUDA device "
                           "code takes as a double (8 bytes, where the host "
                           "holds 16)");
  // A virtual base is found through the virtual table: a host-built
  // object's is the host's, where device code would read the base's
  // offset (through a pointer or a member too). A private copy is built
  // on the device, an is_device_ptr object presumed so (VirtualCalls.h).
  // Under requires unified_shared_memory the device reads the host's table
  // (OpenMP_VV 5.2 test_target_mul_inheritence1.cpp).
  if (const CXXRecordDecl *VB = T->isDependentType()
                                    ? nullptr
                                    : virtualBasesIn(T, S.TU.Ctx);
      VB && !S.CI.Private.count(U.Decl) && !S.CI.IsDevicePtr.count(U.Decl) &&
      !requiresClause<OMPUnifiedSharedMemoryClause>(S.TU.Ctx))
    return Verdict::no(DiagId::HostType,
                       "'" + Cap.Name + "' reaches an object of '" +
                           VB->getNameAsString() +
                           "', which has virtual bases: device code finds "
                           "them through the host's virtual-table pointer");

  ASTContext &Ctx = S.TU.Ctx;
  ClauseInfo &CI = S.CI;
  Verdict V;
  if (auto AR = CI.ArrayReductions.find(U.Decl); AR != CI.ArrayReductions.end()) {
    V = arrayReductionCapture(U, T, AR->second, S.R, S.Shape.SpmdLoop,
                              S.Shape.Body, Ctx, Cap);
    if (V.Ok)
      S.Text.ArrayRed.emplace_back(U.Decl, AR->second.Op);
  } else if (CI.Reductions.count(U.Decl)) {
    if (!isAtomicNumber(T, Ctx))
      return Verdict::no(DiagId::HostType,
                         "the reduction variable '" + Cap.Name +
                             "' is not an integer of 1 to 8 bytes or a "
                             "float or double");
    Cap.How = Passing::Reduction;
    Cap.ReductionOp = CI.Reductions[U.Decl];
    if (!Cap.Map)
      Cap.Map = makeMap(MapType::ToFrom, true);
  } else if (CI.Linear.count(U.Decl)) {
    // OpenMP 5.2 §17.2: on a combined target construct a linear item is
    // firstprivate and lastprivate for the outer leaves, so mapped
    // tofrom; each iteration starts from the original's value.
    Cap.How = Passing::LastPrivate;
    Cap.LinearStep = CI.Linear[U.Decl].Step;
    Cap.LinearWide = T->isDependentType() || Ctx.getTypeSize(T) > 32;
  } else if (CI.LastPrivate.count(U.Decl)) {
    V = lastprivatePassing(S, U, T, LoopVariable, Cap);
  } else if (CI.Private.count(U.Decl)) {
    Cap.How = Passing::Private;
  } else if (CI.HasDeviceAddr.count(U.Decl) && !Cap.IsPointer) {
    if (Cap.IsVLA)
      return Verdict::no(DiagId::HostClause,
                         "has_device_addr of the variable-length array '" +
                             Cap.Name + "' is not supported yet");
    Cap.How = Passing::MappedObject; // by the address it already has
    Cap.DeviceAddress = true;
  } else if (CI.IsDevicePtr.count(U.Decl) || CI.HasDeviceAddr.count(U.Decl)) {
    if (!Cap.IsPointer)
      return Verdict::no(DiagId::HostClause,
                         "is_device_ptr of '" + Cap.Name +
                             "', which is not a pointer");
    Cap.How = Passing::Value; // a device address: passed as it is
  } else if (CI.FirstPrivate.count(U.Decl)) {
    Cap.BoxedArray = Cap.IsArray;
    if (Cap.IsPointer && !S.IsData)
      V = firstprivatePointer(S, U, Cap);
    else
      Cap.How = Cap.IsPointer ? Passing::DevicePointer : Passing::Value;
  } else {
    V = implicitPassing(S, U, T, Cap);
  }
  if (!V.Ok)
    return V;
  if (Cap.Map && Cap.Map->Section && !Cap.IsPointer && !Cap.IsArray)
    return Verdict::no(DiagId::HostClause,
                       "an array section of '" + Cap.Name +
                           "', which is neither a pointer nor an array");
  return {};
}

Verdict deviceCopyAddress(const CaptureSite &S, const Use &U) {
  const auto *VD = dyn_cast<VarDecl>(U.Decl);
  if (!VD || VD->getType()->isPointerType() || !S.Shape.Inner)
    return {};
  PointerValueUse PU = valueUse(S, U);
  if (PU.SeenAt.isInvalid())
    return {};
  Verdict V = Verdict::no(DiagId::HostClause,
                          "'" + VD->getNameAsString() +
                              "' is declare target, the region's is the "
                              "device copy, and the region uses its address " +
                              std::string(SeenUses));
  V.Where = PU.SeenAt;
  return V;
}

Verdict captureParams(CaptureSite &S, const Use &U, QualType T, Capture &Cap) {
  ASTContext &Ctx = S.TU.Ctx;
  // A const object is never copied back: it may live in read-only memory
  // (and the region cannot have changed it, unless it has mutable
  // members). Data seen through a pointer to const may be writable, and a
  // region may cast the const away: that is copied back.
  QualType Elem = Ctx.getBaseElementType(T);
  const auto *ElemClass = Elem->getAsCXXRecordDecl();
  if (Cap.Map && !Cap.IsPointer && Elem.isConstQualified() &&
      !(ElemClass && ElemClass->hasDefinition() && ElemClass->hasMutableFields())) {
    if (Cap.Map->Type == MapType::ToFrom)
      Cap.Map->Type = MapType::To;
    else if (Cap.Map->Type == MapType::From)
      Cap.Map->Type = MapType::Alloc;
  }
  if (Verdict V = stubParam(S, T, Cap); !V.Ok)
    return V;
  if (Verdict V = kernelParam(U, T, Ctx, Cap); !V.Ok)
    return V;
  for (std::string *Str : {&Cap.ValueType, &Cap.ElemType, &Cap.DecayType,
                           &Cap.StubParam, &Cap.KernelParam, &Cap.PrivateDecl})
    *Str = spellParams(renameMovedTags(*Str, S.TU, Ctx), S.TC);
  if (!spellUnnamedEnum(T, Ctx,
                        {&Cap.ValueType, &Cap.ElemType, &Cap.DecayType,
                         &Cap.StubParam, &Cap.KernelParam, &Cap.PrivateDecl}))
    return Verdict::no(DiagId::HostType,
                       "'" + Cap.Name +
                           "' has an enumeration type without "
                           "a name, which a kernel's parameter cannot spell "
                           "(omp2cuda names one only where a C file defines it "
                           "at file scope)");
  // decltype(x) and typeof(x) would name the kernel's pointer or reference
  // where the region names the object.
  if (U.InTypeOperand && (Cap.How == Passing::MappedObject || Cap.BoxedArray))
    return Verdict::no(DiagId::HostType,
                       "'" + Cap.Name + "' is named in decltype or typeof, "
                       "and the kernel receives it by address");
  // What the kernel takes by value counts against its parameter space.
  S.ParamBytes += Cap.How == Passing::Value && !T->isDependentType() &&
                          !T->isIncompleteType()
                      ? Ctx.getTypeSizeInChars(T).getQuantity()
                      : 8;
  if (S.ParamBytes > 30000)
    return Verdict::no(DiagId::HostType,
                       "the values the kernel takes (up to '" + Cap.Name +
                           "') are larger than a kernel's parameters can be");
  return {};
}

} // namespace omp2cuda
