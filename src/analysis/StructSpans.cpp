// Members of one struct mapped one by one on a data construct (issue 8).
// `target enter data map(to: s.len, s.data)` used to map s.len and s.data as
// two blocks, so that a later map of s itself (a mapper's `present, from:
// v`) overlapped both and failed. As libomptarget does, the members now lie
// in one present-table entry spanning them, from the first to the end of the
// last: a span step (o2c::MapStruct) that holds the construct's reference,
// and member steps (o2c::MapMember) that only copy (host_rt/src/
// struct_span.cpp says when). Sections and elements of array members
// (`s->x[0:4], s->y[0:4]`) and members of nested structs (`s->a.x[0:4],
// s->b[0:4]`) join the span of the outermost struct too: a region that
// reaches them through a pointer to it (`s->y[1]`, s translated to the
// block holding *s's first mapped byte) needs them in that one block, as
// libomptarget allocates them (scratch-twosec s7.c: emu read -1, host 4).
// exit data releases such sections one by one (ClauseMaps.cpp says why).
#include "analysis/ClauseReader.h"

#include "clang/AST/ExprCXX.h"

#include <map>
#include <set>

using namespace clang;

namespace omp2cuda {

namespace {
struct Group {
  std::vector<std::size_t> Items; // indices into the construct's maps
};

/// Where item PM's bytes start and end, as char pointers (a member item:
/// its one element at &(m); a section of an array member: (s->x) + (lo)).
std::string itemStart(const PointerMap &PM) {
  if (PM.Map.Lower == "0")
    return "(const char *)" + PM.Base;
  return "(const char *)((" + PM.Base + ") + (" + PM.Map.Lower + "))";
}
std::string itemEnd(const PointerMap &PM) {
  if (PM.Map.Lower == "0" && PM.Map.Length == "1")
    return "(const char *)(" + PM.Base + " + 1)";
  return "(const char *)((" + PM.Base + ") + (" + PM.Map.Lower + ") + (" +
         PM.Map.Length + "))";
}

/// The items' starts (or ends), each once, as an o2c::spanBegin (spanEnd)
/// list: the lowest start is the span's first byte, the highest end its
/// end, whatever the order of the members and however they nest.
std::string spanBound(const std::vector<PointerMap> &Maps, const Group &G,
                      bool End) {
  std::set<std::string> Seen;
  std::string Out = End ? "o2c::spanEnd({" : "o2c::spanBegin({";
  for (std::size_t I : G.Items) {
    std::string T = End ? itemEnd(Maps[I]) : itemStart(Maps[I]);
    if (Seen.insert(T).second)
      Out += (Seen.size() > 1 ? ", " : "") + T;
  }
  return Out + "})";
}

/// Whether G's items are whole members of one struct, each in field order
/// (memberRoot's Key; the same field by the same text): then the span runs
/// from the item of the lowest field to the end of the highest one's, the
/// texts issue 8 wrote (First, Last). Else, or none: spanBound.
bool fieldOrder(const std::vector<PointerMap> &Maps, const Group &G,
                std::size_t &First, std::size_t &Last) {
  First = Last = G.Items.front();
  for (std::size_t I : G.Items) {
    const PointerMap &PM = Maps[I];
    if (PM.Field == NoFieldOrder || PM.Map.Lower != "0" ||
        PM.Map.Length != "1")
      return false;
    for (std::size_t J : G.Items)
      if (Maps[J].Field == PM.Field && Maps[J].Base != PM.Base)
        return false;
    if (PM.Field < Maps[First].Field)
      First = I;
    if (PM.Field > Maps[Last].Field)
      Last = I;
  }
  return true;
}

/// The span step of a group: the bytes from its first member to the end of
/// its last. Exit data releases it (deletes it when its members delete).
PointerMap spanStep(const std::vector<PointerMap> &Maps, const Group &G,
                    bool Exit, bool Deletes) {
  std::size_t First, Last;
  bool Ordered = fieldOrder(Maps, G, First, Last);
  const std::string Begin =
      Ordered ? itemStart(Maps[First]) : spanBound(Maps, G, false);
  PointerMap S;
  S.Base = Begin;
  S.Map.Type = !Exit ? MapType::Alloc : Deletes ? MapType::Delete
                                                 : MapType::Release;
  S.Map.Section = true;
  S.Map.Lower = "0";
  S.Map.Length =
      (Ordered ? itemEnd(Maps[Last]) : spanBound(Maps, G, true)) + " - " + Begin;
  S.Map.StructSpan = true;
  return S;
}

/// Whether G's items name more than one range: one range (one member, or
/// one section named twice) is its own span.
bool severalRanges(const std::vector<PointerMap> &Maps, const Group &G) {
  const PointerMap &F = Maps[G.Items.front()];
  return llvm::any_of(G.Items, [&](std::size_t I) {
    return Maps[I].Base != F.Base || Maps[I].Map.Lower != F.Map.Lower ||
           Maps[I].Map.Length != F.Map.Length;
  });
}

/// The object a member expression's base names, past a cast to one of its
/// base classes (`d.b` with b a member of B): that cast, if any.
const Expr *pastBaseCast(const Expr *B) {
  while (const auto *CE = dyn_cast<CastExpr>(B->IgnoreParens())) {
    if (CE->getCastKind() != CK_DerivedToBase &&
        CE->getCastKind() != CK_UncheckedDerivedToBase &&
        CE->getCastKind() != CK_NoOp)
      break;
    B = CE->getSubExpr();
  }
  return B->IgnoreParens();
}

bool throughBaseCast(const Expr *B) {
  for (const auto *CE = dyn_cast<CastExpr>(B->IgnoreParens()); CE;
       CE = dyn_cast<CastExpr>(CE->getSubExpr()->IgnoreParens()))
    if (CE->getCastKind() == CK_DerivedToBase ||
        CE->getCastKind() == CK_UncheckedDerivedToBase)
      return true;
  return false;
}
} // namespace

void memberRoot(const MemberExpr *M, ASTContext &Ctx, std::string &Parent,
                unsigned &Key) {
  const auto *FD = cast<FieldDecl>(M->getMemberDecl());
  Key = FD->getFieldIndex();
  // Field order is address order among the direct members of a struct,
  // not in a union, nor across base classes or nested structs.
  if (FD->getParent()->isUnion() || throughBaseCast(M->getBase()))
    Key = NoFieldOrder;
  // `s->a.x`: x lies in the object s points to, as s->a does.
  while (!M->isArrow()) {
    const auto *Up = dyn_cast<MemberExpr>(pastBaseCast(M->getBase()));
    if (!Up || !isa<FieldDecl>(Up->getMemberDecl()) ||
        isa<CXXThisExpr>(Up->getBase()->IgnoreParenImpCasts()))
      break;
    M = Up;
    Key = NoFieldOrder;
  }
  Parent = exprText(pastBaseCast(M->getBase()), Ctx, nullptr) +
           (M->isArrow() ? "->" : ".");
}

void arrayMemberParent(const Expr *Base, const Expr *Lower, const Expr *Length,
                       const std::string &Item, ASTContext &Ctx, PointerMap &PM,
                       std::string &Why) {
  const auto *M = dyn_cast<MemberExpr>(Base);
  const auto *FD = M ? dyn_cast<FieldDecl>(M->getMemberDecl()) : nullptr;
  if (!FD || isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()) ||
      !Base->getType()->isConstantArrayType())
    return;
  for (const Expr *B : {Lower, Length})
    if (B && B->HasSideEffects(Ctx)) {
      Why = "the bounds of " + Item +
            " have side effects, and the members of one struct are mapped "
            "as one span, which evaluates them again";
      return;
    }
  memberRoot(M, Ctx, PM.Parent, PM.Field);
}

