// How a map item is mapped: the runtime steps (a map, then the attachments
// it makes) that a target region's stub (Lower.cpp) and a data construct
// (edits/DataCalls.cpp) both take for it.
#include "lowering/Lower.h"

#include "llvm/ADT/StringRef.h"

#include <fmt/format.h>

namespace omp2cuda {

std::string mapFlags(const MapInfo &M) {
  std::string S;
  switch (M.Type) {
  case MapType::Alloc: S = "o2c::MapAlloc"; break;
  case MapType::To: S = "o2c::MapTo"; break;
  case MapType::From: S = "o2c::MapFrom"; break;
  case MapType::ToFrom: S = "o2c::MapToFrom"; break;
  case MapType::Release: S = "o2c::MapRelease"; break;
  case MapType::Delete: S = "o2c::MapDelete"; break;
  }
  if (M.Always)
    S += " | o2c::MapAlways";
  if (M.Present)
    S += " | o2c::MapPresent";
  if (M.Implicit)
    S += " | o2c::MapImplicit";
  if (M.StructSpan)
    S += " | o2c::MapStruct";
  if (M.Member)
    S += " | o2c::MapMember";
  return S;
}

namespace {
/// Release and delete leave the device; every other map type enters it
/// (or stays), and attaches what it maps.
bool enters(const MapInfo &M) {
  return M.Type != MapType::Release && M.Type != MapType::Delete;
}

/// The map of the section M of Base (`(p) + (lo)`, its bytes).
MapStep sectionMap(const std::string &Base, const MapInfo &M) {
  return {false, fmt::format("({}) + ({})", Base, M.Lower),
          fmt::format("(size_t)({}) * sizeof(*({}))", M.Length, Base),
          mapFlags(M)};
}

MapStep attachStep(std::string Ptr, std::string Lower) {
  MapStep S;
  S.Attach = true;
  S.Addr = std::move(Ptr);
  S.Count = std::move(Lower);
  return S;
}
} // namespace

std::vector<MapStep> mapSteps(const PointerMap &PM) {
  const MapInfo &M = PM.Map; // always a section (element: length 1)
  std::vector<MapStep> Steps{sectionMap(PM.Base, M)};
  if (enters(M) && PM.AttachBase)
    Steps.push_back(attachStep("&(" + PM.Base + ")", M.Lower));
  if (enters(M) && PM.AttachSelf)
    Steps.push_back(attachStep(PM.Base, "0"));
  return Steps;
}

std::vector<MapStep> mapSteps(const Capture &Cap) {
  const MapInfo &M = *Cap.Map;
  MapStep Map;
  Map.Flags = mapFlags(M);
  if (M.Section) {
    Map = sectionMap(Cap.CallArg, M);
  } else if (Cap.PointerObject) {
    Map.Addr = "&(" + Cap.CallArg + ")"; // the pointer variable's own storage
    Map.Count = "sizeof(" + Cap.CallArg + ")";
  } else if (Cap.IsPointer) {
    Map.Addr = Cap.CallArg; // a pointer itself maps as a zero-length section
    Map.Count = "0";
  } else {
    Map.Addr = "&(" + Cap.CallArg + ")";
    Map.Count = "sizeof(" + Cap.CallArg + ")";
  }
  std::vector<MapStep> Steps{Map};
  // A mapped pointer variable is attached to its pointee, as a target
  // region's map(tofrom: p) is (o2c::TargetRegion::mapPointer); a `void *`
  // has no pointee type to attach through, and keeps its value.
  if (Cap.PointerObject && enters(M) &&
      !llvm::StringRef(Cap.ElemType).ends_with("void"))
    Steps.push_back(attachStep("&(" + Cap.CallArg + ")", "0"));
  return Steps;
}

std::vector<StubMap> memberSpanMaps(const std::string &Object,
                                    const std::vector<const PointerMap *> &Ms,
                                    const std::string &DevName) {
  const std::string &First = Ms.front()->Base; // `&(s.x)`
  if (Ms.size() == 1)
    return {StubMap(fmt::format(
        "auto *{} = o2c_region.mapWithin({}, {}, sizeof(*{}), {});", DevName,
        Object, First, First, mapFlags(Ms.front()->Map)))};
  // The span copies nothing and holds the reference; the members copy, in
  // the steps that follow it (o2c::MapMember).
  MapInfo Span = makeMap(MapType::Alloc);
  Span.StructSpan = true;
  std::vector<StubMap> Out{StubMap(fmt::format(
      "auto *{} = o2c_region.mapWithin({}, (const char *){}, "
      "(size_t)((const char *)({} + 1) - (const char *){}), {});",
      DevName, Object, First, Ms.back()->Base, First, mapFlags(Span)))};
  for (const PointerMap *PM : Ms) {
    PointerMap M = *PM;
    M.Map.Member = true;
    Out.push_back(StubMap(mapSteps(M), {}));
  }
  return Out;
}

} // namespace omp2cuda
