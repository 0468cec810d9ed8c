// The present table's ordering of streams (seed 001: device events): an
// entry's first copy is queued on its creator's stream, and any other stream
// that uses the device copy, through a map, a look-up for a kernel's pointer,
// an update or a host fallback's read, must wait for it.
#include "present_table.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <vector>

using o2c::detail::PresentTable;

namespace {
int Event = 7; // stands for a device event
void *const Creator = reinterpret_cast<void *>(0x100);
void *const Other = reinterpret_cast<void *>(0x200);

void enterWithCopy(PresentTable &T, const double *A, std::size_t Bytes) {
  static double Dev[8];
  T.acquire(
      A, Bytes, Creator,
      [](void **D, void **Ready, bool *Copied) {
        *D = Dev;
        *Ready = &Event;
        *Copied = true;
      },
      [](void *) {});
}
} // namespace

TEST_CASE("look-ups for another stream wait for a pending first copy",
          "[rt][present]") {
  PresentTable T;
  double A[8] = {};
  enterWithCopy(T, A, sizeof A);
  std::vector<void *> Waited;
  auto Wait = [&](void *E) { Waited.push_back(E); };

  // The creator's own stream is ordered after its copy already.
  CHECK(T.lookupOn(A + 2, 0, Creator, Wait).St == PresentTable::Status::Contained);
  CHECK(Waited.empty());
  // A pointer translated for a kernel on another stream.
  CHECK(T.lookupOn(A + 2, 0, Other, Wait).St == PresentTable::Status::Contained);
  REQUIRE(Waited.size() == 1);
  CHECK(Waited[0] == &Event);
  // A host fallback's read of every device copy.
  T.awaitFirstCopies(Other, Wait);
  CHECK(Waited.size() == 2);
  // Once the creator has synchronised, nobody waits.
  CHECK(T.markReady(A, Creator) == &Event);
  T.lookupOn(A, sizeof A, Other, Wait);
  T.awaitFirstCopies(Other, Wait);
  CHECK(Waited.size() == 2);
  // Absent data: nothing to wait for.
  double B[2];
  CHECK(T.lookupOn(B, sizeof B, Other, Wait).St == PresentTable::Status::Absent);
  CHECK(Waited.size() == 2);
}

TEST_CASE("one past a block's end is inside it, except under unified shared "
          "memory",
          "[rt][present]") {
  PresentTable T;
  double A[8] = {};
  enterWithCopy(T, A, sizeof A);
  // The end pointer of a mapped array translates like its elements.
  CHECK(T.lookup(A + 8, 0).St == PresentTable::Status::Contained);
  // Under unified shared memory it may point at host data that merely
  // follows the block: it stays the host's.
  PresentTable::endPointersInside(false);
  CHECK(T.lookup(A + 8, 0).St == PresentTable::Status::Absent);
  CHECK(T.lookup(A + 7, 0).St == PresentTable::Status::Contained);
  PresentTable::endPointersInside(true);
}

TEST_CASE("live() counts finite mappings and their references",
          "[rt][present]") {
  PresentTable T;
  double A[8] = {}, B[4] = {};
  static double Dev[8];
  enterWithCopy(T, A, sizeof A);
  enterWithCopy(T, A, sizeof A); // a second reference
  CHECK(T.addDeclared(B, sizeof B, Dev)); // infinite: not counted
  CHECK(T.live() == std::make_pair(std::size_t{1}, 2L));
  T.release(A, sizeof A, /*Delete=*/false, Creator);
  CHECK(T.live() == std::make_pair(std::size_t{1}, 1L));
  T.release(A, sizeof A, /*Delete=*/false, Creator);
  CHECK(T.live() == std::make_pair(std::size_t{0}, 0L));
  CHECK(T.size() == 1); // the declared variable stays
}

