#include "edits/DataCalls.h"
#include "emit/Emit.h"
#include "lowering/Lower.h"

#include "llvm/ADT/STLExtras.h"

#include "clang/Basic/OpenMPKinds.h"

#include <fmt/format.h>

using namespace clang;

namespace omp2cuda {

std::string deferredTask(const std::vector<std::string> &Depends,
                         bool Early) {
  std::string Deps;
  for (const std::string &X : Depends)
    Deps += " " + X;
  // With dependences, the detached task also depends on a token of its own
  // and a tracked successor on that token alone holds the task's parent
  // until its successors are released (o2c::guardRelease: libomp's count of
  // incomplete children in a serialized team, docs/async.md).
  std::string NewToken, Token, Guard;
  if (!Depends.empty()) {
    NewToken = "char *o2c_token = o2c::newToken();\n";
    Token = " depend(out: *o2c_token)";
    Guard = "o2c::guardRelease(o2c_token);\n";
  }
  if (Depends.empty() || !Early)
    return fmt::format("if (o2c_task) {{\n"
                       "#if O2C_DETACH\n"
                       "o2c::Event o2c_event = o2c::Event(); // set by detach\n"
                       "{3}"
                       "#pragma omp task{0}{1} detach(o2c_event) firstprivate(o2c_task)\n"
                       "o2c::startTask(o2c_task, o2c_event);\n"
                       "{2}"
                       "#else\n"
                       "#pragma omp task{0} firstprivate(o2c_task)\n"
                       "o2c::runTask(o2c_task);\n"
                       "#endif\n",
                       Deps, Token, Guard, NewToken);
  return fmt::format(
      "if (o2c_task) {{\n"
      "#if O2C_DETACH\n"
      "o2c::Event o2c_event = o2c::Event(), o2c_done = o2c::Event(); // set by "
      "detach\n"
      "#pragma omp task detach(o2c_done)\n"
      "{{ }} // completes with the target task\n"
      "{3}"
      "#pragma omp task{0}{1} detach(o2c_event) firstprivate(o2c_task, o2c_done)\n"
      "o2c::startTask(o2c_task, o2c_event, o2c_done);\n"
      "{2}"
      "#else\n"
      "#pragma omp task{0} firstprivate(o2c_task)\n"
      "o2c::runTask(o2c_task);\n"
      "#endif\n",
      Deps, Token, Guard, NewToken);
}

namespace {

/// Host address and byte count of a mapped item, as C++ text.
void itemText(const Capture &Cap, std::string &Addr, std::string &Bytes) {
  const MapInfo &M = *Cap.Map;
  if (M.Section) {
    Addr = fmt::format("({}) + ({})", Cap.CallArg, M.Lower);
    Bytes = fmt::format("(size_t)({}) * sizeof(*({}))", M.Length, Cap.CallArg);
  } else if (Cap.PointerObject) {
    Addr = "&(" + Cap.CallArg + ")"; // the pointer variable's own storage
    Bytes = "sizeof(" + Cap.CallArg + ")";
  } else if (Cap.IsPointer) {
    Addr = Cap.CallArg; // a pointer itself maps as a zero-length section
    Bytes = "0";
  } else {
    Addr = "&(" + Cap.CallArg + ")";
    Bytes = "sizeof(" + Cap.CallArg + ")";
  }
}

/// Capture-shaped view of a map item on an lvalue base, for itemText.
Capture basedItem(const PointerMap &PM) {
  Capture C;
  C.CallArg = PM.Base;
  C.Map = PM.Map;
  return C;
}

/// Whether a map of this type attaches its base pointer (entering maps do).
bool attaches(const PointerMap &PM) {
  MapType T = PM.Map.Type;
  return PM.AttachBase && T != MapType::Release && T != MapType::Delete;
}

/// A pointer member item (`s.q`) of an entering map: attached to its
/// pointee, as a pointer variable is.
bool attachesSelf(const PointerMap &PM) {
  MapType T = PM.Map.Type;
  return PM.AttachSelf && T != MapType::Release && T != MapType::Delete;
}

/// A pointer variable mapped by an entering map is attached to its pointee,
/// as a target region's map(tofrom: p) is (o2c::TargetRegion::mapPointer);
/// a `void *` has no pointee type to attach through, and keeps its value.
bool attachesItself(const Capture &Cap) {
  MapType T = Cap.Map->Type;
  return Cap.PointerObject && T != MapType::Release && T != MapType::Delete &&
         !llvm::StringRef(Cap.ElemType).ends_with("void");
}

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
                       Dev, If)};
  if (R.Depend)
    S.push_back("o2c::waitForSiblingTasks();");
  for (const Capture &Cap : R.Captures) {
    if (!Cap.Map)
      continue;
    std::string Addr, Bytes;
    itemText(Cap, Addr, Bytes);
    S.push_back(fmt::format("{}.map({}, {}, {});", Var, Addr, Bytes,
                            mapFlags(*Cap.Map)));
    if (attachesItself(Cap))
      S.push_back(fmt::format("{}.attachSection(&({}), 0);", Var, Cap.CallArg));
  }
  for (const PointerMap &PM : R.PointerMaps) {
    std::string Addr, Bytes;
    itemText(basedItem(PM), Addr, Bytes);
    std::vector<std::string> Steps{fmt::format("{}.map({}, {}, {});", Var, Addr,
                                               Bytes, mapFlags(PM.Map))};
    if (attaches(PM))
      Steps.push_back(fmt::format("{}.attachSection(&({}), {});", Var, PM.Base,
                                  PM.Map.Lower));
    if (attachesSelf(PM))
      Steps.push_back(fmt::format("{}.attachSection({}, 0);", Var, PM.Base));
    for (std::string &X : inLoops(PM.Loops, std::move(Steps)))
      S.push_back(std::move(X));
  }
  return S;
}

