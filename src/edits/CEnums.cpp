// C enumerations compute as C in the .cu, which is C++.
//
// C gives an enumeration without a negative enumerator the type unsigned int
// (GCC, Clang) and its enumerators the type int; an enum object promotes to
// unsigned int, so `e - 1` with e == 0 is 4294967295 and `e < x` with
// int x = -1 is true. C++ promotes the same object to int (-1, false), and
// leaves a value outside the enumerators' bit range (`e -= 2`) undefined
// (G++ drops a `case -2:` on one, and `e + 1L` differs between G++ and
// Clang++). Enumerators promote to int in both languages, so their uses (in
// macros that stringify them, X-macro tables, clauses, case labels,
// initializer lists) are never touched. Instead:
//  - a read of an enum object that C promotes to unsigned int where the type
//    is seen (an operand of arithmetic, `-`, `~`, `?:`, a relational
//    operator whose other side may be negative) is cast `(unsigned int)`;
//  - an enumeration whose objects may leave its range (a conversion into it
//    of a value not known to be in range, arithmetic in place, its objects'
//    bytes reached through other types, values from outside the unit) gets
//    `int` as its fixed type, which holds every value C's unsigned int does
//    (the same 32 bits) while its enumerators still promote to int; its
//    reads are cast also where the value itself differs (wider and floating
//    conversions, comparisons with anything).
// What cannot be edited (a macro's body, a stringified argument, a clause,
// an enumeration declared in a header) is an [omp2cuda-c-compat] error,
// only where the result differs: not a read whose sum is only compared
// `==` or kept in 32 bits, nor a header's enumeration stepped by a loop
// that stops at an enumerator. A read compared with a constant zero is cast
// `(long long)(unsigned int)`: the same values, and no nvcc warning that an
// unsigned one compared with zero is pointless.
#include "edits/CEnums.h"
#include "edits/DirectiveSpans.h"
#include "frontend/FileScope.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>
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

void cEnumBaseEdits(ASTContext &Ctx, const CEnumFacts &F,
                    std::vector<TextEdit> &Out,
                    std::vector<CompatProblem> &Problems) {
  const SourceManager &SM = Ctx.getSourceManager();
  auto Placeable = [&](SourceLocation L) {
    return L.isValid() && !L.isMacroID() && inMainFile(SM, L);
  };
  for (const auto &[ED, Sites] : F.AtRisk) {
    QualType T = ED->getIntegerType();
    // `int` would make a bit-field of an unsigned enumeration signed.
    bool IntHolds = T->isSpecificBuiltinType(BuiltinType::Int) ||
                    (promotesUnsigned(ED) && ED->getNumPositiveBits() <= 31 &&
                     !F.BitFields.count(ED));
    SourceLocation Open = ED->getBraceRange().getBegin();
    std::vector<const TagDecl *> Forward;
    bool Ok = IntHolds && Placeable(Open);
    for (const TagDecl *R : ED->redecls())
      if (R != ED && R->isFreeStanding()) {
        Forward.push_back(R);
        Ok = Ok && Placeable(R->getLocation());
      }
    if (!Ok) {
      // Objects only reached through other types or from outside the unit
      // keep no fixed type: their reads are cast as for one that has it.
      std::string Name = QualType(ED->getTypeForDecl(), 0)
                             .getAsString(PrintingPolicy(Ctx.getLangOpts()));
      std::set<SourceLocation> Seen;
      for (const CEnumFacts::Site &S : Sites)
        if (S.Converts && Seen.insert(S.Loc).second)
          Problems.push_back(
              {S.Loc,
               "'" + Name +
                   "' may hold a value here that C keeps and C++ "
                   "does not (outside its enumerators' range, or declared "
                   "ahead of its definition): it needs a fixed type, which "
                   "omp2cuda gives only to an enumeration the main file "
                   "defines outside a macro, whose C type is int or whose "
                   "enumerators fit in int and which types no bit-field"});
      continue;
    }
    Out.push_back({SM.getFileOffset(Open), 0, ": int "});
    for (const TagDecl *R : Forward) {
      SourceLocation End = Lexer::getLocForEndOfToken(R->getLocation(), 0, SM,
                                                      Ctx.getLangOpts());
      Out.push_back({SM.getFileOffset(End), 0, " : int"});
    }
  }
}

namespace {

/// The `(unsigned int)` casts of enum reads (see the file comment).
class Reads : public RecursiveASTVisitor<Reads> {
public:
  Reads(ASTContext &Ctx, const CEnumFacts &F, std::vector<TextEdit> &Out,
        std::vector<CompatProblem> &Problems)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), F(F), Out(Out),
        Problems(Problems) {}

