// Map, to and from clauses: their modifiers, and each item's variable and
// bounds (a variable, a section of one, an element, `*p`, an array of
// arrays' row, or for data constructs an lvalue based on a pointer or a
// member).
#include "analysis/ClauseReader.h"

#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace omp2cuda {

SectionBase sectionBase(const Expr *E) {
  SectionBase S;
  const Expr *X = E->IgnoreParenImpCasts();
  S.Sec = dyn_cast<ArraySectionExpr>(X);
  S.Elem = dyn_cast<ArraySubscriptExpr>(X);
  S.Base = S.Sec    ? S.Sec->getBase()->IgnoreParenImpCasts()
           : S.Elem ? S.Elem->getBase()->IgnoreParenImpCasts()
                    : nullptr;
  return S;
}

/// The variable or field (of *this) an item names, with its section: the
/// one on the variable itself (the first dimension); sections of further
/// dimensions go to Inner, second dimension first.
const ValueDecl *itemDecl(const Expr *E, const ArraySectionExpr **Section,
                          const ArraySubscriptExpr **Element,
                          std::vector<const ArraySectionExpr *> *Inner) {
  E = E->IgnoreParenImpCasts();
  if (const auto *S = dyn_cast<ArraySectionExpr>(E)) {
    std::vector<const ArraySectionExpr *> Chain{S};
    while (const auto *B = dyn_cast<ArraySectionExpr>(
               Chain.back()->getBase()->IgnoreParenImpCasts()))
      Chain.push_back(B);
    if (Chain.size() > 1 && !Inner)
      return nullptr;
    if (Section)
      *Section = Chain.back();
    if (Inner)
      Inner->assign(Chain.rbegin() + 1, Chain.rend());
    E = Chain.back()->getBase()->IgnoreParenImpCasts();
  } else if (const auto *A = dyn_cast<ArraySubscriptExpr>(E)) {
    if (Element)
      *Element = A;
    E = A->getBase()->IgnoreParenImpCasts();
  }
  return namedVariable(E);
}

Verdict ClauseReader::map(const OMPMapClause *M) {
  MapInfo MI;
  MI.Type = mapType(M->getMapType());
  for (OpenMPMapModifierKind Mod : M->getMapTypeModifiers()) {
    if (Mod == OMPC_MAP_MODIFIER_always)
      MI.Always = true;
    else if (Mod == OMPC_MAP_MODIFIER_present)
      MI.Present = true;
  // mapper(...): expandMappers (Mappers.cpp) applies the mapper's clauses.
  }
  if (llvm::is_contained(M->getMapTypeModifiers(), OMPC_MAP_MODIFIER_iterator))
    return iteratorMap(M, MI); // MapIterators.cpp
  for (const Expr *E : M->varlists())
    if (Verdict V = addItem(E, MI, "map"); !V.Ok) {
      CI.FailLoc = E->getBeginLoc();
      return V;
    }
  return {};
}

Verdict ClauseReader::motion(const OMPClause *C) {
  const auto *T = dyn_cast<OMPToClause>(C);
  const auto *F = dyn_cast<OMPFromClause>(C);
  MapInfo MI = makeMap(T ? MapType::To : MapType::From);
  // 'mapper' is read by expandMappers (Mappers.cpp). Any other modifier
  // (none in Clang 19) would change what is copied.
  for (OpenMPMotionModifierKind Mod :
       T ? T->getMotionModifiers() : F->getMotionModifiers()) {
    if (Mod == OMPC_MOTION_MODIFIER_present)
      MI.Present = true;
    else if (Mod != OMPC_MOTION_MODIFIER_unknown &&
             Mod != OMPC_MOTION_MODIFIER_mapper)
      return Verdict::no(DiagId::HostClause,
                         "a motion modifier other than 'present' and "
                         "'mapper' is not supported");
  }
  for (const Expr *E : T ? T->varlists() : F->varlists())
    if (Verdict V = addItem(E, MI, T ? "to" : "from"); !V.Ok) {
      CI.FailLoc = E->getBeginLoc();
      return V;
    }
  return {};
}

