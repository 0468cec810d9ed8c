// The clause reader behind readClauses (Analysis.h), private to the files
// that hold its readers, one per clause family:
// - Clauses.cpp: the dispatch over clause kinds, and depend clauses' text;
// - ClauseMaps.cpp: map, to and from, and their items;
// - ClauseSharing.cpp: private, firstprivate, lastprivate, reduction,
//   linear, and the device-address clauses (use_device_ptr/addr,
//   has_device_addr, is_device_ptr);
// - ClauseValues.cpp: the clauses of one value (num_teams, if, schedule...).
#ifndef OMP2CUDA_ANALYSIS_CLAUSEREADER_H
#define OMP2CUDA_ANALYSIS_CLAUSEREADER_H

#include "analysis/Analysis.h"

#include "clang/AST/ExprOpenMP.h"
#include "clang/AST/OpenMPClause.h"

#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace omp2cuda {

/// The variable or field (of *this) an item names, with its section: the
/// one on the variable itself (the first dimension); sections of further
/// dimensions go to Inner, second dimension first.
const clang::ValueDecl *
itemDecl(const clang::Expr *E, const clang::ArraySectionExpr **Section,
         const clang::ArraySubscriptExpr **Element,
         std::vector<const clang::ArraySectionExpr *> *Inner = nullptr);

/// An item that is an array section or element (`x[lo:len]`, `p[i]`): that
/// expression and its base, parentheses and implicit casts ignored. All
/// null for other items.
struct SectionBase {
  const clang::ArraySectionExpr *Sec = nullptr;
  const clang::ArraySubscriptExpr *Elem = nullptr;
  const clang::Expr *Base = nullptr;
};
SectionBase sectionBase(const clang::Expr *E);

std::string clauseName(const clang::OMPClause *C);

// ---- StructSpans.cpp ---------------------------------------------------------
/// The struct a data construct's member item lies in, for the span that
/// holds the members of one struct the construct maps (groupStructMembers):
/// Parent is the text of the outermost object reached through `.` members
/// (`s->` for `s->a.x`, `t.` for `t.a.x`, `d->` for a member of a base
/// class of *d), Key the member's field index in its own struct where that
/// is its address order among the other members under Parent (a direct
/// member of a struct), else NoFieldOrder.
constexpr unsigned NoFieldOrder = ~0u;
void memberRoot(const clang::MemberExpr *M, clang::ASTContext &Ctx,
                std::string &Parent, unsigned &Key);
/// For a section or element of an array member (`s->x[0:4]`, `t.y[i]`,
/// Base the member): sets PM's Parent and Field as memberItem does, so that
/// one span holds it with the struct's other members. Why: the bounds
/// Lower/Length have side effects, which the span step would repeat.
void arrayMemberParent(const clang::Expr *Base, const clang::Expr *Lower,
                       const clang::Expr *Length, const std::string &Item,
                       clang::ASTContext &Ctx, PointerMap &PM, std::string &Why);

/// The map type a map clause's kind names (ToFrom when it names none).
MapType mapType(clang::OpenMPMapClauseKind K);

/// When Item, under the iterator modifier IE, is one element per value of
/// a single iterator counting by 1 or -1 (`p[it]`, `v.data[it]` with `it =
/// lo:hi`): the section they make together, its lower bound and length as
/// Text writes them (`(lo)`, `((hi) > (lo) ? (hi) - (lo) : 0)`). One map
/// of it keeps the elements together on the device, where one map each
/// put them apart and the pointer attached to them reached one alone.
bool iteratorSpan(const clang::OMPIteratorExpr *IE, const clang::Expr *Item,
                  clang::ASTContext &Ctx,
                  const std::function<std::string(const clang::Expr *)> &Text,
                  std::string &Lower, std::string &Length);

/// The variables the iterator modifiers of D's map clauses declare
/// (MapIterators.cpp): no captures.
std::set<const clang::ValueDecl *>
iteratorVariables(const clang::OMPExecutableDirective &D);

/// Reads the clauses of one directive into CI. Each reader returns a
/// negative verdict for a clause, or an item of it, that is not translated.
struct ClauseReader {
  const clang::OMPExecutableDirective &D;
  ClauseInfo &CI;
  clang::ASTContext &Ctx;
  const std::vector<TextEdit> &Edits;
  /// target data, enter/exit data, update: items are evaluated where the
  /// construct stands.
  bool DataConstruct;
  /// Struct variables holding the pointer members that a target region's
  /// items map through (`v` of `v.p[0:n]`, `w` of `w->p[0:n]`), mapped by
  /// mapHolders once every clause is read (RegionMemberItems.cpp).
  struct MemberHolder {
    const clang::ValueDecl *Var; // a variable, or a field of *this
    const clang::Expr *Item;
    bool Arrow; // w->p: the object w points to holds the member
    /// A member item or one inside an array member (`v.n`, `v.a[0:4]`):
    /// the struct's map covers it, and nothing else maps it.
    bool Whole = false;
    MapInfo Map = {}; // the item's map type and modifiers
  };
  std::vector<MemberHolder> Holders = {};

  /// E's text in the kernel's or stub's spelling (after Edits).
  std::string exprText_(const clang::Expr *E, clang::ASTContext &C) const {
    return exprText(E, C, &Edits);
  }
  /// Messages quote the user's own text, before any C-to-C++ renames.
  std::string userText(const clang::Expr *E) const {
    return exprText(E, Ctx, nullptr);
  }

