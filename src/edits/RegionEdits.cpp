#include "edits/Edits.h"
#include "frontend/FileScope.h"
#include "edits/BodyPrinter.h"
#include "emit/Emit.h"
#include "lowering/Lower.h"

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

llvm::StringRef mainBuffer(ASTContext &Ctx) {
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


/// Offset of the start of the top-level declaration, and whether it starts
/// a line.
unsigned topLevelStart(const Decl *D, ASTContext &Ctx, bool &AtLineStart) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation L = SM.getExpansionLoc(D->getBeginLoc());
  unsigned Off = SM.getFileOffset(L);
  llvm::StringRef Buf = mainBuffer(Ctx);
  unsigned I = Off;
  while (I > 0 && (Buf[I - 1] == ' ' || Buf[I - 1] == '\t'))
    --I;
  AtLineStart = I == 0 || Buf[I - 1] == '\n';
  return AtLineStart ? I : Off;
}

} // namespace

unsigned directiveStart(const OMPExecutableDirective &D, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation L = D.getBeginLoc();
  if (L.isMacroID())
    return SM.getFileOffset(SM.getExpansionRange(L).getBegin());
  unsigned Off = SM.getFileOffset(L);
  llvm::StringRef Buf = mainBuffer(Ctx);
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
  llvm::StringRef Buf = mainBuffer(Ctx);
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

/// The host task that carries a deferred target task o2c_task (null: run
/// the host fallback instead) with the construct's dependences: detached,
/// fulfilled by the helper thread that completes the target task, where the
/// host compiler's runtime allows it (omp2cuda/async.h). A target region
/// with dependences (Early) also gets a detached sibling without them
/// (o2c_done), which is what taskwait, taskgroup and barriers wait for, so
/// that the one with them can release its successors as soon as the device
/// work is queued (docs/async.md). A data construct is never released
/// early: its one task completes with it, and no sibling is needed.
static std::string deferredTask(const std::vector<std::string> &Depends,
                                bool Early) {
  std::string Deps;
  for (const std::string &X : Depends)
    Deps += " " + X;
  if (Depends.empty() || !Early)
    return fmt::format("if (o2c_task) {{\n"
                       "#if O2C_DETACH\n"
                       "o2c::Event o2c_event = o2c::Event(); // set by detach\n"
                       "#pragma omp task{0} detach(o2c_event) firstprivate(o2c_task)\n"
                       "o2c::startTask(o2c_task, o2c_event);\n"
                       "#else\n"
                       "#pragma omp task{0} firstprivate(o2c_task)\n"
                       "o2c::runTask(o2c_task);\n"
                       "#endif\n",
                       Deps);
  return fmt::format(
      "if (o2c_task) {{\n"
      "#if O2C_DETACH\n"
      "o2c::Event o2c_event = o2c::Event(), o2c_done = o2c::Event(); // set by "
      "detach\n"
      "#pragma omp task detach(o2c_done)\n"
      "{{ }} // completes with the target task\n"
      "#pragma omp task{0} detach(o2c_event) firstprivate(o2c_task, o2c_done)\n"
      "o2c::startTask(o2c_task, o2c_event, o2c_done);\n"
      "#else\n"
      "#pragma omp task{0} firstprivate(o2c_task)\n"
      "o2c::runTask(o2c_task);\n"
      "#endif\n",
      Deps);
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
    Call = fmt::format("{{ o2c::AsyncTask *o2c_task = {}{}({});\n",
                       K.StubName, K.TemplateArgs, Args) +
           deferredTask(Depends, /*Early=*/true) + "} else {";
    E.CallSite.push_back({Begin, 0, Call + " // omp2cuda: deferred to a "
                                           "hidden helper thread; host "
                                           "fallback below\n" +
                                        lineMarker({R.Loc.File,
                                                    lineOf(Ctx, Begin), 0},
                                                   LineDirectives)});
    E.CallSite.push_back({End, 0, " } }"});
    E.InsertAt = topLevelStart(C.TopLevel, Ctx, AtLineStart);
    E.Insert = (AtLineStart ? "" : "\n") + Emitted;
    return E;
  }
  if (D.getBeginLoc().isMacroID()) {
    // The caller prints the macro's expansion around this prefix.
    E.CallSite.push_back({Begin, 0, Call});
    return E.InsertAt = topLevelStart(C.TopLevel, Ctx, AtLineStart),
           E.Insert = (AtLineStart ? "" : "\n") + Emitted, E;
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
  E.CallSite.push_back({End, 0, std::string(Braces ? " } }" : " }") +
                                    (R.InReduction.empty() ? "" : " }")});

  E.InsertAt = topLevelStart(C.TopLevel, Ctx, AtLineStart);
  E.Insert = (AtLineStart ? "" : "\n") + Emitted;
  return E;
}

namespace {

/// Host address and byte count of a mapped item, as C++ text.
void itemText(const Capture &Cap, std::string &Addr, std::string &Bytes) {
  const MapInfo &M = *Cap.Map;
  if (M.Section) {
    Addr = fmt::format("({}) + ({})", Cap.CallArg, M.Lower);
    Bytes = fmt::format("(size_t)({}) * sizeof(*({}))", M.Length, Cap.CallArg);
  } else if (Cap.PointerObject) {
    Addr = "&(" + Cap.CallArg + ")"; // the pointer variable's own storage
    Bytes = "sizeof(" + Cap.CallArg + ")";
  } else if (Cap.IsPointer) {
    Addr = Cap.CallArg; // a pointer itself maps as a zero-length section
    Bytes = "0";
  } else {
    Addr = "&(" + Cap.CallArg + ")";
    Bytes = "sizeof(" + Cap.CallArg + ")";
  }
}

/// Capture-shaped view of a map item on an lvalue base, for itemText.
Capture basedItem(const PointerMap &PM) {
  Capture C;
  C.CallArg = PM.Base;
  C.Map = PM.Map;
  return C;
}

/// Whether a map of this type attaches its base pointer (entering maps do).
bool attaches(const PointerMap &PM) {
  MapType T = PM.Map.Type;
  return PM.AttachBase && T != MapType::Release && T != MapType::Delete;
}

/// A pointer member item (`s.q`) of an entering map: attached to its
/// pointee, as a pointer variable is.
bool attachesSelf(const PointerMap &PM) {
  MapType T = PM.Map.Type;
  return PM.AttachSelf && T != MapType::Release && T != MapType::Delete;
}

/// A pointer variable mapped by an entering map is attached to its pointee,
/// as a target region's map(tofrom: p) is (o2c::TargetRegion::mapPointer);
/// a `void *` has no pointee type to attach through, and keeps its value.
bool attachesItself(const Capture &Cap) {
  MapType T = Cap.Map->Type;
  return Cap.PointerObject && T != MapType::Release && T != MapType::Delete &&
         !llvm::StringRef(Cap.ElemType).ends_with("void");
}

/// The runtime text of a data construct, without the comments and line
/// markers around it (the same text goes into a #define body).
struct DataCalls {
  std::string Loc, Dev, If;

  DataCalls(const Region &R, unsigned Line, unsigned Col) {
    Loc = fmt::format("static const o2c::SourceLoc o2c_loc = {{{}, {}, {}, {}}};",
                      cString(R.Loc.File), Line, Col, cString(R.Directive));
    Dev = R.Device.empty() ? "-1" : "o2c::deviceClause(" + R.Device + ")";
    If = R.IfCond.empty() ? "true" : "(bool)(" + R.IfCond + ")";
  }

  /// The statements that open a device data environment named Var.
  std::vector<std::string> open(const Region &R, const std::string &Var) const {
    std::vector<std::string> S{
        Loc, fmt::format("o2c::TargetRegion {}(o2c_loc, {}, {}, false);", Var,
                         Dev, If)};
    if (R.Depend)
      S.push_back("o2c::waitForSiblingTasks();");
    for (const Capture &Cap : R.Captures) {
      if (!Cap.Map)
        continue;
      std::string Addr, Bytes;
      itemText(Cap, Addr, Bytes);
      S.push_back(fmt::format("{}.map({}, {}, {});", Var, Addr, Bytes,
                              mapFlags(*Cap.Map)));
      if (attachesItself(Cap))
        S.push_back(fmt::format("{}.attachSection(&({}), 0);", Var, Cap.CallArg));
    }
    for (const PointerMap &PM : R.PointerMaps) {
      std::string Addr, Bytes;
      itemText(basedItem(PM), Addr, Bytes);
      S.push_back(fmt::format("{}.map({}, {}, {});", Var, Addr, Bytes,
                              mapFlags(PM.Map)));
      if (attaches(PM))
        S.push_back(fmt::format("{}.attachSection(&({}), {});", Var, PM.Base,
                                PM.Map.Lower));
      if (attachesSelf(PM))
        S.push_back(fmt::format("{}.attachSection({}, 0);", Var, PM.Base));
    }
    return S;
  }

  /// The statements of a stand-alone directive (o2c::update(...), ...).
  /// Deferred (non-empty Depends, or no depend clause at all): `nowait`
  /// outside a macro; the calls are recorded in a deferred target task.
  std::vector<std::string> standAlone(const OMPExecutableDirective &D,
                                      const Region &R, bool Deferred = false,
                                      const std::vector<std::string> &Depends =
                                          {}) const {
    std::vector<std::string> Calls{Loc};
    if (Deferred)
      Calls.push_back("o2c::AsyncTask *o2c_task = new o2c::AsyncTask(o2c_loc);");
    else if (R.Depend)
      Calls.push_back("o2c::waitForSiblingTasks();");
    const char *Fn = D.getDirectiveKind() == llvm::omp::OMPD_target_enter_data
                         ? "o2c::enterData"
                     : D.getDirectiveKind() == llvm::omp::OMPD_target_exit_data
                         ? "o2c::exitData"
                         : "o2c::update";
    // A deferred construct records the same calls, arguments evaluated now.
    const std::string Ns = Deferred ? "o2c_task->" : "o2c::";
    std::vector<Capture> Items;
    for (const Capture &Cap : R.Captures)
      if (Cap.Map)
        Items.push_back(Cap);
    const size_t FirstBased = Items.size();
    for (const PointerMap &PM : R.PointerMaps)
      Items.push_back(basedItem(PM));
    for (size_t I = 0; I < Items.size(); ++I) {
      const Capture &Cap = Items[I];
      std::string Addr, Bytes;
      itemText(Cap, Addr, Bytes);
      std::string ToDevice = Cap.Map->Type == MapType::To ? "true" : "false";
      if (Cap.Map->Present)
        ToDevice += ", /*Present=*/true";
      if (!Cap.Map->Stride.empty())
        Calls.push_back(fmt::format("{}updateStrided(o2c_loc, {}, {}, {}, "
                                    "sizeof(*({})), (size_t)({}), (size_t)({}), {});",
                                    Ns, Dev, If, Addr, Cap.CallArg, Cap.Map->Length,
                                    Cap.Map->Stride, ToDevice));
      else if (std::string(Fn) == "o2c::update")
        Calls.push_back(fmt::format("{}update(o2c_loc, {}, {}, {}, {}, {});",
                                    Ns, Dev, If, Addr, Bytes, ToDevice));
      else
        Calls.push_back(fmt::format("{}{}(o2c_loc, {}, {}, {}, {}, {});", Ns,
                                    Fn + 5, Dev, If, Addr, Bytes,
                                    mapFlags(*Cap.Map)));
      if (I < FirstBased && std::string(Fn) == "o2c::enterData" &&
          attachesItself(Cap))
        Calls.push_back(fmt::format("{}attachSection(o2c_loc, {}, {}, &({}), 0);",
                                    Ns, Dev, If, Cap.CallArg));
      if (I >= FirstBased && std::string(Fn) == "o2c::enterData" &&
          attachesSelf(R.PointerMaps[I - FirstBased]))
        Calls.push_back(fmt::format("{}attachSection(o2c_loc, {}, {}, {}, 0);",
                                    Ns, Dev, If, Cap.CallArg));
      if (I >= FirstBased && std::string(Fn) == "o2c::enterData" &&
          attaches(R.PointerMaps[I - FirstBased]))
        Calls.push_back(fmt::format("{}attachSection(o2c_loc, {}, {}, &({}), {});",
                                    Ns, Dev, If, Cap.CallArg, Cap.Map->Lower));
    }
    if (Deferred)
      Calls.push_back(deferredTask(Depends, /*Early=*/false) + "}");
    return Calls;
  }
};

/// Statements on one line (a #define body takes no line breaks).
std::string oneLine(const std::vector<std::string> &Stmts) {
  std::string Out;
  for (const std::string &S : Stmts)
    Out += (Out.empty() ? "" : " ") + S;
  return Out;
}

/// Statements one per line, each indented by Indent and two spaces.
std::string lines(const std::vector<std::string> &Stmts, llvm::StringRef Indent) {
  std::string Out;
  for (const std::string &S : Stmts)
    Out += Indent.str() + "  " + S + "\n";
  return Out;
}

/// The whitespace that starts the line holding Offset.
llvm::StringRef indentOf(llvm::StringRef Buf, unsigned Offset) {
  size_t Begin = Buf.rfind('\n', Offset); // searches [0, Offset)
  Begin = Begin == llvm::StringRef::npos ? 0 : Begin + 1;
  size_t End = Begin;
  while (End < Buf.size() && (Buf[End] == ' ' || Buf[End] == '\t'))
    ++End;
  return Buf.slice(Begin, End);
}

/// The original directive text as a one-line comment.
std::string directiveComment(llvm::StringRef Old) {
  std::string Flat;
  for (char Ch : Old.str())
    if (Ch != '\n' && Ch != '\\')
      Flat += Ch;
  size_t P;
  while ((P = Flat.find("*/")) != std::string::npos)
    Flat.replace(P, 2, "* /");
  return "/* " + Flat + " */";
}

/// The token of a #define body that L comes from, when L is a token the
/// macro's own body writes (not one passed in through a macro argument,
/// where the braces and commas of a runtime call would not survive).
bool definedToken(SourceLocation L, const SourceManager &SM, SourceLocation &Spell) {
  if (!L.isMacroID() || SM.isMacroArgExpansion(L) ||
      !SM.getImmediateSpellingLoc(L).isFileID())
    return false;
  Spell = SM.getImmediateSpellingLoc(L);
  return inMainFile(SM, Spell);
}

/// [Begin, End) of `_Pragma("...")` in a main-file #define body that produced
/// D, when its operand is a plain string literal written there (so that
/// every expansion names the same variables).
bool pragmaInDefine(const OMPExecutableDirective &D, ASTContext &Ctx,
                    unsigned &Begin, unsigned &End) {
  const SourceManager &SM = Ctx.getSourceManager();
  // The directive's tokens are lexed from the _Pragma's string (in scratch
  // space); their expansion is the _Pragma operator itself.
  SourceLocation L = D.getBeginLoc();
  while (L.isMacroID() && SM.isWrittenInScratchSpace(SM.getSpellingLoc(L)))
    L = SM.getImmediateExpansionRange(L).getBegin();
  SourceLocation Spell;
  if (!definedToken(L, SM, Spell))
    return false;
  llvm::StringRef Buf = mainBuffer(Ctx);
  Begin = SM.getFileOffset(Spell);
  Lexer Lex(SM.getLocForStartOfFile(SM.getMainFileID()), Ctx.getLangOpts(),
            Buf.begin(), Buf.begin() + Begin, Buf.end());
  Token T[4];
  for (Token &Tok : T)
    Lex.LexFromRawLexer(Tok);
  if (!T[0].is(tok::raw_identifier) || T[0].getRawIdentifier() != "_Pragma" ||
      !T[1].is(tok::l_paren) || !T[2].is(tok::string_literal) ||
      !T[3].is(tok::r_paren))
    return false;
  End = SM.getFileOffset(T[3].getLocation()) + 1;
  return true;
}

/// Where the structured block of a target data construct from a #define
/// ends in that #define's body.
bool blockEndInDefine(const OMPExecutableDirective &D, ASTContext &Ctx,
                      unsigned &End) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation L = D.getStructuredBlock()->getEndLoc(), Spell;
  if (!definedToken(L, SM, Spell))
    return false;
  End = SM.getFileOffset(Spell) +
        Lexer::MeasureTokenLength(Spell, SM, Ctx.getLangOpts());
  return true;
}

/// A data construct out of a macro whose expansion holds more than the
/// construct: its _Pragma is rewritten in the #define body, once for all
/// expansions.
RegionEdit dataEditsInDefine(const RegionCandidate &C, const Region &R,
                             ASTContext &Ctx,
                             std::map<unsigned, std::string> &DefineEdits) {
  RegionEdit E;
  const OMPExecutableDirective &D = *C.Directive;
  const SourceManager &SM = Ctx.getSourceManager();
  bool Env = R.Class == RegionClass::DataEnv;
  unsigned Begin = 0, End = 0, BlockEnd = 0;
  if (!pragmaInDefine(D, Ctx, Begin, End)) {
    E.Problem = "the macro that produces it also produces other code, and its "
                "_Pragma operand is not a string literal written in a #define "
                "of this file, so it cannot be rewritten (left to the host "
                "runtime, it would never reach the device data)";
    return E;
  }
  if (Env && (!R.DeviceAliases.empty() || !blockEndInDefine(D, Ctx, BlockEnd) ||
              BlockEnd <= End)) {
    E.Problem = "the macro that produces it also produces other code, and its "
                "structured block is not written in the same #define (or it "
                "has use_device_ptr/addr), so it cannot be rewritten";
    return E;
  }
  SourceLocation At = SM.getComposedLoc(SM.getMainFileID(), Begin);
  DataCalls Calls(R, SM.getSpellingLineNumber(At), SM.getSpellingColumnNumber(At));
  llvm::StringRef Old = mainBuffer(Ctx).slice(Begin, End);
  std::string Text =
      Env ? "{ " + oneLine(Calls.open(R, fmt::format("o2c_data_L{}",
                                                     SM.getSpellingLineNumber(At))))
          : "{ " + oneLine(Calls.standAlone(D, R)) + " }";
  Text += " " + directiveComment(Old);
  std::replace(Text.begin(), Text.end(), '\n', ' ');
  std::vector<TextEdit> Edits{{Begin, End - Begin, Text}};
  if (Env)
    Edits.push_back({BlockEnd, 0, " }"});
  for (const TextEdit &X : Edits) {
    auto [It, New] = DefineEdits.insert({X.Offset, X.Text});
    if (!New && It->second != X.Text) {
      E.Problem = "the macro that produces it is expanded where its variables "
                  "have different types, so one rewrite of its #define cannot "
                  "serve every expansion";
      return E;
    }
    if (New)
      E.CallSite.push_back(X);
  }
  return E;
}

/// Whether a data construct from a macro is all that the invocation
/// produces; if so, [Begin, End) is the invocation.
bool macroHoldsOnly(const OMPExecutableDirective &D, ASTContext &Ctx,
                    unsigned &Begin, unsigned &End) {
  MacroSite Site;
  if (!findMacroSite(&D, Ctx, Site) || Site.Stmts.size() != 1 ||
      Site.Stmts.front() != &D)
    return false;
  Begin = Site.Begin;
  End = Site.End;
  return true;
}

} // namespace

