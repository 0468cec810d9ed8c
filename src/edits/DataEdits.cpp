#include "edits/DataCalls.h"
#include "edits/BodyPrinter.h"
#include "edits/Edits.h"
#include "frontend/FileScope.h"
#include "emit/Emit.h"
#include "lowering/Lower.h"

#include "clang/AST/StmtOpenMP.h"
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

/// use_device_ptr/addr: in a block around the body of the data construct
/// whose environment is Var, each name is redeclared as the device copy
/// (first read into a temporary, since the new name hides the old one from
/// its own initialiser).
void deviceAliasEdits(const OMPExecutableDirective &D, const Region &R,
                      const std::string &Var, ASTContext &Ctx,
                      bool LineDirectives, unsigned End, RegionEdit &E) {
  std::string Aliases = "{";
  // deviceAddress, not translate: the program may hand the address to work
  // on any stream, so the host waits for a first copy still running.
  for (const DeviceAlias &A : R.DeviceAliases)
    Aliases += A.Reference
                   ? fmt::format(" auto *o2c_dev_{0} = {1}.deviceAddress(&{0});"
                                 " auto &{0} = *o2c_dev_{0}; (void){0};",
                                 A.Name, Var)
                   : fmt::format(" auto o2c_dev_{0} = {1}.deviceAddress({0});"
                                 " auto {0} = o2c_dev_{0}; (void){0};",
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
    if (!R.DeviceAliases.empty())
      deviceAliasEdits(D, R, Var, Ctx, LineDirectives, End, E);
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

} // namespace omp2cuda
