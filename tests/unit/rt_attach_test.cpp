// Attach semantics (OpenMP 5.1 §2.21.7.2) over the emulated device, whose
// memory is separate from the host's: a device copy of a pointer that still
// holds the host address is visible as such.
#include "omp2cuda/host_rt.h"

#include "attach_table.h"
#include "device_state.h"

#include <catch2/catch.hpp>

#include <vector>

using namespace o2c;

static const SourceLoc Loc = {"rt_attach_test.cpp", 9, 1, "target enter data"};

namespace {
/// The device addresses of copies the attach table let go.
std::vector<void *> devs(const std::vector<detail::AttachTable::Copy> &Cs) {
  std::vector<void *> Out;
  for (const auto &C : Cs)
    Out.push_back(C.Dev);
  return Out;
}

/// The device copy of a present host range, as a kernel would see it.
template <class T> T *deviceOf(T *Host) {
  TargetRegion R(Loc);
  T *D = R.translate(Host);
  REQUIRE(D != Host);
  return D;
}

/// Rows of a matrix behind an array of pointers, all mapped, the rows
/// attached: what `map(to: p[0:N])` and `map(to: p[i][0:M])` do.
struct Rows {
  static constexpr int N = 3, M = 8;
  std::vector<double> Data = std::vector<double>(N * M, 1.0);
  double *P[N];
  Rows() {
    for (int I = 0; I < N; ++I)
      P[I] = Data.data() + I * M;
    enterData(Loc, -1, true, P, sizeof P, MapTo);
    for (int I = 0; I < N; ++I) {
      enterData(Loc, -1, true, P[I], M * sizeof(double), MapTo);
      attachSection(Loc, -1, true, &P[I], 0);
    }
  }
  ~Rows() {
    for (int I = 0; I < N; ++I)
      exitData(Loc, -1, true, P[I], M * sizeof(double), MapFrom);
    exitData(Loc, -1, true, P, sizeof P, MapDelete);
  }
  /// Whether every device pointer points at its row's device copy.
  bool attached() const {
    double *const *DP = deviceOf(P);
    for (int I = 0; I < N; ++I)
      if (DP[I] != deviceOf(P[I]))
        return false;
    return true;
  }
};
} // namespace

