// User-defined mappers (`declare mapper`, the `mapper(...)` modifier; issue
// 8): a struct variable mapped through a mapper is mapped as the mapper's
// own map clauses say, with the mapper's variable standing for the item.
// The struct itself keeps its capture (its map type combined with the
// mapper's), and the mapper's other items (`v.len`, `v.data[0:v.len]`)
// become map steps on lvalues (PointerMap), evaluated by the stub or at the
// construct, with the pointer members attached to their device copies.
#include "analysis/Analysis.h"
#include "analysis/ClauseReader.h"

#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/ExprOpenMP.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/PrettyPrinter.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <algorithm>

using namespace clang;

namespace omp2cuda {

namespace {

/// The map type of a mapper's item when the construct maps with type C
/// (OpenMP 5.0 §2.19.7.3): the directions both allow; release and
/// delete of the construct win.
MapType combinedType(MapType C, MapType M) {
  if (C == MapType::Release || C == MapType::Delete)
    return C;
  bool To = (C == MapType::To || C == MapType::ToFrom) &&
            (M == MapType::To || M == MapType::ToFrom);
  bool From = (C == MapType::From || C == MapType::ToFrom) &&
              (M == MapType::From || M == MapType::ToFrom);
  return To && From ? MapType::ToFrom
         : To       ? MapType::To
         : From     ? MapType::From
                    : MapType::Alloc;
}

/// Prints a mapper's expression with its variable replaced by the item's.
struct Substitute : PrinterHelper {
  const VarDecl *Var;
  std::string Item;
  Substitute(const VarDecl *V, std::string I) : Var(V), Item(std::move(I)) {}
  bool handledStmt(Stmt *S, raw_ostream &OS) override {
    const auto *DR = dyn_cast<DeclRefExpr>(S);
    if (!DR || DR->getDecl() != Var)
      return false;
    OS << Item;
    return true;
  }
};

/// Why an expression of a mapper cannot be evaluated for an item: it names
/// a variable other than the mapper's own, or has side effects.
struct OnlyMapperVar : RecursiveASTVisitor<OnlyMapperVar> {
  const VarDecl *Var;
  /// The clause's iterator modifier, whose variables may be named too.
  const OMPIteratorExpr *Iter = nullptr;
  std::string Why;
  bool isIterator(const Decl *D) const {
    for (unsigned I = 0; Iter && I < Iter->numOfIterators(); ++I)
      if (Iter->getIteratorDecl(I) == D)
        return true;
    return false;
  }
  bool VisitDeclRefExpr(DeclRefExpr *DR) {
    if (isa<VarDecl>(DR->getDecl()) && DR->getDecl() != Var &&
        !isIterator(DR->getDecl()))
      Why = "names '" + DR->getDecl()->getNameAsString() +
            "', which is not the mapper's variable";
    return Why.empty();
  }
};

class Expander {
public:
  Expander(ClauseInfo &CI, ASTContext &Ctx, const VarDecl *Item,
           const OMPDeclareMapperDecl *Mapper, const MapInfo &Construct,
           bool TargetRegion = false)
      : CI(CI), Ctx(Ctx), Item(Item), Mapper(Mapper), Construct(Construct),
        TargetRegion(TargetRegion),
        Var(cast<VarDecl>(
            cast<DeclRefExpr>(Mapper->getMapperVarRef())->getDecl())),
        Sub(Var, Item->getNameAsString()) {}

