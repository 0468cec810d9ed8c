// The SPMD tree of a region as text (Region::Spmd): each node's body is the
// user's text with the body's edits applied, cut where a child construct
// stands; lowering and emission add the loops, guards and barriers around
// the pieces and never see the AST.
#include "analysis/DirectiveTree.h"
#include "analysis/LoopNest.h"
#include "analysis/SharingSlots.h"
#include "edits/Edits.h"
#include "omp2cuda/SpmdStates.h"

#include "clang/AST/StmtOpenMP.h"

#include <algorithm>

using namespace clang;

namespace omp2cuda {

namespace {

/// A reduction whose team result goes into a shared variable and whose
/// partials combine to the same value in any order: integer arithmetic and
/// logic is exact, floating-point sums are not (their order stays fixed).
bool anyOrder(const DirNode &N, const VarDecl *V) {
  auto It = std::find_if(N.Reductions.begin(), N.Reductions.end(),
                         [&](const auto &R) { return R.first == V; });
  return N.SharedReductions.count(V) && It != N.Reductions.end() &&
         llvm::StringRef(It->second).starts_with("o2c_dev::Red") &&
         V->getType()->isIntegerType();
}

SpmdKind spmdKind(DirKind K) {
  switch (K) {
  case DirKind::Team:
    return SpmdKind::Team;
  case DirKind::TeamLoop:
    return SpmdKind::TeamLoop;
  case DirKind::GridLoop:
    return SpmdKind::GridLoop;
  case DirKind::Parallel:
    return SpmdKind::Parallel;
  case DirKind::ThreadLoop:
    return SpmdKind::ThreadLoop;
  case DirKind::Guard:
    return SpmdKind::Guard;
  case DirKind::Barrier:
    return SpmdKind::Barrier;
  case DirKind::Sections:
    return SpmdKind::Sections;
  case DirKind::Section:
    return SpmdKind::Section;
  }
  return SpmdKind::Team;
}

struct TextBuilder {
  const DirectiveTree &T;
  ASTContext &Ctx;
  const std::vector<TextEdit> &Edits;
  const std::string &FileName;
  llvm::StringRef Buf;

  /// [B, E) of a statement, its ';' included.
  bool stmtRange(const Stmt *S, unsigned &B, unsigned &E) {
    const SourceManager &SM = Ctx.getSourceManager();
    if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
      // A construct's own range is its pragma line.
      if (D->getBeginLoc().isMacroID())
        return false;
      B = directiveStart(*D, Ctx);
      E = statementEnd(*D, Ctx);
      return true;
    }
    if (const auto *D = trailingDirective(S)) {
      // A loop or branch whose last statement is a construct.
      if (!fileOffsets(SM, Ctx.getLangOpts(), S->getSourceRange(), B, E) ||
          D->getBeginLoc().isMacroID())
        return false;
      E = statementEnd(*D, Ctx);
      return true;
    }
    if (!fileOffsets(SM, Ctx.getLangOpts(), S->getSourceRange(), B, E))
      return false;
    if (isa<CompoundStmt>(S) || (E > 0 && Buf[E - 1] == ';'))
      return true;
    unsigned I = E;
    while (I < Buf.size() &&
           (Buf[I] == ' ' || Buf[I] == '\t' || Buf[I] == '\n'))
      ++I;
    if (I < Buf.size() && Buf[I] == ';')
      E = I + 1;
    return true;
  }

  /// [B, E) of a statement, or of an atomic construct with its pragma.
  bool anyRange(const Stmt *S, unsigned &B, unsigned &E) {
    if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
      B = directiveStart(*D, Ctx);
      E = statementEnd(*D, Ctx);
      return true;
    }
    return stmtRange(S, B, E);
  }

  bool childRange(const DirNode &N, unsigned &B, unsigned &E) {
    if (N.Kind == DirKind::Guard) {
      unsigned B2, E2;
      return anyRange(N.S, B, E) && anyRange(N.SEnd, B2, E2) && (E = E2, true);
    }
    if (N.D) {
      B = directiveStart(*N.D, Ctx);
      E = statementEnd(*N.D, Ctx);
      return true;
    }
    return N.S && stmtRange(N.S, B, E);
  }

