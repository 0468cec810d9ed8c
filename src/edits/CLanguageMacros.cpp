// The macros that tell C from C++ (part of cCompatEdits): the .cu keeps the
// main file's preprocessor lines and is compiled as C++, where
// `#ifdef __cplusplus` holds and `__STDC_VERSION__` is not defined, so
// `#if __STDC_VERSION__ >= 199901L` and `#ifdef __cplusplus` took the other
// branch than the C build. Each use in the main file (directives and macro
// definitions alike) is written as the C value: `__cplusplus` 0,
// `defined(__cplusplus)` 0, `#ifdef __cplusplus` `#if 0`, and
// `__STDC_VERSION__` the number of the C standard the file is parsed as.
// An #include of <complex.h>, whose C++ version is another library, is an
// error.
#include "edits/CEnums.h"
#include "edits/Edits.h"

#include "clang/Basic/LangStandard.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace omp2cuda {

namespace {

/// `__STDC_VERSION__` as C defines it, "" where it is not defined, or
/// nullopt where we do not know it.
std::optional<std::string> cStdcVersion(const LangOptions &LO) {
  if (LO.C2y)
    return std::nullopt;
  if (LO.C23)
    return "202311L";
  if (LO.C17)
    return "201710L";
  if (LO.C11)
    return "201112L";
  if (LO.C99)
    return "199901L";
  if (LO.LangStd == LangStandard::lang_c94)
    return "199409L";
  return "";
}

bool isRaw(const Token &T, llvm::StringRef Name) {
  return T.is(tok::raw_identifier) && T.getRawIdentifier() == Name;
}

/// Whether the #include line whose `include` is at Off names complex.h.
bool includesComplexH(llvm::StringRef Buf, unsigned Off) {
  llvm::StringRef Line = Buf.substr(Off).take_until(
      [](char C) { return C == '\n'; });
  return Line.contains("<complex.h>") || Line.contains("\"complex.h\"");
}

} // namespace

void languageMacroEdits(ASTContext &Ctx, std::vector<TextEdit> &Out,
                        std::vector<CompatProblem> &Problems) {
  const SourceManager &SM = Ctx.getSourceManager();
  FileID FID = SM.getMainFileID();
  llvm::StringRef Buf = SM.getBufferData(FID);
  Lexer L(SM.getLocForStartOfFile(FID), Ctx.getLangOpts(), Buf.begin(),
          Buf.begin(), Buf.end());
  std::vector<Token> Toks;
  Token T;
  while (!L.LexFromRawLexer(T))
    Toks.push_back(T);
  Toks.push_back(T);
  std::optional<std::string> Version = cStdcVersion(Ctx.getLangOpts());
  auto Off = [&](const Token &K) { return SM.getFileOffset(K.getLocation()); };
  for (size_t I = 0; I < Toks.size(); ++I) {
    if (Toks[I].is(tok::hash) && Toks[I].isAtStartOfLine() &&
        I + 1 < Toks.size() && isRaw(Toks[I + 1], "include") &&
        includesComplexH(Buf, Off(Toks[I + 1])))
      Problems.push_back({Toks[I].getLocation(),
                          "C's <complex.h>, which C++ makes <complex> "
                          "(std::complex, without creal, cimag, I, ...)"});
    bool Cxx = isRaw(Toks[I], "__cplusplus");
    if (!Cxx && !isRaw(Toks[I], "__STDC_VERSION__"))
      continue;
    if (!Cxx && !Version) {
      Problems.push_back({Toks[I].getLocation(),
                          "'__STDC_VERSION__' of a C standard whose value "
                          "omp2cuda does not know, which C++ does not define"});
      continue;
    }
    bool Defined = Cxx ? false : Version && !Version->empty();
    auto Prev = [&](size_t Back) -> const Token * {
      return I >= Back ? &Toks[I - Back] : nullptr;
    };
    const Token *P1 = Prev(1), *P2 = Prev(2);
    unsigned End = Off(Toks[I]) + Toks[I].getLength();
    auto Write = [&](const Token &From, unsigned To, std::string Text) {
      Out.push_back({Off(From), To - Off(From), std::move(Text)});
    };
    if (P1 && P2 && P2->is(tok::hash) && P2->isAtStartOfLine() &&
        P1->is(tok::raw_identifier)) {
      llvm::StringRef K = P1->getRawIdentifier();
      bool Not = K.ends_with("ndef");
      if (K == "ifdef" || K == "ifndef" || K == "elifdef" || K == "elifndef") {
        Write(*P1, End,
              std::string(K.starts_with("elif") ? "elif " : "if ") +
                  (Defined != Not ? "1" : "0"));
        continue;
      }
      if (K == "define" || K == "undef") {
        Problems.push_back({Toks[I].getLocation(),
                            "a C file that defines or undefines '" +
                                Toks[I].getRawIdentifier().str() +
                                "', which C and C++ define differently"});
        continue;
      }
    }
    if (P1 && isRaw(*P1, "defined")) {
      Write(*P1, End, Defined ? "1" : "0");
      continue;
    }
    if (P1 && P2 && P1->is(tok::l_paren) && isRaw(*P2, "defined") &&
        I + 1 < Toks.size() && Toks[I + 1].is(tok::r_paren)) {
      Write(*P2, Off(Toks[I + 1]) + 1, Defined ? "1" : "0");
      continue;
    }
    // An identifier no macro defines is 0 in a condition.
    Write(Toks[I], End, Cxx || Version->empty() ? "0" : *Version);
  }
}

} // namespace omp2cuda