  /// Adds the mapper's items; else says why it cannot.
  std::string run() {
    bool MapsItself = false;
    for (const OMPClause *C : Mapper->clauselists()) {
      const auto *M = dyn_cast<OMPMapClause>(C);
      if (!M)
        return "its '" + clauseName(C) + "' clause is not supported";
      MapInfo MI = Construct;
      MI.Section = false;
      MI.Lower.clear();
      MI.Length.clear();
      MI.Type = combinedType(Construct.Type, mapType(M->getMapType()));
      Iter = nullptr;
      for (OpenMPMapModifierKind Mod : M->getMapTypeModifiers()) {
        if (Mod == OMPC_MAP_MODIFIER_iterator) {
          Iter = dyn_cast_or_null<OMPIteratorExpr>(
              const_cast<OMPMapClause *>(M)->getIteratorModifier());
          if (!Iter)
            return "its 'iterator' modifier has no iterators";
          for (unsigned I = 0; I < Iter->numOfIterators(); ++I) {
            OMPIteratorExpr::IteratorRange R = Iter->getIteratorRange(I);
            for (const Expr *E : {R.Begin, R.End, R.Step}) {
              OnlyMapperVar Check;
              Check.Var = Var;
              Check.TraverseStmt(const_cast<Expr *>(E));
              if (!Check.Why.empty())
                return "its iterator's range " + Check.Why;
            }
          }
        } else if (Mod == OMPC_MAP_MODIFIER_always)
          MI.Always = true;
        else if (Mod == OMPC_MAP_MODIFIER_present)
          // The struct is typically present member by member then (enter
          // data of v.len, v.data): one span in the present table
          // (StructSpans.cpp), inside which v lies.
          MI.Present = true;
        else if (Mod != OMPC_MAP_MODIFIER_unknown)
          return "its map clause has a modifier other than 'always', "
                 "'present' and 'iterator'";
      }
      // The mapper's own variable is mapped as it is (Clang records the
      // default mapper of its type on it too).
      auto Item = M->varlist_begin();
      for (const Expr *Ref : M->mapperlists()) {
        const Expr *E = Item != M->varlist_end() ? *Item++ : nullptr;
        const auto *Self =
            E ? dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()) : nullptr;
        if (Self && Self->getDecl() == Var)
          continue;
        if (const auto *DR = dyn_cast_or_null<DeclRefExpr>(Ref))
          if (isa<OMPDeclareMapperDecl>(DR->getDecl()))
            return "it maps a member through another mapper";
      }
      for (const Expr *E : M->varlists()) {
        std::string Why = item(E, MI, MapsItself);
        if (!Why.empty())
          return "its item '" + print(E) + "' " + Why;
      }
    }
    if (MapsItself)
      return "";
    // A member the mapper maps is part of the variable, which the stub
    // copies back never: its 'from' would be lost (mp3.c: v.len stayed 16
    // where the host build printed 12). Sections of pointer members lie
    // apart from the variable and come back on their own.
    if (MapsMember)
      return "it does not map its variable '" + Var->getNameAsString() +
             "' itself, yet maps a member of it other than a section of a "
             "pointer member";
    // OpenMP leaves the variable's other members unmapped then: the
    // region finds them undefined. A target region's stub copies the
    // variable in (its pointer members get attached) and never back, so
    // the host's copy stays as OpenMP leaves it. A data construct's would
    // outlive the construct, or come back with a 'from'.
    if (!TargetRegion)
      return "it does not map its variable '" + Var->getNameAsString() +
             "' itself";
    MapInfo &Own = CI.Maps[Item];
    bool Present = Own.Present;
    Own = Construct;
    Own.Type = MapType::To;
    Own.Always = false;
    Own.Present = Present;
    return "";
  }

private:
  std::string clauseName(const OMPClause *C) const {
    return llvm::omp::getOpenMPClauseName(C->getClauseKind()).str();
  }
  std::string print(const Expr *E) {
    std::string S;
    llvm::raw_string_ostream OS(S);
    E->printPretty(OS, &Sub, Ctx.getPrintingPolicy());
    return OS.str();
  }

