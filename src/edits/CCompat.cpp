// C -> C++ compatibility edits, each derived from the AST (or, for the
// `restrict` keyword, from the main file's tokens). The generated .cu is C++,
// so C that relies on C-only conversions or names must be made explicit.
#include "analysis/MapperIterators.h"
#include "analysis/StdDevice.h"
#include "edits/CEnums.h"
#include "edits/CLinkage.h"
#include "edits/DirectiveSpans.h"
#include "edits/Edits.h"
#include "edits/EnumReductions.h"
#include "frontend/FileScope.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSet.h"

#include <set>

using namespace clang;

namespace omp2cuda {

bool isCxxOnlyKeyword(llvm::StringRef N) {
  static const llvm::StringSet<> K = {
      "alignas", "alignof", "and", "and_eq", "asm", "bitand", "bitor", "catch",
      "char8_t", "char16_t", "char32_t", "class", "compl", "concept",
      "const_cast", "consteval", "constexpr", "constinit", "co_await",
      "co_return", "co_yield", "decltype", "delete", "dynamic_cast",
      "explicit", "export", "friend", "mutable", "namespace", "new",
      "noexcept", "not", "not_eq", "nullptr", "operator", "or", "or_eq",
      "private", "protected", "public", "reinterpret_cast", "requires",
      "static_assert", "static_cast", "template", "this", "thread_local",
      "throw", "try", "typeid", "typename", "using", "virtual", "wchar_t",
      "xor", "xor_eq",
      // CUDA's own names that would clash in a .cu file.
      "__global__", "__device__", "__shared__", "__host__"};
  return K.count(N) != 0;
}

namespace {

/// Expressions C++ parses as postfix expressions need no parentheses after a
/// cast.
bool isPostfix(const Expr *E) {
  E = E->IgnoreImpCasts();
  return isa<CallExpr, DeclRefExpr, ParenExpr, MemberExpr, ArraySubscriptExpr,
             StringLiteral, IntegerLiteral>(E);
}

class Compat : public RecursiveASTVisitor<Compat> {
public:
  Compat(ASTContext &Ctx, const CEnumFacts &Enums, std::vector<TextEdit> &Out,
         std::vector<CompatProblem> &Problems)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Enums(Enums), Out(Out),
        Problems(Problems) {}

  bool shouldVisitImplicitCode() const { return false; }

  bool VisitImplicitCastExpr(ImplicitCastExpr *CE) {
    const Expr *Sub = CE->getSubExpr();
    QualType To = CE->getType();
    if (!needsCast(CE))
      return true;
    std::string What =
        "an implicit conversion to '" + To.getAsString(typePolicy(Ctx)) + "'";
    unsigned B, E;
    switch (castSpot(Sub, B, E)) {
    case Spot::Directive:
      return true;
    case Spot::Stringified:
      Problems.push_back({Sub->getBeginLoc(),
                          What + " in the argument of a macro that stringifies "
                                 "its arguments (the cast C++ needs would "
                                 "change the string)"});
      return true;
    case Spot::Macro: {
      // A conversion written inside a macro definition: only a problem if
      // the macro is the user's (system macros such as NULL are C++-safe).
      SourceLocation Spell = SM.getSpellingLoc(Sub->getBeginLoc());
      if (inMainFile(SM, Spell) ||
          (!SM.isInSystemHeader(Spell) && Spell.isValid() &&
           !SM.isWrittenInBuiltinFile(Spell) && !SM.isWrittenInScratchSpace(Spell)))
        Problems.push_back(
            {Sub->getBeginLoc(), What + " inside a macro definition"});
      return true;
    }
    case Spot::Text:
      break;
    }
    // An enumeration without a name has no spelling but its enumerators'
    // type (C++ gives them the enumeration's).
    std::string Type;
    if (const auto *ET = To->getAs<EnumType>()) {
      const EnumDecl *ED = ET->getDecl()->getDefinition();
      if (ED && !ED->getIdentifier() && !ED->getTypedefNameForAnonDecl() &&
          !ED->enumerators().empty())
        Type = "decltype(" + ED->enumerators().begin()->getName().str() + ")";
    }
    if (Type.empty())
      Type = castType(To);
    if (Type.empty()) {
      Problems.push_back({Sub->getBeginLoc(),
                          What + ", a type the cast C++ needs cannot spell (an "
                                 "enumeration without a name declared in a "
                                 "function)"});
      return true;
    }
    writeCast(B, E, Type, /*Inner=*/!isPostfix(Sub), /*Outer=*/false);
    return true;
  }

