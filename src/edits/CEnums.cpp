// C enumerations compute as C in the .cu, which is C++.
//
// C gives an enumeration without a negative enumerator the type unsigned int
// (GCC, Clang) and its enumerators the type int; an enum object promotes to
// unsigned int, so `e - 1` with e == 0 is 4294967295 and `e < x` with
// int x = -1 is true. C++ promotes the same object to int (-1, false).
// Enumerators promote to int in both languages, so their uses (in macros
// that stringify them, X-macro tables, clauses, case labels, initializer
// lists) are never touched. Instead:
//  - a read of an enum object that C promotes to unsigned int where the type
//    is seen (an operand of arithmetic, `-`, `~`, `?:`, a relational
//    operator whose other side may be negative) is cast `(unsigned int)`;
//  - an enumeration whose objects may leave its range (analysis/CEnumFacts)
//    gets `int` as its fixed type, which holds every value C's unsigned int
//    does (the same 32 bits) while its enumerators still promote to int;
//    its reads are cast also where the value itself differs (wider and
//    floating conversions, comparisons with anything).
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
#include "clang/Lex/Lexer.h"

#include <algorithm>
#include <set>

using namespace clang;

namespace omp2cuda {

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
  // Tags for the enumerations without a name that type objects.
  std::vector<const DeclContext *> Scopes = {Ctx.getTranslationUnitDecl()};
  for (size_t I = 0; I < Scopes.size(); ++I)
    for (const Decl *D : Scopes[I]->decls()) {
      if (const auto *RD = dyn_cast<RecordDecl>(D))
        Scopes.push_back(RD);
      const auto *ED = dyn_cast<EnumDecl>(D);
      std::string Tag = unnamedEnumTag(ED, Ctx);
      if (Tag.empty())
        continue;
      SourceLocation End = Lexer::getLocForEndOfToken(ED->getBeginLoc(), 0, SM,
                                                      Ctx.getLangOpts());
      Out.push_back({SM.getFileOffset(End), 0, " " + Tag});
    }
}

bool enumPointerConversion(const CastExpr *CE) {
  QualType To = CE->getType(), From = CE->getSubExpr()->getType();
  if (!To->isPointerType() || !From->isPointerType() || To->isVoidPointerType())
    return false;
  while (To->isPointerType() && From->isPointerType()) {
    To = To->getPointeeType();
    From = From->getPointeeType();
  }
  return To.getCanonicalType().getUnqualifiedType() !=
             From.getCanonicalType().getUnqualifiedType() &&
         (To->isEnumeralType() || From->isEnumeralType());
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
  bool stringified(SourceLocation L) const { return F.stringified(SM, L); }

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

} // namespace omp2cuda