TEST_CASE("a construct raises and lowers a block's count once, however many "
          "items name it",
          "[rt][present]") {
  PresentTable T;
  double A[8] = {};
  static double Dev[8];
  int Created = 0;
  auto Create = [&](void **D, void **Ready, bool *Copied) {
    ++Created;
    *D = Dev;
    *Ready = nullptr;
    *Copied = false; // `alloc`
  };
  auto NoWait = [](void *) {};

  // `enter data map(alloc: a[0:8]) map(to: p[2:2])`, p == a.
  PresentTable::Counted Entered;
  PresentTable::Hit First = T.acquire(A, sizeof A, Creator, Create, NoWait,
                                      &Entered);
  PresentTable::Hit Second =
      T.acquire(A + 2, 2 * sizeof(double), Creator, Create, NoWait, &Entered);
  CHECK(Created == 1);
  CHECK_FALSE(First.Again);
  CHECK(Second.Again);
  CHECK(Second.Ref == 1); // a count of one: the `to` item copies
  CHECK_FALSE(Second.Copied);
  CHECK(Second.Serial == First.Serial);
  CHECK(Entered.size() == 1);
  CHECK(T.refCount(A) == 1);

  // Another construct counts it again.
  PresentTable::Counted Other;
  CHECK_FALSE(T.acquire(A, sizeof A, Creator, Create, NoWait, &Other).Again);
  CHECK(T.refCount(A) == 2);

  // `exit data map(release: a[0:8]) map(from: p[0:8])`: one reference goes.
  PresentTable::Counted Lowered;
  PresentTable::Drop D1 = T.release(A, sizeof A, false, nullptr, &Lowered);
  PresentTable::Drop D2 = T.release(A, sizeof A, false, nullptr, &Lowered);
  CHECK(D1.Found);
  CHECK(D2.Found);
  CHECK_FALSE(D1.Last);
  CHECK_FALSE(D2.Last);
  CHECK(T.refCount(A) == 1);

  // `delete` empties it, however often the construct lowered it.
  PresentTable::Counted More;
  T.acquire(A, sizeof A, Creator, Create, NoWait, &More);
  CHECK(T.refCount(A) == 2);
  PresentTable::Counted Ending;
  CHECK_FALSE(T.release(A, sizeof A, false, nullptr, &Ending).Last);
  CHECK(T.refCount(A) == 1);
  CHECK(T.release(A, sizeof A, true, nullptr, &Ending).Last);
  CHECK(T.size() == 0);

  // A new block at the same address is another entry: the construct that
  // lowered the old one counts it.
  PresentTable::Counted Again;
  PresentTable::Hit Renewed = T.acquire(A, sizeof A, Creator, Create, NoWait,
                                        &Again);
  CHECK(Renewed.Serial != First.Serial);
  CHECK(T.release(A, sizeof A, false, nullptr, &Ending).Last);
}

TEST_CASE("a later copy into a present entry makes other streams wait for it",
          "[rt][present]") {
  PresentTable T;
  double A[8] = {};
  static double Dev[8];
  // Created by `map(alloc: ...)`: no first copy, nothing to wait for.
  T.acquire(
      A, sizeof A, Creator,
      [](void **D, void **Ready, bool *Copied) {
        *D = Dev;
        *Ready = nullptr;
        *Copied = false;
      },
      [](void *) {});
  std::vector<void *> Waited;
  auto Wait = [&](void *E) { Waited.push_back(E); };
  T.lookupOn(A, 0, Other, Wait);
  CHECK(Waited.empty());
  // `map(to: p[0:8])`, p == a, or `always`: the copy's event.
  int Ev1 = 1, Ev2 = 2;
  void *Old = &Ev2;
  CHECK(T.laterCopy(A + 1, &Ev1, Creator, &Old));
  CHECK(Old == nullptr);
  T.lookupOn(A, 0, Other, Wait);
  REQUIRE(Waited.size() == 1);
  CHECK(Waited[0] == &Ev1);
  // Another copy on the same stream replaces it.
  CHECK(T.laterCopy(A, &Ev2, Creator, &Old));
  CHECK(Old == &Ev1);
  // One on a third stream while the entry waits for the creator's: the
  // caller synchronises instead.
  void *const Third = reinterpret_cast<void *>(0x300);
  CHECK_FALSE(T.laterCopy(A, &Ev1, Third, &Old));
  CHECK(T.streamSynced(Creator) == std::vector<void *>{&Ev2});
  T.lookupOn(A, 0, Other, Wait);
  CHECK(Waited.size() == 1);
  CHECK(T.laterCopy(A, &Ev1, Third, &Old));
  CHECK(Old == nullptr);
  CHECK(T.markReady(A, Third) == &Ev1);
}

TEST_CASE("a synchronised stream's first copies are found among many "
          "entries, and only its own",
          "[rt][present]") {
  // streamSynced looks only where a first copy's event was set (review
  // rev44 cost.c: a walk over 20,000 attached rows per region).
  PresentTable T;
  static double Rows[300][2];
  static double Dev[2];
  static int Events[300];
  for (int R = 0; R < 300; ++R)
    T.acquire(
        Rows[R], sizeof Rows[R], R % 3 == 0 ? Other : Creator,
        [R](void **D, void **Ready, bool *Copied) {
          *D = Dev;
          *Ready = R % 2 ? &Events[R] : nullptr; // odd rows: a first copy
          *Copied = true;
        },
        [](void *) {});
  // Rows the creator's stream already synchronised by themselves (the
  // region's own exits): their events are taken once.
  for (int R = 1; R < 100; R += 2)
    if (R % 3 != 0)
      CHECK(T.markReady(Rows[R], Creator) == &Events[R]);
  std::vector<void *> Want;
  for (int R = 101; R < 300; R += 2)
    if (R % 3 != 0)
      Want.push_back(&Events[R]);
  std::vector<void *> Got = T.streamSynced(Creator);
  std::sort(Got.begin(), Got.end());
  std::sort(Want.begin(), Want.end());
  CHECK(Got == Want);
  CHECK(T.streamSynced(Creator).empty());
  // The other stream's are still there, each once.
  std::vector<void *> OtherWant;
  for (int R = 3; R < 300; R += 6)
    OtherWant.push_back(&Events[R]);
  Got = T.streamSynced(Other);
  std::sort(Got.begin(), Got.end());
  std::sort(OtherWant.begin(), OtherWant.end());
  CHECK(Got == OtherWant);
}
