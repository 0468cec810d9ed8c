// The data-sharing clauses (private, firstprivate, lastprivate, reduction,
// linear) and the device-address clauses (use_device_ptr, use_device_addr,
// has_device_addr, is_device_ptr).
#include "analysis/ClauseReader.h"
#include "analysis/Scope.h"

using namespace clang;

namespace omp2cuda {

std::string reductionOp(const OMPReductionClause &C) {
  DeclarationName N = C.getNameInfo().getName();
  switch (N.getCXXOverloadedOperator()) {
  case OO_Plus:
  case OO_Minus: // OpenMP 5.2 deprecates '-'; it combines partials with '+'.
    return "o2c_dev::RedPlus";
  case OO_Star:
    return "o2c_dev::RedTimes";
  case OO_Amp:
    return "o2c_dev::RedBitAnd";
  case OO_Pipe:
    return "o2c_dev::RedBitOr";
  case OO_Caret:
    return "o2c_dev::RedBitXor";
  case OO_AmpAmp:
    return "o2c_dev::RedLogAnd";
  case OO_PipePipe:
    return "o2c_dev::RedLogOr";
  default:
    break;
  }
  if (N.isIdentifier()) {
    if (N.getAsString() == "min")
      return "o2c_dev::RedMin";
    if (N.getAsString() == "max")
      return "o2c_dev::RedMax";
  }
  return "";
}

Verdict ClauseReader::privates(const OMPPrivateClause *P) {
  for (const Expr *E : P->varlists())
    if (const ValueDecl *VD = itemDecl(E, nullptr, nullptr))
      CI.Private.insert(VD);
  return {};
}

Verdict ClauseReader::firstprivates(const OMPFirstprivateClause *FP) {
  for (const Expr *E : FP->varlists())
    if (const ValueDecl *VD = itemDecl(E, nullptr, nullptr))
      CI.FirstPrivate.insert(VD);
  return {};
}

Verdict ClauseReader::lastprivates(const OMPLastprivateClause *LP) {
  bool Conditional = LP->getKind() == OMPC_LASTPRIVATE_conditional;
  if (LP->getKind() != OMPC_LASTPRIVATE_unknown && !Conditional)
    return Verdict::no(DiagId::HostClause,
                       "this lastprivate modifier is not supported yet");
  for (const Expr *E : LP->varlists())
    if (const ValueDecl *VD = itemDecl(E, nullptr, nullptr)) {
      CI.LastPrivate.insert(VD);
      if (Conditional)
        CI.CondLastPrivate.insert(VD);
    }
  return {};
}

Verdict ClauseReader::reduction(const OMPReductionClause *R) {
  // `default` is the plain reduction; `inscan` needs the scan directive,
  // which the kernels do not have yet. `task` is the plain reduction too:
  // tasks inside a target region run when they are created, in the thread
  // that creates them, so the in_reduction tasks that take part update that
  // thread's own copy (InReduction.cpp).
  if (R->getModifier() == OMPC_REDUCTION_inscan)
    return Verdict::no(DiagId::HostClause,
                       "reduction(inscan, ...) on a loop that several "
                       "threads share is not supported yet");
  std::string Op = reductionOp(*R);
  if (Op.empty())
    return Verdict::no(DiagId::HostClause,
                       "user-defined reductions are not supported");
  for (const Expr *E : R->varlists()) {
    const ArraySectionExpr *Sec = nullptr;
    const ArraySubscriptExpr *Elem = nullptr;
    const ValueDecl *VD = itemDecl(E, &Sec, &Elem);
    if (!VD || Elem ||
        !isa<DeclRefExpr, MemberExpr, ArraySectionExpr>(
            E->IgnoreParenImpCasts()))
      return Verdict::no(DiagId::HostClause,
                         "the reduction item '" + userText(E) +
                             "' is not a variable, an array or a "
                             "one-dimensional array section");
    QualType T = VD->getType().getNonReferenceType();
    if (!Sec && !T->isArrayType()) {
      CI.Reductions[VD] = Op;
      continue;
    }
    ClauseInfo::ArrayReduction AR;
    AR.Op = Op;
    AR.Map = makeMap(MapType::ToFrom, true);
    if (Sec) {
      if (Sec->getStride())
        return Verdict::no(DiagId::HostClause,
                           "strided array sections in a reduction are "
                           "not supported");
      AR.Map.Section = true;
      AR.Map.Lower =
          Sec->getLowerBound() ? exprText_(Sec->getLowerBound(), Ctx) : "0";
      if (Sec->getLength())
        AR.Map.Length = exprText_(Sec->getLength(), Ctx);
      else if (const auto *AT = Ctx.getAsConstantArrayType(T))
        AR.Map.Length = std::to_string(AT->getSize().getZExtValue()) + " - (" +
                        AR.Map.Lower + ")";
      else
        return Verdict::no(DiagId::HostClause,
                           "array section without a length on a pointer");
      CI.ClauseExprs.push_back(Sec);
    }
    CI.ArrayReductions[VD] = AR;
  }
  return {};
}

/// linear(x[: step]), linear(x: val, step(s)): integer variables whose
/// value in each iteration the kernel computes from the logical iteration
/// number. Reference items (ref, uval) stay on the host.
Verdict ClauseReader::linear(const OMPLinearClause *L) {
  if (L->getModifier() != OMPC_LINEAR_val)
    return Verdict::no(DiagId::HostClause,
                       "linear with the 'ref' or 'uval' modifier is not "
                       "supported yet");
  ClauseInfo::LinearItem Item;
  Item.Where = L->getBeginLoc();
  if (const Expr *Step = L->getStep()) {
    Item.Step = exprText_(userExpr(Step), Ctx);
    CI.ClauseExprs.push_back(userExpr(Step));
  }
  for (const Expr *E : L->varlists()) {
    const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *VD = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
    QualType T = VD ? VD->getType() : QualType();
    if (!VD || T->isReferenceType() ||
        !(T->isIntegerType() || T->isDependentType()) || T->isBooleanType() ||
        T->isEnumeralType())
      return Verdict::no(DiagId::HostClause,
                         "linear of '" + exprText(E, Ctx, nullptr) +
                             "' is supported for integer variables only "
                             "(not yet for pointers, references or members)");
    CI.Linear[VD] = Item;
  }
  return {};
}

Verdict ClauseReader::deviceAliases(const OMPClause *C) {
  bool Addr = isa<OMPUseDeviceAddrClause>(C);
  llvm::SmallVector<const Expr *, 4> Items;
  if (const auto *P = dyn_cast<OMPUseDevicePtrClause>(C))
    Items.append(P->varlist_begin(), P->varlist_end());
  else
    Items.append(cast<OMPUseDeviceAddrClause>(C)->varlist_begin(),
                 cast<OMPUseDeviceAddrClause>(C)->varlist_end());
  for (const Expr *E : Items) {
    const ArraySectionExpr *Sec = nullptr;
    const ArraySubscriptExpr *Elem = nullptr;
    const auto *VD = dyn_cast_or_null<VarDecl>(itemDecl(E, &Sec, &Elem));
    std::string Name = "'" + clauseName(C) + "' of '" + userText(E) + "'";
    if (!VD || Elem)
      return Verdict::no(DiagId::HostClause,
                         Name + " is not supported yet (only variables "
                                "and array sections are)");
    QualType T = VD->getType();
    if (T->isVariablyModifiedType())
      return Verdict::no(DiagId::HostClause,
                         Name + ": variable-length arrays are not "
                                "supported yet");
    // A section of a pointer names the pointer's target: the pointer
    // itself is translated, as use_device_ptr does.
    bool Reference = Addr && !(Sec && T->isPointerType());
    if (Sec && !T->isPointerType() && !T->isArrayType())
      return Verdict::no(DiagId::HostClause, Name + " is not supported yet");
    // The alias is the device copy of the section's base, which only a
    // section from element 0 is sure to have.
    if (Sec && Sec->getLowerBound()) {
      auto Low = Sec->getLowerBound()->getIntegerConstantExpr(Ctx);
      if (!Low || *Low != 0)
        return Verdict::no(DiagId::HostClause,
                           Name + ": sections that do not start at element "
                                  "0 are not supported yet");
    }
    CI.DeviceAliases.push_back({VD, Reference});
  }
  return {};
}

Verdict ClauseReader::hasDeviceAddr(const OMPHasDeviceAddrClause *HDA) {
  for (const Expr *E : HDA->varlists()) {
    const ArraySectionExpr *Sec = nullptr;
    const ArraySubscriptExpr *Elem = nullptr;
    const ValueDecl *VD = itemDecl(E, &Sec, &Elem);
    if (!VD || Elem)
      return Verdict::no(DiagId::HostClause,
                         "has_device_addr of '" + userText(E) +
                             "' is supported for variables and array "
                             "sections only");
    CI.HasDeviceAddr.insert(VD);
  }
  return {};
}

Verdict ClauseReader::isDevicePtr(const OMPIsDevicePtrClause *IDP) {
  for (const Expr *E : IDP->varlists())
    if (const ValueDecl *VD = itemDecl(E, nullptr, nullptr))
      CI.IsDevicePtr.insert(VD);
  return {};
}

} // namespace omp2cuda
