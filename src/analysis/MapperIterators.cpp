#include "analysis/MapperIterators.h"

#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/ExprOpenMP.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"

#include <map>

using namespace clang;

namespace omp2cuda {

namespace {

struct Iterator {
  const VarDecl *VD;
  const DeclContext *Scope;
  bool Renamed;
};

/// Every iterator of every mapper's map clauses, in the unit.
std::vector<Iterator>
mapperIterators(ASTContext &Ctx,
                llvm::function_ref<std::string(FileID)> WhyNot) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const SourceManager &SM;
    llvm::function_ref<std::string(FileID)> WhyNot;
    std::vector<Iterator> Out;
    Finder(const SourceManager &SM,
           llvm::function_ref<std::string(FileID)> WhyNot)
        : SM(SM), WhyNot(WhyNot) {}
    bool VisitOMPDeclareMapperDecl(OMPDeclareMapperDecl *D) {
      for (OMPClause *C : D->clauselists()) {
        auto *M = dyn_cast_or_null<OMPMapClause>(C);
        auto *IE =
            M ? dyn_cast_or_null<OMPIteratorExpr>(M->getIteratorModifier())
              : nullptr;
        for (unsigned I = 0, N = IE ? IE->numOfIterators() : 0; I < N; ++I) {
          const auto *VD = dyn_cast<VarDecl>(IE->getIteratorDecl(I));
          if (!VD || !VD->getIdentifier())
            continue;
          // Where CCompat.cpp renames it: its name written in the text of
          // a file the translation rewrites, and every use of it too.
          SourceLocation L = VD->getLocation();
          bool Renamed = L.isFileID() && WhyNot(SM.getFileID(L)).empty() &&
                         iteratorRefsRenameable(SM, M, VD);
          Out.push_back({VD, D->getDeclContext()->getRedeclContext(), Renamed});
        }
      }
      return true;
    }
  } F(Ctx.getSourceManager(), WhyNot);
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  return std::move(F.Out);
}

bool refsRenameable(const SourceManager &SM, const Stmt *S, const VarDecl *VD,
                    FileID File, unsigned Depth) {
  if (!S || Depth > 64)
    return true;
  if (const auto *DR = dyn_cast<DeclRefExpr>(S); DR && DR->getDecl() == VD) {
    SourceLocation L = SM.getFileLoc(DR->getLocation());
    if (SM.getFileID(L) != File)
      return false;
    llvm::StringRef Rest = SM.getBufferData(File).substr(SM.getFileOffset(L));
    llvm::StringRef Name = VD->getName();
    if (!Rest.starts_with(Name) ||
        (Rest.size() > Name.size() &&
         (llvm::isAlnum(Rest[Name.size()]) || Rest[Name.size()] == '_')))
      return false;
  }
  for (const Stmt *Child : S->children())
    if (!refsRenameable(SM, Child, VD, File, Depth + 1))
      return false;
  return true;
}

} // namespace

bool iteratorRefsRenameable(const SourceManager &SM, const OMPMapClause *M,
                            const VarDecl *VD) {
  SourceLocation L = VD->getLocation();
  if (!L.isFileID())
    return false;
  for (const Stmt *Child : const_cast<OMPMapClause *>(M)->children())
    if (!refsRenameable(SM, Child, VD, SM.getFileID(L), 0))
      return false;
  return true;
}

std::string renamedIterator(llvm::StringRef Type, llvm::StringRef Mapper,
                            unsigned Clause, llvm::StringRef Iter) {
  std::string Out = "o2c_";
  llvm::SmallVector<llvm::StringRef, 4> Words;
  Type.split(Words, ' ', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef W : Words) {
    std::string Word = W.str();
    for (char &Ch : Word) // an unnamed type's `(unnamed at f.c:2:9)`
      if (!llvm::isAlnum(Ch) && Ch != '_')
        Ch = '_';
    Out += std::to_string(Word.size()) + Word;
  }
  return Out + "_" + std::to_string(Mapper.size()) + Mapper.str() +
         (Clause > 1 ? "_" + std::to_string(Clause) : "") + "_" + Iter.str();
}

MapperIteratorFacts
mapperIteratorFacts(ASTContext &Ctx,
                    llvm::function_ref<std::string(FileID)> WhyNot) {
  MapperIteratorFacts Out;
  if (Ctx.getLangOpts().CPlusPlus)
    return Out;
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<Iterator> Its = mapperIterators(Ctx, WhyNot);
  std::set<const Decl *> IteratorDecls;
  std::map<std::pair<const DeclContext *, std::string>, unsigned> Kept;
  for (const Iterator &I : Its) {
    IteratorDecls.insert(I.VD);
    if (I.VD->getLocation().isFileID())
      Out.Files.insert(SM.getFileID(I.VD->getLocation()));
    if (!I.Renamed)
      ++Kept[{I.Scope, I.VD->getName().str()}];
  }
  for (const Iterator &I : Its) {
    if (I.Renamed)
      continue;
    std::string Name = I.VD->getName().str();
    std::string With;
    // In a function, C++ declares each mapper's iterators in a scope of
    // their own (review rV's m3/p2.c: two mappers of main() both with `i`
    // built); at file scope they clash.
    if (!I.Scope->isFileContext())
      continue;
    if (Kept[{I.Scope, Name}] > 1) {
      With = "another iterator '" + Name + "' that keeps its name";
    } else {
      // C++ has tags apart from other names; C's lookup finds both.
      for (const NamedDecl *D : I.Scope->lookup(I.VD->getDeclName()))
        if (!isa<TagDecl>(D) && !IteratorDecls.count(D)) {
          PresumedLoc P =
              SM.getPresumedLoc(SM.getExpansionLoc(D->getLocation()));
          With = "the declaration of '" + Name + "' at " +
                 (P.isValid() ? std::string(P.getFilename()) + ":" +
                                    std::to_string(P.getLine())
                              : std::string("file scope"));
          break;
        }
    }
    if (With.empty())
      continue;
    SourceLocation L = I.VD->getLocation();
    std::string Why =
        L.isMacroID() ? "it is spelled in a macro" : WhyNot(SM.getFileID(L));
    Out.Clashes.push_back(
        {L, "the iterator '" + Name +
                "' of this 'declare mapper' cannot be renamed (" + Why +
                "), and C++ (the .cu) declares it in the scope around the "
                "mapper, beside " +
                With + ": give it a name of its own in the source"});
  }
  return Out;
}

} // namespace omp2cuda