Verdict ClauseReader::addItem(const Expr *E, MapInfo MI, const char *What) {
  const ArraySectionExpr *Sec = nullptr;
  const ArraySubscriptExpr *Elem = nullptr;
  std::vector<const ArraySectionExpr *> InnerSecs;
  const ValueDecl *VD = itemDecl(E, &Sec, &Elem, &InnerSecs);
  // `*p` (OpenMP 5.0 lvalue items) is the section p[0:1].
  const auto *Deref = dyn_cast<UnaryOperator>(E->IgnoreParenImpCasts());
  if (Deref && Deref->getOpcode() == UO_Deref) {
    const auto *DR =
        dyn_cast<DeclRefExpr>(Deref->getSubExpr()->IgnoreParenImpCasts());
    VD = DR && DR->getType()->isPointerType() ? DR->getDecl() : nullptr;
  } else {
    Deref = nullptr;
  }
  if (!VD && !Deref && !DataConstruct)
    if (std::optional<Verdict> V = regionArrayMemberItem(E, MI))
      return *V;
  if (!VD && !Deref && !DataConstruct) {
    std::string Why;
    if (const ValueDecl *RV = rowItem(E, MI, Ctx, Edits, Why)) {
      CI.ClauseExprs.push_back(E->IgnoreParenImpCasts());
      return addMap(RV, MI);
    }
    if (!Why.empty())
      return Verdict::no(DiagId::HostClause, Why);
  }
  if (!VD)
    if (std::optional<Verdict> V = addThisItem(E, MI, What))
      return *V;
  if (!VD && !Deref)
    if (std::optional<Verdict> V = addBasedItem(E, MI, What))
      return *V;
  if (!VD && !Deref && DataConstruct) {
    std::string Why;
    if (memberItem(E, MI, Ctx, Edits, CI.PointerMaps, Why)) {
      CI.ClauseExprs.push_back(E->IgnoreParenImpCasts());
      return {};
    }
    if (!Why.empty())
      return Verdict::no(DiagId::HostClause, Why);
  }
  if (!VD)
    return Verdict::no(DiagId::HostClause,
                       std::string("the ") + What + " item '" + userText(E) +
                           "' is not a variable or an array section of one");
  if (Verdict V = wholeInnerDims(E, VD, InnerSecs, What); !V.Ok)
    return V;
  if (Verdict V = itemBounds(VD, Sec, Elem, Deref, MI, What); !V.Ok)
    return V;
  return addMap(VD, MI);
}

Verdict ClauseReader::wholeInnerDims(
    const Expr *E, const ValueDecl *VD,
    const std::vector<const ArraySectionExpr *> &InnerSecs, const char *What) {
  QualType Dim = VD->getType().getNonReferenceType();
  Dim = Dim->isPointerType() ? Dim->getPointeeType()
        : Dim->isArrayType() ? Ctx.getAsArrayType(Dim)->getElementType()
                             : QualType();
  for (const ArraySectionExpr *In : InnerSecs) {
    const ConstantArrayType *AT =
        Dim.isNull() ? nullptr : Ctx.getAsConstantArrayType(Dim);
    auto Const = [&](const Expr *X) -> std::optional<llvm::APSInt> {
      return X ? X->getIntegerConstantExpr(Ctx) : std::nullopt;
    };
    bool FromZero = !In->getLowerBound() || (Const(In->getLowerBound()) &&
                                             *Const(In->getLowerBound()) == 0);
    bool ToEnd = !In->getLength() || (AT && Const(In->getLength()) &&
                                      Const(In->getLength())->getZExtValue() ==
                                          AT->getSize().getZExtValue());
    if (!AT || !FromZero || !ToEnd || In->getStride())
      return Verdict::no(DiagId::HostClause,
                         "the " + std::string(What) + " item '" + userText(E) +
                             "' is not contiguous (only the first dimension "
                             "of a multi-dimensional section may be partial)");
    Dim = AT->getElementType();
  }
  return {};
}

