// Members of one struct mapped one by one on a data construct (issue 8).
// `target enter data map(to: s.len, s.data)` used to map s.len and s.data as
// two blocks, so that a later map of s itself (a mapper's `present, from:
// v`) overlapped both and failed. As libomptarget does, the members now lie
// in one present-table entry spanning them, from the first to the end of the
// last: a span step (o2c::MapStruct) that holds the construct's reference,
// and member steps (o2c::MapMember) that only copy (host_rt/src/
// struct_span.cpp says when).
#include "analysis/Analysis.h"

#include <map>
#include <set>

using namespace clang;

namespace omp2cuda {

namespace {
struct Group {
  std::vector<std::size_t> Items; // indices into the construct's maps
  std::set<unsigned> Fields;
  std::size_t First = 0, Last = 0; // the items of the lowest/highest field
};

/// The span step of a group: the bytes from its first member to the end of
/// its last. Exit data releases it (deletes it when its members delete).
PointerMap spanStep(const std::vector<PointerMap> &Maps, const Group &G,
                    bool Exit, bool Deletes) {
  const std::string Begin = "(const char *)" + Maps[G.First].Base;
  PointerMap S;
  S.Base = Begin;
  S.Map.Type = !Exit ? MapType::Alloc : Deletes ? MapType::Delete
                                                 : MapType::Release;
  S.Map.Section = true;
  S.Map.Lower = "0";
  S.Map.Length = "(const char *)(" + Maps[G.Last].Base + " + 1) - " + Begin;
  S.Map.StructSpan = true;
  return S;
}
} // namespace

void groupStructMembers(llvm::omp::Directive Kind,
                        std::vector<PointerMap> &Maps) {
  using namespace llvm::omp;
  if (Kind != OMPD_target_data && Kind != OMPD_target_enter_data &&
      Kind != OMPD_target_exit_data)
    return; // target update copies what it names, with no reference
  const bool Exit = Kind == OMPD_target_exit_data;
  std::map<std::string, Group> Groups;
  for (std::size_t I = 0; I < Maps.size(); ++I) {
    const PointerMap &PM = Maps[I];
    if (PM.Parent.empty())
      continue;
    Group &G = Groups[PM.Parent];
    if (G.Items.empty() || PM.Field < Maps[G.First].Field)
      G.First = I;
    if (G.Items.empty() || PM.Field > Maps[G.Last].Field)
      G.Last = I;
    G.Items.push_back(I);
    G.Fields.insert(PM.Field);
  }
  // Where each span step goes: before its first member when entering (a
  // region's exits run in reverse, so the span's comes last), after its
  // last member in exit data (members copy back before the span goes).
  std::map<std::size_t, std::vector<PointerMap>> Before, After;
  for (auto &[Parent, G] : Groups) {
    if (G.Fields.size() < 2)
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
