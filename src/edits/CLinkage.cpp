// The C linkage of a translated C file (cCompatEdits): the generated .cu is
// C++, but the rest of a C program is still C, so the file's functions keep
// C linkage (`extern "C"`), and so do the declarations it includes from the
// user's own headers at file scope (an #include inside a function body
// holds statements, which `extern "C"` cannot enclose).
#include "edits/CLinkage.h"
#include "frontend/FileScope.h"

#include "clang/AST/Attr.h"
#include "clang/Basic/CharInfo.h"

#include <algorithm>
#include <set>

using namespace clang;

namespace omp2cuda {

namespace {

/// The main-file offsets [Begin, End] that the file's top-level declarations
/// span: an #include between them is inside a function body, an initialiser
/// or a struct, not at file scope.
std::vector<std::pair<unsigned, unsigned>> topLevelSpans(ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<std::pair<unsigned, unsigned>> Spans;
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    if (D->isImplicit())
      continue;
    CharSourceRange R = SM.getExpansionRange(D->getSourceRange());
    SourceLocation B = R.getBegin(), E = R.getEnd();
    if (B.isInvalid() || E.isInvalid() || !inMainFile(SM, B) ||
        !inMainFile(SM, E))
      continue;
    Spans.push_back({SM.getFileOffset(B), SM.getFileOffset(E)});
  }
  return Spans;
}

bool atFileScope(unsigned Off,
                 const std::vector<std::pair<unsigned, unsigned>> &Spans) {
  return std::none_of(Spans.begin(), Spans.end(), [&](const auto &S) {
    return S.first < Off && Off < S.second;
  });
}

/// A function under `declare variant` or `declare simd`: the pragma must be
/// followed by the function itself, so `extern "C"` cannot go in between;
/// a linkage block goes around pragma and function instead. False when F
/// has no such pragma (or it cannot be found in the file).
bool linkageBlockAroundPragma(const FunctionDecl *F, const SourceManager &SM,
                              bool LineDirectives, std::vector<TextEdit> &Out) {
  SourceLocation First;
  for (const Attr *A : F->attrs())
    if (isa<OMPDeclareVariantAttr>(A) || isa<OMPDeclareSimdDeclAttr>(A)) {
      SourceLocation L = A->getLocation();
      // A `begin declare variant` block's attribute has no location and no
      // pragma of its own (clang marks the pragmas' Implicit too).
      if (L.isInvalid())
        continue;
      if (L.isMacroID() || !inMainFile(SM, L))
        return false;
      if (First.isInvalid() || SM.isBeforeInTranslationUnit(L, First))
        First = L;
    }
  if (First.isInvalid())
    return false;
  llvm::StringRef Buf = SM.getBufferData(SM.getMainFileID());
  unsigned B = SM.getFileOffset(First);
  while (B > 0 && Buf[B - 1] != '\n')
    --B;
  unsigned E = SM.getFileOffset(SM.getExpansionLoc(F->getEndLoc())) + 1;
  if (!F->doesThisDeclarationHaveABody()) {
    size_t Semi = Buf.find(';', E - 1);
    if (Semi == llvm::StringRef::npos)
      return false;
    E = Semi + 1;
  }
  unsigned Line = SM.getLineNumber(SM.getMainFileID(), B);
  // The closing brace shares the function's last line, so only the opening
  // one moves the numbering.
  Out.push_back({B, 0,
                 "extern \"C\" {\n" +
                     (LineDirectives ? "#line " + std::to_string(Line) + "\n"
                                     : std::string())});
  Out.push_back({E, 0, " }"});
  return true;
}

/// A file-scope `const double k = 1.5;` has external linkage in C and
/// internal linkage in C++: the other C files of the program would not find
/// it (review rC of c20: "undefined reference to 'k'"). `extern` keeps it.
void constLinkageEdits(ASTContext &Ctx, std::vector<TextEdit> &Out) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::set<unsigned> Done;
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    const auto *VD = dyn_cast<VarDecl>(D);
    if (!VD || VD->isImplicit() || VD->getStorageClass() != SC_None ||
        !VD->hasExternalFormalLinkage() ||
        !Ctx.getBaseElementType(VD->getType()).isConstQualified() ||
        VD->getBeginLoc().isMacroID() || !inMainFile(SM, VD->getBeginLoc()))
      continue;
    // `const int a = 1, b = 2;`: one keyword for the declaration.
    if (unsigned Off = SM.getFileOffset(VD->getBeginLoc());
        Done.insert(Off).second)
      Out.push_back({Off, 0, "extern "});
  }
}

} // namespace