  // ---- ClauseValues.cpp ---------------------------------------------------
  /// A negative verdict when the stub cannot evaluate a chunk size E of
  /// Clause where the target construct stands.
  Verdict chunk(const clang::Expr *E, const char *Clause);

  // ---- Clauses.cpp ----------------------------------------------------------
  /// One clause, by its kind.
  Verdict read(const clang::OMPClause *C);

  // ---- TargetInReduction.cpp -------------------------------------------------
  Verdict targetInReduction(const clang::OMPInReductionClause *C);

  // ---- ClauseMaps.cpp -------------------------------------------------------
  Verdict map(const clang::OMPMapClause *M);
  Verdict motion(const clang::OMPClause *C); // to, from
  /// A map clause with the 'iterator' modifier (MapIterators.cpp).
  Verdict iteratorMap(const clang::OMPMapClause *M, const MapInfo &MI);
  /// One item of a map, to or from clause (What: its name).
  Verdict addItem(const clang::Expr *E, MapInfo MI, const char *What);
  /// An item on an lvalue that is not a variable (`p[i][0:n]`, `s.q[0:n]`):
  /// data constructs evaluate it where they stand; a target region would
  /// need it as a parameter of its stub. None when E has no such form.
  std::optional<Verdict> addBasedItem(const clang::Expr *E, MapInfo MI,
                                      const char *What);
  /// A target region's item on the pointer member Base of a struct
  /// variable or of a struct member of `this` (Item: the message's name of
  /// it): none when the holder is recorded, with BaseText set where the
  /// stub names Base otherwise than its text (`v.p` for `this->v.p`); else
  /// why not (RegionMemberItems.cpp).
  std::optional<Verdict> regionMemberItem(const clang::Expr *E,
                                          const clang::Expr *Base,
                                          const std::string &Item,
                                          std::string &BaseText);
  /// A target region's member item, or one inside an array member, of a
  /// struct variable (`v.n`, `v.a[lo:len]`, `v.rows[i][0:n]`, `w->a[0:n]`):
  /// mapped by mapping the struct whole. None for other items.
  std::optional<Verdict> regionArrayMemberItem(const clang::Expr *E,
                                               const MapInfo &MI);
  /// Maps each struct variable in Holders as its items need it.
  Verdict mapHolders();
  /// The struct variable Var's map when its items are plain members that
  /// the region only reaches as such: the members alone, not the struct
  /// (RegionMemberSpans.cpp). None when Var is to be mapped whole; a
  /// negative verdict when its items cannot be mapped.
  std::optional<Verdict> memberSpan(const clang::ValueDecl *Var);
  /// `this[0:1]` or `*this`, the object a member function runs on: a data
  /// construct maps it whole, before its members. None for other items.
  std::optional<Verdict> addThisItem(const clang::Expr *E, MapInfo MI,
                                     const char *What);
  Verdict addMap(const clang::ValueDecl *VD, const MapInfo &MI);
  /// Sections of further dimensions must cover them whole: then the item
  /// is one contiguous block, rows [lower, lower + length) of the first.
  Verdict wholeInnerDims(const clang::Expr *E, const clang::ValueDecl *VD,
                         const std::vector<const clang::ArraySectionExpr *> &In,
                         const char *What);
  /// The bounds of an item's section, element or `*p` into MI.
  Verdict itemBounds(const clang::ValueDecl *VD,
                     const clang::ArraySectionExpr *Sec,
                     const clang::ArraySubscriptExpr *Elem,
                     const clang::UnaryOperator *Deref, MapInfo &MI,
                     const char *What);

  // ---- ClauseSharing.cpp ----------------------------------------------------
  Verdict privates(const clang::OMPPrivateClause *P);
  Verdict firstprivates(const clang::OMPFirstprivateClause *FP);
  Verdict lastprivates(const clang::OMPLastprivateClause *LP);
  Verdict reduction(const clang::OMPReductionClause *R);
  Verdict linear(const clang::OMPLinearClause *L);
  Verdict deviceAliases(const clang::OMPClause *C); // use_device_ptr/addr
  Verdict hasDeviceAddr(const clang::OMPHasDeviceAddrClause *HDA);
  Verdict isDevicePtr(const clang::OMPIsDevicePtrClause *IDP);

  // ---- ClauseValues.cpp -----------------------------------------------------
  Verdict collapse(const clang::OMPCollapseClause *Co);
  Verdict numTeams(const clang::OMPNumTeamsClause *NT);
  Verdict threadLimit(const clang::OMPThreadLimitClause *TL);
  Verdict numThreads(const clang::OMPNumThreadsClause *NTh);
  Verdict ifClause(const clang::OMPIfClause *If);
  Verdict device(const clang::OMPDeviceClause *Dev);
  Verdict ordered(const clang::OMPOrderedClause *O);
  Verdict defaultmap(const clang::OMPDefaultmapClause *DM);
  Verdict schedule(const clang::OMPScheduleClause *S);
  Verdict safelen(const clang::OMPSafelenClause *SL);
  Verdict distSchedule(const clang::OMPDistScheduleClause *DS);
};

} // namespace omp2cuda

#endif