  // A switch matches the same 32 bits signed or unsigned, and `case -1:`
  // under an unsigned condition would not compile in C++ (narrowing).
  bool VisitSwitchStmt(SwitchStmt *S) {
    if (S->getCond())
      SwitchConds.insert(S->getCond()->IgnoreParenImpCasts());
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    BinaryOperatorKind Op = B->getOpcode();
    if (SwitchConds.count(B) && Op != BO_Div && Op != BO_Rem && Op != BO_Shr)
      return true;
    if (LoopConds.count(B))
      return true;
    if (B->isRelationalOp()) {
      relational(B->getLHS(), B->getRHS());
      relational(B->getRHS(), B->getLHS());
    } else if (Op == BO_DivAssign || Op == BO_RemAssign) {
      // `x /= e` divides unsigned; `x += e` has the same bits either way.
      want(promoted(B->getRHS()));
    } else if (Op == BO_Shl || Op == BO_Shr) {
      want(promoted(B->getLHS())); // the amount's type does not matter
    } else if (B->isAdditiveOp() || B->isMultiplicativeOp() ||
               B->isBitwiseOp()) {
      want(promoted(B->getLHS()));
      want(promoted(B->getRHS()));
    }
    // ==, != and switch conditions compare the same 32 bits either way.
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Not ||
        U->getOpcode() == UO_Plus)
      want(promoted(U->getSubExpr()));
    return true;
  }
  bool VisitConditionalOperator(ConditionalOperator *C) {
    want(promoted(C->getTrueExpr()));
    want(promoted(C->getFalseExpr()));
    return true;
  }
  // A value outside the range: widened or made floating from its 32 bits.
  bool VisitCastExpr(CastExpr *CE) {
    if (CE->getCastKind() != CK_IntegralCast &&
        CE->getCastKind() != CK_IntegralToFloating)
      return true;
    const EnumDecl *ED = enumOf(CE->getSubExpr()->getType());
    QualType To = CE->getType();
    // `g * 0.5`: C converts the promoted unsigned int.
    const CastExpr *Read = promoted(CE->getSubExpr()->IgnoreParens());
    if (Read)
      ED = enumOf(Read->getSubExpr()->getType());
    if (promotesUnsigned(ED) && F.atRisk(ED) && !enumOf(To) &&
        (To->isRealFloatingType() || Ctx.getTypeSize(To) > 32))
      want(Read ? Read : CE);
    return true;
  }
  // Clause expressions stay in the pragma, which the host compiles again
  // as C++, and the stub evaluates: no cast can be added there. (The
  // traversal also meets a clause's helper expressions, located at its
  // list items: those the host compiler makes anew, so only the clauses'
  // own expressions count.)
  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    // An OpenMP loop's test is the loop lowering's to read: a cast bound
    // makes its trip count compare an unsigned value with 0 (nvcc #186-D).
    // A variable counting up from a constant not below 0 compares the same
    // signed or unsigned (else, `i = -2; i < e`, the cast stays: gcc and
    // clang disagree there, the cast computes as clang does).
    if (const auto *LD = dyn_cast<OMPLoopDirective>(D))
      OMPLoopBasedDirective::doForAllLoops(
          LD->getInnermostCapturedStmt()->getCapturedStmt(), true,
          LD->getLoopsNumber(), [&](unsigned, const Stmt *Loop) {
            if (const auto *For = dyn_cast<ForStmt>(Loop)) {
              if (const Expr *Cond = upFromNonNegative(For))
                LoopConds.insert(Cond);
              if (enumLoopVariable(For))
                Problems.push_back(
                    {For->getBeginLoc(),
                     "an OpenMP loop whose variable is an enumeration, "
                     "which C++ allows only for integers, pointers and "
                     "iterators"});
            }
            return false;
          });
    Spans.add(SM, D);
    InClause = true;
    for (OMPClause *C : D->clauses())
      if (C)
        for (Stmt *Child : C->children())
          clauseExpr(Child, 0);
    InClause = false;
    return true;
  }

