// Struct spans (MapStruct / MapMember, issue 8): members of a struct mapped
// one by one share one present-table entry, so that a later map of the whole
// struct lies inside it (a mapper's `present, from: v` after `enter data
// map(to: s.len, s.data)`), with one reference per construct.
#include "RtTestUtil.h"
#include "omp2cuda/host_rt.h"

#include <catch2/catch.hpp>

#include <cstddef>

using namespace o2c;

namespace {
const SourceLoc Loc = {"rt_struct_span_test.cpp", 9, 1, "target enter data"};

struct Vec {
  long len;
  int pad; // never mapped: the span must not copy it either way
  double *data;
};

constexpr std::size_t spanBytes() {
  return offsetof(Vec, data) + sizeof(double *);
}

void enterMembers(Vec &S, unsigned Type) {
  enterData(Loc, -1, true, &S.len, spanBytes(), MapStruct);
  enterData(Loc, -1, true, &S.len, sizeof S.len, Type | MapMember);
  enterData(Loc, -1, true, &S.data, sizeof S.data, Type | MapMember);
}

void exitMembers(Vec &S, unsigned Type) {
  exitData(Loc, -1, true, &S.len, sizeof S.len, Type | MapMember);
  exitData(Loc, -1, true, &S.data, sizeof S.data, Type | MapMember);
  exitData(Loc, -1, true, &S.len, spanBytes(), Type | MapStruct);
}
} // namespace

TEST_CASE("members mapped one by one make one entry; the whole struct lies "
          "inside it",
          "[rt][span]") {
  double Buf[4] = {};
  Vec S{4, 7, Buf};
  enterMembers(S, MapTo);
  CHECK(presentEntries(0) == 1);
  CHECK(presentRefCount(0, &S.len) == 1); // one reference per construct
  CHECK(presentRefCount(0, &S.data) == 1);
  {
    // What a mapper's `map(present, from: v)` does: no overlap error.
    TargetRegion R(Loc);
    Vec *D = R.mapObject(S, MapFrom | MapPresent);
    CHECK(presentRefCount(0, &S) == 2);
    CHECK(D->len == 4);     // the member was copied in
    CHECK(D->data == Buf);  // (no attach asked for: the host value)
    CHECK(D->pad != 7);     // the span itself copied nothing in
    D->len = 9;
    R.finish();
  }
  CHECK(presentRefCount(0, &S) == 1);
  CHECK(S.len == 4); // not the last reference: no copy back
  S.pad = 11;
  exitMembers(S, MapFrom);
  CHECK(presentEntries(0) == 0);
  CHECK(S.len == 9);  // the member came back at the span's last reference
  CHECK(S.pad == 11); // an unmapped member keeps the host's value
}

TEST_CASE("a member step copies only when its span is new, or with always",
          "[rt][span]") {
  double Buf[2] = {};
  Vec S{1, 0, Buf};
  enterMembers(S, MapTo);
  S.len = 2;
  enterMembers(S, MapTo); // present: no copy, one more reference
  CHECK(presentRefCount(0, &S) == 2);
  {
    TargetRegion R(Loc);
    CHECK(static_cast<Vec *>(R.translate(&S))->len == 1);
    R.finish();
  }
  enterData(Loc, -1, true, &S.len, spanBytes(), MapStruct);
  enterData(Loc, -1, true, &S.len, sizeof S.len, MapTo | MapAlways | MapMember);
  CHECK(presentRefCount(0, &S) == 3);
  {
    TargetRegion R(Loc);
    CHECK(static_cast<Vec *>(R.translate(&S))->len == 2);
    R.finish();
  }
  // Releases: the first two leave the data on the device, the last copies.
  exitMembers(S, MapFrom);
  exitMembers(S, MapFrom);
  CHECK(presentRefCount(0, &S) == 1);
  S.len = 5;
  exitMembers(S, MapFrom);
  CHECK(presentEntries(0) == 0);
  CHECK(S.len == 2);
}

