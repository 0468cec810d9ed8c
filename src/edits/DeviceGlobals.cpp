// Device copies of declare target variables in the main file's output
// (DeclareTarget.cpp decides which): each `__device__` mirror goes right
// after the variable's declaration, or after the #include that brings the
// header declaring it, so that every use in the file comes after it; their
// registrations with the runtime at the end of the file; and
// the functions compiled for both sides name the mirror on the device.
#include "analysis/OrphanedTasks.h"
#include "edits/Edits.h"
#include "emit/Emit.h"
#include "frontend/FileScope.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>

using namespace clang;

namespace omp2cuda {

namespace {

/// The start of the line after the one holding L (the file's end at most).
unsigned nextLine(const SourceManager &SM, SourceLocation L) {
  llvm::StringRef Buf = SM.getBufferData(SM.getMainFileID());
  size_t NL = Buf.find('\n', SM.getFileOffset(L));
  return NL == llvm::StringRef::npos ? Buf.size() : NL + 1;
}

} // namespace

bool deviceCopyOffset(const VarDecl *VD, const ASTContext &Ctx,
                      bool HostAddress, unsigned &Off) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation L = SM.getExpansionLoc(VD->getLocation());
  FileID F = SM.getFileID(L);
  const DeclContext *DC = VD->getDeclContext()->getRedeclContext();
  bool InClass = false;
  for (const DeclContext *P = DC; !P->isFileContext(); P = P->getParent())
    InClass = InClass || isa<RecordDecl>(P);
  // A host address's pointer and a class member's copy (DeclareTarget.cpp
  // plans them only for types spelled at file scope) are named at file
  // scope, before the declaration there that holds the variable and every
  // use in it: a member function defined in the class may use it. A
  // namespace's variable gets its copy in the namespace, after it.
  if (!DC->isTranslationUnit() && (HostAddress || InClass) &&
      F == SM.getMainFileID()) {
    const Decl *Top = VD;
    while (!isa<TranslationUnitDecl>(Top->getDeclContext()))
      Top = Decl::castFromDeclContext(Top->getDeclContext());
    SourceLocation B = SM.getExpansionLoc(Top->getBeginLoc());
    if (SM.getFileID(B) != SM.getMainFileID())
      return false;
    Off = SM.getFileOffset(B);
    return true;
  }
  if (F == SM.getMainFileID()) {
    // The statement ends at the first `;` outside brackets after the
    // declarator (`int a[2] = {1, 2}, b;`).
    SourceLocation At = SM.getExpansionLoc(VD->getEndLoc());
    int Depth = 0;
    for (unsigned Guard = 0; Guard < 100000; ++Guard) {
      std::optional<Token> T = Lexer::findNextToken(At, SM, Ctx.getLangOpts());
      if (!T || T->is(tok::eof))
        return false;
      At = T->getLocation();
      if (T->isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
        ++Depth;
      else if (T->isOneOf(tok::r_paren, tok::r_square, tok::r_brace))
        --Depth;
      else if (T->is(tok::semi) && Depth <= 0) {
        Off = nextLine(SM, At);
        // `namespace cfg { int x; }` on one line: the copy stays inside.
        unsigned Semi = SM.getFileOffset(At) + 1;
        if (!DC->isTranslationUnit() &&
            SM.getBufferData(F).slice(Semi, Off).contains('}'))
          Off = Semi;
        return true;
      }
    }
    return false;
  }
  for (SourceLocation Inc = SM.getIncludeLoc(F); Inc.isValid();
       Inc = SM.getIncludeLoc(SM.getFileID(Inc)))
    if (SM.getFileID(Inc) == SM.getMainFileID()) {
      Off = nextLine(SM, Inc);
      return true;
    }
  return false;
}

void deviceGlobalEdits(const TUState &TU, std::vector<TextEdit> &Edits,
                       std::map<unsigned, std::string> &Inserts) {
  const ASTContext &Ctx = TU.Ctx;
  const SourceManager &SM = Ctx.getSourceManager();
  if (TU.DeviceGlobals.empty() || SM.getMainFileID() != TU.UnitMain)
    return;
  // In source order, before the kernels inserted at the same place, which
  // may name them (planning checked that each has a place).
  std::vector<const VarDecl *> Vars;
  for (const auto &[VD, G] : TU.DeviceGlobals)
    Vars.push_back(VD);
  std::sort(Vars.begin(), Vars.end(), [&](const VarDecl *A, const VarDecl *B) {
    return SM.isBeforeInTranslationUnit(A->getLocation(), B->getLocation());
  });
  llvm::StringRef Buf = SM.getBufferData(SM.getMainFileID());
  for (auto It = Vars.rbegin(); It != Vars.rend(); ++It) {
    unsigned Off = 0;
    const DeviceGlobal &G = *deviceCopyOf(*It, TU);
    if (deviceCopyOffset(*It, Ctx, G.HostAddress, Off))
      Inserts[Off] = (Off && Buf[Off - 1] != '\n' ? "\n" : "") +
                     emitDeviceGlobal(G) + Inserts[Off];
  }
  std::vector<DeviceGlobal> Gs;
  for (const VarDecl *VD : Vars)
    Gs.push_back(*deviceCopyOf(VD, TU));
  Inserts[Buf.size()] += emitDeviceCopies(Gs);
  // Functions that run on both sides: O2C_DEVICE_COPY picks the side's copy.
  struct Refs : RecursiveASTVisitor<Refs> {
    const TUState &TU;
    std::vector<TextEdit> &Edits;
    /// The variable an orphaned parallel for declares in its loop: inside
    /// it, the name is the loop's own.
    const VarDecl *LoopVar = nullptr;
    Refs(const TUState &TU, std::vector<TextEdit> &E) : TU(TU), Edits(E) {}
    bool TraverseOMPParallelForDirective(OMPParallelForDirective *D) {
      const VarDecl *Outer = LoopVar;
      if (const VarDecl *VD = redeclaredLoopVar(*D))
        LoopVar = VD;
      bool Go = RecursiveASTVisitor::TraverseOMPParallelForDirective(D);
      LoopVar = Outer;
      return Go;
    }
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      const auto *VD = dyn_cast<VarDecl>(E->getDecl());
      if (VD && VD == LoopVar)
        return true;
      const DeviceGlobal *G = VD ? deviceCopyOf(VD, TU) : nullptr;
      const SourceManager &SM = TU.Ctx.getSourceManager();
      unsigned B, En;
      if (!G || !fileOffsets(SM, TU.Ctx.getLangOpts(), E->getSourceRange(), B, En))
        return true;
      llvm::StringRef Text = SM.getBufferData(SM.getMainFileID()).slice(B, En);
      Edits.push_back({B, En - B,
                       "O2C_DEVICE_COPY(" + Text.str() + ", " + G->Mirror + ")"});
      return true;
    }
  } R(TU, Edits);
  for (const FunctionDecl *F : TU.DeviceFunctions)
    if (F->getBody() && inMainFile(SM, F->getBody()->getBeginLoc()))
      R.TraverseStmt(F->getBody());
}

} // namespace omp2cuda
