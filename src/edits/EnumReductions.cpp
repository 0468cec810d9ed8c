// C reductions over enumerations, made valid C++ (see EnumReductions.h).
#include "edits/EnumReductions.h"
#include "edits/CEnums.h"
#include "frontend/FileScope.h"

#include "clang/AST/Decl.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/Basic/OperatorKinds.h"
#include "clang/Lex/Lexer.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <set>

using namespace clang;

namespace omp2cuda {
namespace {

/// The C++ spelling of Op's reduction over T (`omp_out`, `omp_in` of type
/// T), as C computes it on the enumeration's integer type, and its
/// initialiser; empty for a user-defined reduction identifier.
struct Combiner {
  std::string Combine, Init;
};
Combiner combinerFor(llvm::StringRef Op, const std::string &T, bool Unsigned) {
  auto Arith = [&](llvm::StringRef O, llvm::StringRef Id) {
    return Combiner{"omp_out = (" + T + ")(omp_out " + O.str() + " omp_in)",
                    "omp_priv = (" + T + ")" + Id.str()};
  };
  // OpenMP 5.2 §5.5.5: `-` combines as `+`; min and max are idempotent, so
  // the original value is as good an initialiser as the type's extreme.
  if (Op == "+" || Op == "-")
    return Arith("+", "0");
  if (Op == "*")
    return Arith("*", "1");
  if (Op == "|" || Op == "^" || Op == "||")
    return Arith(Op, "0");
  if (Op == "&&")
    return Arith(Op, "1");
  if (Op == "&")
    return Arith(Op, "~0");
  // C compares an enumeration of type unsigned int as unsigned.
  std::string In = Unsigned ? "(unsigned int)omp_in" : "omp_in";
  std::string Out = Unsigned ? "(unsigned int)omp_out" : "omp_out";
  if (Op == "min" || Op == "max")
    return {"omp_out = " + In + (Op == "min" ? " < " : " > ") + Out +
                " ? omp_in : omp_out",
            "omp_priv = omp_orig"};
  return {};
}

/// The reduction identifier as written: an operator or `min`/`max`.
std::string identifierSpelling(const DeclarationNameInfo &N) {
  DeclarationName Name = N.getName();
  if (Name.getNameKind() == DeclarationName::CXXOperatorName)
    return getOperatorSpelling(Name.getCXXOverloadedOperator());
  if (Name.isIdentifier())
    return Name.getAsIdentifierInfo()->getName().str();
  return "";
}

/// The enumeration that the list item E reduces, if any (the element type
/// of an array or array section).
const EnumDecl *reducedEnum(const Expr *E) {
  QualType T = E->getType();
  if (const auto *S = dyn_cast<ArraySectionExpr>(E->IgnoreParenImpCasts())) {
    T = ArraySectionExpr::getBaseOriginalType(S->getBase());
    while (T->isPointerType() || T->isArrayType())
      T = QualType(T->getPointeeOrArrayElementType(), 0);
  }
  while (T->isArrayType())
    T = QualType(T->getPointeeOrArrayElementType(), 0);
  const auto *ET = T.getCanonicalType()->getAs<EnumType>();
  return ET ? ET->getDecl()->getDefinition() : nullptr;
}

class EnumReductions {
public:
  EnumReductions(ASTContext &Ctx, bool LineDirectives,
                 std::vector<TextEdit> &Out,
                 std::vector<CompatProblem> &Problems)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), LineDirectives(LineDirectives),
        Out(Out), Problems(Problems) {}

  template <typename ClauseT> void clause(const ClauseT *C) {
    std::string Op = identifierSpelling(C->getNameInfo());
    for (const Expr *V : C->varlists()) {
      const EnumDecl *ED = reducedEnum(V);
      if (!ED || !Done.insert({ED, Op}).second)
        continue;
      std::string T = typeName(ED);
      Combiner Comb = combinerFor(Op, T, promotesUnsigned(ED));
      if (Comb.Combine.empty())
        continue; // the user's own reduction, written for C and C++ alike
      if (T.empty()) {
        Problems.push_back({V->getExprLoc(), "a reduction over an enumeration "
                                             "without a name, which C++ cannot "
                                             "reduce"});
        continue;
      }
      std::string Pragma = "#pragma omp declare reduction(" + Op + " : " + T +
                           " : " + Comb.Combine + ") initializer(" + Comb.Init +
                           ")";
      if (!declare(ED, "reduction" + Op, Pragma, false))
        Problems.push_back(
            {V->getExprLoc(), "a reduction over the enumeration '" + T +
                                  "', which C++ cannot reduce, declared where "
                                  "no C++ reduction for it can be added"});
    }
  }