TEST_CASE("delete on the members and the span removes the entry at once",
          "[rt][span]") {
  double Buf[2] = {};
  Vec S{3, 0, Buf};
  enterMembers(S, MapTo);
  enterMembers(S, MapTo);
  CHECK(presentRefCount(0, &S) == 2);
  exitMembers(S, MapDelete);
  CHECK(presentEntries(0) == 0);
  CHECK(S.len == 3);
}

TEST_CASE("a span and its members in a region; a section of the pointee "
          "beside it",
          "[rt][span]") {
  double Buf[3] = {1, 2, 3};
  Vec S{3, 0, Buf};
  {
    TargetRegion R(Loc);
    R.map(&S.len, spanBytes(), MapStruct);
    R.map(&S.len, sizeof S.len, MapTo | MapMember);
    double *D = R.mapSection(S.data, 0, 3, MapToFrom);
    R.map(&S.data, sizeof S.data, MapTo | MapMember);
    R.attachSection(&S.data, 0);
    CHECK(presentEntries(0) == 2);
    CHECK(presentRefCount(0, &S) == 1);
    Vec *DS = static_cast<Vec *>(R.translate(&S));
    CHECK(DS->data == D); // attached to the section's device copy
    DS->data[1] = 20;
    DS->len = 8;
    R.finish();
  }
  CHECK(presentEntries(0) == 0);
  CHECK(Buf[1] == 20);
  CHECK(S.len == 3); // mapped to only
  CHECK(S.data == Buf);
}

TEST_CASE("a present member of a new span is an error; so is a member mapped "
          "alone before its span",
          "[rt][span]") {
  ChildResult C = runChild([] {
    double Buf[1] = {};
    Vec S{1, 0, Buf};
    enterData(Loc, -1, true, &S.len, spanBytes(), MapStruct);
    enterData(Loc, -1, true, &S.len, sizeof S.len, MapTo | MapPresent | MapMember);
  });
  CHECK(C.Status == 1);
  CHECK(C.Err.find("'present' map of data that is not on the device") !=
        std::string::npos);
  // The span of a struct one of whose members is a block of its own
  // overlaps it, as in libomptarget (no implicit extension of an entry).
  C = runChild([] {
    double Buf[1] = {};
    Vec S{1, 0, Buf};
    enterData(Loc, -1, true, &S.len, sizeof S.len, MapTo);
    enterData(Loc, -1, true, &S.len, spanBytes(), MapStruct);
  });
  CHECK(C.Status == 1);
  CHECK(C.Err.find("overlaps data that is already on the device") !=
        std::string::npos);
}

TEST_CASE("an exit that meets a block without lying inside it is an error; a "
          "span's exit that names members not entered is not",
          "[rt][span]") {
  // exit data of s.p[0:8] after a region left on the host moved s.p by 2
  // (scratch-twosec r15.cpp): the block would stay mapped after the
  // program frees its host memory.
  ChildResult C = runChild([] {
    int Buf[10] = {};
    enterData(Loc, -1, true, Buf, 8 * sizeof(int), MapTo);
    exitData(Loc, -1, true, Buf + 2, 8 * sizeof(int), MapFrom);
  });
  CHECK(C.Status == 1);
  CHECK(C.Err.find("the range leaving the device overlaps data") !=
        std::string::npos);
  // `exit data map(release: s.len, s.tail)` after s.len and s.data entered:
  // s.len's span is released, s.tail is not present.
  struct Tail {
    Vec V;
    long tail;
  } T{{1, 0, nullptr}, 5};
  enterMembers(T.V, MapTo);
  REQUIRE(presentEntries(0) == 1);
  exitData(Loc, -1, true, &T.V.len, sizeof T.V.len, MapRelease | MapMember);
  exitData(Loc, -1, true, &T.tail, sizeof T.tail, MapRelease | MapMember);
  exitData(Loc, -1, true, &T.V.len,
           offsetof(Tail, tail) + sizeof(long) - offsetof(Tail, V),
           MapRelease | MapStruct);
  CHECK(presentEntries(0) == 1); // the older span keeps its reference
  exitMembers(T.V, MapRelease);
  CHECK(presentEntries(0) == 0);
}
