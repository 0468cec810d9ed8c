// What the constructs rewritten where they stand become (Transparent.h):
// the text edits of each rule, after findTransparent has accepted the
// construct in its context. The clauses a construct may carry are a white
// list, so that anything not thought through leaves the region on the host.
#include "analysis/InOrderScan.h"
#include "analysis/InReduction.h"
#include "analysis/Scope.h"
#include "analysis/TransparentRewriter.h"

#include "clang/AST/StmtOpenMP.h"
#include "llvm/Frontend/OpenMP/OMP.h"

#include <fmt/format.h>


using namespace clang;
using llvm::omp::Directive;

namespace omp2cuda {

namespace {

bool isTasking(OpenMPDirectiveKind K) {
  return K == Directive::OMPD_task || K == Directive::OMPD_taskloop ||
         K == Directive::OMPD_taskloop_simd ||
         K == Directive::OMPD_master_taskloop ||
         K == Directive::OMPD_master_taskloop_simd ||
         K == Directive::OMPD_masked_taskloop ||
         K == Directive::OMPD_masked_taskloop_simd;
}

bool isMasterLike(OpenMPDirectiveKind K) {
  return K == Directive::OMPD_master || K == Directive::OMPD_masked ||
         K == Directive::OMPD_master_taskloop ||
         K == Directive::OMPD_master_taskloop_simd ||
         K == Directive::OMPD_masked_taskloop ||
         K == Directive::OMPD_masked_taskloop_simd;
}

bool refersTo(const Stmt *S, const VarDecl *VD);

/// Whether a clause of D writes VD back when D ends: a reduction folds into
/// it, lastprivate and linear store their final value (a task that runs a
/// parallel reduction(+: s) needs its own s even when no statement names it).
bool writesBack(const OMPExecutableDirective &D, const VarDecl *VD) {
  for (const OMPClause *C : D.clauses())
    if (isa<OMPReductionClause, OMPLastprivateClause, OMPLinearClause>(C))
      for (const Stmt *E : const_cast<OMPClause *>(C)->children())
        if (refersTo(E, VD))
          return true;
  return false;
}

/// Whether S writes VD, takes its address or binds a reference to it.
bool writes(const Stmt *S, const VarDecl *VD) {
  if (!S)
    return false;
  auto Names = [&](const Expr *E) {
    const auto *DR = dyn_cast<DeclRefExpr>(lvalueRoot(E));
    return DR && DR->getDecl() == VD;
  };
  if (const auto *BO = dyn_cast<BinaryOperator>(S);
      BO && BO->isAssignmentOp() && Names(BO->getLHS()))
    return true;
  if (const auto *UO = dyn_cast<UnaryOperator>(S);
      UO && (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) &&
      Names(UO->getSubExpr()))
    return true;
  if (const auto *CE = dyn_cast<CallExpr>(S))
    for (const Expr *A : CE->arguments())
      if (A->isLValue() && Names(A))
        return true; // bound to a reference parameter
  if (const auto *D = dyn_cast<OMPExecutableDirective>(S))
    // Not the captures' initialisers; a nested construct's reduction,
    // lastprivate or linear writes its item back when it ends.
    return writesBack(*D, VD) || writes(associatedBody(*D), VD);
  for (const Stmt *C : S->children())
    if (writes(C, VD))
      return true;
  return false;
}

bool refersTo(const Stmt *S, const VarDecl *VD) {
  if (!S)
    return false;
  if (const auto *DR = dyn_cast<DeclRefExpr>(S); DR && DR->getDecl() == VD)
    return true;
  if (const auto *D = dyn_cast<OMPExecutableDirective>(S))
    return writesBack(*D, VD) || refersTo(associatedBody(*D), VD);
  for (const Stmt *C : S->children())
    if (refersTo(C, VD))
      return true;
  return false;
}

/// FNV-1a: the lock of a critical name (0..63). Names that collide share a
/// lock, which only serialises more; nesting is refused, so they cannot
/// wait on themselves.
unsigned lockOf(llvm::StringRef Name) {
  uint32_t H = 2166136261u;
  for (char C : Name)
    H = (H ^ static_cast<unsigned char>(C)) * 16777619u;
  return H % 64;
}

/// T with Ind after each line break.
std::string indented(llvm::StringRef T, const std::string &Ind) {
  std::string Out;
  for (char C : T) {
    Out += C;
    if (C == '\n')
      Out += Ind;
  }
  return Out;
}
} // namespace

namespace transparent {

Verdict Rewriter::no(const OMPExecutableDirective &D, DiagId Id,
           const std::string &Why) {
  At = D.getBeginLoc();
  return Verdict::no(Id, Why);
}

unsigned Rewriter::pragmaEnd(unsigned B) const {
  unsigned I = B;
  while (I < Buf.size() && Buf[I] != '\n')
    I += Buf[I] == '\\' && I + 1 < Buf.size() ? 2 : 1;
  return I;
}

std::string Rewriter::pragmaText(unsigned B, unsigned E) const {
  std::string T;
  for (unsigned I = B; I < E; ++I) {
    if (Buf[I] == '\\' && I + 1 < E && Buf[I + 1] == '\n') {
      ++I;
      T += ' ';
    } else {
      T += Buf[I];
    }
  }
  return llvm::StringRef(T).trim().str();
}

std::string Rewriter::spelling(const Stmt *S, const VarDecl *VD) {
  if (!S)
    return "";
  if (const auto *DR = dyn_cast<DeclRefExpr>(S); DR && DR->getDecl() == VD) {
    const SourceManager &SM = Ctx.getSourceManager();
    SourceLocation L = DR->getLocation();
    if (L.isMacroID())
      return "?";
    unsigned Off = SM.getFileOffset(L);
    for (const TextEdit &E : Out)
      if (E.Offset == Off && E.Length == VD->getName().size())
        return E.Text;
    // Inside an atomic, whose replacement carries the edits made in it.
    std::string Deref = "(*" + VD->getNameAsString() + ")";
    for (const TextEdit &E : Out)
      if (E.Offset <= Off && Off < E.Offset + E.Length &&
          E.Text.find(Deref) != std::string::npos)
        return Deref;
    return "";
  }
  for (const Stmt *C : S->children())
    if (std::string Sp = spelling(C, VD); !Sp.empty())
      return Sp;
  return "";
}

Verdict Rewriter::freshCopy(const OMPExecutableDirective &D, const VarDecl *VD,
                  bool Init, const char *Clause, std::string &Before,
                  std::string &Decls) {
  const Stmt *Body = associatedBody(D);
  std::string N = VD->getNameAsString();
  QualType T = VD->getType().getUnqualifiedType();
  std::string Sp = spelling(Body, VD);
  auto No = [&](const std::string &Why) {
    return no(D, DiagId::HostClause,
              std::string(Clause) + "('" + N + "') on " + quotedName(D) +
                  " inside a target region: " + Why);
  };
  if (T->isReferenceType())
    return No("references are not supported yet");
  const ConstantArrayType *CA = Ctx.getAsConstantArrayType(T);
  if (CA && CA->getElementType()->isScalarType() && Sp.empty()) {
    // An array the kernel names as a reference to the mapped one, or a
    // local: a copy of each element, and the name bound to the copy.
    Before += declText(T, "o2c_fp_" + N, Ctx) + ";\n";
    if (Init)
      Before += fmt::format(
          "for (unsigned long o2c_k = 0; o2c_k < {0}; ++o2c_k)\n"
          "  o2c_fp_{1}[o2c_k] = {1}[o2c_k];\n",
          CA->getSize().getZExtValue(), N);
    Decls += declText(Ctx.getLValueReferenceType(T), N, Ctx) + " = o2c_fp_" +
             N + ";\n";
    return {};
  }
  if (!T->isScalarType())
    return No("supported for scalars and arrays of scalars only");
  if (Sp == "(*" + N + ")") {
    // A mapped scalar the body reaches through its pointer: the pointer's
    // name now points at the copy.
    Before += Init ? fmt::format("{} = (*{});\n",
                                 declText(T, "o2c_fp_" + N, Ctx), N)
                   : declText(T, "o2c_fp_" + N, Ctx) + ";\n";
    Decls += declText(Ctx.getPointerType(T), N, Ctx) + " = &o2c_fp_" + N +
             ";\n";
    return {};
  }
  if (!Sp.empty())
    return No("the body names it as '" + Sp + "', which is not supported");
  if (Init) {
    Before += fmt::format("const {} = {};\n",
                          declText(T, "o2c_fp_" + N, Ctx), N);
    Decls += fmt::format("{} = o2c_fp_{};\n", declText(T, N, Ctx), N);
  } else {
    Decls += declText(T, N, Ctx) + ";\n";
  }
  return {};
}

Verdict Rewriter::privates(const OMPExecutableDirective &D, std::string &Before,
                 std::string &Decls) {
  const Stmt *Body = associatedBody(D);
  auto Var = [](const Expr *E) -> const VarDecl * {
    const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
  };
  for (const auto *C : D.getClausesOfKind<OMPPrivateClause>())
    for (const Expr *E : C->varlists())
      if (const VarDecl *VD = Var(E); VD && refersTo(Body, VD))
        if (Verdict V = freshCopy(D, VD, false, "private", Before, Decls);
            !V.Ok)
          return V;
  for (const auto *C : D.getClausesOfKind<OMPFirstprivateClause>())
    for (const Expr *E : C->varlists())
      if (const VarDecl *VD = Var(E); VD && writes(Body, VD))
        if (Verdict V =
                freshCopy(D, VD, true, "firstprivate", Before, Decls);
            !V.Ok)
          return V;
  return {};
}

const VarDecl *Rewriter::scalarReductionItem(const Expr *E,
                                             const std::string &Op) {
  const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *VD = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
  if (!VD || Op.empty() || !VD->getType()->isArithmeticType() ||
      VD->getType()->isReferenceType())
    return nullptr;
  return VD;
}

std::string Rewriter::reductionCopy(const OMPExecutableDirective &D,
                                    const VarDecl *VD, const std::string &Init,
                                    const std::string &Ptr,
                                    const std::string &Val, std::string &Before,
                                    std::string &Decls) {
  std::string N = VD->getNameAsString();
  QualType T = VD->getType().getUnqualifiedType();
  QualType PT = Ctx.getPointerType(T);
  std::string Sp = spelling(associatedBody(D), VD);
  if (Sp.empty()) {
    Before += declText(PT, Ptr, Ctx) + " = &" + N + ";\n";
    Decls += declText(T, N, Ctx) + " = " + Init + ";\n";
    return N;
  }
  if (Sp != "(*" + N + ")")
    return "";
  // A mapped scalar the body reaches through its pointer.
  Before += declText(PT, Ptr, Ctx) + " = " + N + ";\n";
  Decls += declText(T, Val, Ctx) + " = " + Init + ";\n" + declText(PT, N, Ctx) +
           " = &" + Val + ";\n";
  return Val;
}

Verdict Rewriter::scopeReductions(const OMPExecutableDirective &D,
                                  std::string &Before, std::string &Decls,
                                  std::string &Combine) {
  for (const auto *C : D.getClausesOfKind<OMPReductionClause>()) {
    std::string Op = reductionOp(*C);
    for (const Expr *E : C->varlists()) {
      const VarDecl *VD = scalarReductionItem(E, Op);
      if (!VD)
        return no(D, DiagId::HostClause,
                  "a reduction on 'scope' inside a target region is "
                  "supported for scalar numbers and the built-in "
                  "operators only");
      std::string N = VD->getNameAsString();
      std::string Init = Op + "::identity<" +
                         declText(VD->getType().getUnqualifiedType(), "", Ctx) +
                         ">()";
      std::string Copy = reductionCopy(D, VD, Init, "o2c_red_" + N,
                                       "o2c_rv_" + N, Before, Decls);
      if (Copy.empty())
        return no(D, DiagId::HostClause,
                  "reduction('" + N + "') on 'scope': the body names it as '" +
                      spelling(associatedBody(D), VD) +
                      "', which is not supported");
      Combine += fmt::format("o2c_dev::atomicCombine<{}>(o2c_red_{}, {});\n",
                             Op, N, Copy);
    }
  }
  return {};
}

Verdict Rewriter::clauses(const OMPExecutableDirective &D) {
  for (const OMPClause *C : D.clauses()) {
    if (C->isImplicit() && !isa<OMPFirstprivateClause, OMPPrivateClause>(C))
      continue;
    bool Ok = isa<OMPPrivateClause, OMPFirstprivateClause, OMPSharedClause,
                  OMPDefaultClause, OMPIfClause, OMPFinalClause,
                  OMPUntiedClause, OMPMergeableClause, OMPPriorityClause,
                  OMPDependClause, OMPAffinityClause, OMPAllocateClause,
                  OMPGrainsizeClause, OMPNumTasksClause, OMPNogroupClause,
                  OMPCollapseClause, OMPSafelenClause, OMPSimdlenClause,
                  OMPAlignedClause, OMPNontemporalClause, OMPOrderClause,
                  OMPNowaitClause, OMPFilterClause, OMPHintClause,
                  OMPFlushClause, OMPSeqCstClause, OMPAcqRelClause,
                  OMPAcquireClause, OMPReleaseClause, OMPRelaxedClause>(C);
    // A loop the thread runs alone reduces in program order; a reduction
    // on a construct of several threads would need their partials.
    // (scope: scopeReductions, in parallel code only.)
    // inscan on simd too, when its phases may run as written (use()).
    if (const auto *R = dyn_cast<OMPReductionClause>(C))
      Ok = R->getModifier() == OMPC_REDUCTION_unknown ||
           (R->getModifier() == OMPC_REDUCTION_inscan &&
            D.getDirectiveKind() == Directive::OMPD_simd);
    if (const auto *L = dyn_cast<OMPLastprivateClause>(C))
      Ok = L->getKind() != OMPC_LASTPRIVATE_conditional;
    if (isa<OMPCopyprivateClause>(C))
      Ok = true; // checked with the single
    if (const auto *IR = dyn_cast<OMPInReductionClause>(C);
        IR && isTasking(D.getDirectiveKind())) {
      if (Verdict V = inReductionInPlace(*IR, associatedBody(D)); !V.Ok) {
        At = V.Where;
        return V;
      }
      Ok = true;
    }
    if (const auto *F = dyn_cast<OMPFilterClause>(C))
      Ok = F->getThreadID()->isIntegerConstantExpr(Ctx);
    if (isa<OMPNumTasksClause, OMPGrainsizeClause>(C) &&
        !D.getClausesOfKind<OMPFirstprivateClause>().empty())
      // Each task of a taskloop starts from the original value; one loop
      // in one thread would carry the first task's writes on.
      for (const auto *FC : D.getClausesOfKind<OMPFirstprivateClause>())
        for (const Expr *E : FC->varlists())
          if (const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
            if (writes(associatedBody(D), dyn_cast<VarDecl>(DR->getDecl())))
              Ok = false;
    if (!Ok)
      return no(D, DiagId::HostClause,
                "the '" +
                    llvm::omp::getOpenMPClauseName(C->getClauseKind()).str() +
                    "' clause on " + quotedName(D) +
                    " inside a target region is not supported yet");
  }
  return {};
}

Verdict Rewriter::orderedRule(const OMPExecutableDirective &D,
                              DirContext Where) {
  bool StandAlone = !associatedBody(D); // a doacross sink or source
  for (const OMPClause *C : D.clauses())
    if (!isa<OMPThreadsClause>(C) &&
        !(StandAlone && isa<OMPDependClause, OMPDoacrossClause>(C))) {
      At = C->getBeginLoc();
      return Verdict::no(
          DiagId::HostClause,
          "the '" +
              llvm::omp::getOpenMPClauseName(C->getClauseKind()).str() +
              "' clause on 'ordered' inside a target region is not "
              "supported yet");
    }
  if (Where != DirContext::LoopBody ||
      (!associatedBody(D) && !D.hasClausesOfKind<OMPDependClause>() &&
       !D.hasClausesOfKind<OMPDoacrossClause>()))
    return no(D, DiagId::HostGeneral,
              "'ordered' outside the body of a worksharing loop is not "
              "supported");
  return {};
}

std::string Rewriter::masterThread(const OMPExecutableDirective &D) {
  for (const auto *F : D.getClausesOfKind<OMPFilterClause>())
    if (auto V = F->getThreadID()->getIntegerConstantExpr(Ctx))
      return std::to_string(V->getExtValue());
  return "0";
}

Verdict Rewriter::copyPrivate(const OMPExecutableDirective &D,
                              std::string &Open, std::string &Close,
                              std::string &After) {
  std::string Decl, Save, Load;
  for (const auto *C : D.getClausesOfKind<OMPCopyprivateClause>())
    for (const Expr *E : C->varlists()) {
      const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
      const auto *VD = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
      if (!VD || !VD->getType()->isScalarType() ||
          VD->getType()->isReferenceType())
        return no(D, DiagId::HostClause,
                  "copyprivate is supported for scalar variables only");
      std::string N = VD->getNameAsString();
      Decl += "__shared__ " +
              declText(VD->getType().getUnqualifiedType(), "o2c_cp_" + N,
                       Ctx) +
              ";\n";
      Save += fmt::format("o2c_cp_{0} = {0};\n", N);
      Load += fmt::format("{0} = o2c_cp_{0};\n", N);
    }
  if (Decl.empty())
    return {};
  Open = Decl + Open;
  Close = Save + Close;
  After = "__syncthreads(); // copyprivate: thread 0's values are ready\n" +
          Load + "__syncthreads(); // every thread has read them\n";
  return {};
}

Verdict Rewriter::use(const TransparentUse &U) {
  const OMPExecutableDirective &D = *U.D;
  OpenMPDirectiveKind K = D.getDirectiveKind();
  if (D.getBeginLoc().isMacroID() || D.getEndLoc().isMacroID())
    return no(D, DiagId::HostMacro, quotedName(D) + " comes from a macro");
  if (U.Serial)
    return serial(U);
  if (isa<OMPScanDirective>(D)) {
    // Found only in a loop one thread runs in order (findTransparent),
    // whose phases inOrderScan allowed to run as written.
    unsigned B = directiveStart(D, Ctx);
    Out.push_back({B, statementEnd(D, Ctx) - B,
                   "// " + pragmaText(B, pragmaEnd(B)) +
                       ": the loop runs in order in one thread"});
    return {};
  }
  if (K == Directive::OMPD_ordered) {
    if (Verdict V = orderedRule(D, U.Where); !V.Ok)
      return V;
  } else if (Verdict V = clauses(D); !V.Ok) {
    return V;
  } else if (hasInscan(D)) {
    if (Verdict V = inOrderScan(D, Ctx, At); !V.Ok)
      return V;
  }
  unsigned B = directiveStart(D, Ctx), PE = pragmaEnd(B);
  std::string Comment = "// " + pragmaText(B, PE);
  bool Parallel = U.Where == DirContext::ParallelCode;
  if ((isMasterLike(K) || K == Directive::OMPD_single ||
       K == Directive::OMPD_scope) &&
      U.Where == DirContext::LoopBody)
    return no(D, DiagId::HostGeneral,
              quotedName(D) + " inside a worksharing loop is not allowed");
  if (K == Directive::OMPD_ordered && !associatedBody(D)) {
    // Doacross (Doacross.cpp): a sink waits for the iteration's turn, the
    // source passes it on.
    Out.push_back({B, statementEnd(D, Ctx) - B,
                   (doacrossSource(D) ? "o2c_ord.leave(); "
                                      : "o2c_ord.enter(); ") +
                       Comment});
    return {};
  }
  if (!associatedBody(D)) { // stand-alone: flush, taskwait, taskyield
    std::string Text = K == Directive::OMPD_flush
                           ? "o2c_dev::ompFlush(); " + Comment
                           : Comment + ": tasks run when they are created";
    Out.push_back({B, statementEnd(D, Ctx) - B, Text});
    return {};
  }
  std::string Before, Decls, Combine;
  if (Verdict V = privates(D, Before, Decls); !V.Ok)
    return V;
  if (K == Directive::OMPD_scope &&
      D.hasClausesOfKind<OMPReductionClause>()) {
    if (!Parallel)
      return no(D, DiagId::HostClause,
                "a reduction on 'scope' outside a parallel region inside a "
                "target region is not supported yet");
    if (Verdict V = scopeReductions(D, Before, Decls, Combine); !V.Ok)
      return V;
  }
  std::string Open, Close;
  if (K == Directive::OMPD_ordered) {
    // The loop's iteration holds its turn (o2c_ord, SpmdPrinter.h).
    Open = "o2c_ord.enter(); " + Comment + "\n";
    Close = "o2c_ord.leave();\n";
  } else if (K == Directive::OMPD_critical) {
    std::string Name =
        cast<OMPCriticalDirective>(D).getDirectiveName().getAsString();
    unsigned L = lockOf(Name);
    Open = fmt::format("o2c_dev::criticalEnter({}); {}\n", L, Comment);
    Close = fmt::format("o2c_dev::criticalExit({});\n", L);
  } else if (K == Directive::OMPD_single && Parallel) {
    Open = "if (threadIdx.x == 0) { " + Comment + "\n";
    Close = "}\n";
    std::string After;
    if (Verdict V = copyPrivate(D, Open, Close, After); !V.Ok)
      return V;
    if (!After.empty())
      Close += After;
    else if (D.getSingleClause<OMPNowaitClause>() == nullptr)
      Close += "__syncthreads(); // the end of single\n";
  } else if (isMasterLike(K) && (Parallel || masterThread(D) != "0")) {
    // Outside a parallel region the one thread is thread 0.
    Open = fmt::format("if ({} == {}) {{ {}\n",
                       Parallel ? "threadIdx.x" : "0", masterThread(D),
                       Comment);
    Close = "}\n";
  } else if (K == Directive::OMPD_scope && Parallel) {
    Open = Comment + "\n";
    Close = Combine;
    if (D.getSingleClause<OMPNowaitClause>() == nullptr)
      Close += "__syncthreads(); // the end of scope\n";
  } else if (isTasking(K)) {
    Open = Comment + ": runs now, in the thread that creates it\n";
  } else {
    Open = Comment + "\n";
  }
  place(D, B, PE, Before, Decls, Open, Close);
  return {};
}

void Rewriter::place(const OMPExecutableDirective &D, unsigned B, unsigned PE,
           const std::string &Before, const std::string &Decls,
           std::string Open, std::string Close) {
  bool Block = !Before.empty() || !Decls.empty() || !Close.empty();
  if (Block) {
    Open = "{\n" + Before + (Decls.empty() ? "" : "{\n" + Decls) + Open;
    Close = "\n" + Close + (Decls.empty() ? "" : "}\n") + "}";
  }
  // The lines added take the indentation of the pragma's line.
  unsigned LS = B;
  while (LS > 0 && Buf[LS - 1] != '\n')
    --LS;
  std::string Ind = Buf.slice(LS, B).str();
  Out.push_back({B, PE - B, indented(llvm::StringRef(Open).rtrim("\n"), Ind)});
  Pending.push_back({statementEnd(D, Ctx), 0, indented(Close, Ind)});
}

} // namespace transparent

Verdict transparentEdits(const std::vector<TransparentUse> &Uses,
                         ASTContext &Ctx, std::vector<TextEdit> &Out,
                         SourceLocation &At, HostCompiler Host) {
  const SourceManager &SM = Ctx.getSourceManager();
  transparent::Rewriter R{
      Ctx, SM.getBufferData(SM.getMainFileID()), Out, At, Host, {}};
  for (const TransparentUse &U : Uses)
    if (Verdict V = R.use(U); !V.Ok)
      return V;
  Out.insert(Out.end(), R.Pending.rbegin(), R.Pending.rend());
  return {};
}

} // namespace omp2cuda
