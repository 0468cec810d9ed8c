// Map items of a target region on a pointer member of a struct variable
// (`v.p[0:n]`, `v.in.p[0:n]`, `w->p[0:n]`; issue 10). OpenMP maps the
// struct as needed and attaches the member's device copy to the section's.
// The stub maps the struct variable whole (v, or the one object w[0:1]),
// as the region's implicit tofrom of an aggregate would, then the section,
// and attaches the member (mapSteps: the PointerMap the item becomes), so
// that the kernel reads the device address in v.p while the runtime's
// attach table gives the host its own v.p back when v's copy returns. A
// `declare mapper` does the same for `map(v)` (Mappers.cpp). In a
// template's pattern a dependent member (`v.p` of a `Vec<T> v`) must be a
// pointer member of the same holder in every instantiation. A member item
// (`v.n`) maps the member alone where the region needs no more
// (RegionMemberSpans.cpp); else it, or one inside an array member
// (`v.rows[i][0:n]`), lies in the struct, whose implicit map covers it.
#include "analysis/ClauseReader.h"
#include "analysis/Instantiations.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace omp2cuda {

namespace {

/// Where a pointer member's storage is: the variable or the field of
/// `*this` that holds it, and the member's text as the stub names it.
struct RegionMemberHolder {
  const ValueDecl *Decl = nullptr;
  bool Arrow = false; // through the pointer variable w (`w->p`, `w->in.p`)
  std::string Text;   // `v.in.p` for `this->v.in.p` (the stub's v); else empty
};

/// Whether VD is a variable the stub takes by its name.
bool regionHolderVariable(const VarDecl *VD, const LangOptions &LO) {
  const DeclContext *DC = VD->getDeclContext()->getRedeclContext();
  return !VD->isStaticDataMember() && VD->getTLSKind() == VarDecl::TLS_None &&
         !isa<VarTemplateSpecializationDecl>(VD) && !isDeclareTargetEnter(VD) &&
         !isDeclareTargetLink(VD) &&
         (DC->isFunctionOrMethod() || DC->isTranslationUnit()) &&
         (LO.CPlusPlus || !isCxxOnlyKeyword(VD->getNameAsString()));
}

/// The holder of the storage of the pointer member Base (`v` of `v.in.p`,
/// `w` of `w->p`, the field v of `this->v.p`), or none with Why set.
std::optional<RegionMemberHolder>
regionMemberHolder(const Expr *Base, const LangOptions &LO, std::string &Why) {
  RegionMemberHolder H;
  const Expr *B = Base;
  std::vector<const FieldDecl *> Chain; // Base's member first
  while (const auto *ME = dyn_cast<MemberExpr>(B)) {
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    // A reference member's object is not in the struct's storage.
    if (!FD || FD->isBitField() || FD->getName().empty() ||
        FD->getType()->isReferenceType()) {
      Why = "is not a named data member that is no reference";
      return std::nullopt;
    }
    Chain.push_back(FD);
    B = ME->getBase()->IgnoreParenImpCasts();
    if (ME->isArrow()) {
      H.Arrow = true;
      break;
    }
  }
  if (Chain.empty()) {
    Why = "is not a member of a struct variable";
    return std::nullopt;
  }
  if (H.Arrow && isa<CXXThisExpr>(B)) {
    // this->v.p: the field v, which the stub takes as `v`.
    H.Arrow = false;
    H.Decl = Chain.back();
    if (Chain.size() < 2 || !Chain.back()->getType()->isRecordType()) {
      Why = "is not reached by '.' from a struct member of 'this'";
      return std::nullopt;
    }
    for (auto It = Chain.rbegin(); It != Chain.rend(); ++It)
      H.Text += (H.Text.empty() ? "" : ".") + (*It)->getNameAsString();
    return H;
  }
  const auto *DR = dyn_cast<DeclRefExpr>(B);
  const auto *VD = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
  QualType T = VD ? VD->getType() : QualType();
  if (!VD ||
      !(H.Arrow ? T->isPointerType() && T->getPointeeType()->isRecordType()
                : T->isRecordType())) {
    Why = H.Arrow ? "is not reached through a pointer variable to a struct"
                  : "is not reached by '.' from a struct variable";
    return std::nullopt;
  }
  if (!regionHolderVariable(VD, LO)) {
    Why = "is held by '" + VD->getNameAsString() +
          "', which is not a plain variable of the function or the file";
    return std::nullopt;
  }
  H.Decl = VD;
  return H;
}

/// regionMemberHolder for Base in a template's pattern, where members of a
/// dependent type name no field yet (`w.p` of a `Vec<T> w`, `v.p` of a
/// member `Vec<T> v`): the holder and the stub's text, from the names.
std::optional<RegionMemberHolder> dependentMemberHolder(const Expr *Base,
                                                        const LangOptions &LO,
                                                        std::string &Why) {
  RegionMemberHolder H;
  std::vector<std::string> Names; // Base's member first
  const Expr *B = Base;
  const FieldDecl *Last = nullptr; // the member nearest the root, if a field
  Why = "is not a named data member reached by '.' from a struct variable";
  while (true) {
    if (const auto *ME = dyn_cast<MemberExpr>(B)) {
      Last = dyn_cast<FieldDecl>(ME->getMemberDecl());
      if (!Last || Last->isBitField() || Last->getName().empty() ||
          Last->getType()->isReferenceType())
        return std::nullopt;
      Names.push_back(Last->getNameAsString());
      H.Arrow = ME->isArrow();
      B = ME->getBase()->IgnoreParenImpCasts();
    } else if (const auto *DM = dyn_cast<CXXDependentScopeMemberExpr>(B)) {
      if (DM->isImplicitAccess() || DM->getQualifier() ||
          DM->hasExplicitTemplateArgs() || !DM->getMember().isIdentifier())
        return std::nullopt;
      Last = nullptr;
      Names.push_back(DM->getMember().getAsString());
      H.Arrow = DM->isArrow();
      B = DM->getBase()->IgnoreParenImpCasts();
    } else {
      break;
    }
    if (H.Arrow)
      break;
  }
  if (Names.empty())
    return std::nullopt;
  auto Join = [&](std::size_t From) {
    std::string T;
    for (std::size_t I = From; I-- > 0;)
      T += "." + Names[I];
    return T;
  };
  if (H.Arrow && isa<CXXThisExpr>(B)) {
    if (!Last || Names.size() < 2)
      return std::nullopt;
    H.Arrow = false;
    H.Decl = Last;
    H.Text = Names.back() + Join(Names.size() - 1);
    return H;
  }
  const auto *DR = dyn_cast<DeclRefExpr>(B);
  const auto *VD = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
  if (!VD || VD->getType()->isReferenceType() || !regionHolderVariable(VD, LO))
    return std::nullopt;
  H.Decl = VD;
  H.Text = VD->getNameAsString() + (H.Arrow ? "->" : ".") + Names.back() +
           Join(Names.size() - 1);
  return H;
}

/// Whether every instantiation of the pattern D has, at Item's place, an
/// item on a pointer member of the holder H (same name, same path shape).
bool holderInEveryCopy(const OMPExecutableDirective &D, const Expr *Item,
                       const RegionMemberHolder &H, ASTContext &Ctx) {
  std::vector<const Stmt *> Copies = instantiatedCopies(&D, Ctx);
  for (const Stmt *S : Copies) {
    const Expr *Copy = nullptr;
    for (const auto *M :
         cast<OMPExecutableDirective>(S)->getClausesOfKind<OMPMapClause>())
      for (const Expr *I : M->varlists())
        if (!M->isImplicit() && I->getBeginLoc() == Item->getBeginLoc())
          Copy = I;
    const Expr *Base = Copy ? sectionBase(Copy).Base : nullptr;
    std::string Why;
    std::optional<RegionMemberHolder> C =
        Base && !Base->isTypeDependent()
            ? regionMemberHolder(Base, Ctx.getLangOpts(), Why)
            : std::nullopt;
    if (!C || !Base->getType()->isPointerType() || C->Arrow != H.Arrow ||
        C->Decl->getName() != H.Decl->getName())
      return false;
  }
  return !Copies.empty();
}

} // namespace

