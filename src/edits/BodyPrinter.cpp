#include "edits/BodyPrinter.h"
#include "frontend/FileScope.h"

#include "analysis/Analysis.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace omp2cuda {

namespace {

class Helper : public PrinterHelper {
public:
  Helper(const BodyRespell &R) : R(R) {}
  bool handledStmt(Stmt *S, raw_ostream &OS) override {
    if (const auto *DR = dyn_cast<DeclRefExpr>(S)) {
      const ValueDecl *D = DR->getDecl();
      std::string N = D->getNameAsString();
      N = N.substr(0, N.find('[')); // declare-variant names
      if (R.RenameCxxKeywords && isCxxOnlyKeyword(N))
        N += "_";
      if (R.Deref.count(D)) {
        OS << "(*" << N << ")";
        return true;
      }
      if (isa<FunctionDecl>(D) && isOmpDeviceApi(N)) {
        OS << "o2c_dev::" << N;
        return true;
      }
      if (N != D->getNameAsString()) {
        OS << N;
        return true;
      }
      return false;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(S))
      if (R.DropThis && isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()) &&
          isa<FieldDecl>(ME->getMemberDecl())) {
        OS << ME->getMemberDecl()->getName();
        return true;
      }
    return false;
  }

private:
  const BodyRespell &R;
};

class WrapHelper : public PrinterHelper {
public:
  WrapHelper(const ASTContext &Ctx,
             const std::function<std::string(const Stmt *)> &Wrap)
      : Ctx(Ctx), Wrap(Wrap) {}
  bool handledStmt(Stmt *S, raw_ostream &OS) override {
    if (Busy.count(S))
      return false;
    std::string Prefix = Wrap(S);
    if (Prefix.empty())
      return false;
    Busy.insert(S);
    OS << Prefix << "\n";
    S->printPretty(OS, this, typePolicy(Ctx));
    OS << "}";
    Busy.erase(S);
    return true;
  }

private:
  const ASTContext &Ctx;
  const std::function<std::string(const Stmt *)> &Wrap;
  std::set<const Stmt *> Busy;
};

} // namespace

std::string printBody(const Stmt *S, const ASTContext &Ctx, const BodyRespell &R) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  Helper H(R);
  S->printPretty(OS, &H, typePolicy(Ctx));
  return OS.str();
}

bool findMacroSite(const Stmt *D, ASTContext &Ctx, MacroSite &Out) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (!D->getBeginLoc().isMacroID())
    return false;
  CharSourceRange ER = SM.getExpansionRange(D->getBeginLoc());
  SourceLocation B = ER.getBegin(), E = ER.getEnd();
  if (!inMainFile(SM, B))
    return false;
  auto Within = [&](SourceLocation L) {
    L = SM.getExpansionLoc(L);
    return !SM.isBeforeInTranslationUnit(L, B) && !SM.isBeforeInTranslationUnit(E, L);
  };
  // Climb while the parent still lies inside the invocation.
  const Stmt *Top = D;
  while (true) {
    DynTypedNodeList Ps = Ctx.getParents(*Top);
    if (Ps.empty())
      return false;
    const Stmt *P = Ps[0].get<Stmt>();
    if (!P)
      return false;
    if (isa<CompoundStmt>(P) && !(Within(P->getBeginLoc()) && Within(P->getEndLoc()))) {
      // The invocation stands for some of this block's statements.
      for (const Stmt *C : cast<CompoundStmt>(P)->body())
        if (Within(C->getBeginLoc()))
          Out.Stmts.push_back(C);
      break;
    }
    if (!(Within(P->getBeginLoc()) && Within(P->getEndLoc()))) {
      Out.Stmts.push_back(Top);
      break;
    }
    Top = P;
  }
  if (Out.Stmts.empty())
    return false;
  Out.Begin = SM.getFileOffset(B);
  Out.End = SM.getFileOffset(E) +
            (ER.isTokenRange()
                 ? Lexer::MeasureTokenLength(E, SM, Ctx.getLangOpts())
                 : 0);
  return true;
}

std::string printMacroSite(const MacroSite &Site, const ASTContext &Ctx,
                           const std::function<std::string(const Stmt *)> &Wrap) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  WrapHelper H(Ctx, Wrap);
  for (const Stmt *S : Site.Stmts) {
    PrintingPolicy P = typePolicy(Ctx);
    const_cast<Stmt *>(S)->printPretty(OS, &H, P);
    if (isa<Expr>(S))
      OS << ";";
    OS << "\n";
  }
  return OS.str();
}

} // namespace omp2cuda
