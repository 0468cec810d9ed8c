// Local types that kernels name move to file scope (see
// analysis/LocalTypes.cpp for when). The moved text is the user's own, with
// the file's C-to-C++ edits; what stays behind keeps the line count.
#include "edits/Edits.h"
#include "emit/Emit.h"

#include <fmt/format.h>

#include <algorithm>

using namespace clang;

namespace omp2cuda {

MovedType moveLocalType(const LocalTypeMove &M, ASTContext &Ctx,
                        const std::vector<TextEdit> &FileEdits,
                        const std::string &FileName, bool LineDirectives) {
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::StringRef Buf = SM.getBufferData(SM.getMainFileID());
  auto Off = [&](SourceLocation L) { return SM.getFileOffset(SM.getFileLoc(L)); };
  MovedType T;
  unsigned Line;
  if (M.Split) {
    T.Begin = Off(M.Tag->getBeginLoc());
    T.End = Off(M.Tag->getBraceRange().getEnd()) + 1;
    Line = SM.getExpansionLineNumber(M.Tag->getBeginLoc());
  } else {
    T.Begin = Off(M.Stmt->getBeginLoc());
    T.End = Off(M.Stmt->getEndLoc()) + 1; // the ';'
    Line = SM.getExpansionLineNumber(M.Stmt->getBeginLoc());
  }
  std::string Kind = M.Tag ? M.Tag->getKindName().str() : "";
  std::string Name = M.NewTagName.empty() && M.Tag ? M.Tag->getNameAsString()
                                                   : M.NewTagName;

  std::string Moved;
  if (!M.NewTagName.empty())
    Moved = Kind + " " + M.NewTagName + " " +
            textWithEdits(Buf, Off(M.Tag->getBraceRange().getBegin()), T.End,
                          FileEdits) + ";";
  else
    Moved = textWithEdits(Buf, T.Begin, T.End, FileEdits) + (M.Split ? ";" : "");
  T.FileScopeText = fmt::format(
      "// omp2cuda: moved here from '{}' ({}:{}) so that kernels can name it\n",
      M.Function ? M.Function->getNameAsString() : "", FileName, Line);
  T.FileScopeText += lineMarker({FileName, Line, 0}, LineDirectives);
  T.FileScopeText += Moved + "\n";

  unsigned NewLines = std::count(Buf.begin() + T.Begin, Buf.begin() + T.End, '\n');
  unsigned LineStart = T.Begin;
  while (LineStart > 0 && Buf[LineStart - 1] != '\n')
    --LineStart;
  std::string Indent;
  for (unsigned I = LineStart; I < T.Begin && (Buf[I] == ' ' || Buf[I] == '\t'); ++I)
    Indent += Buf[I];
  std::string Rest;
  if (M.Split) {
    Rest = NewLines ? "/* omp2cuda: definition moved to file scope */" +
                          std::string(NewLines, '\n') + Indent
                    : "";
    Rest += Kind + " " + Name;
  } else {
    Rest = "/* omp2cuda: moved to file scope */" + std::string(NewLines, '\n');
  }
  T.Remnant = {T.Begin, T.End - T.Begin, Rest};
  return T;
}

} // namespace omp2cuda