RegionEdit dataEdits(const RegionCandidate &C, const Region &R, ASTContext &Ctx,
                     bool LineDirectives,
                     std::map<unsigned, std::string> &DefineEdits) {
  RegionEdit E;
  const OMPExecutableDirective &D = *C.Directive;
  unsigned Begin = directiveStart(D, Ctx);
  unsigned MacroBegin = 0, MacroEnd = 0;
  bool FromMacro = D.getBeginLoc().isMacroID();
  if (FromMacro && !macroHoldsOnly(D, Ctx, MacroBegin, MacroEnd))
    return dataEditsInDefine(C, R, Ctx, DefineEdits);
  DataCalls Calls(R, R.Loc.Line, R.Loc.Col);

  if (R.Class == RegionClass::DataEnv) {
    std::string Var = fmt::format("o2c_data_L{}", R.Loc.Line);
    // One mapping per line; the block closes after the construct.
    llvm::StringRef Indent = indentOf(mainBuffer(Ctx), Begin);
    // The runtime calls are the generated file's own lines (an error in
    // them must not point at the input lines after the directive).
    std::string Open = "{ // omp2cuda: device data environment\n" +
                       generatedMarker(LineDirectives) +
                       lines(Calls.open(R, Var), Indent);
    Open += lineMarker({R.Loc.File, lineOf(Ctx, Begin), 0}, LineDirectives);
    E.CallSite.push_back({Begin, 0, Open});
    unsigned End = statementEnd(D, Ctx);
    if (!R.DeviceAliases.empty()) {
      // use_device_ptr/addr: in a block around the body, each name is
      // redeclared as the device copy (first read into a temporary, since
      // the new name hides the old one from its own initialiser).
      std::string Aliases = "{";
      for (const DeviceAlias &A : R.DeviceAliases)
        Aliases += A.Reference
                       ? fmt::format(" auto *o2c_dev_{0} = {1}.translate(&{0}); "
                                     "auto &{0} = *o2c_dev_{0}; (void){0};",
                                     A.Name, Var)
                       : fmt::format(" auto o2c_dev_{0} = {1}.translate({0}); "
                                     "auto {0} = o2c_dev_{0}; (void){0};",
                                     A.Name, Var);
      Aliases += " // omp2cuda: device addresses\n";
      SourceLocation BodyLoc = D.getStructuredBlock()->getBeginLoc();
      unsigned BodyBegin = Ctx.getSourceManager().getFileOffset(
          Ctx.getSourceManager().getFileLoc(BodyLoc));
      // Before the body's indentation, so the body keeps its layout.
      llvm::StringRef Buf = mainBuffer(Ctx);
      unsigned LineStart = BodyBegin;
      while (LineStart > 0 && (Buf[LineStart - 1] == ' ' || Buf[LineStart - 1] == '\t'))
        --LineStart;
      if (LineStart == 0 || Buf[LineStart - 1] == '\n')
        BodyBegin = LineStart;
      // The body keeps its line: the block opens on a line of its own,
      // marked as the body's line.
      Aliases = generatedMarker(LineDirectives) + Aliases +
                lineMarker({R.Loc.File, lineOf(Ctx, BodyBegin), 0}, LineDirectives);
      E.CallSite.push_back({BodyBegin, 0, Aliases});
      E.CallSite.push_back({End, 0, " }"});
    }
    E.CallSite.push_back({End, 0, " }"});
    return E;
  }

  // Stand-alone directives: the directive's line(s) become a block of
  // runtime calls, one per line (a macro's: its invocation), headed by the
  // original directive in a comment; a #line marker after it gives the rest
  // of the file its own line numbers again.
  unsigned End = FromMacro ? MacroEnd : statementEnd(D, Ctx);
  llvm::StringRef Old = mainBuffer(Ctx).slice(Begin, End);
  llvm::StringRef Indent = indentOf(mainBuffer(Ctx), Begin);
  std::vector<std::string> Depends = dependClauses(D, Ctx);
  bool Deferred = R.NoWait && !FromMacro && (!R.Depend || !Depends.empty());
  std::string Text = "{ " + directiveComment(Old) + "\n" +
                     generatedMarker(LineDirectives) +
                     lines(Calls.standAlone(D, R, Deferred, Depends), Indent) +
                     Indent.str() + "}";
  llvm::StringRef Rest = mainBuffer(Ctx).substr(End);
  Rest = Rest.take_until([](char Ch) { return Ch == '\n'; });
  if (!Rest.trim().empty()) {
    // Code after a macro's invocation on its line: it goes on on a line of
    // its own, numbered as that line.
    Text += "\n" + lineMarker({R.Loc.File, lineOf(Ctx, End), 0}, LineDirectives);
  } else if (std::string M = lineMarker({R.Loc.File, lineOf(Ctx, End) + 1, 0},
                                        LineDirectives);
             !M.empty()) {
    M.pop_back(); // the source's own newline ends the marker
    Text += "\n" + M;
  }
  E.CallSite.push_back({Begin, End - Begin, Text});
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
