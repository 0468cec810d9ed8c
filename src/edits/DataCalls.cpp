#include "edits/DataCalls.h"
#include "emit/Emit.h"
#include "lowering/Lower.h"

#include "llvm/ADT/STLExtras.h"

#include "clang/Basic/OpenMPKinds.h"

#include <fmt/format.h>

using namespace clang;

namespace omp2cuda {

std::string deferredTask(const std::vector<std::string> &Depends, bool Early,
                         bool Exclusive) {
  std::string Deps;
  for (const std::string &X : Depends)
    Deps += " " + X;
  // With dependences, the detached task also depends on a token of its own
  // and a tracked successor on that token alone holds the task's parent
  // until its successors are released (o2c::guardRelease: libomp's count of
  // incomplete children in a serialized team, docs/async.md).
  // o2c::mayDetach says, at run time, where the host task may not be
  // detached: with cancellation on (a cancelled taskgroup discards the task
  // and nothing would fulfil its event), and with dependences in a team of
  // several threads (libomp's taskwait can hang there). Then the host task
  // runs the target task on a helper and waits for it, as under GCC; under
  // libomp it owns the task (o2c::TaskArg), so a discarded one frees it.
  std::string Wait = "o2c::TaskArg o2c_own(o2c_task);\n"
                     "#pragma omp task" +
                     Deps +
                     " firstprivate(o2c_own)\n"
                     "o2c::runTask(o2c_own);\n";
  bool Depend = !Depends.empty(), Done = Depend && Early;
  std::string Detached =
      Done ? "o2c::Event o2c_event = o2c::Event(), o2c_done = o2c::Event(); "
             "// set by detach\n"
             "#pragma omp task detach(o2c_done)\n"
             "{ } // completes with the target task\n"
           : "o2c::Event o2c_event = o2c::Event(); // set by detach\n";
  if (Depend)
    Detached += "char *o2c_token = o2c::newToken();\n";
  Detached +=
      "#pragma omp task" + Deps + (Depend ? " depend(out: *o2c_token)" : "") +
      " detach(o2c_event) firstprivate(o2c_task" + (Done ? ", o2c_done" : "") +
      ")\n" + "o2c::startTask(o2c_task, o2c_event" +
      (Done ? ", o2c_done" : "") + ");\n";
  if (Depend)
    Detached += "o2c::guardRelease(o2c_token);\n";
  Detached = std::string("if (o2c::mayDetach(") + (Depend ? "true" : "false") +
             ")) {\n" + Detached + "} else {\n" + Wait + "}\n";
  // libomp ends a mutexinoutset task's exclusion when its body returns,
  // while a detached task's target task still runs on a helper: only the
  // waiting form keeps such target tasks from running at once.
  if (Exclusive)
    return "if (o2c_task) {\n" + Wait;
  return "if (o2c_task) {\n#if O2C_DETACH\n" + Detached + "#else\n" + Wait +
         "#endif\n";
}

namespace {

/// The steps of an item with the 'iterator' modifier (MapIterators.cpp) in
/// one line, inside its loops: once per iterator value, in the order of the
/// iterator space; other items' steps as they are.
std::vector<std::string> inLoops(const std::vector<std::string> &Loops,
                                 std::vector<std::string> Steps) {
  if (Loops.empty() || Steps.empty())
    return Steps;
  std::string S;
  for (const std::string &L : Loops)
    S += L;
  S += "{";
  for (const std::string &X : Steps)
    S += " " + X;
  return {S + " }"};
}

/// Appends an item's calls to Calls, but a pointer variable's attachment
/// (its second step) to Attach, which runs after every item of the
/// construct: its pointee may lie in a later item (`map(to: p)
/// map(to: q[0:n])`, p == q + 2), as on a target region (Lower.cpp).
void deferAttach(const Capture &Cap, std::vector<std::string> Steps,
                 std::vector<std::string> &Calls,
                 std::vector<std::string> &Attach) {
  for (size_t I = 0; I < Steps.size(); ++I)
    (Cap.PointerObject && I > 0 ? Attach : Calls)
        .push_back(std::move(Steps[I]));
}

/// Whether PM is the own storage of a pointer variable that the construct
/// maps beside Cap, its section (ClauseMaps.cpp pointerWithSection).
bool pairStorageOf(const PointerMap &PM, const Capture &Cap) {
  return PM.AttachSelf && !PM.ThisObject && PM.Loops.empty() &&
         PM.Parent.empty() && Cap.Map && Cap.Map->Section &&
         PM.Base == "&(" + Cap.Name + ")";
}

/// The storage `&(p)` of such a pair.
bool pairedStorage(const PointerMap &PM, const Region &R) {
  return llvm::any_of(
      R.Captures, [&](const Capture &Cap) { return pairStorageOf(PM, Cap); });
}

/// One item of an exit data construct: its map steps and the order it
/// exits in (Tier, lowest first).
struct ExitItem {
  std::vector<MapStep> Steps;
  const MapInfo *M;
  std::string Base;
  const std::vector<std::string> *Loops;
  int Tier;
};

/// The items of an exit data construct but `*this`, in the order they exit:
/// first the pointers' own storage (a pointer variable, the storage of a
/// pointer beside its section, a pointer member `s.p`), then the other
/// objects (a struct holding an attached pointer), then the sections and
/// arrays pointers may point into; within a tier, the clause order (as
/// libomptarget ends the pointer's entry before its pointee's). Several
/// items exit as one o2c::ExitBatch, whose copies back all come before any
/// copy goes, so a pointer a kernel moved into another item's copy reads
/// as its host counterpart in any order (`map(from: t, s, s.p)`, s.p into
/// t: scratch-nf5 t4.cpp, scratch-ex6 r2.cpp); the order still decides
/// which exit drops the last reference of a shared entry.
std::vector<ExitItem> exitItems(const Region &R) {
  std::vector<ExitItem> Items;
  for (const Capture &Cap : R.Captures)
    if (Cap.Map) {
      int Tier = Cap.PointerObject                 ? 0
                 : Cap.Map->Section || Cap.IsArray ? 3
                                                   : 1;
      Items.push_back({mapSteps(Cap), &*Cap.Map, Cap.CallArg, nullptr, Tier});
    }
  for (const PointerMap &PM : R.PointerMaps)
    if (!PM.ThisObject) {
      int Tier = pairedStorage(PM, R)                                      ? 0
                 : PM.AttachSelf && PM.Loops.empty() && !PM.Map.StructSpan ? 0
                                                                           : 3;
      Items.push_back({mapSteps(PM), &PM.Map, PM.Base, &PM.Loops, Tier});
    }
  std::stable_sort(
      Items.begin(), Items.end(),
      [](const ExitItem &A, const ExitItem &B) { return A.Tier < B.Tier; });
  return Items;
}

/// Whether a `target enter data` has several items, or items in iterator
/// loops (which may name one storage block more than once).
bool enterBatch(const Region &R) {
  size_t Items = llvm::count_if(
      R.Captures, [](const Capture &Cap) { return Cap.Map.has_value(); });
  for (const PointerMap &PM : R.PointerMaps) {
    if (!PM.Loops.empty())
      return true;
    ++Items;
  }
  return Items > 1;
}

} // namespace

DataCalls::DataCalls(const Region &R, unsigned Line, unsigned Col) {
  Loc = fmt::format("static const o2c::SourceLoc o2c_loc = {{{}, {}, {}, {}}};",
                    cString(R.Loc.File), Line, Col, cString(R.Directive));
  Dev = R.Device.empty() ? "-1" : "o2c::deviceClause(" + R.Device + ")";
  If = R.IfCond.empty() ? "true" : "(bool)(" + R.IfCond + ")";
}

std::vector<std::string> DataCalls::open(const Region &R,
                                         const std::string &Var) const {
  std::vector<std::string> S{
      Loc, fmt::format("o2c::TargetRegion {}(o2c_loc, {}, {}, false);", Var,
                       deviceWhereIf(If, Dev), If)};
  if (R.Depend)
    S.push_back("o2c::waitForSiblingTasks();");
  // The items are evaluated only where the if clause holds, as Clang does
  // (`map(tofrom: s->p[0:s->n]) if(s)`): the region read the condition.
  const bool Guard = If != "true";
  const size_t First = S.size();
  auto Calls = [&](const std::vector<MapStep> &Steps) {
    std::vector<std::string> Out;
    for (const MapStep &Step : Steps)
      Out.push_back(mapStepCall(Step, Var + "."));
    return Out;
  };
  std::vector<std::string> Attach;
  // `*this` first: the members lie in its copy.
  for (const PointerMap &PM : R.PointerMaps)
    if (PM.ThisObject)
      for (std::string &X : Calls(mapSteps(PM)))
        S.push_back(std::move(X));
  for (const Capture &Cap : R.Captures)
    if (Cap.Map)
      deferAttach(Cap, Calls(mapSteps(Cap)), S, Attach);
  for (const PointerMap &PM : R.PointerMaps)
    if (!PM.ThisObject)
      for (std::string &X : inLoops(PM.Loops, Calls(mapSteps(PM))))
        S.push_back(std::move(X));
  S.insert(S.end(), Attach.begin(), Attach.end());
  if (Guard && S.size() > First) {
    for (size_t I = First; I < S.size(); ++I)
      S[I] = "  " + S[I];
    S.insert(S.begin() + First, "if (" + Var + ".offload()) {");
    S.push_back("}");
  }
  return S;
}

std::vector<std::string>
DataCalls::standAlone(const OMPExecutableDirective &D, const Region &R,
                      bool Deferred,
                      const std::vector<std::string> &Depends) const {
  std::vector<std::string> Calls{Loc};
  if (Deferred)
    Calls.push_back("o2c::AsyncTask *o2c_task = new o2c::AsyncTask(o2c_loc);");
  else if (R.Depend)
    Calls.push_back("o2c::waitForSiblingTasks();");
  // The items, and the device clause, are evaluated only where the if
  // clause holds, as Clang does: one may be valid only then (`map(from:
  // s->p[0:s->n]) if(s)`, scratch-rev43 e1.cpp). The condition is read once
  // (a deferred construct's task then runs nothing).
  DataCalls C = *this;
  const bool Guard = If != "true";
  if (Guard)
    C.If = "true";
  std::vector<std::string> Items;
  // `device` and `if` lie outside the iterators' scope: inside an item's
  // loops an iterator would hide a variable of its name that they read
  // (`if(n > 0) device(n) map(iterator(n = 0:4), to: a[n])`), so they are
  // read once, before the loops (the if clause by the guard).
  if (llvm::any_of(R.PointerMaps,
                   [](const PointerMap &PM) { return !PM.Loops.empty(); }) &&
      Dev != "-1") {
    Items.push_back(fmt::format("const int o2c_device = {};", Dev));
    C.Dev = "o2c_device";
  }
  for (std::string &X : C.itemsOf(D, R, Deferred))
    Items.push_back(std::move(X));
  if (Guard)
    Calls.push_back("if (" + If + ") {");
  for (std::string &X : Items)
    Calls.push_back((Guard ? "  " : "") + X);
  if (Guard) { // O2C_INFO still tells where the construct ran
    Calls.push_back("} else {");
    Calls.push_back("  o2c::ifClauseFalse(o2c_loc);");
    Calls.push_back("}");
  }
  if (Deferred)
    Calls.push_back(
        deferredTask(Depends, /*Early=*/false, hasMutexInOutSet(D)) + "}");
  return Calls;
}

std::vector<std::string> DataCalls::itemsOf(const OMPExecutableDirective &D,
                                            const Region &R,
                                            bool Deferred) const {
  if (D.getDirectiveKind() == llvm::omp::OMPD_target_exit_data)
    return exitCalls(R, Deferred);
  const char *Fn = D.getDirectiveKind() == llvm::omp::OMPD_target_enter_data
                       ? "o2c::enterData"
                       : "o2c::update";
  // A deferred construct records the same calls, arguments evaluated now.
  const std::string TaskNs = Deferred ? "o2c_task->" : "o2c::";
  // Several items enter as one o2c::EnterBatch: a storage block two of them
  // name is counted once.
  const bool Batch = std::string(Fn) == "o2c::enterData" && enterBatch(R);
  const std::string Ns = Batch ? "o2c_enters." : TaskNs;
  std::vector<std::string> Calls;
  if (Batch)
    Calls.push_back("o2c::EnterBatch o2c_enters;");
  // `*this` first on entry: the members lie in its copy.
  for (const PointerMap &PM : R.PointerMaps)
    if (PM.ThisObject)
      for (std::string &X : itemCalls(mapSteps(PM), PM.Map, PM.Base, Fn, Ns))
        Calls.push_back(std::move(X));
  std::vector<std::string> Attach;
  for (const Capture &Cap : R.Captures)
    if (Cap.Map)
      deferAttach(Cap, itemCalls(mapSteps(Cap), *Cap.Map, Cap.CallArg, Fn, Ns),
                  Calls, Attach);
  // Each item's calls in its iterator loops, when it has some.
  for (const PointerMap &PM : R.PointerMaps)
    if (!PM.ThisObject)
      for (std::string &X :
           inLoops(PM.Loops, itemCalls(mapSteps(PM), PM.Map, PM.Base, Fn, Ns)))
        Calls.push_back(std::move(X));
  Calls.insert(Calls.end(), Attach.begin(), Attach.end());
  if (Batch)
    Calls.push_back(Deferred ? "o2c_task->enterBatch(o2c_enters);"
                             : "o2c_enters.run();");
  return Calls;
}

std::vector<std::string> DataCalls::exitCalls(const Region &R,
                                              bool Deferred) const {
  const std::string TaskNs = Deferred ? "o2c_task->" : "o2c::";
  auto ThisCalls = [&](const std::string &Ns) {
    std::vector<std::string> Out;
    for (const PointerMap &PM : R.PointerMaps)
      if (PM.ThisObject)
        for (std::string &X :
             itemCalls(mapSteps(PM), PM.Map, PM.Base, "o2c::exitData", Ns))
          Out.push_back(std::move(X));
    return Out;
  };
  std::vector<ExitItem> Items = exitItems(R);
  const bool Batch = Items.size() + ThisCalls(TaskNs).size() > 1 ||
                     llvm::any_of(Items, [](const ExitItem &I) {
                       return I.Loops && !I.Loops->empty();
                     });
  const std::string Ns = Batch ? "o2c_exits." : TaskNs;
  // The batch records every item's address and bytes before any exits (an
  // exit may give the host's pointers new values, which a later item's
  // address may read: `s.p[0:8]` after `s`), as the clauses are evaluated.
  std::vector<std::string> Calls;
  if (Batch)
    Calls.push_back("o2c::ExitBatch o2c_exits;");
  for (ExitItem &It : Items)
    for (std::string &X :
         inLoops(It.Loops ? *It.Loops : std::vector<std::string>(),
                 itemCalls(std::move(It.Steps), *It.M, It.Base, "o2c::exitData",
                           Ns)))
      Calls.push_back(std::move(X));
  // `*this` last: the members lie in its copy.
  for (std::string &X : ThisCalls(Ns))
    Calls.push_back(std::move(X));
  if (Batch)
    Calls.push_back(Deferred ? "o2c_task->exitBatch(o2c_exits);"
                             : "o2c_exits.run();");
  return Calls;
}

std::vector<std::string> DataCalls::itemCalls(std::vector<MapStep> Steps,
                                              const MapInfo &M,
                                              const std::string &Base,
                                              const char *Fn,
                                              const std::string &Ns) const {
  const MapStep &Map = Steps.front();
  std::string ToDevice = M.Type == MapType::To ? "true" : "false";
  if (M.Present)
    ToDevice += ", /*Present=*/true";
  if (!M.Stride.empty())
    return {fmt::format("{}updateStrided(o2c_loc, {}, {}, {}, sizeof(*({})), "
                        "(size_t)({}), (size_t)({}), {});",
                        Ns, Dev, If, Map.Addr, Base, M.Length, M.Stride,
                        ToDevice)};
  if (std::string(Fn) == "o2c::update")
    return {fmt::format("{}update(o2c_loc, {}, {}, {}, {}, {});", Ns, Dev, If,
                        Map.Addr, Map.Count, ToDevice)};
  // Only entering data attaches; exit data maps (from, release, delete).
  if (std::string(Fn) != "o2c::enterData")
    Steps.resize(1);
  std::vector<std::string> Calls;
  const std::string Lead = fmt::format("o2c_loc, {}, {}, ", Dev, If);
  for (const MapStep &Step : Steps)
    Calls.push_back(mapStepCall(Step, Ns, Lead, Fn + 5));
  return Calls;
}

} // namespace omp2cuda