private:
  bool enumLoopVariable(const ForStmt *For) const {
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit()))
      return DS->isSingleDecl() && isa<VarDecl>(DS->getSingleDecl()) &&
             enumOf(cast<VarDecl>(DS->getSingleDecl())->getType());
    if (const auto *A = dyn_cast_or_null<BinaryOperator>(For->getInit()))
      return A->getOpcode() == BO_Assign && enumOf(A->getLHS()->getType());
    return false;
  }

  /// The test of `for (i = K; i < b; ...)` (or `<=`, `b > i`, `b >= i`)
  /// with K a constant not below 0.
  const Expr *upFromNonNegative(const ForStmt *For) const {
    const auto *Cond =
        For->getCond()
            ? dyn_cast<BinaryOperator>(For->getCond()->IgnoreParens())
            : nullptr;
    if (!Cond || !Cond->isRelationalOp())
      return nullptr;
    bool Up = Cond->getOpcode() == BO_LT || Cond->getOpcode() == BO_LE;
    const auto *Var = dyn_cast<DeclRefExpr>(
        (Up ? Cond->getLHS() : Cond->getRHS())->IgnoreParenImpCasts());
    if (!Var)
      return nullptr;
    const Expr *Start = nullptr;
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit())) {
      const auto *VD =
          DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
      if (VD && VD == Var->getDecl())
        Start = VD->getInit();
    } else if (const auto *A =
                   dyn_cast_or_null<BinaryOperator>(For->getInit())) {
      const auto *L = dyn_cast<DeclRefExpr>(A->getLHS()->IgnoreParenImpCasts());
      if (A->getOpcode() == BO_Assign && L && L->getDecl() == Var->getDecl())
        Start = A->getRHS();
    }
    std::optional<llvm::APSInt> K =
        Start ? Start->getIntegerConstantExpr(Ctx) : std::nullopt;
    return K && !(K->isSigned() && K->isNegative()) ? Cond : nullptr;
  }

  void clauseExpr(Stmt *S, unsigned Depth) {
    if (!S || Depth > 64)
      return;
    if (auto *DR = dyn_cast<DeclRefExpr>(S))
      if (auto *Cap = dyn_cast<OMPCapturedExprDecl>(DR->getDecl()))
        clauseExpr(Cap->getInit(), Depth + 1);
    if (auto *B = dyn_cast<BinaryOperator>(S))
      VisitBinaryOperator(B);
    else if (auto *U = dyn_cast<UnaryOperator>(S))
      VisitUnaryOperator(U);
    else if (auto *C = dyn_cast<ConditionalOperator>(S))
      VisitConditionalOperator(C);
    else if (auto *CE = dyn_cast<CastExpr>(S))
      VisitCastExpr(CE);
    for (Stmt *Child : S->children())
      clauseExpr(Child, Depth + 1);
  }

  /// E, when it is a read of a C enumeration of type unsigned int that C
  /// promotes to unsigned int (and C++ to int).
  const CastExpr *promoted(const Expr *E) const {
    const auto *CE = dyn_cast<ImplicitCastExpr>(E);
    if (!CE || CE->getCastKind() != CK_IntegralCast ||
        !CE->getType()->isSpecificBuiltinType(BuiltinType::UInt) ||
        !promotesUnsigned(enumOf(CE->getSubExpr()->getType())))
      return nullptr;
    return CE;
  }

  /// `e < x` compares unsigned in C: the same as int in C++ only while
  /// both sides are known not to be negative.
  void relational(const Expr *Side, const Expr *Other) {
    const CastExpr *CE = promoted(Side);
    if (!CE)
      return;
    if (!F.atRisk(enumOf(CE->getSubExpr()->getType())) && nonNegative(Other))
      return;
    // `c < 0` is constant in C: nvcc warns of an unsigned value compared
    // with zero (#186-D), a signed one as wide holds the same values.
    std::optional<llvm::APSInt> V =
        Other->IgnoreParenImpCasts()->getIntegerConstantExpr(Ctx);
    want(CE, V && V->isZero() ? "(long long)(unsigned int)" : "(unsigned int)");
  }
  bool nonNegative(const Expr *E) const {
    E = E->IgnoreParenImpCasts();
    if (const EnumDecl *ED = enumOf(E->getType()))
      return promotesUnsigned(ED) && !F.atRisk(ED);
    if (std::optional<llvm::APSInt> V = E->getIntegerConstantExpr(Ctx))
      return !(V->isSigned() && V->isNegative());
    return E->getType()->isUnsignedIntegerType();
  }

  bool inDirective(SourceLocation L) const { return Spans.contains(SM, L); }
  bool stringified(SourceLocation L) const {
    if (!L.isMacroID())
      return false;
    CharSourceRange R = SM.getExpansionRange(L);
    if (!inMainFile(SM, R.getBegin()))
      return false;
    unsigned B = SM.getFileOffset(R.getBegin()),
             E = SM.getFileOffset(R.getEnd());
    return std::any_of(
        F.Stringifying.begin(), F.Stringifying.end(),
        [&](const auto &S) { return S.first <= E && B <= S.second; });
  }

  /// Whether what C computes from the promoted read E differs from what
  /// C++ computes: not where only its low 32 bits or its truth are used
  /// (`c + 1 == BLUE`, stored in an int, an array section's bounds, which
  /// leave the array for a negative value either way).
  bool resultMatters(const Expr *E) const {
    if (!E->getType()->isSpecificBuiltinType(BuiltinType::UInt))
      return true; // the value itself differs (widened, made floating)
    const Stmt *Child = E;
    for (unsigned Depth = 0; Depth < 64; ++Depth) {
      auto Parents = Ctx.getParents(*Child);
      if (Parents.size() != 1)
        return true;
      const Stmt *P = Parents[0].get<Stmt>();
      if (const auto *VD = Parents[0].get<VarDecl>())
        return isa<OMPCapturedExprDecl>(VD) || !fits32(VD->getType());
      if (!P)
        return true;
      if (const auto *B = dyn_cast<BinaryOperator>(P)) {
        switch (B->getOpcode()) {
        case BO_EQ:
        case BO_NE:
        case BO_LAnd:
        case BO_LOr:
        case BO_Comma:
          return false;
        case BO_Add:
        case BO_Sub:
        case BO_Mul:
        case BO_And:
        case BO_Or:
        case BO_Xor:
        case BO_Shl:
          break;
        case BO_Assign:
        case BO_AddAssign:
        case BO_SubAssign:
        case BO_MulAssign:
        case BO_AndAssign:
        case BO_OrAssign:
        case BO_XorAssign:
          return B->getLHS() == Child || !fits32(B->getLHS()->getType());
        default:
          return true;
        }
      } else if (const auto *U = dyn_cast<UnaryOperator>(P)) {
        if (U->getOpcode() == UO_LNot)
          return false;
        if (U->getOpcode() != UO_Minus && U->getOpcode() != UO_Not &&
            U->getOpcode() != UO_Plus)
          return true;
      } else if (const auto *C = dyn_cast<ImplicitCastExpr>(P)) {
        if (C->getCastKind() == CK_IntegralToBoolean)
          return false;
        if (C->getCastKind() != CK_IntegralCast || !fits32(C->getType()))
          return true;
      } else if (const auto *C = dyn_cast<ConditionalOperator>(P)) {
        if (C->getCond() == Child)
          return false;
      } else if (isa<ArraySectionExpr>(P)) {
        return cast<ArraySectionExpr>(P)->getBase() == Child;
      } else if (isa<IfStmt, WhileStmt, DoStmt, CompoundStmt>(P)) {
        return false; // a condition's truth, or a value discarded
      } else if (!isa<ParenExpr>(P)) {
        return true;
      }
      Child = P;
    }
    return true;
  }
  bool fits32(QualType T) const {
    return T->isIntegerType() && !T->isBooleanType() &&
           Ctx.getTypeSize(T) <= 32;
  }

  void want(const CastExpr *CE, llvm::StringRef Cast = "(unsigned int)") {
    if (!CE)
      return;
    const Expr *Sub = CE->getSubExpr();
    SourceLocation L = Sub->getBeginLoc();
    if (!InClause && inDirective(L))
      return;
    if (!Done.insert(CE).second)
      return;
    std::string Name = Sub->getType().getUnqualifiedType().getAsString(
        PrintingPolicy(Ctx.getLangOpts()));
    std::string Why = "a read of '" + Name +
                      "', which C computes with as unsigned int and C++ as "
                      "int, ";
    // `MINUS1(e)` with `((v) - 1)`: the parentheses are the macro's, the
    // read inside them the file's.
    unsigned B, E;
    if (!InClause &&
        !fileOffsets(SM, Ctx.getLangOpts(), Sub->getSourceRange(), B, E))
      Sub = Sub->IgnoreParenImpCasts();
    bool Placeable =
        !InClause &&
        fileOffsets(SM, Ctx.getLangOpts(), Sub->getSourceRange(), B, E) &&
        !stringified(L);
    if (!Placeable && !resultMatters(CE))
      return;
    if (InClause)
      Problems.push_back({L, Why + "in a clause (its text stays in the "
                                   "directive, where no cast can go)"});
    else if (!fileOffsets(SM, Ctx.getLangOpts(), Sub->getSourceRange(), B, E))
      Problems.push_back({L, Why + "inside a macro definition"});
    else if (stringified(L))
      Problems.push_back({L, Why + "in the argument of a macro that "
                                   "stringifies its arguments (the cast C++ "
                                   "needs would change the string)"});
    else if (!CastAt.insert(B).second)
      return; // a macro argument expanded twice (`assert`'s is)
    else if (isa<DeclRefExpr, ParenExpr, MemberExpr, ArraySubscriptExpr,
                 CallExpr>(Sub->IgnoreImpCasts()))
      Out.push_back({B, 0, Cast.str()});
    else {
      Out.push_back({B, 0, Cast.str() + "("});
      Out.push_back({E, 0, ")"});
    }
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  const CEnumFacts &F;
  std::vector<TextEdit> &Out;
  std::vector<CompatProblem> &Problems;
  DirectiveSpans Spans;
  std::set<const CastExpr *> Done;
  std::set<const Expr *> SwitchConds;
  std::set<const Expr *> LoopConds;
  std::set<unsigned> CastAt;
  bool InClause = false;
};

} // namespace

