// Expressions C and C++ type differently (part of cCompatEdits): C gives a
// comparison, `!`, `&&`, `||`, a character constant, <stdbool.h>'s `true`
// and `false` and an enumerator the type int, C++ bool, char and the
// enumeration. Arithmetic promotes them alike; only what asks an
// expression's own type tells them apart: sizeof and _Alignof of it,
// `__typeof__(e)`, `__auto_type v = e` and a _Generic's controlling
// expression (sizeof(x < y) is 4 in C, 1 in C++; `__typeof__(x < y) t = 1;
// t += 5;` is 6 in C, 1 in C++). Each such expression that decides the
// type (bare, an arm of ?:, the right of a comma, a statement expression's
// last) gets C's type written as a cast: `sizeof(((int)(x < y)))`.
#include "edits/CEnums.h"
#include "edits/DirectiveSpans.h"
#include "edits/Edits.h"
#include "frontend/FileScope.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

#include <set>

using namespace clang;

namespace omp2cuda {

namespace {

class CExprTypeCasts : public RecursiveASTVisitor<CExprTypeCasts> {
public:
  CExprTypeCasts(ASTContext &Ctx, const CEnumFacts &Enums,
                 std::vector<TextEdit> &Out,
                 std::vector<CompatProblem> &Problems)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Enums(Enums), Out(Out),
        Problems(Problems) {}

  bool shouldVisitImplicitCode() const { return false; }

  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    Spans.add(SM, D);
    return true;
  }
  bool VisitUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *E) {
    if (!E->isArgumentType())
      decide(E->getArgumentExpr(), 0);
    return true;
  }
  bool VisitTypeOfExprTypeLoc(TypeOfExprTypeLoc TL) {
    if (const Expr *E = TL.getUnderlyingExpr())
      decide(E, 0);
    return true;
  }
  bool VisitVarDecl(VarDecl *VD) {
    const TypeSourceInfo *TSI = VD->getTypeSourceInfo();
    if (VD->getInit() && TSI && TSI->getType()->getContainedAutoType())
      decide(VD->getInit(), 0);
    return true;
  }
  bool VisitGenericSelectionExpr(GenericSelectionExpr *G) {
    if (G->isExprPredicate() && G->getControllingExpr())
      decide(G->getControllingExpr(), 0);
    return true;
  }