  /// One piece of user text, [B, E): the blank rest of the line before it
  /// and the indentation of the line after it go.
  void text(unsigned B, unsigned E, SpmdNode &Out) {
    // A piece that starts its line keeps the line's indentation.
    unsigned LS = B;
    while (LS > 0 && Buf[LS - 1] != '\n')
      --LS;
    if (Buf.slice(LS, B).trim().empty())
      B = LS;
    unsigned I = B;
    while (I < E && (Buf[I] == ' ' || Buf[I] == '\t'))
      ++I;
    if (I < E && Buf[I] == '\n')
      B = I + 1;
    unsigned J = E;
    while (J > B && (Buf[J - 1] == ' ' || Buf[J - 1] == '\t'))
      --J;
    if (J == B || Buf.slice(B, J).trim().empty())
      return;
    E = J;
    SpmdPart P;
    P.Text = textWithEdits(Buf, B, E, Edits);
    P.Pos = {FileName, lineOf(Ctx, B), 1};
    for (const auto &[S, F] : T.TeamStmts) {
      unsigned SB, SE;
      if (F.ReadsMemory && stmtRange(S, SB, SE) && SB < E && SE > B)
        P.ReadsMemory = true;
    }
    Out.Parts.push_back(std::move(P));
  }

  Verdict node(unsigned I, const std::vector<LoopLevel> &RootLoops,
               SpmdNode &Out) {
    const DirNode &N = T.Nodes[I];
    Out.Kind = spmdKind(N.Kind);
    Out.NoWait = N.NoWait;
    Out.Ordered = N.Ordered;
    Out.Blocks = N.Blocks;
    Out.Chunk = N.Chunk;
    Out.InControlFlow = N.InControlFlow;
    Out.NumThreads = N.NumThreads;
    Out.IfCond = N.IfCond;
    Out.MasterOnly = N.MasterOnly;
    if (N.Kind == DirKind::TeamLoop || N.Kind == DirKind::GridLoop ||
        N.Kind == DirKind::ThreadLoop) {
      if (!N.D) {
        Out.Loops = RootLoops;
      } else {
        std::set<const VarDecl *> Vars;
        const Stmt *Body = nullptr;
        std::vector<TextEdit> Headers; // in Edits already (loopHeaders)
        if (Verdict V = analyzeLoopNest(
                N.D->getInnermostCapturedStmt()->getCapturedStmt(), N.Collapse,
                Ctx, Edits, Out.Loops, Vars, &Body, nullptr,
                N.Kind == DirKind::ThreadLoop ? &Headers : nullptr);
            !V.Ok)
          return V;
      }
    }
    for (const VarDecl *V : N.Privates)
      Out.Privates.push_back(
          {declText(V->getType(), V->getNameAsString(), Ctx), ""});
    for (const VarDecl *V : N.FirstPrivates)
      Out.Privates.push_back({declText(V->getType(), V->getNameAsString(), Ctx),
                              V->getNameAsString()});
    for (const auto &[V, Op] : N.Reductions)
      Out.Reductions.push_back(
          {V->getNameAsString(),
           declText(V->getType().getUnqualifiedType(), "", Ctx), Op,
           N.SharedReductions.count(V) > 0, N.MappedReductions.count(V) > 0,
           anyOrder(N, V)});
    if (N.Kind == DirKind::Barrier)
      return {};
    if (N.Kind != DirKind::Guard && !N.Body) { // parallel for: its loop
      for (unsigned C : N.Children) {
        SpmdPart P;
        P.Child = static_cast<int>(C);
        Out.Parts.push_back(P);
      }
      return {};
    }
    const Stmt *Body = N.Kind == DirKind::Guard ? N.S : N.Body;
    unsigned B, E;
    if (N.Kind == DirKind::Guard) {
      if (!childRange(N, B, E))
        return Verdict::no(DiagId::HostMacro,
                           "team-master code comes from a macro");
    } else if (!Body || !stmtRange(Body, B, E)) {
      return Verdict::no(DiagId::HostMacro, "a nested construct's body comes "
                                            "from a macro");
    }
    unsigned Pos = B;
    for (unsigned C : N.Children) {
      unsigned CB, CE;
      if (!childRange(T.Nodes[C], CB, CE) || CB < Pos || CE > E)
        return Verdict::no(DiagId::HostMacro,
                           "a nested construct comes from a macro");
      text(Pos, CB, Out);
      SpmdPart P;
      P.Child = static_cast<int>(C);
      Out.Parts.push_back(std::move(P));
      Pos = CE;
    }
    text(Pos, E, Out);
    return {};
  }
};