Verdict ClauseReader::itemBounds(const ValueDecl *VD,
                                 const ArraySectionExpr *Sec,
                                 const ArraySubscriptExpr *Elem,
                                 const UnaryOperator *Deref, MapInfo &MI,
                                 const char *What) {
  if (Sec) {
    if (const Expr *Stride = Sec->getStride()) {
      // OpenMP allows strides only in the motion clauses of target update.
      std::optional<llvm::APSInt> S = Stride->getIntegerConstantExpr(Ctx);
      bool Motion = std::string(What) == "to" || std::string(What) == "from";
      if (!Motion || !Sec->getLength() || (S && *S < 1))
        return Verdict::no(DiagId::HostClause,
                           "strided array sections are supported in target "
                           "update only, with a length and a positive stride");
      if (!S || *S != 1) {
        MI.Stride = exprText_(Stride, Ctx);
        CI.ClauseExprs.push_back(Stride);
      }
    }
    MI.Section = true;
    MI.Lower =
        Sec->getLowerBound() ? exprText_(Sec->getLowerBound(), Ctx) : "0";
    if (Sec->getLength()) {
      MI.Length = exprText_(Sec->getLength(), Ctx);
    } else if (const auto *AT = Ctx.getAsConstantArrayType(
                   VD->getType().getNonReferenceType())) {
      MI.Length = std::to_string(AT->getSize().getZExtValue()) + " - (" +
                  MI.Lower + ")";
    } else {
      return Verdict::no(DiagId::HostClause,
                         "array section without a length on a pointer");
    }
    CI.ClauseExprs.push_back(Sec);
  } else if (Elem) {
    MI.Section = true;
    MI.Lower = exprText_(Elem->getIdx(), Ctx);
    MI.Length = "1";
    CI.ClauseExprs.push_back(Elem);
  } else if (Deref) {
    MI.Section = true;
    MI.Lower = "0";
    MI.Length = "1";
    CI.ClauseExprs.push_back(Deref);
  }
  return {};
}

std::optional<Verdict> ClauseReader::addBasedItem(const Expr *E, MapInfo MI,
                                                  const char *What) {
  const Expr *X = E->IgnoreParenImpCasts();
  auto [Sec, Elem, Base] = sectionBase(E);
  if (!Base || isa<ArraySectionExpr>(Base))
    return std::nullopt;
  QualType BT = Base->getType();
  // A member of a template's dependent type (`w.p`): regionMemberItem
  // checks it in every instantiation.
  bool DependentMember =
      !DataConstruct && Base->isTypeDependent() &&
      isa<MemberExpr, CXXDependentScopeMemberExpr>(Base);
  if (!Base->isLValue() ||
      !(DependentMember || BT->isPointerType() || BT->isConstantArrayType()))
    return std::nullopt;
  std::string Item = std::string("the ") + What + " item '" + userText(E) + "'";
  std::string BaseText;
  if (!DataConstruct)
    if (std::optional<Verdict> V = regionMemberItem(X, Base, Item, BaseText))
      return *V;
  // (A dependent member chain is only member accesses: clang cannot tell.)
  if (!DependentMember && Base->HasSideEffects(Ctx))
    return Verdict::no(DiagId::HostClause,
                       Item + " has side effects in its base");
  if (Sec && Sec->getStride() && std::string(What) != "to" &&
      std::string(What) != "from")
    return Verdict::no(DiagId::HostClause,
                       "strided array sections are supported in target "
                       "update only");
  MI.Section = true;
  if (Sec) {
    MI.Lower =
        Sec->getLowerBound() ? exprText_(Sec->getLowerBound(), Ctx) : "0";
    if (Sec->getLength())
      MI.Length = exprText_(Sec->getLength(), Ctx);
    else if (const auto *AT = Ctx.getAsConstantArrayType(BT))
      MI.Length = std::to_string(AT->getSize().getZExtValue()) + " - (" +
                  MI.Lower + ")";
    else
      return Verdict::no(DiagId::HostClause,
                         "array section without a length on a pointer");
    if (const Expr *Stride = Sec->getStride()) {
      std::optional<llvm::APSInt> S = Stride->getIntegerConstantExpr(Ctx);
      if (!Sec->getLength() || (S && *S < 1))
        return Verdict::no(DiagId::HostClause,
                           "strided array sections need a length and a "
                           "positive stride");
      if (!S || *S != 1)
        MI.Stride = exprText_(Stride, Ctx);
    }
  } else {
    MI.Lower = exprText_(Elem->getIdx(), Ctx);
    MI.Length = "1";
  }
  CI.ClauseExprs.push_back(X);
  PointerMap PM;
  PM.Base = BaseText.empty() ? exprText_(Base, Ctx) : BaseText;
  PM.AttachBase = BT->isPointerType() || DependentMember;
  PM.Map = MI;
  // Entering: one span for the struct's members (arrayMemberParent). An
  // exit releases each section as it is: one inside a span drops the
  // span's reference (once per construct) and the other items copy back
  // from its freed copy (copyBackShared), while sections entered apart
  // (`enter data` of s->x, then of s->y) are released each, where a span
  // step would meet both blocks and release neither.
  llvm::omp::Directive Kind = D.getDirectiveKind();
  if (DataConstruct && Kind != llvm::omp::OMPD_target_update &&
      Kind != llvm::omp::OMPD_target_exit_data) {
    std::string Why;
    arrayMemberParent(Base, Sec ? Sec->getLowerBound() : Elem->getIdx(),
                      Sec ? Sec->getLength() : nullptr, Item, Ctx, PM, Why);
    if (!Why.empty())
      return Verdict::no(DiagId::HostClause, Why);
  }
  CI.PointerMaps.push_back(PM);
  return Verdict{};
}

