// Which C enumerations may leave their range in the .cu, which is C++ (see
// CEnumFacts.h): plain data for the edits that make them compute as C
// (edits/CEnums.cpp).
//
// C gives an enumeration without a negative enumerator the type unsigned int
// (GCC, Clang) and its enumerators the type int. C++ leaves a value outside
// the enumerators' bit range (`e -= 2`) undefined (G++ drops a `case -2:` on
// one, and `e + 1L` differs between G++ and Clang++). An enumeration is at
// risk when its objects may leave its range: a conversion into it of a value
// not known to be in range, arithmetic in place, its objects' bytes reached
// through other types, values from outside the unit; or when C++ needs it to
// have a fixed type (a declaration ahead of its definition).
#include "analysis/CEnumFacts.h"
#include "frontend/FileScope.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/CharInfo.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <cctype>
#include <set>

using namespace clang;

namespace omp2cuda {

const EnumDecl *enumOf(QualType T) {
  if (T.isNull())
    return nullptr;
  if (const auto *ET = T.getCanonicalType()->getAs<EnumType>())
    return ET->getDecl()->getDefinition();
  return nullptr;
}

bool promotesUnsigned(const EnumDecl *ED) {
  return ED && !ED->isFixed() &&
         ED->getIntegerType()->isSpecificBuiltinType(BuiltinType::UInt);
}

bool CEnumFacts::stringified(const SourceManager &SM, SourceLocation L) const {
  if (!L.isMacroID())
    return false;
  CharSourceRange R = SM.getExpansionRange(L);
  if (!inMainFile(SM, R.getBegin()))
    return false;
  unsigned B = SM.getFileOffset(R.getBegin()), E = SM.getFileOffset(R.getEnd());
  return std::any_of(
      Stringifying.begin(), Stringifying.end(),
      [&](const auto &S) { return S.first <= E && B <= S.second; });
}

std::string unnamedEnumTag(const EnumDecl *ED, const ASTContext &Ctx) {
  if (!ED || Ctx.getLangOpts().CPlusPlus || ED->getIdentifier() ||
      ED->getTypedefNameForAnonDecl() || ED->isFreeStanding() ||
      !ED->isThisDeclarationADefinition())
    return "";
  const DeclContext *DC = ED->getDeclContext();
  while (isa<RecordDecl>(DC))
    DC = DC->getParent();
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation L = ED->getBeginLoc();
  if (!DC->isTranslationUnit() || L.isMacroID() || !inMainFile(SM, L) ||
      ED->getBraceRange().getBegin().isMacroID())
    return "";
  // A translated header's tags and those of the file that includes it, or
  // of another header of the same name, must differ (a.h and a.c, both
  // line 1 column 1): the file's name and a hash of its text, which the
  // same file has on every machine and in every folder.
  FileID F = SM.getFileID(L);
  std::string Stem = llvm::sys::path::stem(SM.getFilename(L)).str();
  for (char &C : Stem)
    if (!isAsciiIdentifierContinue(C))
      C = '_';
  uint64_t Hash = llvm::xxh3_64bits(SM.getBufferData(F));
  return "o2c_enum_" + Stem + "_" +
         llvm::utohexstr(Hash & 0xffffffffu, /*LowerCase=*/true) + "_L" +
         std::to_string(SM.getSpellingLineNumber(L)) + "_C" +
         std::to_string(SM.getSpellingColumnNumber(L));
}

// Clang prints a C enumeration without a name (nor a typedef's)
// `enum S::(unnamed enum at F:L:C)`, which no compiler reads, and nvcc
// refuses a kernel parameter of a type without a name: the .cu gives it a
// tag (unnamedEnumTag), which Texts spell. False when T's enumeration, in
// Texts, has none.
bool spellUnnamedEnum(QualType T, const ASTContext &Ctx,
                      std::initializer_list<std::string *> Texts) {
  for (unsigned Depth = 0; Depth < 16 && !T.isNull(); ++Depth) {
    if (T->isReferenceType() || T->isPointerType())
      T = T->getPointeeType();
    else if (T->isArrayType())
      T = QualType(T->getPointeeOrArrayElementType(), 0);
    else
      break;
  }
  const auto *ET = T.isNull() ? nullptr : T->getAs<EnumType>();
  const EnumDecl *D = ET ? ET->getDecl()->getDefinition() : nullptr;
  if (!D || D->getIdentifier() || D->getTypedefNameForAnonDecl())
    return true;
  PresumedLoc PL = Ctx.getSourceManager().getPresumedLoc(D->getLocation());
  if (PL.isInvalid())
    return true;
  std::string At = " at " + std::string(PL.getFilename()) + ":" +
                   std::to_string(PL.getLine()) + ":" +
                   std::to_string(PL.getColumn()) + ")";
  std::string Tag = unnamedEnumTag(D, Ctx);
  auto Word = [](char C) { return std::isalnum((unsigned char)C) || C == '_'; };
  for (std::string *Text : Texts)
    for (size_t P; (P = Text->find(At)) != std::string::npos;) {
      size_t Open = Text->rfind("(unnamed", P);
      if (Open == std::string::npos)
        Open = Text->rfind("(anonymous", P);
      if (Tag.empty() || Open == std::string::npos)
        return false;
      // The structs around it (`S::`), and C's keyword before them.
      while (Open >= 3 && Text->compare(Open - 2, 2, "::") == 0 &&
             Word((*Text)[Open - 3])) {
        Open -= 2;
        while (Open > 0 && Word((*Text)[Open - 1]))
          --Open;
      }
      if (Open >= 5 && Text->compare(Open - 5, 5, "enum ") == 0)
        Open -= 5;
      Text->replace(Open, P + At.size() - Open, "enum " + Tag);
    }
  return true;
}

std::set<FileID> filesWithStructEnums(ASTContext &Ctx) {
  std::set<FileID> Out;
  if (Ctx.getLangOpts().CPlusPlus)
    return Out;
  const SourceManager &SM = Ctx.getSourceManager();
  for (const Decl *Top : Ctx.getTranslationUnitDecl()->decls()) {
    std::vector<const RecordDecl *> Records;
    if (const auto *RD = dyn_cast<RecordDecl>(Top))
      Records.push_back(RD);
    for (size_t I = 0; I < Records.size() && I < 64; ++I)
      for (const Decl *D : Records[I]->decls())
        if (isa<EnumDecl>(D))
          Out.insert(SM.getFileID(SM.getExpansionLoc(Top->getBeginLoc())));
        else if (const auto *Inner = dyn_cast<RecordDecl>(D))
          Records.push_back(Inner);
  }
  return Out;
}

namespace {

/// Whether V lies in ED's range in C++: the values of the smallest bit-field
/// that holds every enumerator.
bool inRange(const EnumDecl *ED, const llvm::APSInt &V) {
  unsigned Pos = ED->getNumPositiveBits(), Neg = ED->getNumNegativeBits();
  bool Negative = V.isSigned() && V.isNegative();
  if (Neg == 0)
    return !Negative && V.getActiveBits() <= std::max(Pos, 1u);
  unsigned K = std::max(Neg, Pos + 1);
  return Negative ? V.getSignificantBits() <= K : V.getActiveBits() < K;
}

/// The enumerations whose objects a value of type T holds or reaches
/// (members, elements, pointees).
void enumsIn(QualType T, std::set<const EnumDecl *> &Out, unsigned Depth = 0) {
  if (T.isNull() || Depth > 8)
    return;
  T = T.getCanonicalType();
  if (const EnumDecl *ED = enumOf(T)) {
    Out.insert(ED);
    return;
  }
  if (T->isPointerType() || T->isArrayType()) {
    enumsIn(QualType(T->getPointeeOrArrayElementType(), 0), Out, Depth + 1);
    return;
  }
  if (const auto *RT = T->getAs<RecordType>())
    if (const RecordDecl *RD = RT->getDecl()->getDefinition())
      for (const FieldDecl *F : RD->fields())
        enumsIn(F->getType(), Out, Depth + 1);
}

class Risk : public RecursiveASTVisitor<Risk> {
public:
  Risk(ASTContext &Ctx, CEnumFacts &F)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), F(F) {}