  /// Whether CE is a conversion C makes implicitly and C++ only with a cast.
  bool needsCast(const ImplicitCastExpr *CE) const {
    const Expr *Sub = CE->getSubExpr();
    QualType To = CE->getType(), From = Sub->getType();
    switch (CE->getCastKind()) {
    case CK_BitCast:
      // void* -> T*; enum F * -> unsigned int * (C warns, C++ refuses)
      return (To->isPointerType() && From->isVoidPointerType() &&
              !To->isVoidPointerType()) ||
             enumPointerConversion(CE);
    case CK_IntegralCast:
      // int -> enum (but an enumerator of its own), enum -> other enum
      return To->isEnumeralType() &&
             (From->isEnumeralType() ? !Ctx.hasSameUnqualifiedType(To, From)
                                     : !isOwnEnumerator(Sub, To));
    case CK_ArrayToPointerDecay:
      // "literal" stored in a char * (C++: const char[N])
      return LiteralToChar.count(CE) != 0;
    default:
      return false;
    }
  }

  // C gives an enumerator and a character constant the type int, and an
  // enumeration's objects their compatible integer type, where C++ gives
  // them the enumeration's and char: a `_Generic` over one picks another
  // association (rC t26: C '121', the .cu '333').
  bool VisitGenericSelectionExpr(GenericSelectionExpr *G) {
    if (!G->isExprPredicate())
      return true;
    const Expr *C = G->getControllingExpr();
    if (C && typedDifferently(C))
      Problems.push_back(
          {G->getGenericLoc(),
           "a _Generic whose controlling expression involves an enumeration "
           "or a character constant, which C and C++ give different types"});
    return true;
  }

  static bool typedDifferently(const Stmt *S) {
    if (const auto *E = dyn_cast<Expr>(S)) {
      if (isa<CharacterLiteral>(E))
        return true;
      QualType T = E->getType();
      for (unsigned Depth = 0; Depth < 16 && !T.isNull() &&
                               (T->isPointerType() || T->isArrayType());
           ++Depth)
        T = T->isPointerType() ? T->getPointeeType()
                               : QualType(T->getPointeeOrArrayElementType(), 0);
      if (!T.isNull() && T->isEnumeralType())
        return true;
      if (const auto *DR = dyn_cast<DeclRefExpr>(E);
          DR && isa<EnumConstantDecl>(DR->getDecl()))
        return true;
    }
    for (const Stmt *Child : S->children())
      if (Child && typedDifferently(Child))
        return true;
    return false;
  }

  /// To as a cast spells it in C++, or empty: Clang prints `__typeof__`
  /// as `typeof`, which C++ does not read, and an enumeration without a
  /// name `enum (unnamed enum at F:L:C)`, which the .cu may tag.
  std::string castType(QualType To) const {
    std::string Text = declText(To, "", Ctx);
    for (size_t P = 0; (P = Text.find("typeof", P)) != std::string::npos;
         P += 6)
      if ((P == 0 || !isAsciiIdentifierContinue(Text[P - 1])) &&
          (P + 6 == Text.size() || !isAsciiIdentifierContinue(Text[P + 6]))) {
        Text.replace(P, 6, "__typeof__");
        P += 4;
      }
    if (!spellUnnamedEnum(To, Ctx, {&Text}) ||
        Text.find("(unnamed") != std::string::npos ||
        Text.find("(anonymous") != std::string::npos)
      return "";
    return Text;
  }

  // A string literal that initialises or is assigned to a `char *` needs a
  // cast in C++ (a literal passed to a function is left alone: variadic
  // calls and const char * parameters accept it).
  bool VisitVarDecl(VarDecl *VD) {
    if (VD->getInit())
      noteLiteral(VD->getType(), VD->getInit());
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->getOpcode() == BO_Assign)
      noteLiteral(B->getLHS()->getType(), B->getRHS());
    return true;
  }

