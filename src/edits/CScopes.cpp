// C -> C++ edits for the rules of scope and initialisation that C and C++
// state differently (part of cCompatEdits): a for statement's body that
// declares its variable again, a string literal that fills a char array
// with no room for its null character, and a jump past an initialisation.
#include "analysis/Analysis.h"
#include "analysis/CEnumFacts.h"
#include "edits/Edits.h"
#include "edits/SourceText.h"
#include "frontend/FileScope.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"

#include <functional>
#include <optional>
#include <set>

using namespace clang;

namespace omp2cuda {
namespace {

/// A statement's children, with an OpenMP region's body, which its
/// CapturedStmt holds apart from its children (the captures).
std::vector<const Stmt *> children(const Stmt *S) {
  if (const auto *CS = dyn_cast<CapturedStmt>(S))
    return {CS->getCapturedStmt()};
  return std::vector<const Stmt *>(S->child_begin(), S->child_end());
}

/// The labels and case labels a statement holds (not those of a switch
/// inside it, which can only jump within it) and the gotos it holds.
struct JumpSites {
  std::vector<const LabelStmt *> Labels;
  std::vector<const SwitchCase *> Cases;
  std::vector<const GotoStmt *> Gotos;
  bool AddressTaken = false;
  void collect(const Stmt *S, bool OwnCases) {
    if (!S)
      return;
    if (const auto *L = dyn_cast<LabelStmt>(S))
      Labels.push_back(L);
    if (const auto *C = dyn_cast<SwitchCase>(S); C && OwnCases)
      Cases.push_back(C);
    if (const auto *G = dyn_cast<GotoStmt>(S))
      Gotos.push_back(G);
    if (isa<IndirectGotoStmt, AddrLabelExpr>(S))
      AddressTaken = true;
    bool Inner = OwnCases && !isa<SwitchStmt>(S);
    for (const Stmt *Child : children(S))
      collect(Child, Inner);
  }
};

class Scopes : public RecursiveASTVisitor<Scopes> {
public:
  Scopes(ASTContext &Ctx, const CEnumFacts &Enums, std::vector<TextEdit> &Out,
         std::vector<CompatProblem> &Problems)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Enums(Enums), Out(Out),
        Problems(Problems) {}

  bool shouldVisitImplicitCode() const { return false; }

  // C gives a for statement's body a block of its own inside the scope of
  // the variables its first clause declares, so the body may declare them
  // again (`for (int i = 0; ...) { int i = 1; }`); C++ puts that block's
  // names in the same scope and refuses. A second pair of braces gives the
  // body the block C gives it.
  bool VisitForStmt(ForStmt *F) {
    const auto *Init = dyn_cast_or_null<DeclStmt>(F->getInit());
    const auto *Body = dyn_cast_or_null<CompoundStmt>(F->getBody());
    if (!Init || !Body || !redeclaresAny(Init, Body))
      return true;
    SourceLocation L = Body->getLBracLoc(), R = Body->getRBracLoc();
    if (L.isMacroID() || R.isMacroID() || !inMainFile(SM, L) ||
        !inMainFile(SM, R)) {
      Problems.push_back({F->getForLoc(),
                          "a for statement whose body declares again a "
                          "variable of its first clause, which C allows and "
                          "C++ does not, with its body's braces in a macro (the "
                          "braces that give the body a block of its own "
                          "cannot be written)"});
      return true;
    }
    Out.push_back({SM.getFileOffset(L) + 1, 0, "{"});
    Out.push_back({SM.getFileOffset(R), 0, "}"});
    return true;
  }