std::optional<Verdict> ClauseReader::regionMemberItem(const Expr *E,
                                                      const Expr *Base,
                                                      const std::string &Item,
                                                      std::string &BaseText) {
  std::string Why;
  if (Base->isTypeDependent()) {
    std::optional<RegionMemberHolder> H =
        dependentMemberHolder(Base, Ctx.getLangOpts(), Why);
    if (H && holderInEveryCopy(D, E, *H, Ctx)) {
      Holders.push_back({H->Decl, E, H->Arrow});
      BaseText = H->Text;
      return std::nullopt;
    }
    if (H)
      Why = "is not a pointer member of that struct in every instantiation "
            "of the template";
  }
  std::optional<RegionMemberHolder> H =
      Base->isTypeDependent()
          ? std::nullopt
          : regionMemberHolder(Base, Ctx.getLangOpts(), Why);
  if (H && Base->getType()->isPointerType()) {
    Holders.push_back({H->Decl, E, H->Arrow});
    BaseText = H->Text;
    return std::nullopt;
  }
  if (H)
    Why = "is an array member";
  return Verdict::no(DiagId::HostClause,
                     Item + " is based on '" + userText(Base) + "', which " +
                         Why +
                         "; on a target region such items are translated on "
                         "pointer members of a struct variable (s.p[lo:len], "
                         "sp->p[lo:len]) and inside arrays of arrays "
                         "(a[i][lo:len]), and on any pointer in target data, "
                         "enter data, exit data and update constructs (map it "
                         "with 'target enter data' before the region)");
}