  /// One item of the mapper's map clauses.
  std::string item(const Expr *E, MapInfo MI, bool &MapsItself) {
    OnlyMapperVar Check;
    Check.Var = Var;
    Check.Iter = Iter;
    Check.TraverseStmt(const_cast<Expr *>(E));
    if (!Check.Why.empty())
      return Check.Why;
    if (E->HasSideEffects(Ctx))
      return "has side effects";
    const Expr *X = E->IgnoreParenImpCasts();
    // One element of a pointer member per value of the iterator
    // (`v.data[it]`, it = 0:v.len): the section they make together, or the
    // device would hold them apart (MapIterators.cpp).
    std::string SpanLower, SpanLength;
    if (Iter && !iteratorSpan(
                    Iter, X, Ctx, [&](const Expr *S) { return print(S); },
                    SpanLower, SpanLength))
      return "is not one element per value of a single iterator counting "
             "by 1 or -1, with the 'iterator' modifier";
    if (const auto *DR = dyn_cast<DeclRefExpr>(X); DR && DR->getDecl() == Var) {
      MapsItself = true;
      MapInfo &Own = CI.Maps[Item];
      bool Present = Own.Present;
      Own = MI;
      Own.Present = Own.Present || Present;
      return "";
    }
    if (const auto *M = dyn_cast<MemberExpr>(X))
      return member(M, MI);
    auto [Sec, Elem, Base] = sectionBase(X);
    const auto *BM = dyn_cast_or_null<MemberExpr>(Base);
    if (!BM || !BM->getType()->isPointerType() || !onVar(BM))
      return "is not the variable, one of its members, or a section of a "
             "pointer member";
    if (Sec && Sec->getStride())
      return "is strided";
    MI.Section = true;
    if (Sec) {
      if (!Sec->getLength())
        return "has no length";
      MI.Lower = Sec->getLowerBound() ? print(Sec->getLowerBound()) : "0";
      MI.Length = print(Sec->getLength());
    } else if (Iter) {
      MI.Lower = SpanLower;
      MI.Length = SpanLength;
    } else {
      MI.Lower = print(Elem->getIdx());
      MI.Length = "1";
    }
    PointerMap PM;
    PM.Base = print(BM);
    PM.AttachBase = true;
    PM.Map = MI;
    CI.PointerMaps.push_back(PM);
    return "";
  }

  /// Whether M is a member of the mapper's variable itself (v.f, v.g.f).
  bool onVar(const MemberExpr *M) const {
    const Expr *B = M->getBase()->IgnoreParenImpCasts();
    while (const auto *Inner = dyn_cast<MemberExpr>(B)) {
      if (Inner->isArrow())
        return false;
      B = Inner->getBase()->IgnoreParenImpCasts();
    }
    const auto *DR = dyn_cast<DeclRefExpr>(B);
    return !M->isArrow() && DR && DR->getDecl() == Var;
  }

  std::string member(const MemberExpr *M, const MapInfo &MI) {
    const auto *FD = dyn_cast<FieldDecl>(M->getMemberDecl());
    if (!FD || !onVar(M))
      return "is not a member of the mapper's variable";
    if (FD->isBitField())
      return "is a bit-field";
    CI.PointerMaps.push_back(memberStep(print(M), MI, M->getType()));
    MapsMember = true;
    return "";
  }

  ClauseInfo &CI;
  ASTContext &Ctx;
  const VarDecl *Item;
  const OMPDeclareMapperDecl *Mapper;
  MapInfo Construct;
  bool TargetRegion; // a target region's map, not a data construct's
  const VarDecl *Var;
  Substitute Sub;
  const OMPIteratorExpr *Iter = nullptr; // the current clause's modifier
  bool MapsMember = false; // an item is a member, not a pointee section
};

/// The item's variable when it is a plain struct variable of the function
/// or the file (the stub and the construct name it by its name).
const VarDecl *structVar(const Expr *E, const LangOptions &LO) {
  const auto *DR = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts()
                                                   : nullptr);
  const auto *VD = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
  if (!VD || !VD->getType()->isRecordType() || VD->isStaticDataMember())
    return nullptr;
  if (!VD->getDeclContext()->getRedeclContext()->isFunctionOrMethod() &&
      !VD->getDeclContext()->getRedeclContext()->isTranslationUnit())
    return nullptr;
  if (!LO.CPlusPlus && isCxxOnlyKeyword(VD->getNameAsString()))
    return nullptr;
  return VD;
}

} // namespace