TEST_CASE("a mapped pointer points at the device copy of its section",
          "[rt][attach]") {
  {
    Rows R;
    CHECK(R.attached());
    double *const *DP = deviceOf(R.P);
    DP[1][2] = 5.0; // a kernel writes through the device's pointer
    CHECK(R.Data[R.M + 2] == 1.0);
    CHECK(R.P[1] == R.Data.data() + R.M); // the host pointer is the host's
  }
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("the section's lower bound: the pointer still means the base",
          "[rt][attach]") {
  std::vector<int> Row(10, 0);
  int *P[1] = {Row.data()};
  enterData(Loc, -1, true, P, sizeof P, MapTo);
  enterData(Loc, -1, true, Row.data() + 4, 3 * sizeof(int), MapTo);
  attachSection(Loc, -1, true, &P[0], 4);
  int *const *DP = deviceOf(P);
  CHECK(DP[0] + 4 == deviceOf(Row.data() + 4));
  exitData(Loc, -1, true, Row.data() + 4, 3 * sizeof(int), MapDelete);
  exitData(Loc, -1, true, P, sizeof P, MapDelete);
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("copies of the pointer storage keep both sides' values",
          "[rt][attach]") {
  Rows R;
  double *Host1 = R.P[1];
  SECTION("target update to") {
    update(Loc, -1, true, R.P, sizeof R.P, true);
    CHECK(R.attached());
  }
  SECTION("target update from") {
    update(Loc, -1, true, R.P, sizeof R.P, false);
    CHECK(R.P[1] == Host1);
    CHECK(R.attached());
  }
  SECTION("strided update from and to") {
    updateStrided(Loc, -1, true, R.P, sizeof(double *), 2, 2, false);
    CHECK(R.P[0] == R.Data.data());
    CHECK(R.P[2] == R.Data.data() + 2 * R.M);
    updateStrided(Loc, -1, true, R.P, sizeof(double *), 2, 2, true);
    CHECK(R.attached());
  }
  SECTION("map(always, to:)") {
    enterData(Loc, -1, true, R.P, sizeof R.P, MapTo | MapAlways);
    CHECK(R.attached());
    exitData(Loc, -1, true, R.P, sizeof R.P, MapRelease);
  }
  SECTION("map(always, from:) in a region") {
    {
      TargetRegion T(Loc);
      T.map(R.P, sizeof R.P, MapFrom | MapAlways);
    }
    CHECK(R.P[1] == Host1);
    CHECK(R.attached());
  }
  SECTION("a region left on the host") {
    {
      HostFallback F(Loc);
      CHECK(R.P[1] == Host1); // the host dereferences host addresses
      R.P[1][0] = 9.0;
    }
    CHECK(R.attached());
    CHECK(deviceOf(R.P[1])[0] == 9.0);
  }
  SECTION("a pointer the device moved reads as its host counterpart") {
    double **DP = deviceOf(R.P);
    DP[1] = DP[1] + 3; // a kernel's `p[1] = p[1] + 3` (hunt mv2)
    {
      HostFallback F(Loc);
      CHECK(R.P[1] == R.Data.data() + R.M + 3);
    }
    CHECK(R.P[1] == R.Data.data() + R.M); // the host's own, as before
    CHECK(deviceOf(R.P)[1] == deviceOf(R.P[1]) + 3);
    DP[1] = deviceOf(R.P[1]);
  }
  SECTION("a pointer a host region moved goes back as a device address") {
    double *Row = R.P[1];
    {
      HostFallback F(Loc);
      R.P[1] = R.P[1] + 2; // the region's `p[1] = p[1] + 2` (hunt mv3)
    }
    CHECK(R.P[1] == Row + 2);
    CHECK(deviceOf(R.P)[1] == deviceOf(Row) + 2);
    R.P[1] = Row;
    update(Loc, -1, true, R.P, sizeof R.P, true);
    CHECK(R.attached());
  }
  SECTION("a host region keeps a pointer the host redirected") {
    double Other = 0;
    double *Row = R.P[2];
    R.P[2] = &Other; // the host's, since the attach (td2, t4b)
    double *Row1 = R.P[1];
    {
      HostFallback F(Loc);
      CHECK(R.P[2] == &Other);
      R.P[1] = R.P[1] + 1; // the storage's entry goes back to the device
    }
    CHECK(R.P[2] == &Other);
    CHECK(deviceOf(R.P)[2] == &Other); // unmapped: as any unattached pointer
    CHECK(deviceOf(R.P)[1] == deviceOf(Row1) + 1);
    R.P[1] = Row1;
    R.P[2] = Row;
    update(Loc, -1, true, R.P, sizeof R.P, true);
    CHECK(R.attached());
  }
  SECTION("a pointer the host redirected keeps the host's new value") {
    double Other = 0;
    R.P[2] = &Other;
    update(Loc, -1, true, R.P, sizeof R.P, true);
    CHECK(deviceOf(R.P)[2] == &Other);
    R.P[2] = R.Data.data() + 2 * R.M;
    update(Loc, -1, true, R.P, sizeof R.P, true);
  }
}

TEST_CASE("nothing is attached when the pointer itself is not on the device",
          "[rt][attach]") {
  std::vector<float> Row(4, 2.0f);
  float *P = Row.data();
  enterData(Loc, -1, true, P, Row.size() * sizeof(float), MapTo);
  attachSection(Loc, -1, true, &P, 0);
  CHECK(P == Row.data());
  exitData(Loc, -1, true, Row.data(), Row.size() * sizeof(float), MapDelete);
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("freeing the pointer storage forgets the attachment", "[rt][attach]") {
  std::vector<double> Row(4, 1.0);
  double *P[2] = {Row.data(), Row.data()};
  enterData(Loc, -1, true, Row.data(), 4 * sizeof(double), MapTo);
  enterData(Loc, -1, true, P, sizeof P, MapTo);
  attachSection(Loc, -1, true, &P[0], 0);
  exitData(Loc, -1, true, P, sizeof P, MapDelete);
  // Mapped again, the storage holds the host's values: no stale device one.
  enterData(Loc, -1, true, P, sizeof P, MapTo);
  CHECK(deviceOf(P)[0] == Row.data());
  exitData(Loc, -1, true, P, sizeof P, MapDelete);
  exitData(Loc, -1, true, Row.data(), 4 * sizeof(double), MapDelete);
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("map(tofrom: p) maps the pointer itself, attached to its pointee",
          "[rt][attach]") {
  std::vector<int> A(8, 0);
  int *P = A.data();
  int *Far = nullptr;
  int Local = 0;
  int *ToLocal = &Local;
  enterData(Loc, -1, true, A.data(), A.size() * sizeof(int), MapTo);
  {
    TargetRegion R(Loc);
    int **DP = R.mapPointer(P, MapToFrom);
    int **DF = R.mapPointer(Far, MapToFrom);
    int **DL = R.mapPointer(ToLocal, MapToFrom);
    CHECK(*DP == deviceOf(A.data())); // the kernel can dereference it
    CHECK(*DF == nullptr);
    CHECK(*DL == &Local); // not on the device: the host's value
    *DP += 3;             // the kernel moves the pointer
    **DP = 4;
    R.finish();
  }
  CHECK(P == A.data() + 3); // the host's counterpart of where it moved
  CHECK(A[3] == 0);         // the array itself comes back only at exit
  exitData(Loc, -1, true, A.data(), A.size() * sizeof(int), MapFrom);
  CHECK(A[3] == 4);
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("a pointer the kernel moved into a section its own region "
          "releases gets the host's counterpart back",
          "[rt][attach]") {
  // map(tofrom: q[0:6]) map(tofrom: p), p == q + 2: the section's copy goes
  // at the region's end, before the pointer's host value is put right.
  std::vector<int> A(8, 0);
  int *P = A.data() + 2;
  {
    TargetRegion R(Loc);
    int *DQ = R.mapSection(A.data(), 0, 6, MapToFrom);
    int **DP = R.mapPointer(P, MapToFrom);
    CHECK(*DP == DQ + 2);
    *DP += 4; // one past the section's end, still its pointer
    DQ[5] = 7;
    R.finish();
  }
  CHECK(P == A.data() + 6);
  CHECK(A[5] == 7);
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("a construct that maps the same storage twice copies it back when "
          "its last reference goes, whichever item asked",
          "[rt][attach]") {
  // map(tofrom: q[0:8]) map(tofrom: p) map(to: pp[0:1]), pp == &p: the
  // pointer's exit runs first but is not the last reference, so the copy
  // back OpenMP makes when the count reaches 0 happens at pp's exit.
  std::vector<int> A(8, 0);
  int *P = A.data() + 2;
  int **PP = &P;
  {
    TargetRegion R(Loc);
    int *DQ = R.mapSection(A.data(), 0, 8, MapToFrom);
    int **DPP = R.mapSection(PP, 0, 1, MapTo);
    int **DP = R.mapPointer(P, MapToFrom);
    CHECK(DPP == DP); // the same 8 bytes
    CHECK(*DP == DQ + 2);
    *DP += 1; // the kernel moves the pointer through pp
    R.finish();
  }
  CHECK(P == A.data() + 3);
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("a pointer not attached at entry that the kernel moves into "
          "mapped data gets the host's counterpart back",
          "[rt][attach]") {
  // map(tofrom: p) map(tofrom: q[0:8]) with p null, or pointing at memory
  // nothing maps: the kernel's p = q + 5 comes back as a + 5.
  std::vector<int> A(8, 0), B(4, 0);
  int *P = nullptr, *R2 = B.data();
  {
    TargetRegion R(Loc);
    int *DQ = R.mapSection(A.data(), 0, 8, MapToFrom);
    int **DP = R.mapPointer(P, MapToFrom);
    int **DR = R.mapPointer(R2, MapToFrom);
    CHECK(*DP == nullptr);
    CHECK(*DR == B.data()); // not on the device: the host's value
    *DP = DQ + 5;
    *DR = DQ + 2;
    R.finish();
  }
  CHECK(P == A.data() + 5);
  CHECK(R2 == A.data() + 2);
  // One the kernel leaves alone keeps its value.
  int *Keep = B.data() + 1;
  {
    TargetRegion R(Loc);
    R.mapSection(A.data(), 0, 8, MapToFrom);
    R.mapPointer(Keep, MapToFrom);
    R.finish();
  }
  CHECK(Keep == B.data() + 1);
  CHECK(presentEntries(0) == 0);
}

namespace {
struct BatchT {
  int V[8];
};
struct BatchS {
  int *P;
  int N;
};
/// enter data map(to: t) map(to: s) map(to: s.p), s.p == t.v, then a
/// kernel's s.p += Move; t.v[2] = 42.
void enterHolder(BatchT &T, BatchS &S, int Move) {
  // enter data map(to: t) map(to: s) map(to: s.p[0:8]): s and s.p share a
  // count, raised once.
  EnterBatch B;
  B.enterData(Loc, -1, true, &T, sizeof T, MapTo);
  B.enterData(Loc, -1, true, &S, sizeof S, MapTo);
  B.enterData(Loc, -1, true, &S.P, sizeof S.P, MapTo);
  B.attachSection(Loc, -1, true, &S.P, 0);
  B.run();
  BatchS *DS = deviceOf(&S);
  BatchT *DT = deviceOf(&T);
  CHECK(DS->P == DT->V);
  DS->P += Move;
  DT->V[2] = 42;
}
} // namespace

TEST_CASE("an exit batch copies every item back before any copy goes",
          "[rt][attach][exit-batch]") {
  // exit data map(from: t) map(from: s) map(from: s.p), s.p into t: the
  // pointer's device value reads as its host counterpart whichever item
  // ends t's copy (one exitData after another left a device address).
  for (int Order = 0; Order < 2; ++Order)
    for (int Move = 0; Move < 3; Move += 2) {
      CAPTURE(Order, Move);
      BatchT T{};
      BatchS S{T.V, 8};
      enterHolder(T, S, Move);
      ExitBatch B;
      if (Order == 0) {
        B.exitData(Loc, -1, true, &T, sizeof T, MapFrom);
        B.exitData(Loc, -1, true, &S, sizeof S, MapFrom);
        B.exitData(Loc, -1, true, &S.P, sizeof S.P, MapFrom);
      } else {
        B.exitData(Loc, -1, true, &S.P, sizeof S.P, MapFrom);
        B.exitData(Loc, -1, true, &S, sizeof S, MapFrom);
        B.exitData(Loc, -1, true, &T, sizeof T, MapFrom);
      }
      B.run();
      CHECK(S.P == T.V + Move);
      CHECK(T.V[2] == 42);
      CHECK(presentEntries(0) == 0);
    }
}

TEST_CASE("an exit batch with delete and release: the pointer into a copy "
          "that goes still reads as its host counterpart",
          "[rt][attach][exit-batch]") {
  BatchT T{};
  BatchS S{T.V, 8};
  enterHolder(T, S, 2);
  ExitBatch B;
  B.exitData(Loc, -1, true, &T, sizeof T, MapDelete);
  B.exitData(Loc, -1, true, &S.P, sizeof S.P, MapRelease);
  B.exitData(Loc, -1, true, &S, sizeof S, MapFrom);
  B.run();
  CHECK(S.P == T.V + 2);
  CHECK(T.V[2] == 0); // deleted: never copied back
  CHECK(presentEntries(0) == 0);
  // Recorded in a deferred task, run later: the same.
  BatchT T2{};
  BatchS S2{T2.V, 8};
  enterHolder(T2, S2, 2);
  AsyncTask Task(Loc);
  {
    ExitBatch B2;
    B2.exitData(Loc, -1, true, &T2, sizeof T2, MapFrom);
    B2.exitData(Loc, -1, true, &S2, sizeof S2, MapRelease);
    B2.exitData(Loc, -1, true, &S2.P, sizeof S2.P, MapFrom);
    Task.exitBatch(B2);
  }
  CHECK(presentEntries(0) == 2);
  Task.run();
  CHECK(S2.P == T2.V + 2);
  CHECK(T2.V[2] == 42);
  CHECK(presentEntries(0) == 0);
  // An empty batch and one whose if clause is false do nothing.
  ExitBatch().run();
  enterData(Loc, -1, true, &T2, sizeof T2, MapTo);
  ExitBatch Off;
  Off.exitData(Loc, -1, false, &T2, sizeof T2, MapFrom);
  Off.run();
  CHECK(presentEntries(0) == 1);
  exitData(Loc, -1, true, &T2, sizeof T2, MapDelete);
}

TEST_CASE("a pointer into a copy an earlier construct freed reads as its "
          "host counterpart",
          "[rt][attach][exit-batch]") {
  // exit data map(from: t), then map(from: s) map(from: s.p), s.p moved
  // into t by a kernel: t's copy is gone when s copies back.
  BatchT T{};
  BatchS S{T.V, 8};
  enterHolder(T, S, 2);
  exitData(Loc, -1, true, &T, sizeof T, MapFrom);
  ExitBatch B;
  B.exitData(Loc, -1, true, &S, sizeof S, MapFrom);
  B.exitData(Loc, -1, true, &S.P, sizeof S.P, MapFrom);
  B.run();
  CHECK(S.P == T.V + 2);
  CHECK(T.V[2] == 42);
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("the attach table pins a freed copy an attached pointer's device "
          "value points into until that pointer goes",
          "[rt][attach][exit-batch]") {
  detail::AttachTable A;
  int Host[4] = {}, Mem[16] = {}, Elsewhere[4] = {};
  int *Dev = Mem, *Other = Mem + 8; // apart: one past Dev's end is not Other
  int *Ptr = nullptr, *Ptr2 = nullptr;
  auto At = [](const void *P) { return reinterpret_cast<std::uintptr_t>(P); };
  A.add(&Ptr, Elsewhere, Other);            // attached into another copy
  CHECK(A.hostOfFreed(Dev + 1) == nullptr); // freed copies are not remembered
  CHECK_FALSE(A.pin(Host, sizeof Host, Dev, {{At(&Ptr), Other + 1}}));
  CHECK_FALSE(A.pin(Host, sizeof Host, Dev, {{At(&Ptr2), Dev + 1}})); // no slot
  REQUIRE(A.pin(Host, sizeof Host, Dev, {{At(&Ptr), Dev + 1}}));
  CHECK(A.hostOfFreed(Dev + 1) == Host + 1);
  CHECK(A.hostOfFreed(Dev + 4) == Host + 4); // one past the end
  CHECK(A.takeReleased().empty());
  A.add(&Ptr, Elsewhere, Other); // attached again: its device value is set
  CHECK(devs(A.takeReleased()) == std::vector<void *>{Dev});
  CHECK(A.hostOfFreed(Dev + 1) == nullptr);
  // Two pointers seen in it; one moves on to another pinned copy, then the
  // other's storage goes.
  A.add(&Ptr2, Elsewhere, Other + 1);
  REQUIRE(
      A.pin(Host, sizeof Host, Dev, {{At(&Ptr), Dev + 4}, {At(&Ptr2), Dev}}));
  REQUIRE(A.pin(Elsewhere, sizeof Elsewhere, Other, {{At(&Ptr), Other}}));
  CHECK(A.takeReleased().empty()); // Ptr2 still points into Dev
  A.forget(&Ptr2, sizeof Ptr2);
  CHECK(devs(A.takeReleased()) == std::vector<void *>{Dev});
  A.forget(&Ptr, sizeof Ptr);
  CHECK(devs(A.takeReleased()) == std::vector<void *>{Other});
}

TEST_CASE("a pinned copy stays while any attached pointer is read pointing "
          "into it, and goes once none is",
          "[rt][attach][exit-batch]") {
  detail::AttachTable A;
  int Host[4] = {}, Host2[4] = {}, Mem[32] = {}, Elsewhere[4] = {};
  int *Dev = Mem, *Dev2 = Mem + 8, *Away = Mem + 16;
  int *Ptr = nullptr, *Ptr2 = nullptr;
  auto At = [](const void *P) { return reinterpret_cast<std::uintptr_t>(P); };
  A.add(&Ptr, Elsewhere, Away);
  A.add(&Ptr2, Elsewhere, Away);
  REQUIRE(A.pin(Host, sizeof Host, Dev, {{At(&Ptr), Dev + 1}, {At(&Ptr2), Away}}));
  // A kernel copied Ptr into Ptr2, then moved Ptr on; another copy goes:
  // Ptr2, read in the pinned copy, keeps it when Ptr no longer does.
  CHECK_FALSE(A.pin(Host2, sizeof Host2, Dev2,
                    {{At(&Ptr), Away + 1}, {At(&Ptr2), Dev + 2}}));
  CHECK(A.takeReleased().empty());
  CHECK(A.hostOfFreed(Dev + 2) == Host + 2);
  A.forget(&Ptr, sizeof Ptr);
  CHECK(A.takeReleased().empty());
  // Read pointing outside every kept copy: nothing points into it any more.
  CHECK_FALSE(A.pin(Host2, sizeof Host2, Dev2, {{At(&Ptr2), Away}}));
  CHECK(devs(A.takeReleased()) == std::vector<void *>{Dev});
  CHECK(A.hostOfFreed(Dev + 2) == nullptr);
}

TEST_CASE("a copy a kernel moved an attached pointer into, without attaching "
          "it there, keeps its device memory until the pointer goes",
          "[rt][attach][exit-batch]") {
  // scratch-ex10 r2.cpp: s.p attached into a, q.p into w; a kernel sets
  // s.p = q.p + 2; q and w exit, x enters (the cache could give it w's
  // block), s exits: s.p is w's host address plus 2, never x's.
  BatchT A{}, W{}, X{};
  BatchS S{A.V, 8}, Q{W.V, 8};
  enterHolder(A, S, 0);
  enterHolder(W, Q, 0);
  BatchT *DW = deviceOf(&W);
  deviceOf(&S)->P = deviceOf(&Q)->P + 2;
  ExitBatch BQ;
  BQ.exitData(Loc, -1, true, &Q, sizeof Q, MapFrom);
  BQ.exitData(Loc, -1, true, &Q.P, sizeof Q.P, MapFrom);
  BQ.run();
  CHECK(Q.P == W.V);
  exitData(Loc, -1, true, &W, sizeof W, MapFrom);
  enterData(Loc, -1, true, &X, sizeof X, MapTo);
  CHECK(deviceOf(&X) != DW);
  ExitBatch B;
  B.exitData(Loc, -1, true, &S, sizeof S, MapFrom);
  B.exitData(Loc, -1, true, &S.P, sizeof S.P, MapFrom);
  B.run();
  CHECK(S.P == W.V + 2);
  exitData(Loc, -1, true, &X, sizeof X, MapFrom);
  exitData(Loc, -1, true, &A, sizeof A, MapFrom);
  CHECK(presentEntries(0) == 0);
  CHECK(detail::attachments(0)->storage().empty());
}

TEST_CASE("a freed copy no attached pointer points into is not remembered",
          "[rt][attach][exit-batch]") {
  // scratch-ex10 r3.cpp: under emu, w's freed copy went back to the host
  // heap (O2C_DEVICE_CACHE=0) while remembered; a host malloc there stored
  // in s.p came back from `target update from(s)` as w's host address.
  BatchT A{}, W{};
  BatchS S{A.V, 8};
  enterHolder(A, S, 0);
  enterData(Loc, -1, true, &W, sizeof W, MapTo);
  BatchT *DW = deviceOf(&W);
  exitData(Loc, -1, true, &W, sizeof W, MapFrom);
  CHECK(detail::attachments(0)->hostOfFreed(DW->V + 1) == nullptr);
  ExitBatch B;
  B.exitData(Loc, -1, true, &S, sizeof S, MapFrom);
  B.exitData(Loc, -1, true, &S.P, sizeof S.P, MapFrom);
  B.run();
  exitData(Loc, -1, true, &A, sizeof A, MapFrom);
  CHECK(presentEntries(0) == 0);
}

TEST_CASE("a copy freed while an attached pointer targets it keeps its "
          "device memory until the pointer goes",
          "[rt][attach][exit-batch]") {
  // scratch-ex6 r8.cpp: exit data map(from: t), enter data map(to: u),
  // exit data map(from: s) map(from: s.p), s.p moved into t by a kernel.
  // u must not get t's device memory: s.p's device value would read as u's
  // host counterpart.
  for (int Move = 0; Move < 3; Move += 2) {
    CAPTURE(Move);
    BatchT T{}, U{};
    BatchS S{T.V, 8};
    enterHolder(T, S, Move);
    BatchT *DT = deviceOf(&T);
    exitData(Loc, -1, true, &T, sizeof T, MapFrom);
    enterData(Loc, -1, true, &U, sizeof U, MapTo);
    BatchT *DU = deviceOf(&U);
    CHECK(DU != DT);
    if (Move == 0) // a kernel points s.p at u's copy: u's address comes back
      deviceOf(&S)->P = DU->V;
    ExitBatch B;
    B.exitData(Loc, -1, true, &S, sizeof S, MapFrom);
    B.exitData(Loc, -1, true, &S.P, sizeof S.P, MapFrom);
    B.run();
    CHECK(S.P == (Move == 0 ? U.V : T.V + Move));
    exitData(Loc, -1, true, &U, sizeof U, MapFrom);
    CHECK(presentEntries(0) == 0);
  }
}

TEST_CASE("the attach table holds a freed copy attachments target and "
          "releases it when the last of them goes",
          "[rt][attach][exit-batch]") {
  detail::AttachTable A;
  int Host[4] = {}, Mem[16] = {};
  int *Dev = Mem, *Other = Mem + 8;
  int *Ptr = nullptr, *Ptr2 = nullptr, *Loose = nullptr;
  CHECK_FALSE(A.hold(Host, sizeof Host, Dev)); // nothing targets it
  A.add(&Loose, Host, Host); // unattached (not on the device): no target
  CHECK_FALSE(A.hold(Host, sizeof Host, Dev));
  A.add(&Ptr, Host, Dev + 1);
  A.add(&Ptr2, Host + 4, Dev + 4); // one past the end targets it too
  CHECK_FALSE(A.hold(Host, sizeof Host, Other));
  REQUIRE(A.hold(Host, sizeof Host, Dev));
  CHECK(A.hostOfFreed(Dev + 3) == Host + 3);
  A.forget(&Ptr, sizeof Ptr);
  CHECK(A.takeReleased().empty()); // Ptr2 still targets it
  A.add(&Ptr2, Host, Other); // attached elsewhere: the last target goes
  CHECK(devs(A.takeReleased()) == std::vector<void *>{Dev});
  CHECK(A.takeReleased().empty());
  CHECK(A.hostOfFreed(Dev + 3) == nullptr);
  // Held again, then the pointer storage goes.
  A.add(&Ptr, Host, Dev);
  REQUIRE(A.hold(Host, sizeof Host, Dev));
  A.forget(&Ptr, sizeof Ptr);
  CHECK(devs(A.takeReleased()) == std::vector<void *>{Dev});
}

extern "C" int omp_target_is_present(const void *, int);
extern "C" void *omp_target_alloc(std::size_t, int);
extern "C" void omp_target_free(void *, int);

TEST_CASE("the device memory routines under their OpenMP names answer for "
          "omp2cuda's devices", "[rt]") {
  // Calls the translator did not route (headers, templates) link against
  // these: clang's libomp has none of them.
  std::vector<int> A(4, 1);
  CHECK(omp_target_is_present(A.data(), 0) == 0);
  enterData(Loc, -1, true, A.data(), A.size() * sizeof(int), MapTo);
  CHECK(omp_target_is_present(A.data(), 0) == 1);
  exitData(Loc, -1, true, A.data(), A.size() * sizeof(int), MapDelete);
  void *P = omp_target_alloc(64, 0);
  CHECK(P != nullptr);
  omp_target_free(P, 0);
}

TEST_CASE("a start value is the device copy's only when the whole object is "
          "present",
          "[rt][attach]") {
  // A member read by a region in a method (o2c_start_<name>): `n` lies
  // right after the mapped pointer member `p`, at that entry's end, which
  // translate() accepts for a pointer but whose bytes are not n's.
  struct Obj {
    int *p;
    int n;
  } O{nullptr, 8};
  enterData(Loc, -1, true, &O.p, sizeof O.p, MapTo);
  {
    TargetRegion R(Loc);
    CHECK(R.presentCopy(&O.n, sizeof O.n) == nullptr);
    CHECK(R.startValue(O.n) == 8);
    R.finish();
  }
  exitData(Loc, -1, true, &O.p, sizeof O.p, MapRelease);
  // The whole object present, its device copy changed: the device's value.
  enterData(Loc, -1, true, &O, sizeof O, MapTo);
  {
    TargetRegion R(Loc);
    auto *D = static_cast<Obj *>(R.translate(&O));
    D->n = 40; // the emulated device's memory is the host's to write
    CHECK(R.presentCopy(&O.n, sizeof O.n) == &D->n);
    CHECK(R.startValue(O.n) == 40);
    CHECK(O.n == 8);
    R.finish();
  }
  exitData(Loc, -1, true, &O, sizeof O, MapRelease);
}