std::optional<Verdict> ClauseReader::regionArrayMemberItem(const Expr *E,
                                                           const MapInfo &MI) {
  const Expr *X = E->IgnoreParenImpCasts();
  if (X->isTypeDependent() || X->isValueDependent())
    return std::nullopt;
  // Sections and subscripts of arrays, down to the member array.
  const Expr *B = X;
  const Expr *Next = nullptr;
  while (true) {
    if (const auto *S = dyn_cast<ArraySectionExpr>(B))
      Next = S->getBase();
    else if (const auto *A = dyn_cast<ArraySubscriptExpr>(B))
      Next = A->getBase();
    else
      break;
    Next = Next->IgnoreParenImpCasts();
    // (A section's own type is a placeholder: its base's is checked.)
    if (!isa<ArraySectionExpr>(Next) && !Next->getType()->isConstantArrayType())
      return std::nullopt; // through a pointer: addBasedItem's
    B = Next;
  }
  std::string Why;
  std::optional<RegionMemberHolder> H =
      isa<MemberExpr>(B) ? regionMemberHolder(B, Ctx.getLangOpts(), Why)
                         : std::nullopt;
  if (!H)
    return std::nullopt;
  std::string Item = "the map item '" + userText(E) + "'";
  if (X->HasSideEffects(Ctx))
    return Verdict::no(DiagId::HostClause, Item + " has side effects");
  for (const Expr *S = X; const auto *Sec = dyn_cast<ArraySectionExpr>(S);
       S = Sec->getBase()->IgnoreParenImpCasts())
    if (Sec->getStride())
      return Verdict::no(DiagId::HostClause,
                         "strided array sections are supported in target "
                         "update only");
  // 'present' and 'always' apply to the members alone (mapHolders).
  Holders.push_back({H->Decl, E, H->Arrow, true, MI});
  return Verdict{};
}

Verdict ClauseReader::mapHolders() {
  std::set<const ValueDecl *> Spans; // mapped as their members alone
  for (const MemberHolder &H : Holders)
    if (!Spans.count(H.Var))
      if (std::optional<Verdict> V = memberSpan(H.Var)) {
        if (!V->Ok)
          return *V;
        Spans.insert(H.Var);
      }
  for (const MemberHolder &H : Holders) {
    if (Spans.count(H.Var))
      continue;
    auto No = [&](const std::string &Why) {
      Verdict V = Verdict::no(
          DiagId::HostClause,
          "the map item '" + userText(H.Item) + "' needs its struct '" +
              H.Var->getNameAsString() + "' mapped, " + Why);
      V.Where = H.Item->getBeginLoc();
      return V;
    };
    if (CI.Private.count(H.Var) || CI.FirstPrivate.count(H.Var) ||
        CI.LastPrivate.count(H.Var) || CI.IsDevicePtr.count(H.Var) ||
        CI.HasDeviceAddr.count(H.Var) || CI.Reductions.count(H.Var) ||
        CI.Linear.count(H.Var) || CI.ArrayReductions.count(H.Var))
      return No("and a data-sharing clause names it");
    if (H.Whole && (H.Map.Present || H.Map.Always)) {
      Verdict V = Verdict::no(
          DiagId::HostClause,
          "the map item '" + userText(H.Item) +
              "' lies in a struct, which is mapped whole, not with the "
              "'present' or 'always' modifier");
      V.Where = H.Item->getBeginLoc();
      return V;
    }
    auto It = CI.Maps.find(H.Var);
    // A member item (or one inside an array member) is mapped by the
    // struct's own map, which then must be the implicit tofrom (an explicit
    // one's type would decide what of the item comes back).
    if (H.Whole && It != CI.Maps.end() && !It->second.Implicit)
      return No("and another item maps '" + H.Var->getNameAsString() +
                "' itself; a member item, or one inside an array member, "
                "is mapped with the whole struct");
    if (!H.Arrow) {
      // The whole struct, as the implicit tofrom of an aggregate (which
      // defaultmap does not change: a member of it is mapped).
      if (It == CI.Maps.end())
        CI.Maps.emplace(H.Var, makeMap(MapType::ToFrom, true));
      continue;
    }
    // w->p: the object w points to, as map(tofrom: w[0:1]) would.
    if (It == CI.Maps.end()) {
      MapInfo MI = makeMap(MapType::ToFrom, true);
      MI.Section = true;
      MI.Lower = "0";
      MI.Length = "1";
      CI.Maps.emplace(H.Var, MI);
      continue;
    }
    const MapInfo &M = It->second;
    if (!M.Section || M.Lower != "0" || M.Length == "0" || !M.Rows.empty() ||
        !M.Stride.empty())
      return No("and another item maps '" + H.Var->getNameAsString() +
                "' other than as the section from its first object");
  }
  return {};
}

} // namespace omp2cuda
