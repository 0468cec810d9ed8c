#include "edits/DataCalls.h"
#include "edits/Edits.h"
#include "frontend/FileScope.h"
#include "edits/BodyPrinter.h"
#include "emit/Emit.h"
#include "lowering/Lower.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Lex/Lexer.h"

#include <fmt/format.h>

#include <algorithm>

using namespace clang;

namespace omp2cuda {

namespace {

llvm::StringRef mainText(ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  return SM.getBufferData(SM.getMainFileID());
}

/// True when wrapping the construct in `if (...) { ... }` would capture a
/// following `else` of an enclosing if statement.
bool isThenOfIfWithElse(const Stmt *S, ASTContext &Ctx) {
  for (const DynTypedNode &P : Ctx.getParents(*S))
    if (const auto *If = P.get<IfStmt>())
      return If->getThen() == S && If->getElse();
  return false;
}


/// The first `declare variant` / `declare simd` pragma written for D itself
/// (not one inherited from an earlier declaration), which must stay right
/// before the function: what goes ahead of D goes ahead of it.
SourceLocation attachedPragma(const Decl *D, const SourceManager &SM) {
  if (const auto *T = dyn_cast<FunctionTemplateDecl>(D))
    D = T->getTemplatedDecl();
  SourceLocation First;
  for (const Attr *A : D->attrs()) {
    if (!isa<OMPDeclareVariantAttr>(A) && !isa<OMPDeclareSimdDeclAttr>(A))
      continue;
    SourceLocation L = A->getLocation();
    if (A->isInherited() || L.isInvalid() || L.isMacroID() ||
        !SM.isInMainFile(L))
      continue;
    if (First.isInvalid() || SM.isBeforeInTranslationUnit(L, First))
      First = L;
  }
  return First;
}

/// Where D's text starts: an out-of-line member of a class template starts
/// at the class's `template <...>`, ahead of its own (`template <class T>
/// template <class U> void Box<T>::f(U)`), which is where D's begins.
SourceLocation outerBegin(const Decl *D) {
  const Decl *Inner = D;
  if (const auto *T = dyn_cast<TemplateDecl>(D); T && T->getTemplatedDecl())
    Inner = T->getTemplatedDecl();
  if (const auto *DD = dyn_cast<DeclaratorDecl>(Inner);
      DD && DD->getNumTemplateParameterLists())
    return DD->getOuterLocStart();
  if (const auto *TD = dyn_cast<TagDecl>(Inner);
      TD && TD->getNumTemplateParameterLists())
    return TD->getOuterLocStart();
  return D->getBeginLoc();
}

/// Offset of the start of the top-level declaration (its leading pragmas
/// included), and whether it starts a line.
unsigned topLevelStart(const Decl *D, ASTContext &Ctx, bool &AtLineStart) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation L = SM.getExpansionLoc(outerBegin(D));
  unsigned Off = SM.getFileOffset(L);
  llvm::StringRef Buf = mainText(Ctx);
  SourceLocation Pragma = attachedPragma(D, SM);
  if (Pragma.isValid() && SM.isBeforeInTranslationUnit(Pragma, L)) {
    unsigned P = SM.getFileOffset(Pragma);
    while (P > 0 && Buf[P - 1] != '\n')
      --P;
    AtLineStart = true;
    return P;
  }
  unsigned I = Off;
  while (I > 0 && (Buf[I - 1] == ' ' || Buf[I - 1] == '\t'))
    --I;
  AtLineStart = I == 0 || Buf[I - 1] == '\n';
  return AtLineStart ? I : Off;
}

/// Emitted inside the namespaces that enclose F but not Top, the
/// declaration it goes before: a member defined outside its namespace
/// (`void geo::Box<T>::fill() {...}` at file scope) names the namespace's
/// entities unqualified, which its kernel sees only inside them. With C++
/// linkage where Top has C linkage.
std::string inItsNamespaces(const FunctionDecl *F, const Decl *Top,
                            const std::string &Emitted) {
  if (!F || !Top)
    return Emitted;
  const DeclContext *Here = Top->getLexicalDeclContext();
  while (Here && !Here->isFileContext())
    Here = Here->getParent();
  std::string Open, Close;
  for (const DeclContext *DC = F->getParent(); DC && DC != Here;
       DC = DC->getParent()) {
    const auto *NS = dyn_cast<NamespaceDecl>(DC);
    if (!NS)
      continue;
    Open = std::string(NS->isInline() ? "inline " : "") + "namespace " +
           NS->getNameAsString() + (NS->isAnonymousNamespace() ? "" : " ") +
           "{\n" + Open;
    Close += "} // namespace " + NS->getNameAsString() + "\n";
  }
  // Inside `extern "C" { ... }` the kernels and stubs (templates, overloads
  // of one name) would get C linkage.
  for (const DeclContext *DC = Top->getLexicalDeclContext(); DC;
       DC = DC->getLexicalParent())
    if (const auto *LS = dyn_cast<LinkageSpecDecl>(DC)) {
      if (LS->getLanguage() == LinkageSpecLanguageIDs::C)
        return "extern \"C++\" {\n" + Open + Emitted + Close + "}\n";
      break;
    }
  return Open + Emitted + Close;
}

} // namespace