  /// The operator that P applies, declared for its enumeration at file
  /// scope (an operator function can be declared nowhere else).
  void inPlace(const EnumInPlace &P) {
    const EnumDecl *ED = reducedEnum(P.Operand);
    if (!ED || !Done.insert({ED, "op " + P.Op}).second)
      return;
    std::string T = typeName(ED);
    llvm::StringRef Op = P.Op;
    std::string Fn;
    // C promotes the enumeration to unsigned int where C++ has int: `e /= 2`
    // divides unsigned.
    std::string L = promotesUnsigned(ED) ? "(unsigned int)o2c_l" : "o2c_l";
    if (Op.consume_back("=")) { // `e |= x`: e = (T)(e | x), x of any type
      auto Def = [&](const std::string &Head, const std::string &R) {
        return Head + "__host__ __device__ inline " + T + " &operator" +
               Op.str() + "=(" + T + " &o2c_l, " + R + " o2c_r) { return " +
               "o2c_l = (" + T + ")(" + L + " " + Op.str() + " o2c_r); }";
      };
      Fn = Def("template <class O2cR> ", "O2cR");
      // G++ 12 prefers a built-in operator it then rejects (int to the
      // enumeration) to the template: each integer type a right operand
      // promotes to gets an exact match (review rEO e2.c, e9.c).
      for (const char *R : {"int", "unsigned int", "long", "unsigned long",
                            "long long", "unsigned long long"})
        Fn += "\n" + Def("", R);
    } else {
      std::string Sign = Op.starts_with("++") ? "+" : "-";
      std::string Step = "o2c_l = (" + T + ")(" + L + " " + Sign + " 1)";
      Fn = Op.ends_with("post")
               ? "__host__ __device__ inline " + T + " operator" +
                     Op.take_front(2).str() + "(" + T + " &o2c_l, int) { " + T +
                     " o2c_old = o2c_l; " + Step + "; return o2c_old; }"
               : "__host__ __device__ inline " + T + " &operator" +
                     Op.take_front(2).str() + "(" + T + " &o2c_l) { return " +
                     Step + "; }";
    }
    if (T.empty() || !declare(ED, "op" + P.Op, Fn, true))
      Problems.push_back(
          {P.Loc, "arithmetic in place ('" +
                      llvm::StringRef(P.Op).split(' ').first.str() +
                      "') on an enumeration that C++ allows only through an "
                      "operator declared for it at file scope, which this "
                      "enumeration (without a name, or declared in a "
                      "function) cannot have"});
  }

  /// Each offset's pragmas, as lines of their own that leave what follows
  /// on the line it had.
  void flush() {
    for (const auto &[Off, Lines] : Pending) {
      unsigned L = SM.getLineNumber(SM.getMainFileID(), Off);
      Out.push_back({Off, 0,
                     "\n" + llvm::join(Lines, "\n") + "\n" +
                         (LineDirectives ? "#line " + std::to_string(L) + "\n"
                                         : std::string())});
    }
  }

private:
  static std::string typeName(const EnumDecl *ED) {
    if (ED->getIdentifier())
      return "enum " + ED->getName().str();
    if (const TypedefNameDecl *TD = ED->getTypedefNameForAnonDecl())
      return TD->getName().str();
    return "";
  }

  void insertLine(unsigned Off, const std::string &Line) {
    Pending[Off].push_back(Line);
  }

  /// Line after the declaration of ED, or after the #include that brings
  /// it (FileScope: only where ED is declared at file scope).
  /// What (a key: "op|=", "reduction+") for a file-scope enumeration is
  /// defined once per translation unit, however many of its files (a
  /// translated header and the .cu) declare it.
  bool declare(const EnumDecl *ED, const std::string &What,
               const std::string &Line, bool FileScope) {
    if (FileScope && !ED->getDeclContext()->isFileContext())
      return false;
    std::string Text = Line;
    if (ED->getDeclContext()->isFileContext()) {
      std::string Guard = "O2C_ENUM_" + typeName(ED) + "_";
      for (char C : What) {
        static const char *Sym = "+-*/%<>&|^=! ";
        static const char *Word[] = {"plus", "minus", "times", "div", "mod",
                                     "lt",   "gt",    "and",   "or",  "xor",
                                     "eq",   "not",   "_"};
        if (const char *P = std::strchr(Sym, C); P && C)
          Guard += Word[P - Sym];
        else
          Guard += C;
      }
      std::replace(Guard.begin(), Guard.end(), ' ', '_');
      Text =
          "#ifndef " + Guard + "\n#define " + Guard + "\n" + Line + "\n#endif";
    }
    return afterDefinition(ED, Text) || afterInclude(ED, Text);
  }

