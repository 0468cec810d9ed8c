// The `iterator` map-type modifier (OpenMP 5.1 §2.21.7.1, §3.2.6):
// `map(iterator(it = lo:hi[:step]), tofrom: a[it][:m])` maps one list item
// per value of the iterator. A target region's stub maps each of them in a
// loop over the iterator space, after the region's other maps (so the array
// holding a pointer item is present to attach to), and finish() takes them
// back in reverse order. Data constructs (target data, enter data, exit
// data) run the same loop where they stand (DataCalls.cpp): one runtime
// call per item, so reference counts go up and down once per value; there
// each item must lie in an array of its own (`p[it][0:n]`), as pieces of
// one array would lie apart on the device.
// Clang 19 parses the modifier on data constructs at OpenMP 5.2 only, and
// not at all in the motion clauses of `target update`.
#include "analysis/ClauseReader.h"
#include "analysis/PointerValueUse.h"

#include "clang/AST/ExprOpenMP.h"

#include <fmt/format.h>

#include <functional>

using namespace clang;

namespace omp2cuda {

namespace {
/// Whether E names a variable that is not one of Its but has the name of
/// one: in the loops the iterator would hide it (`iterator(n = 0:n)`
/// would become `for (int n = (0); n < (n); ...)`).
bool namesHidden(const Stmt *E, const std::vector<const VarDecl *> &Its) {
  if (!E)
    return false;
  if (const auto *DR = dyn_cast<DeclRefExpr>(E))
    if (!llvm::is_contained(Its, DR->getDecl()))
      for (const VarDecl *V : Its)
        if (V->getDeclName() == DR->getDecl()->getDeclName())
          return true;
  for (const Stmt *C : E->children())
    if (namesHidden(C, Its))
      return true;
  return false;
}

/// `for (T it = (lo); it < (hi); it += (step)) ` for each iterator,
/// outermost first; a negative constant step counts down. Empty and Why set
/// when one cannot be written.
std::vector<std::string>
iteratorLoops(const OMPIteratorExpr *IE, ASTContext &Ctx,
              const std::function<std::string(const Expr *)> &Text,
              std::string &Why) {
  std::vector<std::string> Loops;
  std::vector<const VarDecl *> Its;
  for (unsigned I = 0; I < IE->numOfIterators(); ++I)
    if (const auto *VD = dyn_cast_or_null<VarDecl>(IE->getIteratorDecl(I)))
      Its.push_back(VD);
  for (unsigned I = 0; I < IE->numOfIterators(); ++I) {
    OMPIteratorExpr::IteratorRange R = IE->getIteratorRange(I);
    if (namesHidden(R.Begin, Its) || namesHidden(R.End, Its) ||
        namesHidden(R.Step, Its)) {
      Why = "an iterator's range names a variable of the same name as an "
            "iterator, which the iterator would hide";
      return {};
    }
  }
  for (unsigned I = 0; I < IE->numOfIterators(); ++I) {
    const auto *VD = dyn_cast_or_null<VarDecl>(IE->getIteratorDecl(I));
    OMPIteratorExpr::IteratorRange R = IE->getIteratorRange(I);
    if (!VD || !R.Begin || !R.End || !VD->getType()->isIntegerType()) {
      Why = "an iterator that is not of integer type is not supported";
      return {};
    }
    std::string Step = R.Step ? Text(R.Step) : "1";
    bool Down = false;
    if (R.Step) {
      std::optional<llvm::APSInt> S = R.Step->getIntegerConstantExpr(Ctx);
      if (!S || *S == 0) {
        Why = "an iterator step that is not a non-zero constant is not "
              "supported";
        return {};
      }
      Down = S->isNegative();
    }
    std::string Name = VD->getNameAsString();
    Loops.push_back(
        fmt::format("for ({0} {1} = ({2}); {1} {3} ({4}); {1} += ({5})) ",
                    VD->getType().getAsString(), Name, Text(R.Begin),
                    Down ? ">" : "<", Text(R.End), Step));
  }
  return Loops;
}

/// Whether S names one of IE's iterators.
bool namesAny(const Stmt *S, const OMPIteratorExpr *IE) {
  for (unsigned I = 0; I < IE->numOfIterators(); ++I)
    if (const auto *VD = dyn_cast_or_null<VarDecl>(IE->getIteratorDecl(I));
        VD && namesVariable(S, VD))
      return true;
  return false;
}
/// Whether S names one of IE's iterators outside the subexpressions whose
/// text is one of Keys.
bool namesFree(const Stmt *S, const OMPIteratorExpr *IE,
               const std::vector<std::string> &Keys,
               const std::function<std::string(const Expr *)> &Text) {
  if (!S)
    return false;
  if (const auto *X = dyn_cast<Expr>(S);
      X && llvm::is_contained(Keys, Text(X->IgnoreParenImpCasts())))
    return false;
  if (const auto *DR = dyn_cast<DeclRefExpr>(S))
    return namesAny(DR, IE);
  for (const Stmt *C : S->children())
    if (namesFree(C, IE, Keys, Text))
      return true;
  return false;
}

/// The subscripts in S that name one of IE's iterators, as Text writes them.
void iteratorSubscripts(const Stmt *S, const OMPIteratorExpr *IE,
                        const std::function<std::string(const Expr *)> &Text,
                        std::vector<std::string> &Out) {
  if (!S)
    return;
  if (const auto *A = dyn_cast<ArraySubscriptExpr>(S);
      A && namesAny(A->getIdx(), IE))
    Out.push_back(Text(A->getIdx()->IgnoreParenImpCasts()));
  for (const Stmt *C : S->children())
    iteratorSubscripts(C, IE, Text, Out);
}

/// Whether the item (its Base, and its section Sec or element Elem) is, over
/// the iterator space, pieces of one array rather than one array per value
/// (`rows[it][0:n]`, `s[i + j].data[0:s[i + j].len]`): when the base names
/// no iterator (`p[2 * it]`), or when the piece names one other than
/// through a subscript of the base (`lst[r][j]` with `r` and `j` iterators,
/// `lst[it % 2][it]`), so that two values reach one array.
bool piecesOfOneArray(const Expr *Base, const ArraySectionExpr *Sec,
                      const ArraySubscriptExpr *Elem, const OMPIteratorExpr *IE,
                      const std::function<std::string(const Expr *)> &Text) {
  if (!namesAny(Base, IE))
    return true;
  std::vector<std::string> Keys;
  iteratorSubscripts(Base, IE, Text, Keys);
  if (Elem)
    return namesFree(Elem->getIdx(), IE, Keys, Text);
  return Sec && (namesFree(Sec->getLowerBound(), IE, Keys, Text) ||
                 namesFree(Sec->getLength(), IE, Keys, Text));
}
/// Why items that are pieces of one array (Pieces) cannot be mapped with
/// the iterator modifier, or empty. On a target region, other pieces than
/// one section (Span: `p[2 * it]`, `b[i + j]`, `p[it:2]`, `lst[r][j]` over r
/// and j) would lie apart on the device, where the kernel's pointer,
/// translated or attached to one of them, reaches that one alone: elements
/// it reached through the others were other memory (a wrong sum on the
/// emu). On a data construct even one element per value is no section:
/// each element is a list item with a reference count of its own, which
/// later constructs may drop apart (`exit data` of half of them frees that
/// half alone; as one section it freed all, and the other half's copy back
/// found nothing). One allocation each keeps the counts exact but puts the
/// elements apart, where a region's pointer reaches one alone (sum 2016.0
/// instead of 4032.0 on the emu). Which regions use the array is unknown at
/// the construct, so it stays on the host, and with it every region of the
/// program (omp2cuda-host-program).
std::string piecesWhy(bool DataConstruct, bool Span, bool Pieces,
                      const std::string &Item) {
  if (!Pieces || (!DataConstruct && Span))
    return {};
  std::string Lead = "the map items '" + Item +
                     "' with the 'iterator' modifier are pieces of one array";
  if (!DataConstruct)
    return Lead + ", which the device would hold apart (one element per "
                  "value of a single iterator counting by 1 or -1 is "
                  "supported)";
  return Lead + ", each with a reference count of its own, which the device "
                "would hold apart from the others (on a data construct only "
                "items in arrays of their own, such as 'p[it][0:n]', are "
                "supported)";
}
/// The variable an item or a base lies in (`m` of `m[0][0:8]`, `m[it]`).
const ValueDecl *rootVariable(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  for (;;) {
    if (const auto *S = dyn_cast<ArraySectionExpr>(E))
      E = S->getBase()->IgnoreParenImpCasts();
    else if (const auto *A = dyn_cast<ArraySubscriptExpr>(E))
      E = A->getBase()->IgnoreParenImpCasts();
    else if (const auto *ME = dyn_cast<MemberExpr>(E))
      E = ME->getBase()->IgnoreParenImpCasts();
    else
      break;
  }
  const auto *DR = dyn_cast<DeclRefExpr>(E);
  return DR ? DR->getDecl() : nullptr;
}

/// Whether a map clause of D without the iterator modifier maps a part of
/// V (a row, a section, an element; the whole variable holds the items).
bool partMappedElsewhere(const OMPExecutableDirective &D, const ValueDecl *V) {
  for (const auto *M : D.getClausesOfKind<OMPMapClause>()) {
    if (llvm::is_contained(M->getMapTypeModifiers(),
                           OMPC_MAP_MODIFIER_iterator))
      continue;
    for (const Expr *E : M->varlists())
      if (!isa<DeclRefExpr>(E->IgnoreParenImpCasts()) && rootVariable(E) == V)
        return true;
  }
  return false;
}

/// Whether an item of D's map clauses with the iterator modifier other than
/// Self lies in V.
bool otherIteratorItemIn(const OMPExecutableDirective &D, const ValueDecl *V,
                         const Expr *Self) {
  for (const auto *M : D.getClausesOfKind<OMPMapClause>())
    if (llvm::is_contained(M->getMapTypeModifiers(),
                           OMPC_MAP_MODIFIER_iterator))
      for (const Expr *E : M->varlists())
        if (E != Self && rootVariable(E) == V)
          return true;
  return false;
}
} // namespace

bool iteratorSpan(const OMPIteratorExpr *IE, const Expr *Item, ASTContext &Ctx,
                  const std::function<std::string(const Expr *)> &Text,
                  std::string &Lower, std::string &Length) {
  if (!IE || IE->numOfIterators() != 1)
    return false;
  const auto *VD = dyn_cast_or_null<VarDecl>(IE->getIteratorDecl(0));
  OMPIteratorExpr::IteratorRange R = IE->getIteratorRange(0);
  if (!VD || !VD->getType()->isIntegerType() || !R.Begin || !R.End ||
      R.Begin->HasSideEffects(Ctx) || R.End->HasSideEffects(Ctx))
    return false;
  int Step = 1;
  if (R.Step) {
    std::optional<llvm::APSInt> S = R.Step->getIntegerConstantExpr(Ctx);
    if (!S || (*S != 1 && *S != -1))
      return false;
    Step = S->isNegative() ? -1 : 1;
  }
  const auto *Elem = dyn_cast<ArraySubscriptExpr>(Item->IgnoreParenImpCasts());
  const auto *Idx =
      Elem ? dyn_cast<DeclRefExpr>(Elem->getIdx()->IgnoreParenImpCasts())
           : nullptr;
  if (!Idx || Idx->getDecl() != VD || namesVariable(Elem->getBase(), VD))
    return false;
  // it = B:E counts B, B+1, ..., E-1; with step -1, B, B-1, ..., E+1.
  // Both in the iterator's type, as its values are (`it = v.len - 1:-1:-1`
  // is an int from a size_t).
  std::string Type = "(" + VD->getType().getAsString() + ")";
  std::string B = Type + "(" + Text(R.Begin) + ")",
              E = Type + "(" + Text(R.End) + ")";
  if (Step < 0)
    std::swap(B, E);
  Lower = Step < 0 ? B + " + 1" : B;
  Length = "(" + E + " > " + B + " ? " + E + " - " + B + " : 0)";
  return true;
}

Verdict ClauseReader::iteratorMap(const OMPMapClause *M, const MapInfo &MI) {
  const auto *IE = dyn_cast_or_null<OMPIteratorExpr>(
      const_cast<OMPMapClause *>(M)->getIteratorModifier());
  if (!IE)
    return Verdict::no(DiagId::HostClause,
                       "the map-type modifier 'iterator' without its "
                       "iterators is not supported");
  // OpenMP 5.1 orders a 'present' map before the construct's other maps.
  // Neither form does (the items come after the others, for attach), which
  // only matters to a program the check should stop; data constructs take
  // that (each item is one checked runtime call, as for items without
  // iterators), regions keep refusing it.
  if (!DataConstruct && MI.Present)
    return Verdict::no(DiagId::HostClause,
                       "the map-type modifier 'iterator' with 'present' is "
                       "supported on data constructs only");
  std::string Why;
  std::vector<std::string> Loops = iteratorLoops(
      IE, Ctx, [&](const Expr *E) { return exprText_(E, Ctx); }, Why);
  if (Loops.empty())
    return Verdict::no(DiagId::HostClause, Why);
  // The iterators' own variables are no captures (iteratorVariables).
  for (unsigned I = 0; I < IE->numOfIterators(); ++I) {
    OMPIteratorExpr::IteratorRange R = IE->getIteratorRange(I);
    for (const Expr *E : {R.Begin, R.End, R.Step})
      if (E)
        CI.ClauseExprs.push_back(E);
  }
  for (const Expr *E : M->varlists()) {
    const Expr *X = E->IgnoreParenImpCasts();
    auto [Sec, Elem, Base] = sectionBase(E);
    QualType BT = Base ? Base->getType() : QualType();
    bool Ok = Base && !isa<ArraySectionExpr>(Base) && Base->isLValue() &&
              (BT->isPointerType() || BT->isConstantArrayType()) &&
              !Base->HasSideEffects(Ctx) && (!Sec || !Sec->getStride());
    if (Ok && Sec && !Sec->getLength() && !BT->isConstantArrayType())
      Ok = false;
    if (!Ok) {
      CI.FailLoc = E->getBeginLoc();
      return Verdict::no(DiagId::HostClause,
                         "the map item '" + userText(E) +
                             "' with the 'iterator' modifier is not an "
                             "element or a contiguous section of an array "
                             "or of a pointer");
    }
    PointerMap PM;
    PM.Base = exprText_(Base, Ctx);
    // Elements of one array, one per value: a single section.
    std::string SpanLower, SpanLength;
    auto Text = [&](const Expr *X) { return exprText_(X, Ctx); };
    bool Pieces = piecesOfOneArray(Base, Sec, Elem, IE, Text);
    bool Span = !DataConstruct && Elem &&
                iteratorSpan(IE, E, Ctx, Text, SpanLower, SpanLength);
    if (std::string Why = piecesWhy(DataConstruct, Span, Pieces, userText(E));
        !Why.empty()) {
      CI.FailLoc = E->getBeginLoc();
      return Verdict::no(DiagId::HostClause, Why);
    }
    // On a variable (`p[it]`, a member of *this), the span is the item
    // `p[lo:len]`: mapped as the kernel's pointer, through the same checks
    // against the variable's other items (mapped apart, the stub translated
    // p before its elements were present, it8.c; with `p[n/2:n/2]` beside
    // it, one pointer reached one of the two, it3.c).
    if (Span)
      if (const ValueDecl *VD = namedVariable(Base)) {
        MapInfo SpanMap = MI;
        SpanMap.Section = true;
        SpanMap.Lower = SpanLower;
        SpanMap.Length = SpanLength;
        CI.ClauseExprs.push_back(X);
        if (Verdict V = addMap(VD, SpanMap); !V.Ok) {
          CI.FailLoc = E->getBeginLoc();
          return V;
        }
        continue;
      }
    // Two items on one base (`v.data[it]` over two ranges) were mapped
    // apart, and the base attached to the last alone (it13.c, a crash).
    if (!DataConstruct &&
        llvm::any_of(CI.PointerMaps,
                     [&](const PointerMap &P) { return P.Base == PM.Base; })) {
      CI.FailLoc = E->getBeginLoc();
      return Verdict::no(DiagId::HostClause,
                         "the map item '" + userText(E) +
                             "' with the 'iterator' modifier maps '" +
                             userText(Base) +
                             "', which another item maps too (one pointer "
                             "cannot reach both)");
    }
    // Rows of an array of arrays (`m[it][0:n]`) beside a plain item on a
    // part of it (`m[0][0:8]`): the kernel's m was that part's copy, and
    // the rows it reached through it were other memory (aa1.c, a wrong sum).
    if (const ValueDecl *Root = rootVariable(Base);
        !DataConstruct && BT->isConstantArrayType() && Root &&
        partMappedElsewhere(D, Root)) {
      CI.FailLoc = E->getBeginLoc();
      return Verdict::no(DiagId::HostClause,
                         "the map item '" + userText(E) +
                             "' with the 'iterator' modifier lies in '" +
                             Root->getNameAsString() +
                             "', a part of which another item maps (one "
                             "pointer cannot reach both)");
    }
    // Two items over the same rows (`lst[it][0:4]`, `lst[j][4:4]`): each
    // row's pointer was attached to the last piece alone (ov.c, a wrong
    // sum on the emu).
    if (const ValueDecl *Root = rootVariable(Base);
        !DataConstruct && !Span && Root && otherIteratorItemIn(D, Root, E)) {
      CI.FailLoc = E->getBeginLoc();
      return Verdict::no(DiagId::HostClause,
                         "the map item '" + userText(E) +
                             "' with the 'iterator' modifier lies in '" +
                             Root->getNameAsString() +
                             "', in which another item with the 'iterator' "
                             "modifier lies too (the device would hold them "
                             "apart)");
    }
    // Pointer bases other than a variable (`lst[it]`, `s.p`) are attached
    // once their storage is mapped.
    PM.AttachBase = BT->isPointerType() && !isa<DeclRefExpr>(Base);
    PM.Map = MI;
    PM.Map.Section = true;
    PM.Loops = Span ? std::vector<std::string>() : Loops;
    if (Span) {
      PM.Map.Lower = SpanLower;
      PM.Map.Length = SpanLength;
    } else if (Sec) {
      PM.Map.Lower =
          Sec->getLowerBound() ? exprText_(Sec->getLowerBound(), Ctx) : "0";
      PM.Map.Length =
          Sec->getLength()
              ? exprText_(Sec->getLength(), Ctx)
              : std::to_string(
                    Ctx.getAsConstantArrayType(BT)->getSize().getZExtValue()) +
                    " - (" + PM.Map.Lower + ")";
    } else {
      PM.Map.Lower = exprText_(Elem->getIdx(), Ctx);
      PM.Map.Length = "1";
    }
    CI.ClauseExprs.push_back(X);
    CI.PointerMaps.push_back(PM);
  }
  return {};
}

std::set<const ValueDecl *> iteratorVariables(const OMPExecutableDirective &D) {
  std::set<const ValueDecl *> Out;
  for (const auto *M : D.getClausesOfKind<OMPMapClause>())
    if (const auto *IE = dyn_cast_or_null<OMPIteratorExpr>(
            const_cast<OMPMapClause *>(M)->getIteratorModifier()))
      for (unsigned I = 0; I < IE->numOfIterators(); ++I)
        if (const auto *VD =
                dyn_cast_or_null<ValueDecl>(IE->getIteratorDecl(I)))
          Out.insert(VD);
  return Out;
}

} // namespace omp2cuda