/// The control loop's hoisted declarations; their edits replace those
/// they overlap (a C fix inside a type that no longer stands there).
bool controlDecls(const DirectiveTree &T, ASTContext &Ctx,
                  std::vector<TextEdit> &All, SlotLayout &L, SpmdTree &Out) {
  for (const TextEdit &H : T.HoistEdits)
    All.erase(std::remove_if(All.begin(), All.end(),
                             [&](const TextEdit &E) {
                               return H.Length > 0 && E.Offset >= H.Offset &&
                                      E.Offset < H.Offset + H.Length;
                             }),
              All.end());
  All.insert(All.end(), T.HoistEdits.begin(), T.HoistEdits.end());
  Out.ControlLoop = true;
  for (const VarDecl *VD : T.Hoisted) {
    if (VD->getLocation().isMacroID())
      return false;
    bool Shared = T.TeamShared.count(VD) > 0;
    Out.Hoisted.push_back(
        {VD->getNameAsString(),
         Shared ? L.decl(VD->getType(), VD->getNameAsString())
                : declText(VD->getType().getUnqualifiedType(),
                           VD->getNameAsString(), Ctx)});
    if (Shared) {
      unsigned Bytes = Ctx.getTypeSizeInChars(VD->getType()).getQuantity();
      Out.SharedBytes += L.outside() ? 0 : Bytes;
      Out.SharingBytes += Bytes;
    }
  }
  return true;
}

/// Thread 0 resumes inside a distribute loop by a jump: its header must be
/// one the control loop prints without declarations of its own.
Verdict resumableLoops(const SpmdTree &T) {
  for (unsigned I = 0; I < T.Nodes.size(); ++I) {
    const SpmdNode &N = T.Nodes[I];
    if (N.Kind != SpmdKind::TeamLoop || !holdsState(T, I))
      continue;
    const LoopLevel &L = N.Loops.front();
    // Its variable steps to a `<` bound of its own type, where a step can
    // stop (o2c_dev::strideNext): an inclusive bound may be the type's
    // maximum, which no step passes.
    if (N.Loops.size() != 1 || !L.UnitStep || !L.Increasing || L.Narrow ||
        L.OtherCmpType || L.Cmp != LoopCmp::LT)
      return Verdict::no(DiagId::HostLoop,
                         "a distribute loop around a parallel construct in a "
                         "control-loop region must count up by one to a "
                         "'<' bound of its variable's type, without collapse "
                         "(not supported yet)");
    // Its header counts by the team count: a block per team would need a
    // bound the jump could not skip.
    if (N.Blocks || !N.Chunk.empty())
      return Verdict::no(DiagId::HostClause,
                         "dist_schedule(static) on a distribute loop around "
                         "a parallel construct in a control-loop region is "
                         "not supported yet");
  }
  return {};
}

} // namespace