std::vector<std::string>
DataCalls::standAlone(const OMPExecutableDirective &D, const Region &R,
                    bool Deferred,
                    const std::vector<std::string> &Depends) const {
  std::vector<std::string> Calls{Loc};
  // `device` and `if` lie outside the iterators' scope: inside an item's
  // loops an iterator would hide a variable of its name that they read
  // (`if(n > 0) map(iterator(n = 0:4), to: a[n])`), so they are read once,
  // before the loops.
  DataCalls C = *this;
  if (llvm::any_of(R.PointerMaps,
                   [](const PointerMap &PM) { return !PM.Loops.empty(); }) &&
      (Dev != "-1" || If != "true")) {
    Calls.push_back(fmt::format(
        "const int o2c_device = {}; const bool o2c_if = {};", Dev, If));
    C.Dev = "o2c_device";
    C.If = "o2c_if";
  }
  if (Deferred)
    Calls.push_back("o2c::AsyncTask *o2c_task = new o2c::AsyncTask(o2c_loc);");
  else if (R.Depend)
    Calls.push_back("o2c::waitForSiblingTasks();");
  const char *Fn = D.getDirectiveKind() == llvm::omp::OMPD_target_enter_data
                       ? "o2c::enterData"
                   : D.getDirectiveKind() == llvm::omp::OMPD_target_exit_data
                       ? "o2c::exitData"
                       : "o2c::update";
  // A deferred construct records the same calls, arguments evaluated now.
  const std::string Ns = Deferred ? "o2c_task->" : "o2c::";
  std::vector<Capture> Items;
  for (const Capture &Cap : R.Captures)
    if (Cap.Map)
      Items.push_back(Cap);
  const size_t FirstBased = Items.size();
  for (const PointerMap &PM : R.PointerMaps)
    Items.push_back(basedItem(PM));
  for (size_t I = 0; I < Items.size(); ++I) {
    const PointerMap *PM =
        I >= FirstBased ? &R.PointerMaps[I - FirstBased] : nullptr;
    // The item's calls, in its iterator loops when it has some.
    std::vector<std::string> Steps = C.itemCalls(Items[I], PM, Fn, Ns);
    for (std::string &X : inLoops(PM ? PM->Loops : std::vector<std::string>{},
                                  std::move(Steps)))
      Calls.push_back(std::move(X));
  }
  if (Deferred)
    Calls.push_back(deferredTask(Depends, /*Early=*/false) + "}");
  return Calls;
}

std::vector<std::string> DataCalls::itemCalls(const Capture &Cap,
                                              const PointerMap *PM,
                                              const char *Fn,
                                              const std::string &Ns) const {
  std::vector<std::string> Calls;
  std::string Addr, Bytes;
  itemText(Cap, Addr, Bytes);
  std::string ToDevice = Cap.Map->Type == MapType::To ? "true" : "false";
  if (Cap.Map->Present)
    ToDevice += ", /*Present=*/true";
  if (!Cap.Map->Stride.empty())
    Calls.push_back(fmt::format(
        "{}updateStrided(o2c_loc, {}, {}, {}, sizeof(*({})), (size_t)({}), "
        "(size_t)({}), {});",
        Ns, Dev, If, Addr, Cap.CallArg, Cap.Map->Length, Cap.Map->Stride,
        ToDevice));
  else if (std::string(Fn) == "o2c::update")
    Calls.push_back(fmt::format("{}update(o2c_loc, {}, {}, {}, {}, {});", Ns,
                                Dev, If, Addr, Bytes, ToDevice));
  else
    Calls.push_back(fmt::format("{}{}(o2c_loc, {}, {}, {}, {}, {});", Ns,
                                Fn + 5, Dev, If, Addr, Bytes,
                                mapFlags(*Cap.Map)));
  if (std::string(Fn) != "o2c::enterData")
    return Calls;
  if (!PM && attachesItself(Cap))
    Calls.push_back(fmt::format("{}attachSection(o2c_loc, {}, {}, &({}), 0);",
                                Ns, Dev, If, Cap.CallArg));
  if (PM && attachesSelf(*PM))
    Calls.push_back(fmt::format("{}attachSection(o2c_loc, {}, {}, {}, 0);", Ns,
                                Dev, If, Cap.CallArg));
  if (PM && attaches(*PM))
    Calls.push_back(fmt::format("{}attachSection(o2c_loc, {}, {}, &({}), {});",
                                Ns, Dev, If, Cap.CallArg, Cap.Map->Lower));
  return Calls;
}

} // namespace omp2cuda
