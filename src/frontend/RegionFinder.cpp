#include "frontend/RegionFinder.h"
#include "frontend/FileScope.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/OpenMPKinds.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>

using namespace clang;
using namespace clang::ast_matchers;

namespace omp2cuda {

bool isTargetConstruct(OpenMPDirectiveKind K) {
  return isOpenMPTargetExecutionDirective(K) ||
         isOpenMPTargetDataManagementDirective(K);
}

namespace {

/// The marker `omp2cuda: host` (and what follows it up to the comment's end)
/// when a comment in Line starts with it; else empty.
std::string markerIn(llvm::StringRef Line) {
  for (size_t Pos = Line.find('/'); Pos != llvm::StringRef::npos;
       Pos = Line.find('/', Pos + 1)) {
    if (Pos + 1 >= Line.size() || (Line[Pos + 1] != '/' && Line[Pos + 1] != '*'))
      continue;
    bool Block = Line[Pos + 1] == '*';
    llvm::StringRef Text = Line.drop_front(Pos + 2);
    if (Block)
      Text = Text.take_front(Text.find("*/"));
    Text = Text.trim();
    if (Text.consume_front("omp2cuda:")) {
      llvm::StringRef Rest = Text.ltrim();
      if (Rest.consume_front("host") &&
          (Rest.empty() || !(llvm::isAlnum(Rest[0]) || Rest[0] == '_' ||
                             Rest[0] == '-')))
        return ("omp2cuda: host" + Rest.rtrim()).str();
    }
    if (!Block)
      return ""; // a line comment runs to the end of the line
  }
  return "";
}

} // namespace

std::string findHostComment(llvm::StringRef Buffer, unsigned Offset,
                            unsigned EndOffset) {
  size_t Begin = Buffer.rfind('\n', Offset);
  Begin = Begin == llvm::StringRef::npos ? 0 : Begin + 1;
  size_t End = Buffer.find('\n', std::max(Offset, EndOffset));
  // The directive's own lines (continuations included).
  std::string M = markerIn(Buffer.slice(Begin, End));
  // The line above, which may end in the comment, then the lines of
  // comment above that (`// omp2cuda: host` with its reason below it).
  for (bool First = true; M.empty() && Begin > 0; First = false) {
    size_t LineEnd = Begin - 1;
    size_t LineBegin = Buffer.rfind('\n', LineEnd);
    LineBegin = LineBegin == llvm::StringRef::npos ? 0 : LineBegin + 1;
    llvm::StringRef Line = Buffer.slice(LineBegin, LineEnd);
    bool CommentLine = Line.ltrim().starts_with("//");
    if (!CommentLine && !First)
      break;
    M = markerIn(Line);
    if (!CommentLine)
      break;
    Begin = LineBegin;
  }
  return M;
}

namespace {

/// Walks up the parent chain; records the innermost function, the
/// declaration right inside the innermost namespace (or the TU; linkage
/// specifications in between are looked through), and whether a target
/// construct encloses the start node. Kernels go before that declaration,
/// inside the namespace: there they see the namespace's names as the region
/// does (before the namespace, `P` or a concept `Small` of it were unknown).
struct Enclosing {
  const FunctionDecl *Function = nullptr;
  const Decl *TopLevel = nullptr;
  bool InsideTarget = false;
};

Enclosing findEnclosing(ASTContext &Ctx, const Stmt *S) {
  Enclosing E;
  bool InNamespace = false;
  DynTypedNodeList Parents = Ctx.getParents(*S);
  while (!Parents.empty()) {
    const DynTypedNode &N = Parents[0];
    // Regions inside a `target data` construct are translated on their own;
    // only an enclosing execution construct owns them.
    if (const auto *D = N.get<OMPExecutableDirective>())
      if (isOpenMPTargetExecutionDirective(D->getDirectiveKind()))
        E.InsideTarget = true;
    if (const auto *D = N.get<Decl>()) {
      if (const auto *F = dyn_cast<FunctionDecl>(D); F && !E.Function)
        E.Function = F;
      const DeclContext *DC = D->getLexicalDeclContext();
      // (A template's pattern is right inside it too: the template, its
      // parent, is what the kernels go before.)
      InNamespace = InNamespace || isa<NamespaceDecl>(D);
      if (!InNamespace && DC &&
          (DC->isTranslationUnit() || DC->isNamespace() ||
           DC->isExternCContext() || DC->isExternCXXContext()) &&
          !isa<TranslationUnitDecl>(D))
        E.TopLevel = D;
      if (isa<TranslationUnitDecl>(D))
        break;
    }
    Parents = Ctx.getParents(N);
  }
  return E;
}

class Collector : public MatchFinder::MatchCallback {
public:
  explicit Collector(std::vector<RegionCandidate> &Out) : Out(Out) {}
  void run(const MatchFinder::MatchResult &R) override {
    const auto *D = R.Nodes.getNodeAs<OMPExecutableDirective>("dir");
    if (!D || !isTargetConstruct(D->getDirectiveKind()))
      return;
    const SourceManager &SM = *R.SourceManager;
    SourceLocation L = SM.getExpansionLoc(D->getBeginLoc());
    // The system's headers are not ours to rewrite, nor to report.
    if (SM.isInSystemHeader(L))
      return;
    Enclosing E = findEnclosing(*R.Context, D);
    if (E.InsideTarget)
      return;
    FileID F = SM.getFileID(L);
    unsigned EndOffset =
        SM.getFileOffset(SM.getExpansionLoc(D->getEndLoc()));
    Out.push_back({D, E.Function, E.TopLevel,
                   findHostComment(SM.getBufferData(F), SM.getFileOffset(L),
                                   EndOffset),
                   F});
  }

private:
  std::vector<RegionCandidate> &Out;
};

} // namespace

std::vector<RegionCandidate> findRegions(ASTContext &Ctx) {
  std::vector<RegionCandidate> Out;
  Collector C(Out);
  MatchFinder Finder;
  Finder.addMatcher(
      ompExecutableDirective(unless(isInTemplateInstantiation())).bind("dir"),
      &C);
  Finder.matchAST(Ctx);
  const SourceManager &SM = Ctx.getSourceManager();
  std::stable_sort(Out.begin(), Out.end(),
                   [&](const RegionCandidate &A, const RegionCandidate &B) {
                     return SM.isBeforeInTranslationUnit(
                         SM.getExpansionLoc(A.Directive->getBeginLoc()),
                         SM.getExpansionLoc(B.Directive->getBeginLoc()));
                   });
  Out.erase(std::unique(Out.begin(), Out.end(),
                        [](const RegionCandidate &A, const RegionCandidate &B) {
                          return A.Directive == B.Directive;
                        }),
            Out.end());
  return Out;
}

} // namespace omp2cuda
