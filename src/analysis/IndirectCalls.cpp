// The table of a unit's `declare target ... indirect` functions and the
// check of calls through function pointers in device code (IndirectCalls.h).
#include "analysis/IndirectCalls.h"
#include "analysis/CallChecker.h"
#include "emit/EmitIndirect.h"

#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <algorithm>

using namespace clang;

namespace omp2cuda {

namespace {

/// Whether FD is `declare target ... indirect` (its indirect expression,
/// when written, true); Why says when that cannot be told or served.
bool isIndirect(const FunctionDecl *FD, const ASTContext &Ctx,
                std::string &Why) {
  std::optional<OMPDeclareTargetDeclAttr *> A =
      OMPDeclareTargetDeclAttr::getActiveAttr(FD);
  if (!A || !(*A)->getIndirect())
    return false;
  if (const Expr *E = (*A)->getIndirectExpr()) {
    std::optional<llvm::APSInt> V = E->getIntegerConstantExpr(Ctx);
    if (!V) {
      Why = "the 'indirect' clause of '" + FD->getNameAsString() +
            "' is no constant";
      return true;
    }
    if (V->isZero())
      return false;
  }
  return true;
}

/// The start of the line after L's in the main file, past lines continued
/// by a backslash (a directive's).
unsigned lineAfter(const SourceManager &SM, SourceLocation L) {
  llvm::StringRef Buf = SM.getBufferData(SM.getMainFileID());
  size_t At = SM.getFileOffset(L);
  for (;;) {
    size_t NL = Buf.find('\n', At);
    if (NL == llvm::StringRef::npos)
      return Buf.size();
    if (Buf.substr(0, NL).rtrim(" \t\r").ends_with("\\")) {
      At = NL + 1;
      continue;
    }
    return NL + 1;
  }
}

/// Off moved past the `end declare target` of a declare target block it
/// lies in (the table must not be declare target itself). Blocks are found
/// in the text: the AST keeps no node for their ends.
unsigned pastBlocks(llvm::StringRef Buf, unsigned Off) {
  std::vector<size_t> Open;
  size_t At = 0;
  while (At < Buf.size()) {
    size_t NL = Buf.find('\n', At);
    size_t Next = NL == llvm::StringRef::npos ? Buf.size() : NL + 1;
    llvm::SmallVector<llvm::StringRef, 6> W;
    Buf.slice(At, Next).split(W, ' ', -1, false);
    std::vector<std::string> Words;
    for (llvm::StringRef X : W)
      if (!X.trim().empty())
        Words.push_back(X.trim().str());
    bool Pragma = Words.size() >= 3 && Words[0] == "#pragma" && Words[1] == "omp";
    if (Pragma && Words[2] == "begin" && Words.size() >= 5 &&
        Words[3] == "declare" && Words[4] == "target")
      Open.push_back(At);
    else if (Pragma && Words.size() == 4 && Words[2] == "declare" &&
             Words[3] == "target")
      Open.push_back(At);
    else if (Pragma && Words.size() >= 5 && Words[2] == "end" &&
             Words[3] == "declare" && Words[4] == "target" && !Open.empty()) {
      size_t Start = Open.back();
      Open.pop_back();
      if (Open.empty() && Start < Off && Off <= At)
        Off = Next;
    }
    At = Next;
  }
  return Off;
}

struct IndirectFinder : RecursiveASTVisitor<IndirectFinder> {
  const ASTContext &Ctx;
  IndirectTable &T;
  std::set<const FunctionDecl *> Seen;
  IndirectFinder(const ASTContext &C, IndirectTable &T) : Ctx(C), T(T) {}
  bool VisitFunctionDecl(FunctionDecl *FD) {
    const FunctionDecl *First = FD->getFirstDecl();
    std::string Why;
    if (!Seen.insert(First).second || !isIndirect(FD, Ctx, Why)) {
      if (!Why.empty() && T.Why.empty())
        T.Why = Why;
      return true;
    }
    T.Fns.push_back(First);
    if (T.Why.empty())
      T.Why = Why;
    return true;
  }
};

/// Why F cannot be in a table at the file's top level, or empty; Last: the
/// latest place the table must follow.
std::string placeOf(const FunctionDecl *F, const TUState &TU,
                    SourceLocation &Last) {
  const SourceManager &SM = TU.Ctx.getSourceManager();
  std::string Name = "'" + F->getQualifiedNameAsString() + "'";
  const FunctionDecl *Def = F->getDefinition();
  if (isa<CXXMethodDecl>(F) || F->isTemplated() ||
      !F->getLexicalDeclContext()->isTranslationUnit())
    return Name + " is not a function at the file's top level";
  if (!Def || SM.getFileID(SM.getExpansionLoc(Def->getLocation())) !=
                  TU.UnitMain)
    return Name + " is not defined in this file";
  std::optional<OMPDeclareTargetDeclAttr::DevTypeTy> DT =
      OMPDeclareTargetDeclAttr::getDeviceType(F);
  if (DT && *DT != OMPDeclareTargetDeclAttr::DT_Any)
    return Name + " has a 'device_type' other than 'any'";
  auto Later = [&](SourceLocation L) {
    L = SM.getExpansionLoc(L);
    if (SM.getFileID(L) == TU.UnitMain &&
        (Last.isInvalid() || SM.isBeforeInTranslationUnit(Last, L)))
      Last = L;
  };
  for (const FunctionDecl *Re : F->redecls()) {
    Later(Re->getEndLoc());
    for (const auto *A : Re->specific_attrs<OMPDeclareTargetDeclAttr>())
      Later(A->getRange().getBegin());
  }
  return "";
}

} // namespace

IndirectTable indirectTable(const TUState &TU) {
  IndirectTable T;
  IndirectFinder F(TU.Ctx, T);
  F.TraverseDecl(TU.Ctx.getTranslationUnitDecl());
  if (T.Fns.empty() || !T.Why.empty())
    return T;
  const SourceManager &SM = TU.Ctx.getSourceManager();
  if (SM.getMainFileID() != TU.UnitMain) {
    T.Why = "the region is in a header, and the table is in the main file";
    return T;
  }
  SourceLocation Last;
  for (const FunctionDecl *Fn : T.Fns)
    if (T.Why = placeOf(Fn, TU, Last); !T.Why.empty())
      return T;
  std::sort(T.Fns.begin(), T.Fns.end(),
            [&](const FunctionDecl *A, const FunctionDecl *B) {
              return SM.isBeforeInTranslationUnit(A->getLocation(),
                                                  B->getLocation());
            });
  T.Offset = pastBlocks(SM.getBufferData(TU.UnitMain), lineAfter(SM, Last));
  // The line after must be at the top level, between declarations.
  for (const Decl *D : TU.Ctx.getTranslationUnitDecl()->decls()) {
    SourceLocation B = SM.getExpansionLoc(D->getBeginLoc());
    SourceLocation E = SM.getExpansionLoc(D->getEndLoc());
    if (D->isImplicit() || SM.getFileID(B) != TU.UnitMain ||
        SM.getFileID(E) != TU.UnitMain)
      continue;
    if (SM.getFileOffset(B) < T.Offset && T.Offset <= SM.getFileOffset(E)) {
      T.Why = "the line after the last of its functions is inside a "
              "declaration";
      return T;
    }
  }
  return T;
}

bool indirectTableServes(const TUState &TU) {
  IndirectTable T = indirectTable(TU);
  return !T.Fns.empty() && T.Why.empty();
}

namespace calls {

/// The top-level declaration of the main file that holds L's expansion,
/// or null.
static const Decl *topLevelAt(const TUState &TU, SourceLocation L) {
  const SourceManager &SM = TU.Ctx.getSourceManager();
  L = SM.getExpansionLoc(L);
  for (const Decl *D : TU.Ctx.getTranslationUnitDecl()->decls()) {
    SourceLocation B = SM.getExpansionLoc(D->getBeginLoc());
    SourceLocation E = SM.getExpansionLoc(D->getEndLoc());
    if (!D->isImplicit() && SM.getFileID(B) == SM.getFileID(L) &&
        !SM.isBeforeInTranslationUnit(L, B) &&
        !SM.isBeforeInTranslationUnit(E, L))
      return D;
  }
  return nullptr;
}

bool CallChecker::checkIndirect(const CallExpr *C) {
  std::string Base = "it calls through a function pointer";
  auto No = [&](const std::string &Why) {
    Result = Verdict::no(DiagId::HostCall, Base + Why);
    Result.Where = C->getBeginLoc();
    return false;
  };
  QualType T = C->getCallee()->getType();
  if (isa<CXXMemberCallExpr>(C) || !T->isFunctionPointerType())
    return No(", which the device cannot follow");
  IndirectTable Table = indirectTable(TU);
  if (Table.Fns.empty())
    return No(", which the device cannot follow: no function of the "
              "program is 'declare target ... indirect' (OpenMP 5.1)");
  if (!Table.Why.empty())
    return No(" and the file's 'declare target indirect' functions have no "
              "device table: " + Table.Why);
  // Only the region's own text: its kernel copy gets the lookup. A function
  // it calls is compiled for both sides, and a lambda's text is checked
  // without edits.
  if (!Path.empty() || (!Edits && !InInstance))
    return No(" outside the region's own text (in a function or lambda it "
              "calls), where the device table is not used");
  const SourceManager &SM = TU.Ctx.getSourceManager();
  const Decl *Top = topLevelAt(TU, C->getBeginLoc());
  if (!Top || SM.getFileOffset(SM.getExpansionLoc(Top->getBeginLoc())) <
                  Table.Offset)
    return No(" in a declaration that comes before the last 'declare "
              "target indirect' function, after which the device table "
              "goes");
  for (const FunctionDecl *F : Table.Fns) {
    Path.push_back(F->getNameAsString());
    bool Ok = checkCallee(F, nullptr);
    Path.pop_back();
    if (!Ok)
      return false;
  }
  if (!Edits)
    return true;
  const Expr *Callee = C->getCallee();
  unsigned B, E;
  if (!fileOffsets(SM, TU.Ctx.getLangOpts(), Callee->getSourceRange(), B, E)) {
    Result = Verdict::no(DiagId::HostMacro,
                         Base + " that comes from a macro, where the device "
                                "table's lookup cannot be spelled");
    Result.Where = C->getBeginLoc();
    return false;
  }
  // Around the callee's text, keeping the edits inside it (a captured
  // struct's `s` becoming `(*s)`): the opening goes first among the edits
  // at its offset.
  Edits->insert(Edits->begin(), TextEdit{B, 0, "omp2cuda_indirect("});
  Edits->push_back({E, 0, ")"});
  return true;
}

bool CallChecker::VisitDeclRefExpr(DeclRefExpr *E) {
  const auto *FD = dyn_cast<FunctionDecl>(E->getDecl());
  if (!FD || isa<CXXMethodDecl>(FD) || DirectCallees.count(E) ||
      !indirectTableServes(TU))
    return true;
  // Where pointers the host took reach device code, a function's address
  // taken there (the device's) would compare unequal to the host's.
  Result = Verdict::no(DiagId::HostCall,
                       "it takes the address of '" + FD->getNameAsString() +
                           "' in device code, where it is the device's "
                           "address and differs from pointers the host took");
  Result.Where = E->getBeginLoc();
  return false;
}

} // namespace calls

void indirectTableEdits(const TUState &TU,
                        std::map<unsigned, std::string> &Inserts) {
  const SourceManager &SM = TU.Ctx.getSourceManager();
  if (SM.getMainFileID() != TU.UnitMain)
    return;
  IndirectTable T = indirectTable(TU);
  if (T.Fns.empty() || !T.Why.empty())
    return;
  std::vector<std::string> Names;
  for (const FunctionDecl *F : T.Fns) {
    if (!TU.DeviceFunctions.count(F->getDefinition()))
      return; // no region called through a pointer (or one could not)
    Names.push_back(F->getNameAsString());
  }
  SourceLocation L = SM.getExpansionLoc(T.Fns.front()->getLocation());
  // Before the kernels inserted at the same place, which call its lookup.
  Inserts[T.Offset] =
      emitIndirectTable(Names, {TU.FileName, SM.getExpansionLineNumber(L), 0}) +
      Inserts[T.Offset];
}

} // namespace omp2cuda