  /// After the `;` that ends the declaration of ED, in the scope it
  /// declares ED in (the file, or a block).
  bool afterDefinition(const EnumDecl *ED, const std::string &Pragma) {
    SourceLocation Close = ED->getBraceRange().getEnd();
    // C declares an enumeration written in a struct at file scope (and the
    // output moves it ahead of the struct): after the outermost struct's
    // declaration, where a function is no member.
    for (const DeclContext *LC = ED->getLexicalDeclContext();
         const auto *RD = dyn_cast<RecordDecl>(LC);
         LC = RD->getLexicalDeclContext())
      Close = RD->getBraceRange().getEnd();
    if (Close.isInvalid() || Close.isMacroID() || !inMainFile(SM, Close) ||
        !(ED->getDeclContext()->isFileContext() ||
          ED->getDeclContext()->isFunctionOrMethod()))
      return false;
    unsigned Depth = 0;
    for (std::optional<Token> T =
             Lexer::findNextToken(Close, SM, Ctx.getLangOpts());
         T && !T->is(tok::eof);
         T = Lexer::findNextToken(T->getLocation(), SM, Ctx.getLangOpts())) {
      if (T->getLocation().isMacroID())
        return false;
      if (T->isOneOf(tok::l_paren, tok::l_brace, tok::l_square))
        ++Depth;
      else if (T->isOneOf(tok::r_paren, tok::r_brace, tok::r_square) &&
               Depth-- == 0)
        return false;
      else if (T->is(tok::semi) && Depth == 0) {
        insertLine(SM.getFileOffset(T->getEndLoc()), Pragma);
        return true;
      }
    }
    return false;
  }

  /// After the main file's #include that brings ED's header (and after the
  /// `extern "C"` block linkageEdits puts around a user header's include),
  /// for an enumeration declared at file scope there.
  bool afterInclude(const EnumDecl *ED, const std::string &Line) {
    if (!ED->getDeclContext()->isFileContext())
      return false;
    FileID F = SM.getFileID(SM.getExpansionLoc(ED->getLocation()));
    SourceLocation Inc;
    while (F.isValid() && F != SM.getMainFileID()) {
      Inc = SM.getIncludeLoc(F);
      F = Inc.isValid() ? SM.getFileID(Inc) : FileID();
    }
    if (F != SM.getMainFileID() || Inc.isInvalid() || Inc.isMacroID())
      return false;
    llvm::StringRef Buf = SM.getBufferData(SM.getMainFileID());
    size_t End = Buf.find('\n', SM.getFileOffset(Inc));
    if (End == llvm::StringRef::npos)
      return false;
    // At the end of the include's line: after the block's closing brace,
    // which linkageEdits (run first) inserts there too, and before the
    // kernels inserted ahead of the next function.
    insertLine(static_cast<unsigned>(End), Line);
    return true;
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  bool LineDirectives;
  std::vector<TextEdit> &Out;
  std::vector<CompatProblem> &Problems;
  std::set<std::pair<const EnumDecl *, std::string>> Done;
  std::map<unsigned, std::vector<std::string>> Pending;
};

} // namespace

void enumReductionEdits(ASTContext &Ctx,
                        llvm::ArrayRef<const OMPExecutableDirective *> Ds,
                        llvm::ArrayRef<EnumInPlace> InPlace,
                        bool LineDirectives, std::vector<TextEdit> &Out,
                        std::vector<CompatProblem> &Problems) {
  EnumReductions R(Ctx, LineDirectives, Out, Problems);
  for (const OMPExecutableDirective *D : Ds)
    for (const OMPClause *C : D->clauses()) {
      if (const auto *LC = dyn_cast_or_null<OMPLinearClause>(C)) {
        // No declaration can make C++ accept this one.
        for (const Expr *V : LC->varlists())
          if (reducedEnum(V))
            Problems.push_back({V->getExprLoc(), "linear of a variable of "
                                                 "enumeration type, which C++ "
                                                 "does not allow"});
      } else if (const auto *RC = dyn_cast_or_null<OMPReductionClause>(C)) {
        R.clause(RC);
      } else if (const auto *TC = dyn_cast_or_null<OMPTaskReductionClause>(C)) {
        R.clause(TC);
      } else if (const auto *IC = dyn_cast_or_null<OMPInReductionClause>(C)) {
        R.clause(IC);
      }
    }
  for (const EnumInPlace &P : InPlace)
    R.inPlace(P);
  R.flush();
}

} // namespace omp2cuda