  bool VisitVarDecl(VarDecl *VD) {
    if (const Expr *I = VD->getInit())
      if (const auto *SL = dyn_cast<StringLiteral>(I->IgnoreParens()))
        spellFilledArray(SL, /*Braces=*/true);
    return true;
  }
  bool VisitInitListExpr(InitListExpr *IL) {
    // `char b[3] = {"abc"}` has its braces already; `{{'a', ...}}` would
    // be one brace too many for C++.
    bool Own = IL->getNumInits() == 1 && IL->getType()->isArrayType();
    for (const Expr *E : IL->inits())
      if (const auto *SL =
              dyn_cast_or_null<StringLiteral>(E ? E->IgnoreParens() : nullptr))
        spellFilledArray(SL, !Own);
    return true;
  }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->doesThisDeclarationHaveABody() && FD->getBody())
      jumpsPastInits(FD->getBody());
    return true;
  }

private:
  static bool initialises(const DeclStmt *DS) {
    return llvm::any_of(DS->decls(), [](const Decl *D) {
      const auto *VD = dyn_cast<VarDecl>(D);
      return VD && VD->hasInit();
    });
  }
  static bool redeclaresAny(const DeclStmt *Init, const CompoundStmt *Body) {
    llvm::StringSet<> Names;
    for (const Decl *D : Init->decls())
      if (const auto *ND = dyn_cast<NamedDecl>(D); ND && ND->getIdentifier())
        Names.insert(ND->getName());
    for (const Stmt *S : Body->body())
      if (const auto *DS = dyn_cast<DeclStmt>(S))
        for (const Decl *D : DS->decls())
          if (const auto *ND = dyn_cast<NamedDecl>(D);
              ND && ND->getIdentifier() && Names.count(ND->getName()))
            return true;
    return false;
  }

  /// C lets a string literal fill a char array with no room left for its
  /// terminating null character (`char s[3] = "abc"`, the null dropped),
  /// C++ refuses: the same characters as a list (`{'a', 'b', 'c'}`).
  void spellFilledArray(const StringLiteral *SL, bool Braces) {
    const auto *AT = Ctx.getAsConstantArrayType(SL->getType());
    if (!AT || AT->getSize().getZExtValue() > SL->getLength() ||
        !Seen.insert(SL).second)
      return;
    unsigned B, End;
    if (!SL->isOrdinary() || Enums.stringified(SM, SL->getBeginLoc()) ||
        !fileOffsets(SM, Ctx.getLangOpts(), SL->getSourceRange(), B, End)) {
      Problems.push_back({SL->getBeginLoc(),
                          "a string literal that fills a character array with "
                          "no room for its null character, which C allows and "
                          "C++ does not, in a macro or of wide characters (it "
                          "cannot be written as a list of characters here)"});
      return;
    }
    std::string List = Braces ? "{" : "";
    llvm::StringRef Bytes = SL->getBytes();
    for (uint64_t I = 0, N = AT->getSize().getZExtValue(); I < N; ++I) {
      unsigned char C = static_cast<unsigned char>(Bytes[I]);
      List += I ? ", '" : "'";
      if (isPrintable(C) && C != '\\' && C != '\'')
        List += static_cast<char>(C);
      else
        List += llvm::formatv("\\x{0:x-2}", static_cast<unsigned>(C)).str();
      List += "'";
    }
    Out.push_back({B, End - B, List + (Braces ? "}" : "")});
  }

  void jumpsPastInits(const Stmt *Body);
  const Stmt *jumpInto(const JumpSites &All,
                       CompoundStmt::const_body_iterator B,
                       CompoundStmt::const_body_iterator E);
  void splitInit(const DeclStmt *DS, const VarDecl *VD, const Stmt *Jump);
  bool splitDeclarators(const DeclStmt *DS);
  std::optional<unsigned> equalsOf(const VarDecl *VD);

  ASTContext &Ctx;
  const SourceManager &SM;
  const CEnumFacts &Enums;
  std::vector<TextEdit> &Out;
  std::vector<CompatProblem> &Problems;
  std::set<const StringLiteral *> Seen;
};

/// C++ refuses a jump (goto, or a switch to its case label) past a
/// declaration with an initialiser into its scope, C allows it (the
/// variable is then indeterminate). A scalar's `T x = e;` becomes
/// `T x; x = e;`, the same in C, and no initialisation to jump past;
/// several scalars', `T a = e, *b;`, `T a; a = e; T *b;`.
void Scopes::jumpsPastInits(const Stmt *Body) {
  JumpSites All;
  All.collect(Body, false);
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *CS = dyn_cast<CompoundStmt>(S))
      for (auto It = CS->body_begin(), E = CS->body_end(); It != E; ++It)
        if (const auto *DS = dyn_cast<DeclStmt>(*It))
          if (const Stmt *Jump = jumpInto(All, It + 1, E)) {
            if (!DS->isSingleDecl() && initialises(DS) &&
                splitDeclarators(DS))
              continue;
            for (const Decl *D : DS->decls())
              if (const auto *VD = dyn_cast<VarDecl>(D);
                  VD && VD->hasLocalStorage() && VD->hasInit())
                splitInit(DS, VD, Jump);
          }
    for (const Stmt *C : children(S))
      Walk(C);
  };
  Walk(Body);
}