  // C does arithmetic in place on an enum variable (`flags |= F`, `c++`),
  // which C++ allows only through operators declared for the enum
  // (enumReductionEdits declares them).
  bool VisitCompoundAssignOperator(CompoundAssignOperator *B) {
    if (B->getLHS()->getType()->isEnumeralType() &&
        !enumBitField(B->getLHS(), B->getOperatorLoc()))
      InPlace.push_back(
          {B->getLHS(), B->getOpcodeStr().str(), B->getOperatorLoc()});
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp() &&
        U->getSubExpr()->getType()->isEnumeralType() &&
        !enumBitField(U->getSubExpr(), U->getOperatorLoc()))
      InPlace.push_back({U->getSubExpr(),
                         std::string(U->isIncrementOp() ? "++" : "--") +
                             (U->isPostfix() ? " post" : ""),
                         U->getOperatorLoc()});
    return true;
  }
  /// The operator function C++ needs takes a reference, which no bit-field
  /// binds to (and `s.f = (T)(s.f | 1)` would copy text that a kernel
  /// respells).
  bool enumBitField(const Expr *E, SourceLocation Op) {
    if (!E->refersToBitField())
      return false;
    Problems.push_back({Op, "arithmetic in place on an enumeration "
                            "bit-field, which C++ allows only through an "
                            "operator function, whose reference parameter "
                            "no bit-field binds to"});
    return true;
  }

