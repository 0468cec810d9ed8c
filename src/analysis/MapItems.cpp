// Map items of target regions beyond a variable and its first dimension
// (issue 8): rows of arrays of arrays, and several items on one variable.
// Clauses.cpp reads the clauses and calls these.
#include "analysis/ClauseReader.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/ExprOpenMP.h"
#include "clang/AST/OpenMPClause.h"

#include <cctype>

using namespace clang;

namespace omp2cuda {

/// A map item inside an array of arrays of a target region: `a[i][lo:len]`,
/// `a[i][j][lo:len]`, `a[i][j]`, where every subscript before the last
/// selects a row of an array (fixed size, or a variable-length first
/// dimension), never a pointer. Such an item is one contiguous block of the
/// variable `a`, so the kernel can take `a` itself, as the device address
/// that corresponds to it, and index it with the user's own subscripts.
/// Returns the variable with MI filled in; null when E has another form,
/// with Why set when it has this form but cannot be translated.
const ValueDecl *rowItem(const Expr *E, MapInfo &MI, ASTContext &Ctx,
                         const std::vector<TextEdit> &Edits, std::string &Why) {
  const Expr *X = E->IgnoreParenImpCasts();
  const auto *Sec = dyn_cast<ArraySectionExpr>(X);
  const auto *Elem = dyn_cast<ArraySubscriptExpr>(X);
  if (!Sec && !Elem)
    return nullptr;
  const Expr *Row = (Sec ? Sec->getBase() : Elem->getBase())->IgnoreParenImpCasts();
  const Expr *RowType = Sec ? Sec->getBase() : Elem->getBase();
  // The last subscript's base must be an array row (a[i] of int[R][C]).
  while (const auto *IC = dyn_cast<ImplicitCastExpr>(RowType))
    RowType = IC->getSubExpr();
  if (!RowType->IgnoreParens()->getType()->isArrayType())
    return nullptr;
  std::vector<const Expr *> Subs;
  while (const auto *A = dyn_cast<ArraySubscriptExpr>(Row)) {
    const Expr *B = A->getBase();
    while (const auto *IC = dyn_cast<ImplicitCastExpr>(B))
      B = IC->getSubExpr();
    if (!B->IgnoreParens()->getType()->isArrayType())
      return nullptr; // a row reached through a pointer: p[i][lo:len]
    Subs.insert(Subs.begin(), A->getIdx());
    Row = B->IgnoreParens();
  }
  const ValueDecl *VD = Subs.empty() ? nullptr : namedVariable(Row);
  if (!VD || !VD->getType().getNonReferenceType()->isArrayType())
    return nullptr;
  std::string Item = "the map item '" + exprText(E, Ctx, nullptr) + "'";
  if (X->HasSideEffects(Ctx)) {
    Why = Item + " has side effects";
    return nullptr;
  }
  if (Sec && Sec->getStride()) {
    Why = "strided array sections are supported in target update only";
    return nullptr;
  }
  MI.Section = true;
  for (const Expr *S : Subs)
    MI.Rows.push_back(exprText(S, Ctx, &Edits));
  if (Elem) {
    MI.Lower = exprText(Elem->getIdx(), Ctx, &Edits);
    MI.Length = "1";
    return VD;
  }
  MI.Lower = Sec->getLowerBound() ? exprText(Sec->getLowerBound(), Ctx, &Edits) : "0";
  if (Sec->getLength())
    MI.Length = exprText(Sec->getLength(), Ctx, &Edits);
  else if (const auto *AT = Ctx.getAsConstantArrayType(RowType->IgnoreParens()->getType()))
    MI.Length = std::to_string(AT->getSize().getZExtValue()) + " - (" + MI.Lower + ")";
  else {
    Why = Item + " has no length";
    return nullptr;
  }
  return VD;
}

/// Two map items of one variable on one construct (OpenMP 5.0 allows it):
/// the variable is mapped once, with the union of the map types
/// (`map(alloc: x) map(to: x)` copies x in), and `present` on either item
/// checks presence first (OpenMP 5.1 processes present items before the
/// others, so nothing of this construct can have mapped it by then). Folds
/// New into Old; else says why the two cannot be one map.
std::string combineMaps(MapInfo &Old, const MapInfo &New) {
  auto Entering = [](MapType T) {
    return T == MapType::Alloc || T == MapType::To || T == MapType::From ||
           T == MapType::ToFrom;
  };
  if (!Entering(Old.Type) || !Entering(New.Type))
    return "with 'release' or 'delete'";
  if (Old.Section != New.Section || Old.Lower != New.Lower ||
      Old.Length != New.Length || Old.Rows != New.Rows ||
      Old.Stride != New.Stride)
    return "as different parts of it (one pointer cannot reach both)";
  // `always` copies in one direction only where its own item says so.
  if (Old.Always != New.Always)
    return "with 'always' on only one of them";
  bool To = Old.Type == MapType::To || Old.Type == MapType::ToFrom ||
            New.Type == MapType::To || New.Type == MapType::ToFrom;
  bool From = Old.Type == MapType::From || Old.Type == MapType::ToFrom ||
              New.Type == MapType::From || New.Type == MapType::ToFrom;
  Old.Type = To && From ? MapType::ToFrom
             : To       ? MapType::To
             : From     ? MapType::From
                        : MapType::Alloc;
  Old.Present = Old.Present || New.Present;
  return "";
}

bool memberItem(const Expr *E, const MapInfo &MI, ASTContext &Ctx,
                const std::vector<TextEdit> &Edits, std::vector<PointerMap> &Out,
                std::string &Why) {
  const auto *M = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
  if (!M || isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()) ||
      !isa<FieldDecl>(M->getMemberDecl()))
    return false;
  if (M->HasSideEffects(Ctx)) {
    Why = "the map item '" + exprText(E, Ctx, nullptr) + "' has side effects";
    return false;
  }
  const auto *FD = cast<FieldDecl>(M->getMemberDecl());
  if (FD->isBitField()) {
    Why = "the map item '" + exprText(E, Ctx, nullptr) + "' is a bit-field";
    return false;
  }
  Out.push_back(memberStep(exprText(M, Ctx, &Edits), MI, M->getType()));
  // The struct it belongs to, for StructSpans.cpp.
  memberRoot(M, Ctx, Out.back().Parent, Out.back().Field);
  return true;
}

