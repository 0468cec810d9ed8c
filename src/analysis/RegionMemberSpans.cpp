// Member items of a target region that map members, not the whole struct.
// `target map(tofrom: s.x)` used to map all of s (the struct's implicit
// map covered the member), so that its copy back wrote s's other members
// with stale device values, and a member put on the device before
// (`enter data map(to: s.y)`, `target data map(alloc: s.x, s.y)`) made the
// region's map of s overlap it. As libomptarget does, the region now maps
// the members its items name: one member as its own block, several as one
// span from the first to the end of the last (o2c::MapStruct) with member
// steps (o2c::MapMember), the same steps as a data construct's
// (StructSpans.cpp). The kernel still takes the struct's device address,
// the first member's less its offset, and reads each member there.
//
// Only where that is all the region needs: every item of the variable is a
// plain member (`s.x`, `s.in.y`: no section, no array element, no pointer
// member's section, which attaches through the whole struct, no pointer
// member), the members are disjoint, the variable is a local one, not
// const, and the region names it only to reach a mapped member (`s.x`,
// `s.in.y` under a mapped `s.in`), never whole (`f(&s)`, `s = t`, an
// unmapped `s.y`). Otherwise the struct is mapped whole as before
// (RegionMemberItems.cpp).
#include "analysis/ClauseReader.h"
#include "analysis/PreInits.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <algorithm>

using namespace clang;

namespace omp2cuda {

namespace {

/// A plain member item of one struct variable: its fields from the
/// variable outward, and the bytes it covers in the variable.
struct SpanMember {
  std::vector<const FieldDecl *> Fields;
  uint64_t Offset = 0, Size = 0;
  MapInfo Map;
  std::string Path; // `.in.y`
};

/// The fields, from V outward, of a member access on V (`v.a.b`, or
/// `w->a.b` of a pointer V; parentheses allowed), and the expressions on
/// the way into Chain: V's reference, or null when E is no such access
/// (another root, a cast on the way, a member that is no field).
const DeclRefExpr *memberChain(const Expr *E, const VarDecl *V,
                               std::vector<const FieldDecl *> &Fields,
                               std::vector<const Expr *> &Chain) {
  const bool Pointer = V->getType()->isPointerType();
  const Expr *B = E->IgnoreParens();
  while (const auto *ME = dyn_cast<MemberExpr>(B)) {
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!FD)
      return nullptr;
    Fields.insert(Fields.begin(), FD);
    Chain.push_back(ME);
    B = ME->getBase()->IgnoreParens();
    if (ME->isArrow()) {
      // w->a reads w; any other cast (to a base class) moves the address.
      const auto *Read = dyn_cast<ImplicitCastExpr>(B);
      if (!Pointer || !Read || Read->getCastKind() != CK_LValueToRValue)
        return nullptr;
      const auto *DR = dyn_cast<DeclRefExpr>(Read->getSubExpr()->IgnoreParens());
      return DR && DR->getDecl() == V ? DR : nullptr;
    }
  }
  const auto *DR = dyn_cast<DeclRefExpr>(B);
  return !Pointer && !Fields.empty() && DR && DR->getDecl() == V ? DR : nullptr;
}

/// E as a plain member of V (`v.a`, `v.in.b`, `w->a`): none for any other
/// form or a field the stub could not name or map alone.
std::optional<SpanMember> plainMember(const Expr *E, const VarDecl *V,
                                      ASTContext &Ctx) {
  SpanMember M;
  std::vector<const Expr *> Chain;
  if (!memberChain(E, V, M.Fields, Chain))
    return std::nullopt;
  for (const FieldDecl *FD : M.Fields) {
    QualType T = FD->getType();
    if (FD->isBitField() || FD->getName().empty() || T->isReferenceType() ||
        T->isIncompleteType() || T->isDependentType() ||
        T->isVariablyModifiedType() ||
        T->isPointerType() || // attached when mapped whole, as before
        (!Ctx.getLangOpts().CPlusPlus && isCxxOnlyKeyword(FD->getName())))
      return std::nullopt;
    const ASTRecordLayout &L = Ctx.getASTRecordLayout(FD->getParent());
    M.Offset += Ctx.toCharUnitsFromBits(L.getFieldOffset(FD->getFieldIndex()))
                    .getQuantity();
    M.Path += (M.Path.empty() && V->getType()->isPointerType() ? "->" : ".") +
              FD->getNameAsString();
  }
  M.Size = Ctx.getTypeSizeInChars(M.Fields.back()->getType()).getQuantity();
  return M;
}

/// Whether a region names V anywhere other than to reach one of the
/// members Mapped (or a part of one).
class WholeUses : public RecursiveASTVisitor<WholeUses> {
public:
  WholeUses(const VarDecl *V, const std::vector<SpanMember> &Mapped)
      : V(V), Mapped(Mapped) {}
  bool Whole = false;