  bool VisitNamedDecl(NamedDecl *D) {
    if (!D->getIdentifier() || !isCxxOnlyKeyword(D->getName()))
      return true;
    rename(D->getLocation(), D->getName());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (E->getDecl()->getIdentifier() && isCxxOnlyKeyword(E->getDecl()->getName()))
      rename(E->getLocation(), E->getDecl()->getName());
    return true;
  }
  // Clause expressions that OpenMP evaluates before the construct (if,
  // device, num_teams, ...) are often moved into implicit captured
  // declarations, which this visitor does not enter: rename their names
  // from the clauses themselves.
  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    noteDirective(D);
    // C++'s in-place arithmetic on an enumeration is an operator function,
    // which is no atomic form (Clang and G++ reject it); read and write are.
    if (const auto *A = dyn_cast<OMPAtomicDirective>(D))
      if (const Expr *X = A->getX(); X && X->getType()->isEnumeralType() &&
                                     !A->getSingleClause<OMPReadClause>() &&
                                     !A->getSingleClause<OMPWriteClause>())
        Problems.push_back({D->getBeginLoc(),
                            "'#pragma omp atomic' updating an enumeration, "
                            "which C++ can update only through an operator "
                            "function, no atomic form"});
    for (OMPClause *C : D->clauses())
      if (C)
        for (Stmt *Child : C->children())
          renameInClause(Child, 0);
    return true;
  }
  void renameInClause(const Stmt *S, unsigned Depth) {
    if (!S || Depth > 64)
      return;
    if (const auto *DR = dyn_cast<DeclRefExpr>(S)) {
      if (const auto *Cap = dyn_cast<OMPCapturedExprDecl>(DR->getDecl()))
        renameInClause(Cap->getInit(), Depth + 1);
      else
        VisitDeclRefExpr(const_cast<DeclRefExpr *>(DR));
    }
    for (const Stmt *Child : S->children())
      renameInClause(Child, Depth + 1);
  }
  // Clang's C++ front end declares a mapper's iterators in the scope
  // around the mapper, where C keeps them to the clause: two mappers with
  // an iterator `i`, or a mapper's `i` and a variable `i` of that scope,
  // are a redefinition in the .cu. Each gets a name of its own, from the
  // mapper's type and name, which no other mapper of the scope has (a
  // counter would repeat in each translated header).
  bool VisitOMPDeclareMapperDecl(OMPDeclareMapperDecl *D) {
    unsigned Clause = 0;
    for (OMPClause *C : D->clauselists()) {
      auto *M = dyn_cast_or_null<OMPMapClause>(C);
      auto *IE = M ? dyn_cast_or_null<OMPIteratorExpr>(M->getIteratorModifier())
                   : nullptr;
      if (!IE)
        continue;
      // Two clauses of one mapper may name the same iterator too.
      ++Clause;
      for (unsigned I = 0, N = IE->numOfIterators(); I < N; ++I) {
        const auto *VD = dyn_cast<VarDecl>(IE->getIteratorDecl(I));
        // One used in a macro's body keeps its name (MapperIterators.cpp
        // checks it for clashes).
        if (!VD || !VD->getIdentifier() || !iteratorRefsRenameable(SM, M, VD))
          continue;
        std::string New =
            renamedIterator(D->getType().getAsString(typePolicy(Ctx)),
                            D->getName(), Clause, VD->getName());
        renameAs(VD->getLocation(), VD->getName(), New);
        for (Stmt *Child : M->children())
          renameRefs(Child, VD, New, 0);
      }
    }
    return true;
  }
  void renameRefs(const Stmt *S, const VarDecl *VD, const std::string &New,
                  unsigned Depth) {
    if (!S || Depth > 64)
      return;
    if (const auto *DR = dyn_cast<DeclRefExpr>(S); DR && DR->getDecl() == VD)
      renameAs(DR->getLocation(), VD->getName(), New);
    for (const Stmt *Child : S->children())
      renameRefs(Child, VD, New, Depth + 1);
  }
  // C23/GNU C `typeof` is no keyword of ISO C++ (nvcc and g++ -std=c++17);
  // `__typeof__` means the same in both.
  bool VisitTypeOfExprTypeLoc(TypeOfExprTypeLoc TL) {
    respellTypeof(TL.getTypeofLoc());
    return true;
  }
  bool VisitTypeOfTypeLoc(TypeOfTypeLoc TL) {
    respellTypeof(TL.getTypeofLoc());
    return true;
  }
  void respellTypeof(SourceLocation L) {
    if (L.isInvalid() || L.isMacroID() || !inMainFile(SM, L))
      return;
    unsigned Off = SM.getFileOffset(L);
    if (writtenAt(Off, "typeof") && Renamed.insert(Off).second)
      Out.push_back({Off, 6, "__typeof__"});
  }
  bool VisitMemberExpr(MemberExpr *E) {
    const ValueDecl *D = E->getMemberDecl();
    if (D->getIdentifier() && isCxxOnlyKeyword(D->getName()))
      rename(E->getMemberLoc(), D->getName());
    return true;
  }
  bool VisitDesignatedInitExpr(DesignatedInitExpr *E) {
    for (const DesignatedInitExpr::Designator &Des : E->designators())
      if (Des.isFieldDesignator() && Des.getFieldName() &&
          isCxxOnlyKeyword(Des.getFieldName()->getName()))
        rename(Des.getFieldLoc(), Des.getFieldName()->getName());
    return true;
  }

  /// The executable directives met, in order, and the in-place arithmetic
  /// on enums (for enumReductionEdits).
  std::vector<const OMPExecutableDirective *> Directives;
  std::vector<EnumInPlace> InPlace;