void linkageEdits(ASTContext &Ctx, bool LineDirectives,
                  std::vector<TextEdit> &Out) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    const auto *FD = dyn_cast<FunctionDecl>(D);
    // Implicit: the base clang declares for a `begin declare variant`
    // function that has none, at the variant's own place.
    if (!FD || FD->isImplicit() || FD->isMain() ||
        FD->getStorageClass() == SC_Static || FD->isInlineSpecified() ||
        FD->getBeginLoc().isMacroID() || !inMainFile(SM, FD->getBeginLoc()))
      continue;
    if (linkageBlockAroundPragma(FD, SM, LineDirectives, Out))
      continue;
    // `extern int f(int);` becomes `extern "C" int f(int);`: GCC rejects
    // `extern "C" extern` (a linkage specification with a storage class).
    unsigned Off = SM.getFileOffset(FD->getBeginLoc());
    llvm::StringRef At = SM.getBufferData(SM.getMainFileID()).substr(Off);
    bool Keyword = FD->getStorageClass() == SC_Extern &&
                   At.starts_with("extern") && At.size() > 6 &&
                   !isAsciiIdentifierContinue(At[6]);
    Out.push_back(
        {Off, Keyword ? 6u : 0u, Keyword ? "extern \"C\"" : "extern \"C\" "});
  }
  constLinkageEdits(Ctx, Out);
  llvm::StringRef Buf = SM.getBufferData(SM.getMainFileID());
  std::vector<std::pair<unsigned, unsigned>> Spans = topLevelSpans(Ctx);
  std::set<unsigned> Done;
  // A file that defines main (a whole program included as `.c`, as
  // OpenMP_VV's OMP_TARGET_OFFLOAD tests do), or includes one that does,
  // gets no block: main may not be declared in a linkage specification.
  std::set<FileID> HoldsMain;
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *FD = dyn_cast<FunctionDecl>(D);
        FD && FD->isMain() && FD->doesThisDeclarationHaveABody())
      for (FileID F = SM.getFileID(SM.getExpansionLoc(FD->getBeginLoc()));
           F.isValid() && F != SM.getMainFileID();
           F = SM.getFileID(SM.getIncludeLoc(F)))
        HoldsMain.insert(F);
  for (unsigned I = 0, N = SM.local_sloc_entry_size(); I < N; ++I) {
    const SrcMgr::SLocEntry &E = SM.getLocalSLocEntry(I);
    if (!E.isFile())
      continue;
    SourceLocation Inc = E.getFile().getIncludeLoc();
    if (Inc.isInvalid() || !inMainFile(SM, Inc) || Inc.isMacroID() ||
        E.getFile().getFileCharacteristic() != SrcMgr::C_User)
      continue;
    unsigned Off = SM.getFileOffset(Inc);
    if (!atFileScope(Off, Spans) ||
        HoldsMain.count(
            SM.getFileID(SourceLocation::getFromRawEncoding(E.getOffset()))))
      continue;
    unsigned B = Off, En = Off;
    while (B > 0 && Buf[B - 1] != '\n')
      --B;
    while (En < Buf.size() && Buf[En] != '\n')
      ++En;
    if (!Done.insert(B).second)
      continue;
    unsigned Line = SM.getLineNumber(SM.getMainFileID(), B);
    // The include keeps its own line number; the brace lines are marked.
    if (LineDirectives) {
      Out.push_back(
          {B, 0, "extern \"C\" {\n#line " + std::to_string(Line) + "\n"});
      Out.push_back({En, 0, "\n}\n#line " + std::to_string(Line + 1)});
    } else {
      Out.push_back({B, 0, "extern \"C\" {\n"});
      Out.push_back({En, 0, "\n}"});
    }
  }
}

} // namespace omp2cuda
