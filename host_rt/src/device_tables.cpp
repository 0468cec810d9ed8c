// The present and attach tables of each device, and the attached pointers
// values as bytes cross between host and device.
//
// A `nowait` region runs the same steps as any other, on a hidden helper
// thread (async.cpp, docs/async.md): everything here is safe to call from
// several threads at once (the present and attach tables have their locks,
// the backends theirs).
#include "attach_table.h"
#include "backend.h"
#include "declared_vars.h"
#include "device_cache.h"
#include "device_state.h"
#include "faults.h"
#include "helpers.h"
#include "info.h"
#include "map_steps.h"
#include "present_table.h"
#include "released.h"
#include "staging.h"
#include "stream_work.h"

#include "omp2cuda/host_rt.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

namespace o2c {

using detail::AttachTable;
using detail::backend;
using detail::counts;
using detail::PresentTable;
using detail::attachments;
using detail::info;
using detail::infoDevice;
using detail::reattach;
using detail::runtimeLoc;
using detail::table;

using Status = PresentTable::Status;
using namespace steps;

/// The present table of Dev, null for a number that is no device. The tables
/// are never destroyed: fatal() exits through static destructors, possibly
/// while another thread holds a table's lock.
namespace steps {
std::atomic<bool> TablesMade{false};
} // namespace steps

PresentTable *detail::table(int Dev) {
  struct Tables {
    int N;
    PresentTable *T;
  };
  static const Tables Ts = [] {
    TablesMade = true;
    int N = backend().numDevices();
    Tables New{N, new PresentTable[static_cast<std::size_t>(N)]};
    for (int D = 0; D < N; ++D)
      detail::enterDeclared(D, New.T[D]);
    return New;
  }();
  return Dev >= 0 && Dev < Ts.N ? &Ts.T[Dev] : nullptr;
}

/// The attached pointers of Dev (see attach_table.h); never destroyed, as
/// the present tables.
AttachTable *detail::attachments(int Dev) {
  static AttachTable *Ts = new AttachTable[static_cast<std::size_t>(
      std::max(backend().numDevices(), 1))];
  return &Ts[Dev];
}

/// After host bytes [Host, Host + Bytes) were queued for copying to DevBase
/// on Stream: the attached pointers among them get their device values back.
/// A pointer the host has since pointed elsewhere keeps the host's value, as
/// any unattached pointer would.
void detail::reattach(int Dev, const void *Host, std::size_t Bytes,
                      void *DevBase, void *Stream, const SourceLoc &Loc) {
  std::vector<AttachTable::Slot> Slots = attachments(Dev)->within(Host, Bytes);
  bool Queued = false;
  for (const AttachTable::Slot &S : Slots) {
    // Unattached (HostValue == DevValue): the copy already holds it.
    if (*reinterpret_cast<void *const *>(S.Ptr) != S.HostValue ||
        S.HostValue == S.DevValue)
      continue;
    std::size_t Off = S.Ptr - reinterpret_cast<std::uintptr_t>(Host);
    toDev(Dev, static_cast<char *>(DevBase) + Off, &S.DevValue,
                       sizeof(void *), Stream, Loc);
    Queued = true;
  }
  if (Queued) // the values live in Slots
    syncStream(Dev, Stream, Loc);
}

namespace steps {

/// After device bytes arrived in [Host, Host + Bytes): attached pointers that
/// now hold their device values get the host's back; one the device moved
/// (p = p + 2 in a kernel) to another mapped address gets that address's
/// host counterpart.
void restoreHost(int Dev, const void *Host, std::size_t Bytes,
                 const std::vector<Range> &Gone) {
  for (const AttachTable::Slot &S : attachments(Dev)->within(Host, Bytes)) {
    void **P = reinterpret_cast<void **>(S.Ptr);
    if (*P == S.DevValue) {
      *P = S.HostValue;
      continue;
    }
    if (void *H = table(Dev)->hostOf(*P)) {
      *P = H;
      continue;
    }
    // One past the end included, as hostOf does.
    auto D = reinterpret_cast<std::uintptr_t>(*P);
    bool Found = false;
    for (const Range &G : Gone) {
      auto B = reinterpret_cast<std::uintptr_t>(G.Dev);
      if (D >= B && D <= B + G.Bytes) {
        *P = const_cast<char *>(static_cast<const char *>(G.Host)) + (D - B);
        Found = true;
        break;
      }
    }
    // Into a copy an earlier construct freed (exit data map(from: t), then
    // map(from: s) with s.p moved into t): kept while s.p may point there
    // (AttachTable::hold, pin).
    if (!Found)
      if (void *H = attachments(Dev)->hostOfFreed(*P))
        *P = H;
  }
}

std::vector<AttachTable::Read> readAttached(int Dev, void *Stream,
                                            const SourceLoc &Loc) {
  std::vector<std::uintptr_t> Slots = attachments(Dev)->storage();
  struct Run {
    std::size_t First, Last; // Slots[First, Last)
    std::vector<unsigned char> Bytes;
  };
  std::vector<Run> Runs;
  bool Queued = false;
  // Slots in one entry within Most bytes read in one copy (a pointer array's
  // rows): one copy per run, one synchronisation in all.
  constexpr std::size_t Most = std::size_t(64) << 10;
  const std::size_t Ptr = sizeof(void *);
  for (std::size_t I = 0; I < Slots.size();) {
    auto *Start = reinterpret_cast<const char *>(Slots[I]);
    PresentTable::Hit H = table(Dev)->lookup(Start, Ptr);
    if (H.St != Status::Contained) { // its copy went: nothing to read
      ++I;
      continue;
    }
    // The run ends before the first slot it cannot reach: whether a slot
    // can is monotone (a range inside one entry has every prefix inside
    // it), so a binary search finds it.
    std::size_t Lo = I + 1, Hi = Slots.size(); // Slots[I, Lo) reach
    while (Lo < Hi) {
      std::size_t Mid = Lo + (Hi - Lo) / 2;
      std::size_t Len = Slots[Mid] + Ptr - Slots[I];
      if (Len <= Most && table(Dev)->lookup(Start, Len).St == Status::Contained)
        Lo = Mid + 1;
      else
        Hi = Mid;
    }
    std::size_t J = Lo;
    Run R{I, J, std::vector<unsigned char>(Slots[J - 1] + Ptr - Slots[I])};
    if (H.Dev == Start) { // zero-copy: the device's bytes are the host's
      std::memcpy(R.Bytes.data(), Start, R.Bytes.size());
    } else {
      backend().toHost(Dev, R.Bytes.data(), H.Dev, R.Bytes.size(), Stream, Loc);
      Queued = true;
    }
    Runs.push_back(std::move(R));
    I = J;
  }
  if (Queued)
    backend().synchronize(Dev, Stream, Loc);
  std::vector<AttachTable::Read> Out;
  Out.reserve(Slots.size());
  for (const Run &R : Runs)
    for (std::size_t K = R.First; K < R.Last; ++K) {
      void *V;
      std::memcpy(&V, R.Bytes.data() + (Slots[K] - Slots[R.First]), sizeof V);
      Out.push_back({Slots[K], V});
    }
  return Out;
}

} // namespace steps

} // namespace o2c