private:
  /// A clause's helper expressions (a reduction's combiner `e = e + rhs`,
  /// its private copy's initialiser, ...) carry the location of the variable
  /// the clause names: a cast there would land in the pragma's variable
  /// list (`reduction(+:(enum E)(e))`). The pragma is compiled again as C++,
  /// whose compiler makes its own helpers.
  void noteDirective(const OMPExecutableDirective *D) {
    Directives.push_back(D);
    Spans.add(SM, D);
  }
  bool inDirective(SourceLocation L) const { return Spans.contains(SM, L); }

  /// Where a cast C++ needs around E can be written: in the main file's
  /// text of E, [B, End), or not, because E is in a directive, in an
  /// argument of a macro that stringifies it, or in a macro's definition.
  enum class Spot { Text, Directive, Stringified, Macro };
  Spot castSpot(const Expr *E, unsigned &B, unsigned &End) const {
    if (inDirective(E->getBeginLoc()))
      return Spot::Directive;
    if (Enums.stringified(SM, E->getBeginLoc()))
      return Spot::Stringified;
    if (!fileOffsets(SM, Ctx.getLangOpts(), E->getSourceRange(), B, End))
      return Spot::Macro;
    return Spot::Text;
  }
  /// `(Type)` before the text [B, End); Inner: the text in parentheses,
  /// Outer: the cast and the text.
  void writeCast(unsigned B, unsigned End, const std::string &Type, bool Inner,
                 bool Outer) {
    std::string Close = std::string(Inner ? ")" : "") + (Outer ? ")" : "");
    Out.push_back({B, 0,
                   std::string(Outer ? "(" : "") + "(" + Type + ")" +
                       (Inner ? "(" : "")});
    if (!Close.empty())
      Out.push_back({End, 0, Close});
  }

  /// In C an enumerator has type int; in C++ it has its enumeration's type,
  /// so assigning it to that enumeration needs no cast (and an anonymous
  /// enumeration has no name to cast to).
  static bool isOwnEnumerator(const Expr *E, QualType Enum) {
    const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *EC = DR ? dyn_cast<EnumConstantDecl>(DR->getDecl()) : nullptr;
    const auto *ET = Enum->getAs<EnumType>();
    return EC && ET && EC->getDeclContext() == ET->getDecl();
  }

  void noteLiteral(QualType T, const Expr *Init) {
    if (!T->isPointerType() || T->getPointeeType().isConstQualified())
      return;
    if (const auto *CE = dyn_cast<ImplicitCastExpr>(Init->IgnoreParens()))
      if (CE->getCastKind() == CK_ArrayToPointerDecay &&
          isa<StringLiteral>(CE->getSubExpr()->IgnoreParens()))
        LiteralToChar.insert(CE);
  }

  /// Whether the main file has the whole word W at Off.
  bool writtenAt(unsigned Off, llvm::StringRef W) const {
    llvm::StringRef Rest = SM.getBufferData(SM.getMainFileID()).substr(Off);
    return Rest.starts_with(W) &&
           (Rest.size() == W.size() || !isAsciiIdentifierContinue(Rest[W.size()]));
  }

  /// Renames a mapper's iterator where it is written in the main file (a
  /// translated header is the main file of a pass of its own).
  void renameAs(SourceLocation L, llvm::StringRef Name,
                const std::string &New) {
    L = SM.getFileLoc(L);
    if (!inMainFile(SM, L))
      return;
    unsigned Off = SM.getFileOffset(L);
    if (writtenAt(Off, Name) && Renamed.insert(Off).second)
      Out.push_back({Off, static_cast<unsigned>(Name.size()), New});
  }

  void rename(SourceLocation L, llvm::StringRef Name) {
    if (L.isMacroID()) {
      if (!SM.isMacroArgExpansion(L)) {
        if (inMainFile(SM, SM.getSpellingLoc(L)))
          Problems.push_back({L, "the C++ keyword '" + Name.str() +
                                     "' is used as a name inside a macro"});
        return;
      }
      L = SM.getSpellingLoc(L);
    }
    if (!inMainFile(SM, L)) {
      if (!SM.isInSystemHeader(L))
        Problems.push_back({L, "the C++ keyword '" + Name.str() +
                                   "' is used as a name in a header"});
      return;
    }
    unsigned Off = SM.getFileOffset(L);
    // Implicit expressions (OpenMP helpers) may carry another token's
    // location: rename only where the name itself is written.
    if (!writtenAt(Off, Name))
      return;
    if (Renamed.insert(Off).second)
      Out.push_back({Off, static_cast<unsigned>(Name.size()), Name.str() + "_"});
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  const CEnumFacts &Enums;
  std::vector<TextEdit> &Out;
  std::vector<CompatProblem> &Problems;
  std::set<const ImplicitCastExpr *> LiteralToChar;
  std::set<unsigned> Renamed;
  DirectiveSpans Spans;
};