/// `target update to(mapper(id): s)` / `from(...)` (OpenMP 5.1 §2.14.6):
/// the update covers the mapper's items whose map type includes the motion's
/// direction (combinedType: the others become alloc and are dropped), with
/// s itself; the struct copy keeps its attached pointers (update()
/// re-attaches after a copy to the device, restores them after one back).
static Verdict expandMotion(const OMPClause *C, ClauseInfo &CI, ASTContext &Ctx,
                     SourceLocation &Where) {
  const auto *T = dyn_cast<OMPToClause>(C);
  const auto *F = dyn_cast<OMPFromClause>(C);
  std::vector<const Expr *> Refs, Items;
  if (T) {
    Refs.assign(T->mapperlist_begin(), T->mapperlist_end());
    Items.assign(T->varlist_begin(), T->varlist_end());
  } else {
    Refs.assign(F->mapperlist_begin(), F->mapperlist_end());
    Items.assign(F->varlist_begin(), F->varlist_end());
  }
  for (std::size_t I = 0; I < Refs.size(); ++I) {
    const auto *DR = dyn_cast_or_null<DeclRefExpr>(Refs[I]);
    const auto *Mapper =
        DR ? dyn_cast<OMPDeclareMapperDecl>(DR->getDecl()) : nullptr;
    if (!Mapper)
      continue;
    const Expr *E = I < Items.size() ? Items[I] : nullptr;
    Where = E ? E->getBeginLoc() : C->getBeginLoc();
    std::string Name = "'target update' through the mapper '" +
                       Mapper->getNameAsString() + "'";
    const VarDecl *VD = structVar(E, Ctx.getLangOpts());
    auto It = VD ? CI.Maps.find(VD) : CI.Maps.end();
    if (It == CI.Maps.end())
      return Verdict::no(DiagId::HostClause,
                         Name + " applies to an item other than a struct "
                                "variable");
    MapInfo Motion = It->second;
    std::size_t Before = CI.PointerMaps.size();
    std::string Why = Expander(CI, Ctx, VD, Mapper, Motion).run();
    if (!Why.empty())
      return Verdict::no(DiagId::HostClause, Name + " cannot be translated: " + Why);
    MapInfo &Own = CI.Maps[VD];
    if (Own.Type != Motion.Type)
      return Verdict::no(DiagId::HostClause,
                         Name + " cannot be translated: the mapper maps '" +
                             VD->getNameAsString() +
                             "' itself without the update's direction");
    Own.Always = false;
    auto Dropped = std::remove_if(
        CI.PointerMaps.begin() + Before, CI.PointerMaps.end(),
        [&](const PointerMap &PM) { return PM.Map.Type != Motion.Type; });
    CI.PointerMaps.erase(Dropped, CI.PointerMaps.end());
    for (auto P = CI.PointerMaps.begin() + Before; P != CI.PointerMaps.end(); ++P)
      P->Map.Always = false;
  }
  return {};
}

Verdict expandMappers(const OMPExecutableDirective &D, ClauseInfo &CI,
                      ASTContext &Ctx, SourceLocation &Where) {
  for (const OMPClause *C : D.clauses()) {
    if (C && (isa<OMPToClause>(C) || isa<OMPFromClause>(C))) {
      if (Verdict V = expandMotion(C, CI, Ctx, Where); !V.Ok)
        return V;
      continue;
    }
    const auto *M = dyn_cast_or_null<OMPMapClause>(C);
    if (!M)
      continue;
    auto Items = M->varlist_begin();
    for (const Expr *Ref : M->mapperlists()) {
      const Expr *E = Items != M->varlist_end() ? *Items++ : nullptr;
      const auto *DR = dyn_cast_or_null<DeclRefExpr>(Ref);
      const auto *Mapper =
          DR ? dyn_cast<OMPDeclareMapperDecl>(DR->getDecl()) : nullptr;
      if (!Mapper)
        continue;
      Where = E && !M->isImplicit() ? E->getBeginLoc() : SourceLocation();
      std::string Name = "the mapper '" + Mapper->getNameAsString() + "'";
      const VarDecl *VD = structVar(E, Ctx.getLangOpts());
      if (!VD)
        return Verdict::no(DiagId::HostClause,
                           Name + " applies to an item other than a struct "
                                  "variable (an element, a member, an "
                                  "array of structs)");
      // The construct's own map of the item: its explicit item (read
      // before), else the implicit tofrom of an aggregate.
      MapInfo Construct = makeMap(mapType(M->getMapType()), M->isImplicit());
      if (auto It = CI.Maps.find(VD); It != CI.Maps.end())
        Construct = It->second;
      std::string Why =
          Expander(CI, Ctx, VD, Mapper, Construct,
                   isOpenMPTargetExecutionDirective(D.getDirectiveKind()))
              .run();
      if (!Why.empty())
        return Verdict::no(DiagId::HostClause,
                           Name + " cannot be translated: " + Why);
    }
  }
  return {};
}

} // namespace omp2cuda
