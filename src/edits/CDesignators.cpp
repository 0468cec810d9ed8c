// C's designated initialisers of a struct in any order (part of
// cCompatEdits): C++ (nvcc: "out-of-order initializers are nonstandard in
// C++") takes them only in the order of the members. A list of plain
// member designators whose values are constants written in the file
// (numbers, characters, operators on them) is written again in the
// members' order: such text holds nothing that a kernel or another edit
// respells. Any other list out of order stays as written: clang and nvcc
// take it with a warning (-Wreorder-init-list, #2904-D), which is better
// than no translation at all. One that names a member twice is a problem
// (no C++ compiler takes it).
#include "edits/CEnums.h"
#include "edits/Edits.h"
#include "edits/SourceText.h"
#include "frontend/FileScope.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <algorithm>

using namespace clang;

namespace omp2cuda {
namespace {

/// Whether E is made of literals and operators only (no name, cast, call
/// or macro), text no edit of the translation touches.
bool literalOnly(const Stmt *S) {
  if (!S || S->getBeginLoc().isMacroID() || S->getEndLoc().isMacroID())
    return false;
  if (!isa<IntegerLiteral, FloatingLiteral, CharacterLiteral, ParenExpr,
           ImplicitCastExpr, UnaryOperator, BinaryOperator>(S))
    return false;
  if (const auto *U = dyn_cast<UnaryOperator>(S);
      U && !llvm::is_contained({UO_Minus, UO_Plus, UO_Not, UO_LNot},
                               U->getOpcode()))
    return false;
  if (const auto *B = dyn_cast<BinaryOperator>(S);
      B && (B->isAssignmentOp() || B->getOpcode() == BO_Comma))
    return false;
  for (const Stmt *C : S->children())
    if (!literalOnly(C))
      return false;
  return true;
}

class Designators : public RecursiveASTVisitor<Designators> {
public:
  Designators(ASTContext &Ctx, std::vector<TextEdit> &Out,
              std::vector<CompatProblem> &Problems)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Out(Out), Problems(Problems) {}

  bool VisitInitListExpr(InitListExpr *IL) {
    const RecordDecl *RD = IL->getType()->getAsRecordDecl();
    if (!IL->isSyntacticForm() || !RD || RD->isUnion())
      return true;
    // Each value's member position, as C assigns them (a value without a
    // designator takes the member after the one before it).
    std::vector<unsigned> Pos;
    bool Plain = true;
    for (const Expr *E : IL->inits()) {
      const auto *D = dyn_cast_or_null<DesignatedInitExpr>(E);
      if (!D) {
        Plain = false;
        Pos.push_back(Pos.empty() ? 0 : Pos.back() + 1);
        continue;
      }
      const DesignatedInitExpr::Designator *First = D->getDesignator(0);
      if (!First->isFieldDesignator() || !First->getFieldDecl())
        return true;
      Plain = Plain && D->size() == 1;
      Pos.push_back(First->getFieldDecl()->getFieldIndex());
    }
    bool Ordered = true;
    for (size_t I = 1; I < Pos.size(); ++I)
      Ordered = Ordered && Pos[I] > Pos[I - 1];
    if (Ordered)
      return true;
    std::vector<unsigned> Sorted = Pos;
    std::sort(Sorted.begin(), Sorted.end());
    if (std::adjacent_find(Sorted.begin(), Sorted.end()) != Sorted.end()) {
      Problems.push_back({IL->getLBraceLoc(),
                          "designated initialisers that name one member "
                          "twice, which C allows and C++ does not"});
      return true;
    }
    std::vector<std::pair<unsigned, unsigned>> Ranges;
    if (!Plain || !reorderable(IL, Ranges))
      return true;
    std::vector<size_t> Order(Pos.size());
    for (size_t I = 0; I < Order.size(); ++I)
      Order[I] = I;
    std::sort(Order.begin(), Order.end(),
              [&](size_t A, size_t B) { return Pos[A] < Pos[B]; });
    llvm::StringRef Buf = SM.getBufferData(SM.getMainFileID());
    for (size_t I = 0; I < Order.size(); ++I)
      if (Order[I] != I) {
        auto [B, E] = Ranges[Order[I]];
        Out.push_back({Ranges[I].first, Ranges[I].second - Ranges[I].first,
                       Buf.slice(B, E).str()});
      }
    return true;
  }

private:
  /// Whether every value of IL is a literal written in the main file
  /// (Ranges: each designator's text with its value), none of whose text
  /// an earlier edit changed.
  bool reorderable(const InitListExpr *IL,
                   std::vector<std::pair<unsigned, unsigned>> &Ranges) {
    for (const Expr *E : IL->inits()) {
      const auto *D = cast<DesignatedInitExpr>(E);
      unsigned B, End;
      if (!literalOnly(D->getInit()) || D->getBeginLoc().isMacroID() ||
          !fileOffsets(SM, Ctx.getLangOpts(), D->getSourceRange(), B, End))
        return false;
      for (const TextEdit &X : Out)
        if (X.Offset < End && X.Offset + X.Length > B)
          return false;
      Ranges.push_back({B, End});
    }
    return true;
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  std::vector<TextEdit> &Out;
  std::vector<CompatProblem> &Problems;
};

} // namespace

void designatorEdits(ASTContext &Ctx, std::vector<TextEdit> &Out,
                     std::vector<CompatProblem> &Problems) {
  Designators D(Ctx, Out, Problems);
  const SourceManager &SM = Ctx.getSourceManager();
  for (Decl *Dl : Ctx.getTranslationUnitDecl()->decls())
    if (inMainFile(SM, SM.getExpansionLoc(Dl->getLocation())))
      D.TraverseDecl(Dl);
}

} // namespace omp2cuda
