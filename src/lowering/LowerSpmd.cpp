// Lowering of the SPMD form (issue 9 point 6): where the team synchronises.
// OpenMP's implicit barriers become __syncthreads() only where a thread could
// otherwise see another's work unfinished: after a parallel region, a
// worksharing loop without nowait and a guarded statement; and before a
// construct that writes memory when the team-master code since the last
// barrier read memory (a slow thread still reading what a fast one already
// overwrites). The last barrier of the kernel goes: nothing follows it.
#include "lowering/Lower.h"

#include <fmt/format.h>

#include <cctype>

namespace omp2cuda {

namespace {

/// The worksharing constructs of a parallel region: a loop, sections.
bool worksharing(SpmdKind K) {
  return K == SpmdKind::ThreadLoop || K == SpmdKind::Sections;
}

struct SyncPlanner {
  const SpmdTree &T;
  KernelModel &K;

  /// The node's last step is a reduction, which ends with a barrier.
  bool endsWithReduction(unsigned I) const {
    const SpmdNode &N = T.Nodes[I];
    if (!N.Reductions.empty())
      return true;
    if (N.Kind != SpmdKind::Parallel)
      return false;
    for (size_t P = N.Parts.size(); P-- > 0;) {
      if (empty(N.Parts[P]))
        continue;
      int C = N.Parts[P].Child;
      return C >= 0 && worksharing(T.Nodes[C].Kind) &&
             !T.Nodes[C].Reductions.empty();
    }
    return false;
  }

  /// Text with no statement in it (the braces that close a block).
  static bool empty(const SpmdPart &P) {
    if (P.Child >= 0)
      return false;
    for (char C : P.Text)
      if (C != '}' && C != '{' && C != ';' &&
          !isspace(static_cast<unsigned char>(C)))
        return false;
    return true;
  }

  /// Nothing but empty text follows part P of N.
  static bool lastPart(const SpmdNode &N, size_t P) {
    for (size_t Q = P + 1; Q < N.Parts.size(); ++Q)
      if (!empty(N.Parts[Q]))
        return false;
    return true;
  }

  /// Team-master code of node I. Dirty: the code since the last barrier
  /// read memory. Tail: nothing follows the node in the kernel.
  void team(unsigned I, bool &Dirty, bool Tail) {
    const SpmdNode &N = T.Nodes[I];
    for (size_t P = 0; P < N.Parts.size(); ++P) {
      const SpmdPart &Part = N.Parts[P];
      bool Last = Tail && lastPart(N, P);
      if (Part.Child < 0) {
        Dirty = Dirty || Part.ReadsMemory;
        continue;
      }
      unsigned C = static_cast<unsigned>(Part.Child);
      const SpmdNode &Child = T.Nodes[C];
      // Inside the team's own loops and branches, more may follow: the text
      // around it belongs to the statement that holds it, whose reads every
      // piece of it carries, so Dirty stays exact.
      Last = Last && !Child.InControlFlow;
      if (Child.Kind == SpmdKind::TeamLoop) {
        // The body runs again after itself: what its end leaves dirty
        // counts at its start.
        bool In = Dirty;
        team(C, Dirty, false);
        if (Dirty && !In) {
          bool Again = true;
          team(C, Again, false);
          Dirty = Again;
        }
        Dirty = Dirty || In;
        continue;
      }
      K.SyncBefore[C] = Dirty;
      if (Child.Kind == SpmdKind::Parallel)
        parallel(C, Last && !Child.InControlFlow);
      K.SyncAfter[C] = !Last && !endsWithReduction(C);
      Dirty = false;
    }
  }

  /// A parallel region's worksharing constructs: their closing barrier, unless
  /// nowait, a reduction's own barrier, or the region's end follows. Tail:
  /// nothing follows the region in the kernel.
  void parallel(unsigned I, bool Tail) {
    const SpmdNode &N = T.Nodes[I];
    for (size_t P = 0; P < N.Parts.size(); ++P) {
      int C = N.Parts[P].Child;
      if (C < 0 || !worksharing(T.Nodes[C].Kind))
        continue;
      // Inside the region's own loops, the next round may follow.
      bool Last = lastPart(N, P) && !T.Nodes[C].InControlFlow;
      // An ordered loop's turn counter starts afresh at its next run: no
      // thread may still be reading it then (SpmdPrinter::orderedOpen).
      bool Keep = (T.Nodes[C].Ordered && !(Last && Tail)) ||
                  (!T.Nodes[C].NoWait && !Last);
      K.SyncAfter[C] = Keep && !endsWithReduction(C);
    }
  }
};

} // namespace

void lowerSpmd(const Region &R, KernelModel &K) {
  K.Shape = KernelShape::Spmd;
  K.Spmd = R.Spmd;
  // Data-sharing slots outside static shared memory: the team's block of
  // global memory, or null for dynamic shared memory (o2c::teamSlots).
  if (R.Spmd.SlotBytes)
    K.Params.push_back({"char *o2c_ds_global", "o2c_slots.Global"});
  size_t N = R.Spmd.Nodes.size();
  K.SyncBefore.assign(N, false);
  K.SyncAfter.assign(N, false);
  // The root distribute loop's chunk, as the stub evaluated it (Lower.cpp:
  // a literal or the o2c_dchunk parameter).
  if (!K.TeamChunk.empty())
    for (SpmdNode &Node : K.Spmd.Nodes)
      if (Node.Kind == SpmdKind::TeamLoop && Node.Chunk == R.TeamChunk) {
        Node.Chunk = K.TeamChunk;
        break;
      }
  SyncPlanner P{K.Spmd, K};
  bool Dirty = false;
  if (!N)
    return;
  if (R.Spmd.ControlLoop) {
    // The control loop's barrier ends every state: only the worksharing
    // loops inside a parallel region need their own.
    K.Shape = KernelShape::ControlLoop;
    for (unsigned I = 0; I < N; ++I)
      if (K.Spmd.Nodes[I].Kind == SpmdKind::Parallel)
        P.parallel(I, false);
  } else if (K.Spmd.Nodes[0].Kind == SpmdKind::Parallel) {
    P.parallel(0, true);
  } else {
    P.team(0, Dirty, true);
  }
  // The root distribute loop's trip sizes the grid when the host can count it.
  if (!R.Loops.empty()) {
    bool Wide = R.Loops.size() > 1;
    for (const LoopLevel &L : R.Loops)
      Wide = Wide || L.Is64Bit;
    K.TripType = Wide ? "unsigned long long" : "unsigned int";
    std::string Trip;
    for (const LoopLevel &L : R.Loops)
      Trip += (Trip.empty() ? "" : " * ") + tripCountExpr(L, K.TripType);
    K.TripExpr = Trip;
  }
}

} // namespace omp2cuda