  // A value converted into the enumeration.
  bool VisitCastExpr(CastExpr *CE) {
    const Expr *Sub = CE->getSubExpr();
    if (const EnumDecl *ED = enumOf(CE->getType())) {
      CastKind K = CE->getCastKind();
      if (enumOf(Sub->getType()) == ED ||
          (K != CK_IntegralCast && K != CK_FloatingToIntegral &&
           K != CK_BooleanToSignedIntegral))
        return true;
      if (std::optional<llvm::APSInt> V = Sub->getIntegerConstantExpr(Ctx);
          V && inRange(ED, *V))
        return true;
      mark(ED, CE->getExprLoc());
      return true;
    }
    // An object's bytes reached through another type (memcpy, fread, a
    // pointer cast).
    if (CE->getType()->isPointerType() && Sub->getType()->isPointerType() &&
        !Ctx.hasSameUnqualifiedType(CE->getType()->getPointeeType(),
                                    Sub->getType()->getPointeeType())) {
      markAll(Sub->getType(), CE->getExprLoc());
      markAll(CE->getType(), CE->getExprLoc()); // `(enum color *)raw`
    }
    return true;
  }

  bool VisitCompoundAssignOperator(CompoundAssignOperator *B) {
    const EnumDecl *ED = enumOf(B->getLHS()->getType());
    if (!ED || B->getOpcode() == BO_AndAssign)
      return true; // `&=` keeps every bit-field value in range
    if (B->getOpcode() == BO_OrAssign || B->getOpcode() == BO_XorAssign)
      if (std::optional<llvm::APSInt> V =
              B->getRHS()->getIntegerConstantExpr(Ctx);
          V && inRange(ED, *V))
        return true;
    mark(ED, B->getOperatorLoc());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp())
      if (const EnumDecl *ED = enumOf(U->getSubExpr()->getType()))
        mark(ED, U->getOperatorLoc(), !Bounded.count(U));
    return true;
  }
  // `for (c = RED; c < NCOLORS; c++)`: the object stops at an enumerator,
  // so it never leaves the range (an enumeration that cannot be given a
  // fixed type needs only its reads cast).
  bool VisitForStmt(ForStmt *S) {
    const auto *Inc = dyn_cast_or_null<UnaryOperator>(S->getInc());
    const auto *Cond = dyn_cast_or_null<BinaryOperator>(
        S->getCond() ? S->getCond()->IgnoreParens() : nullptr);
    if (!Inc || !Inc->isIncrementDecrementOp() || !Cond ||
        Cond->getOpcode() != (Inc->isIncrementOp() ? BO_LT : BO_GT))
      return true;
    const auto *Var = dyn_cast<DeclRefExpr>(Inc->getSubExpr()->IgnoreParens());
    const auto *Left =
        dyn_cast<DeclRefExpr>(Cond->getLHS()->IgnoreParenImpCasts());
    const EnumDecl *ED = Var ? enumOf(Var->getType()) : nullptr;
    if (!ED || !Left || Left->getDecl() != Var->getDecl())
      return true;
    if (std::optional<llvm::APSInt> V =
            Cond->getRHS()->IgnoreParenImpCasts()->getIntegerConstantExpr(Ctx);
        V && inRange(ED, *V))
      Bounded.insert(Inc);
    return true;
  }
  // `scanf("%d", &e)`: no conversion in sight.
  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *FD = C->getDirectCallee();
    const auto *P = FD ? FD->getType()->getAs<FunctionProtoType>() : nullptr;
    if (!P || !P->isVariadic())
      return true;
    for (unsigned I = P->getNumParams(); I < C->getNumArgs(); ++I)
      if (C->getArg(I)->getType()->isPointerType())
        markAll(C->getArg(I)->getType(), C->getArg(I)->getExprLoc());
    return true;
  }
  bool VisitFieldDecl(FieldDecl *FD) {
    if (FD->isBitField())
      if (const EnumDecl *ED = enumOf(FD->getType()))
        F.BitFields.insert(ED);
    if (FD->getParent()->isUnion())
      markAll(FD->getType(), FD->getLocation());
    return true;
  }
  // Values from outside the unit: what a function it does not define
  // returns or may store through a pointer, a variable it does not define.
  // What another unit passes to a function defined here or stores in a
  // variable defined here (rC m1.c with m2.c: `use(-1)`, `g = -1`).
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->isThisDeclarationADefinition() && FD->isExternallyVisible() &&
        !FD->isMain())
      for (const ParmVarDecl *P : FD->parameters())
        markAll(P->getType(), P->getLocation());
    if (!FD->isFirstDecl() || FD->isDefined() || FD->getBuiltinID())
      return true;
    markAll(FD->getReturnType(), FD->getLocation());
    for (const ParmVarDecl *P : FD->parameters())
      if (P->getType()->isPointerType())
        markAll(P->getType(), FD->getLocation());
    return true;
  }
  bool VisitVarDecl(VarDecl *VD) {
    if (VD->hasGlobalStorage() && !VD->isStaticLocal() &&
        VD->isExternallyVisible() &&
        VD->isThisDeclarationADefinition(Ctx) != VarDecl::DeclarationOnly)
      markAll(VD->getType(), VD->getLocation());
    if (VD->isFirstDecl() && VD->hasExternalStorage() &&
        !VD->getDefinition(Ctx) && !VD->getActingDefinition())
      markAll(VD->getType(), VD->getLocation());
    return true;
  }
  // `enum F;`: C++ declares an enumeration ahead of its definition only
  // with a fixed type.
  bool VisitEnumDecl(EnumDecl *ED) {
    if (!ED->isThisDeclarationADefinition() && ED->isFreeStanding() &&
        ED->getDefinition() && !ED->getDefinition()->isFixed())
      mark(ED->getDefinition(), ED->getLocation());
    return true;
  }
  // A reduction that adds or multiplies leaves the range.
  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    for (const OMPClause *C : D->clauses()) {
      DeclarationNameInfo Name;
      if (const auto *R = dyn_cast_or_null<OMPReductionClause>(C))
        Name = R->getNameInfo();
      else if (const auto *T = dyn_cast_or_null<OMPTaskReductionClause>(C))
        Name = T->getNameInfo();
      else if (const auto *I = dyn_cast_or_null<OMPInReductionClause>(C))
        Name = I->getNameInfo();
      else
        continue;
      DeclarationName N = Name.getName();
      OverloadedOperatorKind Op =
          N.getNameKind() == DeclarationName::CXXOperatorName
              ? N.getCXXOverloadedOperator()
              : OO_None;
      if (Op != OO_Plus && Op != OO_Minus && Op != OO_Star)
        continue;
      for (const Stmt *V : const_cast<OMPClause *>(C)->children())
        if (const auto *E = dyn_cast_or_null<Expr>(V)) {
          markAll(E->getType(), E->getExprLoc());
          if (const auto *S =
                  dyn_cast<ArraySectionExpr>(E->IgnoreParenImpCasts()))
            markAll(ArraySectionExpr::getBaseOriginalType(S->getBase()),
                    E->getExprLoc());
        }
    }
    return true;
  }
  // A string a macro made of its argument (`#x`): spelled in scratch space.
  bool VisitStringLiteral(StringLiteral *SL) {
    for (unsigned I = 0, N = SL->getNumConcatenated(); I < N; ++I) {
      SourceLocation L = SL->getStrTokenLoc(I);
      if (!L.isMacroID() || !SM.isWrittenInScratchSpace(SM.getSpellingLoc(L)))
        continue;
      CharSourceRange R = SM.getExpansionRange(L);
      if (!inMainFile(SM, R.getBegin()) || !inMainFile(SM, R.getEnd()))
        continue;
      // `assert` shows its text only in the message of a failed assertion,
      // when the program aborts either way.
      llvm::StringRef Macro = SM.getBufferData(SM.getMainFileID())
                                  .substr(SM.getFileOffset(R.getBegin()));
      if (Macro.starts_with("assert") &&
          (Macro.size() == 6 || !isAsciiIdentifierContinue(Macro[6])))
        continue;
      F.Stringifying.push_back(
          {SM.getFileOffset(R.getBegin()), SM.getFileOffset(R.getEnd())});
    }
    return true;
  }

private:
  void mark(const EnumDecl *ED, SourceLocation L, bool Converts = true) {
    // The system's enumerations are its business (and its declarations
    // reach them without a body).
    if (ED && !ED->isFixed() && !SM.isInSystemHeader(ED->getLocation()))
      F.AtRisk[ED].push_back({L, Converts});
  }
  void markAll(QualType T, SourceLocation L) {
    std::set<const EnumDecl *> S;
    enumsIn(T, S);
    for (const EnumDecl *ED : S)
      mark(ED, L, false);
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  CEnumFacts &F;
  std::set<const UnaryOperator *> Bounded;
};

} // namespace

CEnumFacts cEnumFacts(ASTContext &Ctx) {
  CEnumFacts F;
  Risk R(Ctx, F);
  R.TraverseDecl(Ctx.getTranslationUnitDecl());
  return F;
}

} // namespace omp2cuda