  // GNU C's empty struct has size 0, C++'s 1 (and a member of one moves
  // the members after it).
  bool VisitRecordDecl(RecordDecl *RD) {
    if (RD->isThisDeclarationADefinition() && !RD->isImplicit() &&
        RD->field_empty())
      Problems.push_back({RD->getLocation(),
                          "a struct or union without members, whose size is "
                          "0 in GNU C and 1 in C++"});
    return true;
  }
  // C keeps a compound literal of a block to the end of the block, C++ to
  // the end of the full expression: a pointer into one that outlives the
  // expression dangles in the .cu.
  bool VisitCompoundLiteralExpr(CompoundLiteralExpr *CL) {
    if (CL->isFileScope())
      return true;
    const Expr *P = pointerTo(CL);
    // C++ takes no address of a temporary at all.
    if (P && (isa<UnaryOperator>(P) || !usedWithin(P)))
      Problems.push_back(
          {CL->getBeginLoc(),
           "a pointer to a compound literal that may be used after the "
           "expression that makes it: C keeps the literal to the end of its "
           "block, C++ destroys it at the end of the full expression"});
    return true;
  }

private:
  const Expr *parentExpr(const Expr *E) const {
    DynTypedNodeList Ps = Ctx.getParents(*E);
    return Ps.size() == 1 ? Ps[0].get<Expr>() : nullptr;
  }
  /// The expression that makes a pointer into CL (its array decayed, its
  /// address, a member array's decay or address), or null where CL is used
  /// by value.
  const Expr *pointerTo(const Expr *E) const {
    for (unsigned Depth = 0; Depth < 64; ++Depth) {
      const Expr *P = parentExpr(E);
      if (!P)
        return nullptr;
      if (const auto *IC = dyn_cast<ImplicitCastExpr>(P))
        return IC->getCastKind() == CK_ArrayToPointerDecay ? P : nullptr;
      if (const auto *U = dyn_cast<UnaryOperator>(P))
        return U->getOpcode() == UO_AddrOf ? P : nullptr;
      if (const auto *M = dyn_cast<MemberExpr>(P); M && M->getBase() == E &&
                                                   !M->isArrow()) {
        E = P;
        continue;
      }
      if (!isa<ParenExpr>(P))
        return nullptr;
      E = P;
    }
    return nullptr;
  }
  /// Whether the pointer P is only used within its full expression:
  /// subscripted, dereferenced, or an argument of a call that returns
  /// nothing or a number and keeps no pointer to it (mayKeep).
  bool usedWithin(const Expr *P) const {
    const Expr *Parent = parentExpr(P);
    auto Converts = [](const Expr *E) {
      const auto *IC = dyn_cast<ImplicitCastExpr>(E);
      return IC && (IC->getCastKind() == CK_NoOp ||
                    IC->getCastKind() == CK_BitCast);
    };
    while (Parent && (isa<ParenExpr>(Parent) || Converts(Parent))) {
      P = Parent;
      Parent = parentExpr(P);
    }
    if (!Parent)
      return false;
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Parent))
      return AS->getBase() == P;
    if (const auto *U = dyn_cast<UnaryOperator>(Parent))
      return U->getOpcode() == UO_Deref;
    if (const auto *M = dyn_cast<MemberExpr>(Parent))
      return M->isArrow();
    const auto *C = dyn_cast<CallExpr>(Parent);
    return C && C->getCallee() != P && !mayKeep(C, P);
  }
  /// Whether the callee of C may keep its argument Arg past the call (or
  /// return it): a library function that keeps a buffer, or one of the
  /// program's whose parameter is used otherwise than subscripted,
  /// dereferenced or through `->` (or whose body we do not see).
  bool mayKeep(const CallExpr *C, const Expr *Arg) const {
    const FunctionDecl *FD = C->getDirectCallee();
    if (!FD || !(C->getType()->isVoidType() ||
                 C->getType()->isArithmeticType()))
      return true;
    unsigned I = 0;
    while (I < C->getNumArgs() && C->getArg(I) != Arg)
      ++I;
    if (SM.isInSystemHeader(SM.getExpansionLoc(FD->getLocation()))) {
      llvm::StringRef N = FD->getIdentifier() ? FD->getName() : "";
      return N == "setbuf" || N == "setvbuf" || N == "putenv" ||
             N.starts_with("strtok");
    }
    const FunctionDecl *Def = FD->getDefinition();
    if (!Def || !Def->hasBody() || I >= Def->getNumParams())
      return true;
    return !onlyDereferenced(Def->getBody(), Def->getParamDecl(I), 0);
  }
  bool onlyDereferenced(const Stmt *S, const ParmVarDecl *PV,
                        unsigned Depth) const {
    if (!S || Depth > 256)
      return Depth <= 256;
    if (const auto *DR = dyn_cast<DeclRefExpr>(S); DR && DR->getDecl() == PV) {
      const Expr *E = DR, *Parent = parentExpr(E);
      while (Parent && (isa<ParenExpr>(Parent) || isa<ImplicitCastExpr>(Parent))) {
        E = Parent;
        Parent = parentExpr(E);
      }
      const auto *AS = dyn_cast_or_null<ArraySubscriptExpr>(Parent);
      const auto *U = dyn_cast_or_null<UnaryOperator>(Parent);
      const auto *M = dyn_cast_or_null<MemberExpr>(Parent);
      return (AS && AS->getBase() == E) || (U && U->getOpcode() == UO_Deref) ||
             (M && M->isArrow());
    }
    for (const Stmt *Child : S->children())
      if (!onlyDereferenced(Child, PV, Depth + 1))
        return false;
    return true;
  }

  /// Casts each subexpression of E that decides E's type and that C++
  /// types otherwise.
  void decide(const Expr *E, unsigned Depth) {
    if (!E || Depth > 64)
      return;
    E = E->IgnoreParens();
    if (const auto *C = dyn_cast<ConditionalOperator>(E)) {
      // C converts the arms as arithmetic does (a short or a char arm to
      // int), C++ keeps a type both arms have: sizeof(c ? s1 : s2) is 4 in
      // C, 2 in C++.
      for (const Expr *Arm : {C->getTrueExpr(), C->getFalseExpr()})
        if (const auto *IC = dyn_cast<ImplicitCastExpr>(Arm->IgnoreParens());
            IC && IC->getCastKind() == CK_IntegralCast &&
            Ctx.isPromotableIntegerType(IC->getSubExpr()->getType()))
          cast(IC);
        else
          decide(Arm, Depth + 1);
    } else if (const auto *BC = dyn_cast<BinaryConditionalOperator>(E)) {
      decide(BC->getCommon(), Depth + 1);
      decide(BC->getFalseExpr(), Depth + 1);
    } else if (const auto *B = dyn_cast<BinaryOperator>(E);
               B && B->getOpcode() == BO_Comma) {
      decide(B->getRHS(), Depth + 1);
    } else if (const auto *U = dyn_cast<UnaryOperator>(E);
               U && U->getOpcode() == UO_Extension) {
      decide(U->getSubExpr(), Depth + 1);
    } else if (const auto *S = dyn_cast<StmtExpr>(E)) {
      const CompoundStmt *CS = S->getSubStmt();
      if (CS && !CS->body_empty())
        if (const auto *Last = dyn_cast<Expr>(CS->body_back()))
          decide(Last, Depth + 1);
    } else if (const auto *Ch = dyn_cast<ChooseExpr>(E)) {
      if (!Ch->isConditionDependent())
        decide(Ch->getChosenSubExpr(), Depth + 1);
    } else if (const auto *G = dyn_cast<GenericSelectionExpr>(E)) {
      if (!G->isResultDependent())
        decide(G->getResultExpr(), Depth + 1);
    } else if (typedOtherwiseInCxx(E)) {
      cast(E);
    }
  }

  bool typedOtherwiseInCxx(const Expr *E) const {
    if (const auto *B = dyn_cast<BinaryOperator>(E))
      return B->isComparisonOp() || B->isLogicalOp();
    if (const auto *U = dyn_cast<UnaryOperator>(E))
      return U->getOpcode() == UO_LNot;
    if (const auto *L = dyn_cast<CharacterLiteral>(E))
      return L->getKind() == CharacterLiteralKind::Ascii;
    if (const auto *DR = dyn_cast<DeclRefExpr>(E))
      return isa<EnumConstantDecl>(DR->getDecl());
    // <stdbool.h>'s `true` is `1` in C and a bool keyword in C++.
    if (isa<IntegerLiteral>(E) && E->getBeginLoc().isMacroID()) {
      llvm::StringRef M = Lexer::getImmediateMacroName(
          E->getBeginLoc(), SM, Ctx.getLangOpts());
      return M == "true" || M == "false";
    }
    return false;
  }

  void cast(const Expr *E) {
    QualType T = E->getType();
    const auto *BT = T->getAs<BuiltinType>();
    unsigned B, End;
    bool Text = !Spans.contains(SM, E->getBeginLoc()) &&
                !Enums.stringified(SM, E->getBeginLoc()) &&
                fileOffsets(SM, Ctx.getLangOpts(), E->getSourceRange(), B, End);
    if (!BT || !BT->isInteger() || !Text) {
      Problems.push_back(
          {E->getBeginLoc(),
           "an expression whose type C and C++ give differently (C: int; "
           "C++: bool, char or the enumeration) where its type tells (sizeof, "
           "_Alignof, __typeof__, __auto_type, _Generic), in a macro's "
           "definition or a clause, where the cast C++ needs cannot be "
           "written"});
      return;
    }
    if (!Done.insert({B, End}).second)
      return;
    bool Postfix = isa<CharacterLiteral, DeclRefExpr, IntegerLiteral>(E);
    Out.push_back({B, 0,
                   "((" + T.getAsString(Ctx.getPrintingPolicy()) + ")" +
                       (Postfix ? "" : "(")});
    Out.push_back({End, 0, Postfix ? ")" : "))"});
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  const CEnumFacts &Enums;
  std::vector<TextEdit> &Out;
  std::vector<CompatProblem> &Problems;
  DirectiveSpans Spans;
  std::set<std::pair<unsigned, unsigned>> Done;
};

} // namespace

void cExprTypeEdits(ASTContext &Ctx, const CEnumFacts &Enums,
                    std::vector<TextEdit> &Out,
                    std::vector<CompatProblem> &Problems) {
  CExprTypeCasts V(Ctx, Enums, Out, Problems);
  const SourceManager &SM = Ctx.getSourceManager();
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (inMainFile(SM, SM.getExpansionLoc(D->getLocation())))
      V.TraverseDecl(D);
}

} // namespace omp2cuda