std::optional<Verdict> ClauseReader::addThisItem(const Expr *E, MapInfo MI,
                                                 const char *What) {
  const Expr *X = E->IgnoreParenImpCasts();
  const auto *U = dyn_cast<UnaryOperator>(X);
  const auto *Sec = dyn_cast<ArraySectionExpr>(X);
  const Expr *Base = U && U->getOpcode() == UO_Deref ? U->getSubExpr()
                     : Sec                           ? Sec->getBase()
                                                     : nullptr;
  if (!Base || !isa<CXXThisExpr>(Base->IgnoreParenImpCasts()))
    return std::nullopt;
  // A region's stub is not a member function: the call gives it `this`
  // (Lower.cpp thisObject). One object, once.
  if (!DataConstruct && llvm::any_of(CI.PointerMaps, [](const PointerMap &P) {
        return P.ThisObject;
      }))
    return Verdict::no(DiagId::HostClause,
                       std::string("the ") + What + " item '" + userText(E) +
                           "' maps 'this' a second time");
  auto Is = [&](const Expr *B, uint64_t V) {
    std::optional<llvm::APSInt> C =
        B ? B->getIntegerConstantExpr(Ctx) : std::nullopt;
    return C && *C == V;
  };
  // OpenMP allows only the one object (`this[:1]`).
  if (Sec && ((Sec->getLowerBound() && !Is(Sec->getLowerBound(), 0)) ||
              !Is(Sec->getLength(), 1) || Sec->getStride()))
    return Verdict::no(DiagId::HostClause,
                       std::string("the ") + What + " item '" + userText(E) +
                           "' is not the one object 'this' points to");
  MI.Section = true;
  MI.Lower = "0";
  MI.Length = "1";
  CI.ClauseExprs.push_back(X);
  PointerMap PM;
  PM.Base = "this";
  PM.Map = MI;
  PM.ThisObject = true;
  CI.PointerMaps.push_back(PM);
  return Verdict{};
}