PointerMap memberStep(std::string Lvalue, const MapInfo &MI, QualType T) {
  PointerMap PM;
  PM.Base = "&(" + Lvalue + ")";
  PM.Map = MI;
  PM.Map.Section = true;
  PM.Map.Lower = "0";
  PM.Map.Length = "1";
  PM.AttachSelf = T->isPointerType() && !T->getPointeeType()->isVoidType() &&
                  !T->isFunctionPointerType();
  return PM;
}

namespace {
/// The identifiers in an expression's text.
std::set<std::string> identifiers(const std::string &Text) {
  std::set<std::string> Out;
  for (std::size_t I = 0; I < Text.size();) {
    unsigned char Ch = static_cast<unsigned char>(Text[I]);
    if (std::isalpha(Ch) || Ch == '_') {
      std::size_t B = I;
      while (I < Text.size() &&
             (std::isalnum(static_cast<unsigned char>(Text[I])) || Text[I] == '_'))
        ++I;
      Out.insert(Text.substr(B, I - B));
    } else if (std::isdigit(Ch)) {
      while (I < Text.size() &&
             (std::isalnum(static_cast<unsigned char>(Text[I])) || Text[I] == '.'))
        ++I; // a number with its suffix
    } else {
      ++I;
    }
  }
  return Out;
}
} // namespace

Verdict checkRowSubscripts(const Region &R,
                           const std::set<const VarDecl *> &LoopVars) {
  // The stub evaluates a row item's subscripts with the values of the
  // encounter: a private copy or a loop variable of the construct is no
  // stub parameter, and a scalar mapped by address would be read when a
  // deferred task maps, not when the construct was encountered.
  std::map<std::string, std::string> Unfit;
  for (const VarDecl *VD : LoopVars)
    Unfit[VD->getNameAsString()] = "a loop variable of the construct";
  for (const Capture &C : R.Captures) {
    if (C.How == Passing::Private || C.How == Passing::LastPrivate)
      Unfit[C.Name] = "private in the region";
    else if (R.NoWait && C.How == Passing::MappedObject && !C.IsArray)
      Unfit[C.Name] = "mapped by address on a nowait construct";
  }
  for (const Capture &C : R.Captures) {
    if (!C.Map || C.Map->Rows.empty())
      continue;
    std::string Text = C.Map->Lower + " " + C.Map->Length;
    for (const std::string &I : C.Map->Rows)
      Text += " " + I;
    for (const std::string &Id : identifiers(Text))
      if (auto It = Unfit.find(Id); It != Unfit.end())
        return Verdict::no(DiagId::HostClause,
                           "the map item of '" + C.Name + "' names '" + Id +
                               "', which is " + It->second +
                               ", in its subscripts; they must be values of "
                               "the encounter");
  }
  return {};
}

} // namespace omp2cuda