void cEnumReadEdits(ASTContext &Ctx, const CEnumFacts &F,
                    std::vector<TextEdit> &Out,
                    std::vector<CompatProblem> &Problems) {
  const SourceManager &SM = Ctx.getSourceManager();
  Reads R(Ctx, F, Out, Problems);
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (inMainFile(SM, SM.getExpansionLoc(D->getLocation())))
      R.TraverseDecl(D);
}

void nestedEnumMoves(ASTContext &Ctx, bool LineDirectives,
                     std::vector<TextEdit> &Out) {
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::StringRef Buf = SM.getBufferData(SM.getMainFileID());
  auto Offset = [&](SourceLocation L, unsigned &Off) {
    if (L.isInvalid() || L.isMacroID() || !inMainFile(SM, L))
      return false;
    Off = SM.getFileOffset(L);
    return true;
  };
  std::vector<std::pair<unsigned, unsigned>> Tops; // file-scope declarations
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    unsigned B, E;
    if (!D->isImplicit() && Offset(D->getBeginLoc(), B) &&
        Offset(D->getEndLoc(), E))
      Tops.push_back({B, E});
  }
  for (const Decl *Top : Ctx.getTranslationUnitDecl()->decls()) {
    const auto *RD = dyn_cast<RecordDecl>(Top);
    unsigned RB;
    if (!RD || !RD->isThisDeclarationADefinition() ||
        !Offset(RD->getBeginLoc(), RB))
      continue;
    // Ahead of the whole declaration (`typedef struct {...} T;`).
    unsigned At = RB;
    for (const auto &[B, E] : Tops)
      if (B <= RB && RB <= E)
        At = std::min(At, B);
    // Its enumerations and its nested structs', in the file's order (an
    // enumerator's value may name an earlier one's).
    std::vector<std::pair<unsigned, const EnumDecl *>> Nested;
    std::vector<const RecordDecl *> Records = {RD};
    for (size_t I = 0; I < Records.size(); ++I)
      for (const Decl *D : Records[I]->decls()) {
        unsigned B;
        if (const auto *ED = dyn_cast<EnumDecl>(D);
            ED && ED->isThisDeclarationADefinition() &&
            Offset(ED->getBeginLoc(), B))
          Nested.push_back({B, ED});
        else if (const auto *Inner = dyn_cast<RecordDecl>(D);
                 Inner && Inner->isThisDeclarationADefinition())
          Records.push_back(Inner);
      }
    std::sort(Nested.begin(), Nested.end());
    std::string Ahead;
    for (const auto &[B, ED] : Nested) {
      unsigned E;
      if (!Offset(ED->getBraceRange().getEnd(), E) || E < B ||
          ED->enumerators().empty())
        continue;
      ++E; // past the closing brace
      // The edits inside it go with it (an insertion at its end belongs to
      // what follows).
      std::vector<TextEdit> Inside, Rest;
      for (TextEdit &T : Out)
        (T.Offset >= B && T.Offset + T.Length <= E &&
                 !(T.Offset == E && T.Length == 0)
             ? Inside
             : Rest)
            .push_back(std::move(T));
      Out = std::move(Rest);
      Ahead += textWithEdits(Buf, B, E, Inside) + ";\n";
      std::string Member =
          ED->isFreeStanding() ? ""
          : ED->getIdentifier()
              ? "enum " + ED->getName().str()
              : "decltype(" + ED->enumerators().begin()->getName().str() + ")";
      if (LineDirectives && Buf.slice(B, E).count('\n'))
        Member += "\n#line " + std::to_string(lineOf(Ctx, E)) + "\n";
      Out.push_back({B, E - B, Member});
    }
    if (Ahead.empty())
      continue;
    bool LineStart = At == 0 || Buf[At - 1] == '\n';
    if (LineDirectives && LineStart)
      Ahead += "#line " + std::to_string(lineOf(Ctx, At)) + "\n";
    else if (!LineStart)
      Ahead.back() = ' ';
    Out.push_back({At, 0, Ahead});
  }
}

} // namespace omp2cuda
