// libFuzzer target over pragma/clause text and small whole files. Any input
// must end in a translation or a diagnostic, never in a crash, a hang or a
// sanitizer report.
//
// Input starting with '#' or '/': a whole C file. Otherwise the input is the
// text after "#pragma omp target" on a fixed loop.
#include "driver/Translate.h"

#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <algorithm>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  // Clang prints diagnostics to llvm::errs(), unbuffered: a system call per
  // piece of a snippet. A line of 1.7 KB of NUL characters gets a warning
  // per character, each with the whole line as its snippet (75 MB), and took
  // 33 s under ASan, past -timeout (stop 30's CI). Buffered, and without
  // Clang's snippets (-fno-caret-diagnostics below: their printer is Clang's
  // code, not ours), it takes 0.08 s (tests/fuzz/corpus/found/ keeps it).
  llvm::errs().SetBuffered();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > 4096)
    return 0;
  std::string In(reinterpret_cast<const char *>(Data), Size);
  // clang 19 itself crashes on `_Pragma` inside an OpenMP pragma line
  // (Parser::ParseOpenMPExecutableDirective; clang-19 -fsyntax-only crashes
  // the same way), so such inputs test clang, not us.
  if (In.find("_Pragma") != std::string::npos &&
      (In[0] != '#' && In[0] != '/'))
    return 0;
  {
    // Logical lines: a backslash-newline continues a directive.
    std::string Joined;
    for (size_t I = 0; I < In.size(); ++I) {
      if (In[I] == '\\') {
        size_t J = I + 1;
        while (J < In.size() && (In[J] == ' ' || In[J] == '\t' || In[J] == '\r'))
          ++J;
        if (J < In.size() && In[J] == '\n') {
          I = J;
          continue;
        }
      }
      Joined += In[I];
    }
    size_t LineStart = 0;
    while (LineStart < Joined.size()) {
      size_t End = Joined.find('\n', LineStart);
      std::string Line = Joined.substr(LineStart, End == std::string::npos
                                                      ? std::string::npos
                                                      : End - LineStart);
      size_t P = Line.find("_Pragma");
      if (P != std::string::npos &&
          ((Line.find("pragma") != std::string::npos && Line.find('#') != std::string::npos) ||
           std::count(Line.begin() + P, Line.end(), '"') % 2 != 0))
        return 0; // also: an unterminated _Pragma string, the same clang bug
      if (End == std::string::npos)
        break;
      LineStart = End + 1;
    }
  }
  std::string Code;
  if (!In.empty() && (In[0] == '#' || In[0] == '/')) {
    Code = In;
  } else {
    for (char &C : In)
      if (C == '\n' || C == '\r' || C == '\\' || C == '\0')
        C = ' ';
    Code = "struct S { int k; double v[4]; };\n"
           "double g[16];\n"
           "void f(double *a, const double *b, int n, int m, struct S s) {\n"
           "  double sum = 0; int t = 0;\n"
           "#pragma omp target " +
           In +
           "\n  for (int i = 0; i < n; ++i) { a[i] = b[i] * m + s.v[i % 4]; "
           "sum += a[i]; t = i; g[i % 16] = t; }\n"
           "  a[0] = sum;\n}\n";
  }
  omp2cuda::Options O;
  // Clang 19's own lexer crashes on some invalid _Pragma uses that the
  // filters above miss; such a crash inside Clang's parser is recovered
  // and ignored, a crash in omp2cuda's code is reported (scripts/fuzz runs
  // with ASAN_OPTIONS=handle_segv=0 so that the recovery sees the signal).
  static bool Enabled = (llvm::CrashRecoveryContext::Enable(), true);
  (void)Enabled;
  llvm::CrashRecoveryContext CRC;
  if (!CRC.RunSafely([&] {
        omp2cuda::translateCode(Code, "fuzz.c",
                                {"-xc", "-std=c11", "-fno-caret-diagnostics"}, O);
      }) &&
      omp2cuda::inTranslatorCode())
    __builtin_trap();
  return 0;
}