unsigned directiveStart(const OMPExecutableDirective &D, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation L = D.getBeginLoc();
  if (L.isMacroID())
    return SM.getFileOffset(SM.getExpansionRange(L).getBegin());
  unsigned Off = SM.getFileOffset(L);
  llvm::StringRef Buf = mainText(Ctx);
  // Move to the '#' of "#pragma" on this line.
  unsigned LineStart = Off;
  while (LineStart > 0 && Buf[LineStart - 1] != '\n')
    --LineStart;
  unsigned Hash = LineStart;
  while (Hash < Off && (Buf[Hash] == ' ' || Buf[Hash] == '\t'))
    ++Hash;
  return Buf[Hash] == '#' ? Hash : Off;
}

const OMPExecutableDirective *trailingDirective(const Stmt *S) {
  while (S) {
    if (const auto *D = dyn_cast<OMPExecutableDirective>(S))
      return D;
    if (const auto *F = dyn_cast<ForStmt>(S))
      S = F->getBody();
    else if (const auto *W = dyn_cast<WhileStmt>(S))
      S = W->getBody();
    else if (const auto *R = dyn_cast<CXXForRangeStmt>(S))
      S = R->getBody();
    else if (const auto *I = dyn_cast<IfStmt>(S))
      S = I->getElse() ? I->getElse() : I->getThen();
    else if (const auto *L = dyn_cast<LabelStmt>(S))
      S = L->getSubStmt();
    else if (const auto *C = dyn_cast<SwitchCase>(S))
      S = C->getSubStmt();
    else
      return nullptr;
  }
  return nullptr;
}

unsigned statementEnd(const OMPExecutableDirective &D, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  // target enter/exit data and update carry a CapturedStmt of their own (for
  // nowait/depend), but no user statement.
  bool StandAlone = isOpenMPTargetDataManagementDirective(D.getDirectiveKind()) &&
                    D.getDirectiveKind() != llvm::omp::OMPD_target_data;
  SourceLocation End;
  if (D.hasAssociatedStmt() && !StandAlone) {
    // Not every construct captures its statement (critical, master).
    const Stmt *S = D.getAssociatedStmt();
    while (const auto *CS = dyn_cast_or_null<CapturedStmt>(S))
      S = CS->getCapturedStmt();
    // A directive's own range ends with its pragma line, not its statement;
    // so does a loop or branch whose last statement is one.
    if (const auto *Inner = trailingDirective(S))
      return statementEnd(*Inner, Ctx);
    End = S->getEndLoc();
  }
  else
    End = D.getEndLoc();
  llvm::StringRef Buf = mainText(Ctx);
  if (End.isMacroID() && !StandAlone) {
    // A statement ending in a macro invocation (`a[i] = TWICE(a[i]);`) ends
    // with the ';' after the invocation, if one follows.
    End = SM.getExpansionRange(End).getEnd();
  }
  if (!D.hasAssociatedStmt() || StandAlone) {
    // A stand-alone directive ends with its line (continuations included).
    unsigned I = directiveStart(D, Ctx);
    while (I < Buf.size() && Buf[I] != '\n')
      I += Buf[I] == '\\' && I + 1 < Buf.size() ? 2 : 1;
    return I;
  }
  unsigned Off = SM.getFileOffset(End) + Lexer::MeasureTokenLength(End, SM, LO);
  if (Off > 0 && (Buf[Off - 1] == ';' || Buf[Off - 1] == '}'))
    return Off;
  // An expression statement's range stops before its ';'.
  unsigned I = Off;
  while (I < Buf.size() && (Buf[I] == ' ' || Buf[I] == '\t' || Buf[I] == '\n'))
    ++I;
  return I < Buf.size() && Buf[I] == ';' ? I + 1 : Off;
}