  // The captures of a construct's region, inside the region, name the
  // variables it uses: the body's own references tell how.
  bool TraverseCapturedStmt(CapturedStmt *S, DataRecursionQueue * = nullptr) {
    return TraverseStmt(S->getCapturedDecl()->getBody());
  }
  bool VisitMemberExpr(MemberExpr *E) {
    if (Seen.count(E))
      return true;
    std::vector<const FieldDecl *> Fields;
    std::vector<const Expr *> Chain;
    const DeclRefExpr *DR = memberChain(E, V, Fields, Chain);
    if (!DR)
      return true; // V, if it is below, is a use of its own
    Seen.insert(Chain.begin(), Chain.end());
    Seen.insert(DR);
    bool Covered = llvm::any_of(Mapped, [&](const SpanMember &M) {
      return M.Fields.size() <= Fields.size() &&
             std::equal(M.Fields.begin(), M.Fields.end(), Fields.begin());
    });
    Whole = Whole || !Covered;
    return true;
  }
  // A lambda's copy of V copies all of it.
  bool VisitLambdaExpr(LambdaExpr *L) {
    for (const LambdaCapture &C : L->captures())
      if (C.capturesVariable() && C.getCapturedVar() == V &&
          C.getCaptureKind() == LCK_ByCopy)
        Whole = true;
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (E->getDecl() == V && !Seen.count(E))
      Whole = true;
    return true;
  }
  // A nested construct's clause expression that the kernel evaluates is
  // the initialiser of an implicit declaration, which the traversal skips
  // (as Captures.cpp's Scanner reads it).
  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    for (const OMPCapturedExprDecl *CE : preInitCaptures(*D))
      TraverseStmt(const_cast<Expr *>(CE->getInit()));
    return true;
  }

private:
  const VarDecl *V;
  const std::vector<SpanMember> &Mapped;
  std::set<const Expr *> Seen;
};

} // namespace

std::optional<Verdict> ClauseReader::memberSpan(const ValueDecl *Var) {
  const auto *VD = dyn_cast<VarDecl>(Var);
  // (A const struct is mapped whole, `to`: CapturePassing.cpp.)
  // (A global may also be named by a function the region calls.)
  // `w->x`: the object the pointer variable w points to.
  const bool Pointer = VD && VD->getType()->isPointerType();
  QualType T = !VD ? QualType() : Pointer ? VD->getType()->getPointeeType()
                                          : VD->getType();
  if (!VD || !VD->hasLocalStorage() || CI.Maps.count(Var) ||
      VD->getType()->isDependentType() || !T->isRecordType() ||
      T.isConstQualified() ||
      (!Ctx.getLangOpts().CPlusPlus &&
       isCxxOnlyKeyword(VD->getNameAsString())) ||
      CI.Private.count(Var) ||
      CI.FirstPrivate.count(Var) || CI.LastPrivate.count(Var) ||
      CI.IsDevicePtr.count(Var) || CI.HasDeviceAddr.count(Var) ||
      CI.Reductions.count(Var) || CI.Linear.count(Var) ||
      CI.ArrayReductions.count(Var) || !D.hasAssociatedStmt())
    return std::nullopt;
  std::vector<SpanMember> Members;
  for (const MemberHolder &H : Holders) {
    if (H.Var != Var)
      continue;
    std::optional<SpanMember> M =
        H.Whole && H.Arrow == Pointer ? plainMember(H.Item, VD, Ctx)
                                      : std::nullopt;
    if (!M)
      return std::nullopt;
    M->Map = H.Map;
    auto Same = llvm::find_if(Members, [&](const SpanMember &O) {
      return O.Fields == M->Fields;
    });
    if (Same == Members.end()) {
      Members.push_back(*M);
      continue;
    }
    // `map(to: s.x) map(from: s.x)`: one map, as for a variable.
    if (std::string Why = combineMaps(Same->Map, M->Map); !Why.empty()) {
      Verdict V = Verdict::no(DiagId::HostClause,
                              "the member '" + userText(H.Item) +
                                  "' is mapped twice on the construct " + Why);
      V.Where = H.Item->getBeginLoc();
      return V;
    }
  }
  llvm::stable_sort(Members, [](const SpanMember &A, const SpanMember &B) {
    return A.Offset < B.Offset;
  });
  for (std::size_t I = 1; I < Members.size(); ++I)
    if (Members[I - 1].Offset + Members[I - 1].Size > Members[I].Offset)
      return std::nullopt; // a member inside another, or a union's
  WholeUses Uses(VD, Members);
  Uses.TraverseStmt(const_cast<Stmt *>(D.getAssociatedStmt()));
  if (Uses.Whole)
    return std::nullopt;
  // The struct is the region's capture (its implicit map, which lowering
  // replaces by its members'); the members, in the order of their offsets,
  // are items whose Parent names it (Lower.cpp memberSpanMaps).
  MapInfo MI = makeMap(MapType::ToFrom, true);
  if (Pointer) { // as map(tofrom: w[0:1]) (RegionMemberItems.cpp)
    MI.Section = true;
    MI.Lower = "0";
    MI.Length = "1";
  }
  CI.Maps.emplace(Var, MI);
  const std::string Name = VD->getNameAsString();
  for (std::size_t I = 0; I < Members.size(); ++I) {
    const SpanMember &M = Members[I];
    CI.PointerMaps.push_back(
        memberStep(Name + M.Path, M.Map, M.Fields.back()->getType()));
    CI.PointerMaps.back().Parent = Name + (Pointer ? "->" : ".");
    CI.PointerMaps.back().Field = I;
  }
  return Verdict{};
}

} // namespace omp2cuda
