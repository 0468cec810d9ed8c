// C reductions over enumerations, made valid C++ (see EnumReductions.h).
#include "edits/EnumReductions.h"
#include "frontend/FileScope.h"

#include "clang/AST/Decl.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/Basic/OperatorKinds.h"
#include "clang/Lex/Lexer.h"

#include "llvm/ADT/StringExtras.h"

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
Combiner combinerFor(llvm::StringRef Op, const std::string &T) {
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
  if (Op == "min" || Op == "max")
    return {"omp_out = omp_in " + std::string(Op == "min" ? "<" : ">") +
                " omp_out ? omp_in : omp_out",
            "omp_priv = omp_orig"};
  return {};
}

/// The reduction identifier as written: an operator or `min`/`max`.
std::string reductionOp(const DeclarationNameInfo &N) {
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

  template <typename ClauseT> void clause(const ClauseT *C, const Decl *Top) {
    std::string Op = reductionOp(C->getNameInfo());
    for (const Expr *V : C->varlists()) {
      const EnumDecl *ED = reducedEnum(V);
      if (!ED || !Done.insert({ED, Op}).second)
        continue;
      std::string T = typeName(ED);
      Combiner Comb = combinerFor(Op, T);
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
      if (!afterDefinition(ED, Pragma) && !beforeTop(ED, Top, Pragma))
        Problems.push_back(
            {V->getExprLoc(), "a reduction over the enumeration '" + T +
                                  "', which C++ cannot reduce, declared where "
                                  "no C++ reduction for it can be added"});
    }
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

  /// After the `;` that ends the declaration of ED, in the scope it
  /// declares ED in (the file, or a block).
  bool afterDefinition(const EnumDecl *ED, const std::string &Pragma) {
    SourceLocation Close = ED->getBraceRange().getEnd();
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

  /// Before the file-scope declaration Top that holds the directive, for an
  /// enumeration declared at file scope in a header.
  bool beforeTop(const EnumDecl *ED, const Decl *Top,
                 const std::string &Pragma) {
    if (!Top || !ED->getDeclContext()->isFileContext())
      return false;
    SourceLocation B = Top->getBeginLoc();
    if (B.isMacroID() || !inMainFile(SM, B))
      return false;
    insertLine(SM.getFileOffset(B), Pragma);
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

/// The file-scope declaration whose text holds L.
const Decl *topLevelAt(ASTContext &Ctx, SourceLocation L) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    SourceRange R = D->getSourceRange();
    if (D->isImplicit() || R.isInvalid())
      continue;
    SourceLocation B = SM.getExpansionLoc(R.getBegin());
    SourceLocation E = SM.getExpansionLoc(R.getEnd());
    if (!SM.isBeforeInTranslationUnit(L, B) &&
        !SM.isBeforeInTranslationUnit(E, L))
      return D;
  }
  return nullptr;
}

} // namespace

void enumReductionEdits(ASTContext &Ctx,
                        llvm::ArrayRef<const OMPExecutableDirective *> Ds,
                        bool LineDirectives, std::vector<TextEdit> &Out,
                        std::vector<CompatProblem> &Problems) {
  EnumReductions R(Ctx, LineDirectives, Out, Problems);
  for (const OMPExecutableDirective *D : Ds) {
    const Decl *Top = nullptr;
    bool Found = false;
    for (const OMPClause *C : D->clauses()) {
      if (const auto *LC = dyn_cast_or_null<OMPLinearClause>(C)) {
        // No declaration can make C++ accept this one.
        for (const Expr *V : LC->varlists())
          if (reducedEnum(V))
            Problems.push_back({V->getExprLoc(),
                                "linear of a variable of enumeration "
                                "type, which C++ does not allow"});
        continue;
      }
      if (!C || !(isa<OMPReductionClause, OMPTaskReductionClause,
                      OMPInReductionClause>(C)))
        continue;
      if (!Found) {
        Top = topLevelAt(
            Ctx, Ctx.getSourceManager().getExpansionLoc(D->getBeginLoc()));
        Found = true;
      }
      if (const auto *RC = dyn_cast<OMPReductionClause>(C))
        R.clause(RC, Top);
      else if (const auto *TC = dyn_cast<OMPTaskReductionClause>(C))
        R.clause(TC, Top);
      else
        R.clause(cast<OMPInReductionClause>(C), Top);
    }
  }
  R.flush();
}

} // namespace omp2cuda
