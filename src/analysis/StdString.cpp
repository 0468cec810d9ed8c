// std::string's operator[] read in device code (see StdString.h).
#include "analysis/StdString.h"
#include "analysis/RequiresClause.h"

#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace omp2cuda {

namespace {

/// The unit has `#pragma omp requires unified_shared_memory`.
bool requiresUsm(ASTContext &Ctx) {
  return requiresClause<OMPUnifiedSharedMemoryClause>(Ctx) != nullptr;
}

/// libstdc++'s string of the C++11 ABI: its first member holds the
/// character pointer (what o2c_dev::stringAt reads).
bool libstdcxxLayout(const CXXRecordDecl *RD) {
  return RD && !RD->field_empty() &&
         RD->field_begin()->getName() == "_M_dataplus";
}

Verdict stringNo(const std::string &Why) {
  return Verdict::no(DiagId::HostCall,
                     "it calls 'std::basic_string::operator[]', which has no "
                     "device version: " + Why);
}

} // namespace

bool isStringSubscript(const FunctionDecl *FD) {
  const auto *M = dyn_cast<CXXMethodDecl>(FD);
  if (!M || M->getOverloadedOperator() != OO_Subscript)
    return false;
  const CXXRecordDecl *RD = M->getParent();
  const DeclContext *NS = RD->getEnclosingNamespaceContext();
  return RD->getName() == "basic_string" && NS->isStdNamespace();
}

Verdict stringSubscript(const CallExpr *C, ASTContext &Ctx,
                        std::vector<TextEdit> *Edits) {
  const SourceManager &SM = Ctx.getSourceManager();
  const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(C);
  if (!Op || Op->getNumArgs() != 2)
    return stringNo("it is not called as 's[i]'");
  if (!requiresUsm(Ctx))
    return stringNo("the characters of a std::string are in host memory, which "
              "the device reaches only in a unit with 'requires "
              "unified_shared_memory'");
  if (!libstdcxxLayout(cast<CXXMethodDecl>(C->getDirectCallee())->getParent()))
    return stringNo("only libstdc++'s std::string (the C++11 ABI) is read on the "
              "device");
  DynTypedNodeList P = Ctx.getParents(*C);
  const auto *Read = P.empty() ? nullptr : P[0].get<ImplicitCastExpr>();
  if (!Read || Read->getCastKind() != CK_LValueToRValue)
    return stringNo("only reads of its characters run on the device, and this "
              "one may write");
  if (!Edits)
    return stringNo("it is called in a function the region calls (only a region's "
              "own body is rewritten to read it)");
  // s[i] -> o2c_dev::stringAt(s, i): three edits that leave the text of s
  // and i, which other edits may re-spell, in place.
  const Expr *S = Op->getArg(0);
  unsigned B, E, OpB, OpE;
  if (!fileOffsets(SM, Ctx.getLangOpts(), S->getSourceRange(), B, E) ||
      !fileOffsets(SM, Ctx.getLangOpts(), Op->getSourceRange(), OpB, OpE))
    return stringNo("it is spelled inside a macro's body");
  llvm::StringRef Buf = SM.getBufferData(SM.getMainFileID());
  size_t LSq = Buf.find('[', E);
  unsigned RSq = OpE - 1;
  if (LSq == llvm::StringRef::npos || LSq >= RSq || Buf[RSq] != ']' ||
      !Buf.slice(E, LSq).trim().empty())
    return stringNo("it is not spelled as 's[i]'");
  Edits->push_back({B, 0, "o2c_dev::stringAt("});
  Edits->push_back({static_cast<unsigned>(LSq), 1, ", "});
  Edits->push_back({RSq, 1, ")"});
  return {};
}

} // namespace omp2cuda