/// A jump from outside the statements [B, E) of a block to a label among
/// them, or null: a case label of a switch around them, a goto from
/// elsewhere, or any of their labels where the function takes a label's
/// address.
const Stmt *Scopes::jumpInto(const JumpSites &All,
                             CompoundStmt::const_body_iterator B,
                             CompoundStmt::const_body_iterator E) {
  JumpSites After;
  for (auto It = B; It != E; ++It)
    After.collect(*It, true);
  if (!After.Cases.empty())
    return After.Cases.front();
  if (After.Labels.empty())
    return nullptr;
  if (All.AddressTaken)
    return After.Labels.front();
  std::set<const LabelStmt *> Inside(After.Labels.begin(), After.Labels.end());
  std::set<const GotoStmt *> FromInside(After.Gotos.begin(), After.Gotos.end());
  for (const GotoStmt *G : All.Gotos)
    if (!FromInside.count(G) && Inside.count(G->getLabel()->getStmt()))
      return G;
  return nullptr;
}

/// The offset of the `=` between VD's declarator and its initialiser, when
/// VD is a scalar that is not const, initialised by `= e` written in the
/// main file's text (its initialisation can be made an assignment).
std::optional<unsigned> Scopes::equalsOf(const VarDecl *VD) {
  QualType T = VD->getType();
  const Expr *Init = VD->getInit();
  const LangOptions &LO = Ctx.getLangOpts();
  unsigned NameB, NameE, InitB, InitE;
  std::optional<unsigned> Eq;
  if (!Init || !T->isScalarType() || T.isConstQualified() ||
      T->isAtomicType() || isa<InitListExpr>(Init->IgnoreParens()) ||
      VD->getInitStyle() != VarDecl::CInit ||
      !fileOffsets(SM, LO, VD->getLocation(), NameB, NameE) ||
      !fileOffsets(SM, LO, Init->getSourceRange(), InitB, InitE))
    return Eq;
  // The `=` between the declarator and its initialiser.
  FileID FID = SM.getMainFileID();
  llvm::StringRef Buf = SM.getBufferData(FID);
  // The lexer reads up to the buffer's null terminator.
  Lexer L(SM.getLocForStartOfFile(FID), LO, Buf.begin(), Buf.begin() + NameE,
          Buf.end());
  Token Tok;
  while (!L.LexFromRawLexer(Tok) && SM.getFileOffset(Tok.getLocation()) < InitB)
    if (Tok.is(tok::equal))
      Eq = SM.getFileOffset(Tok.getLocation());
  return Eq;
}

/// The end of the type specifier of a declarator's type: its pointers,
/// parentheses, functions and arrays are the declarator's own
/// (`int (*fp)(int)`: `int`).
static SourceLocation specifierEnd(const TypeSourceInfo *TSI) {
  TypeLoc TL = TSI->getTypeLoc();
  for (unsigned Depth = 0; Depth < 64; ++Depth) {
    TL = TL.getUnqualifiedLoc();
    if (auto P = TL.getAs<PointerTypeLoc>())
      TL = P.getPointeeLoc();
    else if (auto Pa = TL.getAs<ParenTypeLoc>())
      TL = Pa.getInnerLoc();
    else if (auto F = TL.getAs<FunctionTypeLoc>())
      TL = F.getReturnLoc();
    else if (auto A = TL.getAs<ArrayTypeLoc>())
      TL = A.getElementLoc();
    else
      break;
  }
  return TL.getEndLoc();
}

/// The name a declaration's assignment uses: C++'s keywords are renamed
/// (CCompat.cpp).
static std::string assignedName(const VarDecl *VD) {
  std::string N = VD->getNameAsString();
  return isCxxOnlyKeyword(N) ? N + "_" : N;
}