Verdict spmdText(const DirectiveTree &T,
                 const std::vector<LoopLevel> &RootLoops, ASTContext &Ctx,
                 const std::vector<TextEdit> &Edits,
                 const std::string &FileName, DataSharing Mode,
                 SpmdTree &Out) {
  const SourceManager &SM = Ctx.getSourceManager();
  // Team-local arrays that parallel regions share live in shared memory,
  // or in the team's block of o2c_ds (SharingSlots.h).
  unsigned Fixed = 0;
  for (const DirNode &N : T.Nodes)
    Fixed += N.Ordered ? 8 : 0;
  // A word per warp of the widest type folded through the scratch, not a
  // fixed eight bytes: int reductions need half the shared memory, and
  // those folded warp by warp (anyOrder) none.
  // In a template's pattern a type may be dependent, with no size (asking
  // recursed until the stack overflowed: OpenMP_VV gemv_target_reduction):
  // the budget then counts the widest arithmetic type, 16 bytes, and each
  // instantiation's ScratchWords<T...> declares what it needs.
  uint64_t Widest = 0;
  bool Dependent = false;
  std::string Types;
  for (const DirNode &N : T.Nodes)
    for (const auto &[V, Op] : N.Reductions) {
      if (anyOrder(N, V))
        continue;
      QualType VT = V->getType().getUnqualifiedType();
      Dependent |= VT->isDependentType();
      Types += (Types.empty() ? "" : ", ") + declText(VT, "", Ctx);
      Widest = std::max<uint64_t>(
          Widest, VT->isDependentType()
                      ? 16
                      : Ctx.getTypeSizeInChars(VT).getQuantity());
    }
  if (Dependent)
    Out.ScratchTypes = Types;
  Out.ScratchBytes = static_cast<unsigned>((32 * Widest + 7) / 8 * 8);
  Fixed += Out.ScratchBytes;
  SlotLayout L(T, Ctx, Mode, Fixed);
  std::vector<TextEdit> All = Edits;
  for (const DeclStmt *DS : T.SharedDecls) {
    unsigned B, E;
    if (!fileOffsets(SM, Ctx.getLangOpts(), DS->getSourceRange(), B, E))
      return Verdict::no(DiagId::HostMacro,
                         "a team-local array comes from a macro");
    const auto *VD = cast<VarDecl>(DS->getSingleDecl());
    if (!L.outside()) {
      All.push_back({B, 0, "__shared__ "});
      Out.SharedBytes += Ctx.getTypeSizeInChars(VD->getType()).getQuantity();
      continue;
    }
    if (VD->hasInit() || VD->getLocation().isMacroID())
      return Verdict::no(DiagId::HostGeneral,
                         "a team-local array outside static shared memory "
                         "must be declared without an initialiser, outside "
                         "macros");
    // The declaration becomes the reference: edits inside it go.
    All.erase(std::remove_if(All.begin(), All.end(),
                             [&](const TextEdit &X) {
                               return X.Offset >= B && X.Offset < E;
                             }),
              All.end());
    All.push_back({B, E - B, L.decl(VD->getType(), VD->getNameAsString()) +
                                 ";"});
  }
  // A team local in shared memory with an initial value: the guard stores
  // it (`x = f();`), its declaration goes before the guard.
  std::vector<std::string> Preludes(T.Nodes.size());
  for (size_t I = 0; I < T.Nodes.size(); ++I)
    for (const DeclStmt *DS : T.Nodes[I].PromotedDecls) {
      const auto *VD = cast<VarDecl>(DS->getSingleDecl());
      unsigned B, E;
      if (!fileOffsets(SM, Ctx.getLangOpts(), DS->getSourceRange(), B, E) ||
          VD->getLocation().isMacroID())
        return Verdict::no(DiagId::HostMacro,
                           "a team-local variable comes from a macro");
      unsigned Name = SM.getFileOffset(VD->getLocation());
      All.push_back({B, Name - B, ""});
      Preludes[I] += L.decl(VD->getType(), VD->getNameAsString()) +
                     (L.outside() ? "; // the team's, in its block of o2c_ds\n"
                                  : "; // the team's, in shared memory\n");
      unsigned Bytes = Ctx.getTypeSizeInChars(VD->getType()).getQuantity();
      Out.SharedBytes += L.outside() ? 0 : Bytes;
      Out.SharingBytes += Bytes;
    }
  // Collapsed loops' headers inside intervening code go, with the edits in
  // them: first among the edits at their offset, they hide the others.
  for (const DirNode &N : T.Nodes) {
    if (N.Kind != DirKind::ThreadLoop || !N.D || N.Collapse < 2)
      continue;
    std::vector<LoopLevel> Levels;
    std::set<const VarDecl *> Vars;
    const Stmt *Body = nullptr;
    std::vector<TextEdit> Headers;
    if (analyzeLoopNest(N.D->getInnermostCapturedStmt()->getCapturedStmt(),
                        N.Collapse, Ctx, {}, Levels, Vars, &Body, nullptr,
                        &Headers)
            .Ok)
      All.insert(All.begin(), Headers.begin(), Headers.end());
  }
  if (T.ControlLoop && !controlDecls(T, Ctx, All, L, Out))
    return Verdict::no(DiagId::HostMacro,
                       "a team-master declaration comes from a macro");
  for (const VarDecl *VD : T.TeamCopies) {
    Out.TeamCopies.push_back(
        {VD->getNameAsString(),
         L.decl(VD->getType(), "o2c_teamfp_" + VD->getNameAsString())});
    unsigned Bytes = Ctx.getTypeSizeInChars(VD->getType()).getQuantity();
    Out.SharedBytes += L.outside() ? 0 : Bytes;
    Out.SharingBytes += Bytes;
  }
  Out.SharedBytes += Fixed; // ordered turns, the reductions' scratch
  Out.SlotBytes = L.bytes();
  Out.SlotMode = Mode;
  TextBuilder B{T, Ctx, All, FileName, SM.getBufferData(SM.getMainFileID())};
  Out.Nodes.assign(T.Nodes.size(), SpmdNode());
  for (unsigned I = 0; I < T.Nodes.size(); ++I) {
    if (Verdict V = B.node(I, RootLoops, Out.Nodes[I]); !V.Ok)
      return V;
    Out.Nodes[I].Prelude = Preludes[I];
  }
  if (T.ControlLoop)
    return resumableLoops(Out);
  return {};
}

} // namespace omp2cuda
