// How a captured pointer reaches the kernel: translated to the device copy
// of what it points to, firstprivate with the host's value, a section's
// base, or the mapped object's device address, as its uses in the region
// need (OpenMP 5.2 §5.8.6; choosePassing, CapturePassing.cpp).
#include "analysis/CapturePointers.h"
#include "analysis/Defaultmap.h"
#include "analysis/Instantiations.h"
#include "analysis/RequiresClause.h"

using namespace clang;

namespace omp2cuda {

/// The first reference to D in S that is no plain read of its value (an
/// assignment, ++, &D, a reference bound to it, an unevaluated operand);
/// invalid where every reference reads it. ByName: any variable named as
/// D is (S is an instantiation of the pattern that declares D).
static SourceLocation firstNonRead(const Stmt *S, const ValueDecl *D,
                                   bool ByName) {
  if (!S)
    return {};
  auto Names = [&](const Expr *E) {
    const ValueDecl *X = namedVariable(E);
    return X && (X == D || (ByName && X->getDeclName() == D->getDeclName()));
  };
  if (const auto *C = dyn_cast<ImplicitCastExpr>(S);
      C && C->getCastKind() == CK_LValueToRValue &&
      Names(C->getSubExpr()->IgnoreParens()))
    return {};
  if (const auto *E = dyn_cast<Expr>(S); E && Names(E))
    return E->getBeginLoc();
  for (const Stmt *Child : S->children())
    if (SourceLocation L = firstNonRead(Child, D, ByName); L.isValid())
      return L;
  return {};
}

/// firstNonRead in the region's body, or in a template's pattern in each
/// of its instantiations (the pattern's dependent uses have no reads).
static SourceLocation firstNonRead(const CaptureSite &S, const ValueDecl *D) {
  std::vector<const Stmt *> Copies =
      instantiatedCopies(S.Shape.Inner, S.TU.Ctx);
  if (Copies.empty())
    return firstNonRead(S.Shape.Inner, D, false);
  for (const Stmt *Copy : Copies)
    if (SourceLocation L = firstNonRead(Copy, D, true); L.isValid())
      return L;
  return {};
}

static const Stmt *functionBody(const CaptureSite &S) {
  return S.C.Function ? S.C.Function->getBody() : nullptr;
}

/// The pointers the region's map clauses map through (`a[0:n]`), and the
/// arrays they map: the kernel gets the device address whatever the body
/// does with them.
static std::set<const ValueDecl *> sectionBases(const ClauseInfo &CI) {
  std::set<const ValueDecl *> Out;
  for (const auto &[D, M] : CI.Maps)
    if ((M.Section && D->getType()->isPointerType()) ||
        D->getType()->isArrayType())
      Out.insert(D);
  for (const auto &[D, AR] : CI.ArrayReductions)
    if (AR.Map.Section && D->getType()->isPointerType())
      Out.insert(D);
  return Out;
}

/// How the region uses U's value, knowing which pointers are translated
/// and which variables never go back to the host.
PointerValueUse valueUse(const CaptureSite &S, const Use &U) {
  std::set<const ValueDecl *> Unseen = S.CI.Private;
  Unseen.insert(S.CI.FirstPrivate.begin(), S.CI.FirstPrivate.end());
  return pointerValueUse(S.Shape.Inner, U.Decl, sectionBases(S.CI), Unseen);
}

/// firstprivate(p), or defaultmap(firstprivate: pointer): OpenMP gives the
/// region the host's address, whose dereference on a device is
/// unspecified. A region that only dereferences p gets the device copy of
/// mapped data (what the host build reads), one that only stores, casts or
/// compares p the host address (what clang passes, so every build agrees),
/// and one that does both stays on the host.
Verdict firstprivatePointer(const CaptureSite &S, const Use &U, Capture &Cap) {
  PointerValueUse PU = valueUse(S, U);
  if (holdsDeviceAllocation(U.Decl, functionBody(S)))
    PU = {};
  if (PU.Escapes && PU.Derefs) {
    Verdict V = Verdict::no(
        DiagId::HostClause,
        "the firstprivate pointer '" + Cap.Name +
            "' is both dereferenced and used as a value (stored, cast, "
            "compared or passed to a call), which needs the device's "
            "address and the host's at once");
    V.Where = PU.EscapeAt;
    return V;
  }
  Cap.How = PU.Escapes ? Passing::Value : Passing::DevicePointer;
  return {};
}

/// A pointer that no clause names, or one whose variable a map clause (or
/// defaultmap) maps and attaches: the region's p holds the device address
/// of the pointee, where the host build holds the host's. A region that
/// only dereferences p agrees with the host build; where p's value also
/// escapes (stored, cast to an integer, compared with a pointer not moved
/// alike, passed to a call that may keep it) the region stays on the host,
/// located at that use. An implicit pointer that only escapes takes the
/// host's value, unless the region compares it with, or subtracts it from,
/// a pointer that does not move alike: one loaded from mapped data holds
/// the device address once attached (`w.p - a` with `w.p` attached into
/// a's block: 520 under emu, 4 in the host build; hunt44 wa.c, wc.c).
static Verdict translatedPointer(const CaptureSite &S, const Use &U,
                                 Capture &Cap) {
  PointerValueUse PU = valueUse(S, U);
  if (!PU.Escapes || holdsDeviceAllocation(U.Decl, functionBody(S)))
    return {};
  if (!Cap.Map && !PU.Derefs && PU.ApartAt.isInvalid()) {
    Cap.How = Passing::Value;
    return {};
  }
  if (!Cap.Map && !PU.Derefs) {
    Verdict V = Verdict::no(
        DiagId::HostClause,
        "the pointer '" + Cap.Name +
            "' keeps the host's address in the region, which compares it "
            "with, or subtracts it from, a pointer that may hold a device "
            "address (one the region translates, or loads from mapped data), "
            "where the host build compares two host addresses");
    V.Where = PU.ApartAt;
    return V;
  }
  Verdict V = Verdict::no(
      DiagId::HostClause,
      "the pointer '" + Cap.Name + "' is " +
          (Cap.Map ? "mapped and attached"
                   : "translated to the device copy "
                     "of what it points to") +
          ", and the region uses its value (stored, cast, compared or passed "
          "to a call), which the host build sees as the host's address");
  V.Where = PU.EscapeAt;
  return V;
}

/// What the host build sees of a translated address: the region's uses
/// that compare it with, or subtract it from, a pointer that keeps the
/// host's value (a captured pointer that escapes, one rebuilt from an
/// integer, another map item's base), cast it to an integer, or store it
/// where the host reads it (pointerValueUse's SeenAt).
const char *const SeenUses =
    "(compared with or subtracted from a pointer that keeps the host's "
    "value or one of another map item, cast to an integer, or stored where "
    "the host reads it), which the host build sees as the host's address";

/// A section's base (`map(a[0:n])`): the kernel's a holds the device
/// address, where the host build holds the host's. A use the host build
/// sees (SeenUses) gives another answer: the region stays on the host,
/// located at that use.
static Verdict sectionBasePointer(const CaptureSite &S, const Use &U,
                                  const Capture &Cap) {
  PointerValueUse PU = valueUse(S, U);
  if (PU.SeenAt.isInvalid() || holdsDeviceAllocation(U.Decl, functionBody(S)))
    return {};
  Verdict V = Verdict::no(
      DiagId::HostClause,
      "the pointer '" + Cap.Name +
          "' is the base of a mapped array section, which the region "
          "translates to the device copy, and the region uses its value " +
          std::string(SeenUses));
  V.Where = PU.SeenAt;
  return V;
}

/// A mapped array or object: the region's a (or &x) is the device copy's
/// address, where the host build's is the host's, as for a section's base.
Verdict mappedAddress(const CaptureSite &S, const Use &U, const Capture &Cap) {
  if (S.IsData || !S.Shape.Inner || Cap.How != Passing::MappedObject)
    return {};
  PointerValueUse PU = valueUse(S, U);
  if (PU.SeenAt.isInvalid())
    return {};
  Verdict V =
      Verdict::no(DiagId::HostClause,
                  std::string(Cap.IsArray ? "the array '" : "'") + Cap.Name +
                      "' is mapped, the region's is the device copy, "
                      "and the region uses its address " +
                      std::string(SeenUses));
  V.Where = PU.SeenAt;
  return V;
}

/// A pointer no data-sharing clause names: the device address of what a
/// map (or defaultmap) maps, or the pointer itself.
Verdict pointerPassing(const CaptureSite &S, const Use &U, Capture &Cap) {
  std::string DM = defaultmapFor(S.CI, 'p');
  // defaultmap(to|from|tofrom|alloc|present: pointer) maps the pointer
  // variable itself, as map(<type>: p) would (OpenMP 5.2 §5.8.7;
  // present: map(present, alloc: p)).
  if (!Cap.Map && !S.IsData &&
      (DM == "to" || DM == "from" || DM == "tofrom" || DM == "alloc" ||
       DM == "present")) {
    Cap.Map = implicitMap(S.CI, 'p', MapType::ToFrom);
    if (DM == "present")
      Cap.Map->Type = MapType::Alloc;
  }
  if (!Cap.Map && DM == "firstprivate")
    return firstprivatePointer(S, U, Cap);
  if (!Cap.Map && !DM.empty() && DM != "default")
    return Verdict::no(DiagId::HostClause,
                       "defaultmap(" + DM + ": pointer) is not supported yet");
  else if (Cap.Map && !Cap.Map->Section && !S.IsData) {
    // map(tofrom: p) maps the pointer itself: the kernel may assign it
    // and the host sees the new value (attached to the pointee when
    // that is on the device, so that the kernel can dereference it).
    Cap.How = Passing::MappedObject;
    Cap.PointerObject = true;
    return translatedPointer(S, U, Cap);
  } else {
    Cap.How = Passing::DevicePointer;
    if (!Cap.Map && !S.IsData)
      return translatedPointer(S, U, Cap);
    if (Cap.Map && !S.IsData)
      if (Verdict V = sectionBasePointer(S, U, Cap); !V.Ok)
        return V;
    // map(p) beside map(p[0:n]) of a target region (ClauseMaps.cpp
    // pointerWithSection): the stub maps p's storage too, so it takes p by
    // reference; the kernel takes the section's address by value, which is
    // what p's device copy holds only while nothing assigns p.
    std::string Storage = "&(" + Cap.Name + ")";
    if (Cap.Map && Cap.Map->Section && !S.IsData &&
        llvm::any_of(S.CI.PointerMaps, [&](const PointerMap &P) {
          return P.AttachSelf && P.Base == Storage;
        })) {
      SourceLocation L = firstNonRead(S, U.Decl);
      if (Cap.Written || L.isValid()) {
        Verdict V = Verdict::no(DiagId::HostClause,
                                "the pointer '" + Cap.Name +
                                    "' is mapped with its section, and the "
                                    "region may assign it (it does more than "
                                    "read it)");
        V.Where = L;
        return V;
      }
      Cap.PointerObject = true;
      return {};
    }
    // A data construct's map(to: p) maps the pointer variable too (its
    // storage, attached like a target region's), so that a later
    // map(present: p) or defaultmap(present: pointer) finds it.
    Cap.PointerObject = S.IsData && Cap.Map && !Cap.Map->Section;
  }
  return {};
}

} // namespace omp2cuda