void groupStructMembers(llvm::omp::Directive Kind,
                        std::vector<PointerMap> &Maps) {
  using namespace llvm::omp;
  if (Kind != OMPD_target_data && Kind != OMPD_target_enter_data &&
      Kind != OMPD_target_exit_data)
    return; // target update copies what it names, with no reference
  const bool Exit = Kind == OMPD_target_exit_data;
  std::map<std::string, Group> Groups;
  for (std::size_t I = 0; I < Maps.size(); ++I)
    if (!Maps[I].Parent.empty())
      Groups[Maps[I].Parent].Items.push_back(I);
  // Where each span step goes: before its first member when entering (a
  // region's exits run in reverse, so the span's comes last), after its
  // last member in exit data (members copy back before the span goes).
  std::map<std::size_t, std::vector<PointerMap>> Before, After;
  for (auto &[Parent, G] : Groups) {
    if (!severalRanges(Maps, G))
      continue; // one member: its own block is the same span
    std::size_t Deleting = 0;
    for (std::size_t I : G.Items)
      Deleting += Maps[I].Map.Type == MapType::Delete;
    if (Deleting != 0 && Deleting != G.Items.size())
      continue; // from and delete mixed: each member keeps its own block
    PointerMap Span = spanStep(Maps, G, Exit, Deleting != 0);
    if (Exit)
      After[G.Items.back()].push_back(Span);
    else
      Before[G.Items.front()].push_back(Span);
    for (std::size_t I : G.Items)
      Maps[I].Map.Member = true;
  }
  if (Before.empty() && After.empty())
    return;
  std::vector<PointerMap> Out;
  for (std::size_t I = 0; I < Maps.size(); ++I) {
    for (PointerMap &S : Before[I])
      Out.push_back(S);
    Out.push_back(Maps[I]);
    for (PointerMap &S : After[I])
      Out.push_back(S);
  }
  Maps = std::move(Out);
}

} // namespace omp2cuda
