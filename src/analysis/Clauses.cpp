// Clause reading. Every clause a region may carry is either understood here
// or named in the reason the region stays on the host.
#include "analysis/Analysis.h"

#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Frontend/OpenMP/OMP.h"

using namespace clang;

namespace omp2cuda {

namespace {

/// The variable or field (of *this) an item names, with its section: the
/// one on the variable itself (the first dimension); sections of further
/// dimensions go to Inner, second dimension first.
const ValueDecl *itemDecl(const Expr *E, const ArraySectionExpr **Section,
                          const ArraySubscriptExpr **Element,
                          std::vector<const ArraySectionExpr *> *Inner = nullptr) {
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

std::string clauseName(const OMPClause *C) {
  return llvm::omp::getOpenMPClauseName(C->getClauseKind()).str();
}

} // namespace

std::vector<std::string> dependClauses(const OMPExecutableDirective &D,
                                       ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<std::string> Out;
  for (const auto *C : D.getClausesOfKind<OMPDependClause>()) {
    if (C->getBeginLoc().isMacroID() || C->getEndLoc().isMacroID())
      return {};
    std::string Text = Lexer::getSourceText(
                           CharSourceRange::getTokenRange(C->getBeginLoc(),
                                                          C->getEndLoc()),
                           SM, Ctx.getLangOpts())
                           .str();
    // A clause continued over several lines keeps its backslashes out of
    // the one-line pragma it goes into.
    std::string Flat;
    for (std::size_t I = 0; I < Text.size(); ++I) {
      if (Text[I] == '\\' && I + 1 < Text.size() && Text[I + 1] == '\n') {
        ++I;
        Flat += ' ';
      } else {
        Flat += Text[I] == '\n' ? ' ' : Text[I];
      }
    }
    if (Flat.empty())
      return {};
    Out.push_back(Flat);
  }
  return Out;
}

namespace {
/// linear(x[: step]), linear(x: val, step(s)): integer variables whose
/// value in each iteration the kernel computes from the logical iteration
/// number. Reference items (ref, uval) stay on the host.
template <class TextFn>
Verdict readLinear(const OMPLinearClause &L, ClauseInfo &CI, ASTContext &Ctx,
                   TextFn exprText_) {
  if (L.getModifier() != OMPC_LINEAR_val)
    return Verdict::no(DiagId::HostClause,
                       "linear with the 'ref' or 'uval' modifier is not "
                       "supported yet");
  ClauseInfo::LinearItem Item;
  Item.Where = L.getBeginLoc();
  if (const Expr *Step = L.getStep()) {
    Item.Step = exprText_(userExpr(Step), Ctx);
    CI.ClauseExprs.push_back(userExpr(Step));
  }
  for (const Expr *E : L.varlists()) {
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

Verdict readClausesAt(const OMPExecutableDirective &D, ClauseInfo &CI,
                      ASTContext &Ctx, const std::vector<TextEdit> &Edits,
                      const OMPClause *&Current) {
  auto exprText_ = [&](const Expr *E, ASTContext &C) {
    return exprText(E, C, &Edits);
  };
  // Messages quote the user's own text, before any C-to-C++ renames.
  auto userText = [&](const Expr *E) { return exprText(E, Ctx, nullptr); };
  // An item on an lvalue that is not a variable (`p[i][0:n]`, `s.q[0:n]`):
  // data constructs evaluate it where they stand; a target region would need
  // it as a parameter of its stub. None when E has no such form.
  bool DataConstruct = isOpenMPTargetDataManagementDirective(D.getDirectiveKind());
  auto AddBasedItem = [&](const Expr *E, MapInfo MI,
                          const char *What) -> std::optional<Verdict> {
    const Expr *X = E->IgnoreParenImpCasts();
    const auto *Sec = dyn_cast<ArraySectionExpr>(X);
    const auto *Elem = dyn_cast<ArraySubscriptExpr>(X);
    const Expr *Base = Sec    ? Sec->getBase()->IgnoreParenImpCasts()
                       : Elem ? Elem->getBase()->IgnoreParenImpCasts()
                              : nullptr;
    if (!Base || isa<ArraySectionExpr>(Base))
      return std::nullopt;
    QualType BT = Base->getType();
    if (!Base->isLValue() || !(BT->isPointerType() || BT->isConstantArrayType()))
      return std::nullopt;
    std::string Item = std::string("the ") + What + " item '" + userText(E) + "'";
    if (!DataConstruct)
      return Verdict::no(DiagId::HostClause,
                         Item + " is based on '" + userText(Base) +
                             "', not on a variable; on a target region such "
                             "items are translated inside arrays of arrays "
                             "only (a[i][lo:len]), through pointers in target "
                             "data, enter data, exit data and update constructs "
                             "(map it with 'target enter data' before the "
                             "region)");
    if (Base->HasSideEffects(Ctx))
      return Verdict::no(DiagId::HostClause,
                         Item + " has side effects in its base");
    if (Sec && Sec->getStride() && std::string(What) != "to" &&
        std::string(What) != "from")
      return Verdict::no(DiagId::HostClause,
                         "strided array sections are supported in target "
                         "update only");
    MI.Section = true;
    if (Sec) {
      MI.Lower = Sec->getLowerBound() ? exprText_(Sec->getLowerBound(), Ctx) : "0";
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
    CI.PointerMaps.push_back({exprText_(Base, Ctx), BT->isPointerType(), MI});
    return Verdict{};
  };
  auto addMap = [&](const ValueDecl *VD, const MapInfo &MI) -> Verdict {
    auto [It, New] = CI.Maps.emplace(VD, MI);
    if (New)
      return {};
    std::string Why = combineMaps(It->second, MI);
    if (Why.empty())
      return {};
    return Verdict::no(DiagId::HostClause, "'" + VD->getNameAsString() +
                                               "' appears in more than one map "
                                               "item, " + Why);
  };
  auto AddItem = [&](const Expr *E, MapInfo MI, const char *What) -> Verdict {
    const ArraySectionExpr *Sec = nullptr;
    const ArraySubscriptExpr *Elem = nullptr;
    std::vector<const ArraySectionExpr *> InnerSecs;
    const ValueDecl *VD = itemDecl(E, &Sec, &Elem, &InnerSecs);
    // `*p` (OpenMP 5.0 lvalue items) is the section p[0:1].
    const auto *Deref = dyn_cast<UnaryOperator>(E->IgnoreParenImpCasts());
    if (Deref && Deref->getOpcode() == UO_Deref) {
      const auto *DR = dyn_cast<DeclRefExpr>(Deref->getSubExpr()->IgnoreParenImpCasts());
      VD = DR && DR->getType()->isPointerType() ? DR->getDecl() : nullptr;
    } else {
      Deref = nullptr;
    }
    if (!VD && !Deref && !DataConstruct) {
      std::string Why;
      if (const ValueDecl *RV = rowItem(E, MI, Ctx, Edits, Why)) {
        CI.ClauseExprs.push_back(E->IgnoreParenImpCasts());
        return addMap(RV, MI);
      }
      if (!Why.empty())
        return Verdict::no(DiagId::HostClause, Why);
    }
    if (!VD && !Deref)
      if (std::optional<Verdict> V = AddBasedItem(E, MI, What))
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
                         std::string("the ") + What + " item '" +
                             userText(E) +
                             "' is not a variable or an array section of one");
    // Sections of further dimensions must cover them whole: then the item
    // is one contiguous block, rows [lower, lower + length) of the first.
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
      bool FromZero = !In->getLowerBound() ||
                      (Const(In->getLowerBound()) && *Const(In->getLowerBound()) == 0);
      bool ToEnd = !In->getLength() ||
                   (AT && Const(In->getLength()) &&
                    Const(In->getLength())->getZExtValue() == AT->getSize().getZExtValue());
      if (!AT || !FromZero || !ToEnd || In->getStride())
        return Verdict::no(DiagId::HostClause,
                           "the " + std::string(What) + " item '" +
                               userText(E) +
                               "' is not contiguous (only the first dimension "
                               "of a multi-dimensional section may be partial)");
      Dim = AT->getElementType();
    }
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
      MI.Lower = Sec->getLowerBound() ? exprText_(Sec->getLowerBound(), Ctx) : "0";
      if (Sec->getLength()) {
        MI.Length = exprText_(Sec->getLength(), Ctx);
      } else if (const auto *AT =
                     Ctx.getAsConstantArrayType(VD->getType().getNonReferenceType())) {
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
    return addMap(VD, MI);
  };

  for (const OMPClause *C : D.clauses()) {
    if (!C || C->isImplicit())
      continue;
    Current = C;
    if (const auto *M = dyn_cast<OMPMapClause>(C)) {
      MapInfo MI;
      MI.Type = mapType(M->getMapType());
      for (OpenMPMapModifierKind Mod : M->getMapTypeModifiers()) {
        if (Mod == OMPC_MAP_MODIFIER_always)
          MI.Always = true;
        else if (Mod == OMPC_MAP_MODIFIER_present)
          MI.Present = true;
        else if (Mod == OMPC_MAP_MODIFIER_mapper ||
                 Mod == OMPC_MAP_MODIFIER_iterator)
          return Verdict::no(DiagId::HostClause,
                             "map-type modifiers 'mapper' and 'iterator' are "
                             "not supported");
      }
      for (const Expr *E : M->varlists())
        if (Verdict V = AddItem(E, MI, "map"); !V.Ok) {
          CI.FailLoc = E->getBeginLoc();
          return V;
        }
    } else if (isa<OMPToClause, OMPFromClause>(C)) {
      const auto *T = dyn_cast<OMPToClause>(C);
      const auto *F = dyn_cast<OMPFromClause>(C);
      MapInfo MI = makeMap(T ? MapType::To : MapType::From);
      for (OpenMPMotionModifierKind Mod :
           T ? T->getMotionModifiers() : F->getMotionModifiers()) {
        if (Mod == OMPC_MOTION_MODIFIER_present)
          MI.Present = true;
        else if (Mod != OMPC_MOTION_MODIFIER_unknown)
          return Verdict::no(DiagId::HostClause,
                             "the 'mapper' and 'iterator' motion modifiers are "
                             "not supported");
      }
      for (const Expr *E : T ? T->varlists() : F->varlists())
        if (Verdict V = AddItem(E, MI, T ? "to" : "from"); !V.Ok) {
          CI.FailLoc = E->getBeginLoc();
          return V;
        }
    } else if (const auto *P = dyn_cast<OMPPrivateClause>(C)) {
      for (const Expr *E : P->varlists())
        if (const ValueDecl *VD = itemDecl(E, nullptr, nullptr))
          CI.Private.insert(VD);
    } else if (const auto *LP = dyn_cast<OMPLastprivateClause>(C)) {
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
    } else if (isa<OMPUseDevicePtrClause, OMPUseDeviceAddrClause>(C)) {
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
    } else if (const auto *HDA = dyn_cast<OMPHasDeviceAddrClause>(C)) {
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
    } else if (const auto *IDP = dyn_cast<OMPIsDevicePtrClause>(C)) {
      for (const Expr *E : IDP->varlists())
        if (const ValueDecl *VD = itemDecl(E, nullptr, nullptr))
          CI.IsDevicePtr.insert(VD);
    } else if (const auto *FP = dyn_cast<OMPFirstprivateClause>(C)) {
      for (const Expr *E : FP->varlists())
        if (const ValueDecl *VD = itemDecl(E, nullptr, nullptr))
          CI.FirstPrivate.insert(VD);
    } else if (const auto *R = dyn_cast<OMPReductionClause>(C)) {
      // `default` is the plain reduction; `inscan` needs the scan directive
      // and `task` task reductions over the region's tasks, neither of which
      // the kernels have yet.
      if (R->getModifier() == OMPC_REDUCTION_inscan)
        return Verdict::no(DiagId::HostClause,
                           "reduction(inscan, ...) needs the 'scan' directive, "
                           "which is not supported yet");
      if (R->getModifier() == OMPC_REDUCTION_task)
        return Verdict::no(DiagId::HostClause,
                           "reduction(task, ...) (task reductions) is not "
                           "supported yet");
      std::string Op = reductionOp(*R);
      if (Op.empty())
        return Verdict::no(DiagId::HostClause,
                           "user-defined reductions are not supported");
      for (const Expr *E : R->varlists()) {
        const ArraySectionExpr *Sec = nullptr;
        const ArraySubscriptExpr *Elem = nullptr;
        const ValueDecl *VD = itemDecl(E, &Sec, &Elem);
        if (!VD || Elem ||
            !isa<DeclRefExpr, MemberExpr, ArraySectionExpr>(E->IgnoreParenImpCasts()))
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
            AR.Map.Length = std::to_string(AT->getSize().getZExtValue()) +
                            " - (" + AR.Map.Lower + ")";
          else
            return Verdict::no(DiagId::HostClause,
                               "array section without a length on a pointer");
          CI.ClauseExprs.push_back(Sec);
        }
        CI.ArrayReductions[VD] = AR;
      }
    } else if (const auto *Co = dyn_cast<OMPCollapseClause>(C)) {
      if (auto V = Co->getNumForLoops()->getIntegerConstantExpr(Ctx))
        CI.Collapse = static_cast<unsigned>(V->getZExtValue());
    } else if (const auto *NT = dyn_cast<OMPNumTeamsClause>(C)) {
      CI.NumTeams = exprText_(userExpr(NT->getNumTeams()), Ctx);
      CI.ClauseExprs.push_back(userExpr(NT->getNumTeams()));
    } else if (const auto *TL = dyn_cast<OMPThreadLimitClause>(C)) {
      CI.ThreadLimit = exprText_(userExpr(TL->getThreadLimit()), Ctx);
      CI.ClauseExprs.push_back(userExpr(TL->getThreadLimit()));
    } else if (const auto *NTh = dyn_cast<OMPNumThreadsClause>(C)) {
      // In a combined construct num_threads sizes the team, like thread_limit.
      std::string T = exprText_(userExpr(NTh->getNumThreads()), Ctx);
      CI.ThreadLimit = CI.ThreadLimit.empty()
                           ? T
                           : "o2c::minLimit(" + CI.ThreadLimit + ", " + T + ")";
      CI.ClauseExprs.push_back(userExpr(NTh->getNumThreads()));
    } else if (const auto *If = dyn_cast<OMPIfClause>(C)) {
      OpenMPDirectiveKind Mod = If->getNameModifier();
      // if(parallel|teams: c) sizes the kernel's teams; if(simd: c) only
      // allows fewer lanes, which a conforming program cannot observe.
      if (Mod == llvm::omp::OMPD_parallel || Mod == llvm::omp::OMPD_teams) {
        (Mod == llvm::omp::OMPD_parallel ? CI.ParallelIf : CI.TeamsIf) =
            exprText_(userExpr(If->getCondition()), Ctx);
        CI.ClauseExprs.push_back(userExpr(If->getCondition()));
        continue;
      }
      if (Mod == llvm::omp::OMPD_simd)
        continue;
      if (Mod != llvm::omp::OMPD_unknown && Mod != llvm::omp::OMPD_target &&
          Mod != llvm::omp::OMPD_target_data &&
          Mod != llvm::omp::OMPD_target_enter_data &&
          Mod != llvm::omp::OMPD_target_exit_data &&
          Mod != llvm::omp::OMPD_target_update)
        return Verdict::no(DiagId::HostClause,
                           "an 'if' clause for a construct other than "
                           "'target' is not supported");
      CI.IfCond = exprText_(userExpr(If->getCondition()), Ctx);
      CI.ClauseExprs.push_back(userExpr(If->getCondition()));
    } else if (const auto *Dev = dyn_cast<OMPDeviceClause>(C)) {
      if (Dev->getModifier() == OMPC_DEVICE_ancestor)
        return Verdict::no(DiagId::HostClause,
                           "device(ancestor: ...) is not supported");
      CI.Device = exprText_(userExpr(Dev->getDevice()), Ctx);
      CI.ClauseExprs.push_back(userExpr(Dev->getDevice()));
    } else if (isa<OMPNowaitClause>(C)) {
      CI.NoWait = true;
    } else if (const auto *O = dyn_cast<OMPOrderedClause>(C)) {
      // ordered(n) makes a doacross loop nest (depend(sink/source)).
      if (O->getNumForLoops())
        return Verdict::no(DiagId::HostClause,
                           "ordered(n), a doacross loop nest, is not "
                           "supported yet");
      CI.Ordered = true;
    } else if (isa<OMPDependClause>(C)) {
      // Without nowait the region runs to completion where it is
      // encountered, and waiting for the sibling tasks first satisfies every
      // dependence it can have; with nowait the clauses go, as written
      // (dependClauses), on the host task that carries the target task.
      CI.Depend = true;
    } else if (const auto *DM = dyn_cast<OMPDefaultmapClause>(C)) {
      std::string Mod = getOpenMPSimpleClauseTypeName(
          llvm::omp::OMPC_defaultmap, DM->getDefaultmapModifier());
      switch (DM->getDefaultmapKind()) {
      case OMPC_DEFAULTMAP_scalar:
        CI.Defaultmap['s'] = Mod;
        break;
      case OMPC_DEFAULTMAP_aggregate:
        CI.Defaultmap['a'] = Mod;
        break;
      case OMPC_DEFAULTMAP_pointer:
        CI.Defaultmap['p'] = Mod;
        break;
      default:
        CI.Defaultmap['s'] = CI.Defaultmap['a'] = CI.Defaultmap['p'] = Mod;
        break;
      }
    } else if (const auto *S = dyn_cast<OMPScheduleClause>(C)) {
      if (S->getScheduleKind() != OMPC_SCHEDULE_static)
        CI.Remarks.emplace_back(
            DiagId::ScheduleRemap,
            "schedule(" +
            std::string(getOpenMPSimpleClauseTypeName(
                llvm::omp::OMPC_schedule, S->getScheduleKind())) +
            ") runs as a static cyclic schedule; OpenMP leaves the "
            "assignment of iterations to threads to the implementation");
      else if (S->getChunkSize())
        CI.ScheduleChunk = exprText_(userExpr(S->getChunkSize()), Ctx);
      if (S->getChunkSize())
        CI.ClauseExprs.push_back(userExpr(S->getChunkSize()));
    } else if (const auto *SL = dyn_cast<OMPSafelenClause>(C)) {
      if (auto V = SL->getSafelen()->getIntegerConstantExpr(Ctx))
        CI.Safelen = static_cast<unsigned>(V->getZExtValue());
    } else if (const auto *DS = dyn_cast<OMPDistScheduleClause>(C)) {
      // Chunks of the distribute loop, round-robin over the teams; the
      // caller uses them where a team is one thread (no parallel level).
      if (DS->getChunkSize()) {
        CI.DistChunk = exprText_(userExpr(DS->getChunkSize()), Ctx);
        CI.ClauseExprs.push_back(userExpr(DS->getChunkSize()));
      }
    } else if (isa<OMPSharedClause, OMPDefaultClause,
                   OMPSimdlenClause, OMPAlignedClause,
                   OMPOrderClause, OMPProcBindClause, OMPBindClause,
                   OMPNontemporalClause>(C)) {
      // No effect on a grid-stride kernel's meaning.
    } else if (isa<OMPUsesAllocatorsClause, OMPAllocateClause>(C)) {
      // Where private copies live: OpenMP lets an implementation take an
      // allocator as a hint (5.2 §6.2), and the kernel keeps its privates in
      // registers or local memory as CUDA code does. The allocators'
      // handles and traits are not captured: the kernel never names them.
      // A call of omp_alloc in the region still has no device version.
    } else if (const auto *Lin = dyn_cast<OMPLinearClause>(C)) {
      if (Verdict V = readLinear(*Lin, CI, Ctx, exprText_); !V.Ok)
        return V;
    } else {
      return Verdict::no(DiagId::HostClause,
                         "the '" + clauseName(C) + "' clause is not supported yet");
    }
  }
  return {};
}
} // namespace

Verdict readClauses(const OMPExecutableDirective &D, ClauseInfo &CI,
                    ASTContext &Ctx, const std::vector<TextEdit> &Edits) {
  const OMPClause *Current = nullptr;
  Verdict V = readClausesAt(D, CI, Ctx, Edits, Current);
  if (!V.Ok && V.Where.isInvalid() && Current)
    V.Where = Current->getBeginLoc();
  return V;
}

} // namespace omp2cuda