namespace {
/// The base text of a pointer variable's own storage item (its one element
/// at &p), as the stub names it.
std::string pointerStorageBase(const ValueDecl *VD) {
  return "&(" + VD->getNameAsString() + ")";
}

bool pointerWithSection(const ValueDecl *VD, MapInfo &Old, const MapInfo &New,
                        bool Exit, std::vector<PointerMap> &Maps) {
  // map(p) and map(p[0:n]) of one pointer variable, in either order (clang
  // maps the pair: p's storage, attached to the section). The section stays
  // the variable's map, which a kernel takes by value; the storage becomes
  // an item of its own, which the stub (or the data construct, in place)
  // maps after it and attaches (CapturePointers.cpp makes a region's stub
  // take p by reference). A variable the stub names otherwise (a variable
  // template's specialisation, a static member) keeps it on the host.
  const auto *Var = dyn_cast<VarDecl>(VD);
  QualType T = VD->getType();
  if ((!isa<FieldDecl>(VD) && !Var) || !T->isPointerType() ||
      T->isFunctionPointerType() || T->getPointeeType()->isVoidType() ||
      (Var && (isa<VarTemplateSpecializationDecl>(Var) ||
               Var->isStaticDataMember())) ||
      Old.Section == New.Section)
    return false;
  std::string Base = pointerStorageBase(VD);
  if (llvm::any_of(Maps, [&](const PointerMap &P) { return P.Base == Base; }))
    return false;
  const MapInfo &Sec = Old.Section ? Old : New;
  const MapInfo &Whole = Old.Section ? New : Old;
  auto Entering = [](MapType M) {
    return M == MapType::Alloc || M == MapType::To || M == MapType::From ||
           M == MapType::ToFrom;
  };
  // exit data leaves the two (from, release, delete) as two items: no
  // attachment, so any section; the pointer's storage exits first
  // (DataCalls.cpp standAlone), while the section's copy is there to tell
  // the host counterpart of a device address it holds.
  auto Exiting = [](MapType M) {
    return M == MapType::From || M == MapType::Release || M == MapType::Delete;
  };
  if (Exit && (!Exiting(Sec.Type) || !Exiting(Whole.Type)))
    return false;
  // The attachment points p's device copy at the section's first element
  // (p[0]): other lower bounds and rows keep the region on the host.
  if (!Exit && (!Entering(Sec.Type) || !Entering(Whole.Type) ||
                Sec.Lower != "0" || Sec.Length == "0"))
    return false;
  if (!Sec.Rows.empty() || !Sec.Stride.empty() || !Whole.Rows.empty())
    return false;
  PointerMap PM;
  PM.Base = Base;
  PM.Map = Whole;
  PM.Map.Section = true;
  PM.Map.Lower = "0";
  PM.Map.Length = "1";
  PM.AttachSelf = true;
  Maps.push_back(PM);
  Old = Sec;
  return true;
}
} // namespace

Verdict ClauseReader::addMap(const ValueDecl *VD, const MapInfo &MI) {
  auto [It, New] = CI.Maps.emplace(VD, MI);
  if (New)
    return {};
  // A pair that maps p and its section on a region, enters both with a
  // data construct or exits both (update names them apart).
  llvm::omp::Directive Kind = D.getDirectiveKind();
  bool Exits = Kind == llvm::omp::OMPD_target_exit_data;
  bool Enters = !DataConstruct || Kind == llvm::omp::OMPD_target_data ||
                Kind == llvm::omp::OMPD_target_enter_data;
  if ((Enters || Exits) &&
      pointerWithSection(VD, It->second, MI, Exits, CI.PointerMaps))
    return {};
  std::string Why = combineMaps(It->second, MI);
  if (Why.empty())
    return {};
  return Verdict::no(DiagId::HostClause, "'" + VD->getNameAsString() +
                                             "' appears in more than one map "
                                             "item, " +
                                             Why);
}

MapType mapType(OpenMPMapClauseKind K) {
  switch (K) {
  case OMPC_MAP_to:
    return MapType::To;
  case OMPC_MAP_from:
    return MapType::From;
  case OMPC_MAP_alloc:
    return MapType::Alloc;
  case OMPC_MAP_release:
    return MapType::Release;
  case OMPC_MAP_delete:
    return MapType::Delete;
  default:
    return MapType::ToFrom;
  }
}

} // namespace omp2cuda
