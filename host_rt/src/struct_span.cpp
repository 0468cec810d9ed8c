// Struct spans (MapStruct / MapMember, host_rt.h): the members of a struct
// mapped one by one live in one present-table entry spanning them, so that a
// later map of the whole struct (a mapper's `present, from: v`) lies inside
// it instead of overlapping several blocks (issue 8). The span holds the
// reference count; a member step only copies, as libomptarget's MEMBER_OF
// entries do.
#include "struct_span.h"

#include "device_state.h"
#include "map_steps.h"

#include <cstdint>

namespace o2c::steps {
using detail::PresentTable;
using Status = PresentTable::Status;

namespace {
/// The last span this thread mapped, and whether that map created it: a
/// construct's steps run in order on one thread (a deferred task's too), so
/// the member steps that follow a span are this thread's next map calls.
struct LastSpan {
  const void *Begin = nullptr;
  std::size_t Bytes = 0;
  bool Created = false;
  bool Fresh = false;
};
thread_local LastSpan Last;

bool insideLast(const void *Host, std::size_t Bytes) {
  auto B = reinterpret_cast<std::uintptr_t>(Last.Begin);
  auto H = reinterpret_cast<std::uintptr_t>(Host);
  return Last.Begin && H >= B && H + Bytes <= B + Last.Bytes;
}
} // namespace

void noteSpan(const void *Host, std::size_t Bytes, bool Created, bool Fresh) {
  Last = {Host, Bytes, Created, Fresh};
}

void *enterMember(const SourceLoc &Loc, int Dev, const void *Host,
                  std::size_t Bytes, unsigned Flags, void *Stream) {
  PresentTable::Hit H = awaitFirstCopy(Dev, Host, Bytes, Stream, Loc);
  if (H.St != Status::Contained || !insideLast(Host, Bytes))
    fatal(Loc, "a struct member step outside the span mapped before it "
               "(omp2cuda bug)");
  if ((Flags & MapPresent) && Last.Created)
    fatal(Loc, "'present' map of data that is not on the device");
  if ((Flags & MapTo) && Bytes != 0 && (Last.Fresh || (Flags & MapAlways)))
  {
    toDev(Dev, H.Dev, Host, Bytes, Stream, Loc);
    // A pointer member attached before (by a section mapped ahead of it)
    // keeps its device value.
    detail::reattach(Dev, Host, Bytes, H.Dev, Stream, Loc);
    // The span was created with no copy of its own: nothing else makes
    // another stream wait for its members.
    laterCopyEvent(Dev, Host, H.Dev, Stream, Loc);
  }
  return H.Dev;
}

void leaveMember(const SourceLoc &Loc, int Dev, const void *Host,
                 std::size_t Bytes, unsigned Flags, void *Stream, Cleanup &C) {
  if (!(Flags & MapFrom) || Bytes == 0)
    return;
  PresentTable::Hit H = detail::table(Dev)->lookup(Host, Bytes);
  if (H.St != Status::Contained) {
    // Not present (OpenMP 5.1 §2.21.7.1), or gone with another item.
    C.FromLeft.push_back({Host, Bytes});
    return;
  }
  // The span's exit runs after this one: its last reference goes when it
  // holds one reference (and is no declare target variable's) that no other
  // item of the construct dropped already, or on delete.
  bool SpanGoes =
      (Flags & MapDelete) ||
      (H.Ref == 1 && !PresentTable::counted(C.Lowered, H.Serial));
  if (!SpanGoes && !(Flags & MapAlways)) {
    C.FromLeft.push_back({Host, Bytes}); // another item may drop the last
    return;
  }
  toHost(Dev, const_cast<void *>(Host), H.Dev, Bytes, Stream, Loc);
  C.CopiedBack = true;
  C.Received.push_back({Host, Bytes});
}

} // namespace o2c::steps