/// C's keywords that C++ spells otherwise, wherever the main file has them
/// (in macro definitions and directives too): `restrict` is nvcc's
/// `__restrict__`, and `_Bool`, which C++ and nvcc do not know (GCC's
/// <stdbool.h> defines it only for C++ programs that include it), `bool`,
/// the same type (one byte, any value other than 0 converts to 1), and GNU
/// C's `__auto_type`, which nvcc does not know, `auto` (the same deduction:
/// no reference, an array decays; CExprTypes.cpp casts what C types int).
void cKeywordTokens(ASTContext &Ctx, std::vector<TextEdit> &Out) {
  const SourceManager &SM = Ctx.getSourceManager();
  FileID FID = SM.getMainFileID();
  llvm::StringRef Buf = SM.getBufferData(FID);
  Lexer L(SM.getLocForStartOfFile(FID), Ctx.getLangOpts(), Buf.begin(),
          Buf.begin(), Buf.end());
  Token T;
  auto Respell = [&] {
    if (!T.is(tok::raw_identifier))
      return;
    unsigned Off = SM.getFileOffset(T.getLocation());
    if (T.getRawIdentifier() == "restrict")
      Out.push_back({Off, 8, "__restrict__"});
    else if (T.getRawIdentifier() == "_Bool")
      Out.push_back({Off, 5, "bool"});
    else if (T.getRawIdentifier() == "__auto_type")
      Out.push_back({Off, 11, "auto"});
  };
  while (!L.LexFromRawLexer(T))
    Respell();
  Respell();
}

} // namespace

std::vector<TextEdit> cCompatEdits(ASTContext &Ctx, bool LineDirectives,
                                   std::vector<CompatProblem> &Problems) {
  std::vector<TextEdit> Out;
  // Renames of CUDA's names and the std::complex overloads are the main
  // file's business (they rename the AST and follow its includes): a
  // translated header, made the main file for its pass, gets neither.
  const SourceManager &SrcM = Ctx.getSourceManager();
  bool Main = SrcM.getIncludeLoc(SrcM.getMainFileID()).isInvalid();
  if (Ctx.getLangOpts().CPlusPlus) {
    if (!Main)
      return Out;
    Out = cudaNameEdits(Ctx, LineDirectives);
    if (std::optional<unsigned> End = stdComplexIncludeEnd(Ctx)) {
      const SourceManager &SM = Ctx.getSourceManager();
      unsigned Line = SM.getLineNumber(SM.getMainFileID(), *End);
      Out.push_back({*End, 0,
                     "\n#include \"omp2cuda/std_complex.h\"" +
                         (LineDirectives ? "\n#line " + std::to_string(Line + 1)
                                         : std::string())});
    }
    return Out;
  }
  CEnumFacts Enums = cEnumFacts(Ctx);
  Compat C(Ctx, Enums, Out, Problems);
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    const SourceManager &SM = Ctx.getSourceManager();
    if (!inMainFile(SM, SM.getExpansionLoc(D->getLocation())))
      continue;
    C.TraverseDecl(D);
  }
  cExprTypeEdits(Ctx, Enums, Out, Problems);
  // After the casts above: a read cast inside an int-to-enum cast at the
  // same offset comes second (`(enum F)((unsigned int)e - 2)`).
  cEnumBaseEdits(Ctx, Enums, Out, Problems);
  cEnumReadEdits(Ctx, Enums, Out, Problems);
  scopeEdits(Ctx, Enums, Out, Problems);
  cKeywordTokens(Ctx, Out);
  languageMacroEdits(Ctx, Out, Problems);
  linkageEdits(Ctx, LineDirectives, Out);
  // After the linkage blocks, which its declarations must follow.
  enumReductionEdits(Ctx, C.Directives, C.InPlace, LineDirectives, Out,
                     Problems);
  if (Main) {
    std::vector<TextEdit> Cuda = cudaNameEdits(Ctx, LineDirectives);
    Out.insert(Out.end(), Cuda.begin(), Cuda.end());
  }
  // After the other edits, none of which may touch the values it moves.
  designatorEdits(Ctx, Out, Problems);
  // Last: it moves the edits made inside the enumerations it moves.
  nestedEnumMoves(Ctx, LineDirectives, Out, Problems);
  return Out;
}

} // namespace omp2cuda