/// `T a = e, *b = f, c;` as `T a; a = e; T *b; b = f; T c;` where that
/// means the same: every declarator a scalar that is not const, declared
/// in the main file's text with a type specifier that defines no type
/// (copied before each declarator); false, and no edit, otherwise.
bool Scopes::splitDeclarators(const DeclStmt *DS) {
  const LangOptions &LO = Ctx.getLangOpts();
  llvm::StringRef Buf = SM.getBufferData(SM.getMainFileID());
  std::vector<TextEdit> Edits;
  std::string Spec;
  std::optional<unsigned> PrevEnd;
  for (const Decl *D : DS->decls()) {
    const auto *VD = dyn_cast<VarDecl>(D);
    unsigned B, E, NameB, NameE;
    if (!VD || !VD->hasLocalStorage() || !VD->getType()->isScalarType() ||
        !fileOffsets(SM, LO, VD->getSourceRange(), B, E) ||
        !fileOffsets(SM, LO, VD->getLocation(), NameB, NameE))
      return false;
    if (!PrevEnd) {
      // The specifiers, and between them and the name only what the
      // declarator has of its own (`*`, `(`), no qualifier of the type.
      unsigned SB, SE;
      if (!VD->getTypeSourceInfo() ||
          !fileOffsets(SM, LO,
                       SourceRange(DS->getBeginLoc(),
                                   specifierEnd(VD->getTypeSourceInfo())),
                       SB, SE) ||
          SE > NameB ||
          !Buf.substr(SE, NameB - SE).trim(" \t\r\n*(").empty())
        return false;
      // With the edits made so far (renamed C++ keywords), and `_Bool`
      // as bool (cKeywordTokens respells the file's own afterwards).
      Spec = textWithEdits(Buf, SB, SE, Out);
      if (Spec.find_first_of("{}") != std::string::npos)
        return false;
      for (size_t P = 0; (P = Spec.find("_Bool", P)) != std::string::npos;)
        if ((P == 0 || !isAsciiIdentifierContinue(Spec[P - 1])) &&
            (P + 5 == Spec.size() || !isAsciiIdentifierContinue(Spec[P + 5])))
          Spec.replace(P, 5, "bool");
        else
          P += 5;
    } else {
      // The `,` before this declarator becomes `; T `.
      Lexer L(SM.getLocForStartOfFile(SM.getMainFileID()), LO, Buf.begin(),
              Buf.begin() + *PrevEnd, Buf.end());
      Token Tok;
      if (L.LexFromRawLexer(Tok) || !Tok.is(tok::comma) ||
          SM.getFileOffset(Tok.getLocation()) >= NameB)
        return false;
      // With the blanks after it, which the `; T ` stands for.
      unsigned C = SM.getFileOffset(Tok.getLocation()), After = C + 1;
      while (After < NameB && (Buf[After] == ' ' || Buf[After] == '\t'))
        ++After;
      Edits.push_back({C, After - C, "; " + Spec + " "});
    }
    PrevEnd = E;
    if (VD->hasInit()) {
      std::optional<unsigned> Eq = equalsOf(VD);
      if (!Eq)
        return false;
      Edits.push_back({*Eq, 0, "; " + assignedName(VD) + " "});
    }
  }
  Out.insert(Out.end(), Edits.begin(), Edits.end());
  return true;
}

/// `T x = e;` as `T x; x = e;` where that means the same: one declaration
/// of a scalar that is not const, written in the main file's text.
void Scopes::splitInit(const DeclStmt *DS, const VarDecl *VD,
                       const Stmt *Jump) {
  std::optional<unsigned> Eq;
  if (DS->isSingleDecl())
    Eq = equalsOf(VD);
  if (!Eq) {
    unsigned Line = SM.getExpansionLineNumber(Jump->getBeginLoc());
    Problems.push_back({VD->getLocation(),
                        "a jump (line " + std::to_string(Line) +
                            ") past the initialisation of '" +
                            VD->getNameAsString() +
                            "' into its scope, which C allows and C++ does "
                            "not, where the initialisation cannot be made an "
                            "assignment (only a declaration of one scalar, "
                            "not const, written in this file can)"});
    return;
  }
  Out.push_back({*Eq, 0, "; " + assignedName(VD) + " "});
}

} // namespace

void scopeEdits(ASTContext &Ctx, const CEnumFacts &Enums,
                std::vector<TextEdit> &Out,
                std::vector<CompatProblem> &Problems) {
  Scopes S(Ctx, Enums, Out, Problems);
  const SourceManager &SM = Ctx.getSourceManager();
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (inMainFile(SM, SM.getExpansionLoc(D->getLocation())))
      S.TraverseDecl(D);
}

} // namespace omp2cuda
