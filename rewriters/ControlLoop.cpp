// The control loop (seed 000 §3.2 and Fig. 1, seed 003, ARCHITECTURE §4;
// issue 9 point 2): every thread of the block runs one loop around one
// __syncthreads(). In state 0 thread 0, the team master, runs the
// team-master code as written until it meets a parallel construct: it
// writes that construct's state into a two-slot shared array (a late reader
// of the current slot never races the master's next write) and jumps to
// the barrier; after it every thread runs the state, then the master
// resumes right after the construct. State -1 ends the loop.
#include "Registry.h"
#include "SpmdPrinter.h"
#include "omp2cuda/SpmdStates.h"

#include <fmt/format.h>

#include <set>

namespace omp2cuda {

namespace {

struct ControlPrinter {
  const KernelModel &K;
  SpmdPrinter &P;
  std::set<std::string> Hoisted;
  std::vector<unsigned> States; // node of each state, from state 1 on

  bool holdsState(unsigned I) const {
    return omp2cuda::holdsState(K.Spmd, I);
  }

  /// A distribute loop of the team master: its team's iterations.
  void teamLoop(unsigned I) {
    const SpmdNode &N = K.Spmd.Nodes[I];
    if (!holdsState(I)) {
      // Nothing resumes inside it: the SPMD form's loop does.
      std::string Close = P.loopOpen(N.Loops, I, "blockIdx.x", "gridDim.x",
                                     SpmdPrinter::share(N));
      master(I);
      P.Out += Close;
      return;
    }
    const LoopLevel &L = N.Loops.front();
    // Its variable lives at the kernel's top (a resumption enters the
    // loop); its steps stop at the bound (resumableLoops: `<`, the
    // variable's type).
    P.Out += fmt::format("for ({0} = {1}; {0} < {2}; {3}) {{\n", L.Var,
                         strideStart(L, "blockIdx.x"), L.Upper,
                         strideStep(L.Var, L.Upper, "gridDim.x"));
    master(I);
    P.Out += "}\n";
  }

  /// Team-master code of node I: the user's text, each parallel construct
  /// replaced by the jump to its state and the label thread 0 resumes at.
  void master(unsigned I) {
    for (const SpmdPart &Part : K.Spmd.Nodes[I].Parts) {
      if (Part.Child < 0) {
        P.text(Part);
        continue;
      }
      unsigned C = static_cast<unsigned>(Part.Child);
      if (K.Spmd.Nodes[C].Kind == SpmdKind::TeamLoop) {
        teamLoop(C);
        continue;
      }
      States.push_back(C);
      unsigned S = static_cast<unsigned>(States.size());
      P.Out += fmt::format("{{ // the team's threads run state {0}\n"
                           "o2c_cl_next[o2c_cl_slot] = {0};\n"
                           "o2c_cl_resume = {0};\n"
                           "goto o2c_cl_barrier;\n"
                           "o2c_cl_resume_{0}:;\n}}\n",
                           S);
    }
  }

  /// The hoisted loop variables of the team master's distribute loops.
  void loopVars(unsigned I, std::string &Out) {
    const SpmdNode &N = K.Spmd.Nodes[I];
    if (N.Kind == SpmdKind::TeamLoop && holdsState(I)) {
      const LoopLevel &L = N.Loops.front();
      if (Hoisted.insert(L.Var).second)
        Out += fmt::format("  {} {}; // a distribute loop's variable\n",
                           L.VarType, L.Var);
    }
    for (const SpmdPart &Part : N.Parts)
      if (Part.Child >= 0 &&
          K.Spmd.Nodes[Part.Child].Kind == SpmdKind::TeamLoop)
        loopVars(static_cast<unsigned>(Part.Child), Out);
  }
};

} // namespace

void emitControlLoopBody(const KernelModel &K, std::string &Out) {
  teamSlotsOpen(K, Out);
  spmdScratch(K, Out);
  if (K.Spmd.Nodes.empty())
    return;
  teamCopiesOpen(K, Out);
  // The team master initialises the team's copies before the first state's
  // barrier.
  bool Copies = teamFirstprivatesOpen(K, Out, /*Sync=*/false);
  // A block of its own: the hoisted variables may hide parameters.
  Out += "  {\n";
  std::string Master;
  SpmdPrinter PM{K, Master};
  ControlPrinter C{K, PM, {}, {}};
  for (const auto &[Name, Decl] : K.Spmd.Hoisted) {
    C.Hoisted.insert(Name);
    Out += "  " + Decl + "; // the team master's, hoisted\n";
  }
  C.loopVars(0, Out);
  // Thread 0's code first: it numbers the states as it meets them.
  C.master(0);
  Out += "  __shared__ int o2c_cl_next[2]; // the next state, two slots\n"
         "  unsigned o2c_cl_slot = 0;\n"
         "  int o2c_cl_state = 0, o2c_cl_resume = 0;\n"
         "  for (;;) {\n"
         "  if (o2c_cl_state == 0) {\n"
         "  if (threadIdx.x == 0) { // the team master\n"
         "  switch (o2c_cl_resume) {\n";
  for (size_t S = 1; S <= C.States.size(); ++S)
    Out += fmt::format("  case {0}: goto o2c_cl_resume_{0};\n", S);
  Out += "  default: break;\n  }\n";
  Out += Master;
  Out += "  o2c_cl_next[o2c_cl_slot] = -1; // the region's end\n"
         "  goto o2c_cl_barrier;\n"
         "  }\n"
         "  } else {\n"
         "  switch (o2c_cl_state) {\n";
  std::string States;
  SpmdPrinter PS{K, States};
  for (size_t S = 0; S < C.States.size(); ++S) {
    States += fmt::format("  case {}: {{\n", S + 1);
    PS.node(C.States[S]);
    States += "  } break;\n";
  }
  Out += States;
  Out += "  default: break;\n"
         "  }\n"
         "  if (threadIdx.x == 0)\n"
         "    o2c_cl_next[o2c_cl_slot] = 0; // back to the team master\n"
         "  }\n"
         "  o2c_cl_barrier:\n"
         "  __syncthreads(); // the control loop's one barrier\n"
         "  o2c_cl_state = o2c_cl_next[o2c_cl_slot];\n"
         "  o2c_cl_slot ^= 1u;\n"
         "  if (o2c_cl_state < 0)\n"
         "    break;\n"
         "  }\n"
         "  }\n";
  if (Copies)
    Out += "  }\n";
  SpmdPrinter Tail{K, Out};
  teamCopiesClose(K, Tail);
}

} // namespace omp2cuda