RegionEdit regionEdits(const RegionCandidate &C, const Region &R,
                       const KernelModel &K, const std::string &Emitted,
                       ASTContext &Ctx, bool LineDirectives) {
  RegionEdit E;
  const OMPExecutableDirective &D = *C.Directive;
  unsigned Begin = directiveStart(D, Ctx);
  unsigned End = statementEnd(D, Ctx);
  bool Braces = isThenOfIfWithElse(&D, Ctx);
  bool AtLineStart = true;
  std::string Args;
  for (const std::string &A : K.CallArgs)
    Args += (Args.empty() ? "" : ", ") + A;
  std::string Call = fmt::format("{}if (!{}{}({})) {{", Braces ? "{ " : "",
                                 K.StubName, K.TemplateArgs, Args);
  std::vector<std::string> Depends = dependClauses(D, Ctx);
  if (K.NoWait && (D.getBeginLoc().isMacroID() ||
                   (R.Depend && Depends.empty()))) {
    // No host task can be written here: the region completes where it is
    // encountered, after its predecessors (as without nowait).
    Call = fmt::format("{}if (!o2c::runNow({}{}({}), {})) {{",
                       Braces ? "{ " : "", K.StubName, K.TemplateArgs, Args,
                       R.Depend ? "true" : "false");
  } else if (K.NoWait) {
    Call = fmt::format("{{ o2c::AsyncTask *o2c_task = {}{}({});\n", K.StubName,
                       K.TemplateArgs, Args) +
           deferredTask(Depends, /*Early=*/true, hasMutexInOutSet(D)) +
           "} else {";
    E.CallSite.push_back(
        {Begin, 0,
         Call +
             " // omp2cuda: deferred to a "
             "hidden helper thread; host "
             "fallback below\n" +
             lineMarker({R.Loc.File, lineOf(Ctx, Begin), 0}, LineDirectives)});
    E.CallSite.push_back({End, 0, " } }"});
    E.InsertAt = topLevelStart(C.TopLevel, Ctx, AtLineStart);
    E.Insert = (AtLineStart ? "" : "\n") +
               inItsNamespaces(C.Function, C.TopLevel, Emitted);
    return E;
  }
  if (D.getBeginLoc().isMacroID()) {
    // The caller prints the macro's expansion around this prefix.
    E.CallSite.push_back({Begin, 0, Call});
    return E.InsertAt = topLevelStart(C.TopLevel, Ctx, AtLineStart),
           E.Insert = (AtLineStart ? "" : "\n") +
                      inItsNamespaces(C.Function, C.TopLevel, Emitted),
           E;
  } else {
    Call += " // omp2cuda: offloaded by the stub; host fallback below\n";
    Call += lineMarker({R.Loc.File, lineOf(Ctx, Begin), 0}, LineDirectives);
    // in_reduction (TargetInReduction.cpp): the item is the private copy of
    // an undeferred task that takes part in the taskgroup's reduction.
    if (!R.InReduction.empty())
      Call = "{\n#pragma omp task if(0) default(shared) " + R.InReduction +
             " // omp2cuda: the target task's reduction\n" + Call;
    E.CallSite.push_back({Begin, 0, Call});
  }
  E.CallSite.push_back({End, 0,
                        std::string(Braces ? " } }" : " }") +
                            (R.InReduction.empty() ? "" : " }")});

  E.InsertAt = topLevelStart(C.TopLevel, Ctx, AtLineStart);
  E.Insert = (AtLineStart ? "" : "\n") +
             inItsNamespaces(C.Function, C.TopLevel, Emitted);
  return E;
}

llvm::Expected<tooling::Replacements>
toReplacements(const std::string &FilePath, std::vector<TextEdit> Edits) {
  std::stable_sort(Edits.begin(), Edits.end(),
                   [](const TextEdit &A, const TextEdit &B) {
                     if (A.Offset != B.Offset)
                       return A.Offset < B.Offset;
                     // Insertions before a replacement at the same offset.
                     return A.Length < B.Length;
                   });
  // Merge: several insertions at one offset become one, in order.
  std::vector<TextEdit> Merged;
  for (TextEdit &E : Edits) {
    if (!Merged.empty() && Merged.back().Offset == E.Offset &&
        Merged.back().Length == 0) {
      Merged.back().Text += E.Text;
      Merged.back().Length = E.Length;
      continue;
    }
    Merged.push_back(std::move(E));
  }
  tooling::Replacements Reps;
  for (const TextEdit &E : Merged)
    if (llvm::Error Err = Reps.add(tooling::Replacement(FilePath, E.Offset,
                                                        E.Length, E.Text)))
      return Err;
  return Reps;
}

} // namespace omp2cuda
