// The files of a translation unit (UnitFiles.h).
#include "driver/UnitFiles.h"

#include "driver/HeaderCopies.h"

#include "llvm/Support/Path.h"

using namespace clang;

namespace omp2cuda {

namespace path = llvm::sys::path;

UnitFiles::UnitFiles(const ASTContext &Ctx, const Options &O)
    : SM(Ctx.getSourceManager()), Unit(Ctx.getTranslationUnitDecl()) {
  FileManager &FM = SM.getFileManager();
  Main = SM.getMainFileID();
  MainPath = pathOf(Main);
  Root = O.InRoot.empty() ? path::parent_path(MainPath).str()
                          : canonicalPath(FM, O.InRoot);
  for (unsigned I = 1, N = SM.local_sloc_entry_size(); I < N; ++I) {
    const SrcMgr::SLocEntry &E = SM.getLocalSLocEntry(I);
    if (!E.isFile())
      continue;
    FileID F = SM.getFileID(SourceLocation::getFromRawEncoding(E.getOffset()));
    if (OptionalFileEntryRef Ref = SM.getFileEntryRefForID(F)) {
      std::string P = canonicalPath(FM, Ref->getName());
      Paths[F] = P;
      ++Count[P];
    }
  }
}

std::string UnitFiles::pathOf(FileID F) const {
  auto It = Paths.find(F);
  if (It != Paths.end())
    return It->second;
  OptionalFileEntryRef Ref = SM.getFileEntryRefForID(F);
  return Ref ? canonicalPath(SM.getFileManager(), Ref->getName()) : "";
}

std::string UnitFiles::displayName(FileID F) const {
  return relativePath(pathOf(F), Root);
}

std::string UnitFiles::runtimeName(FileID F) const {
  std::string P = pathOf(F);
  if (SM.isInSystemHeader(SM.getLocForStartOfFile(F)))
    return P;
  return relativePath(P, path::parent_path(MainPath));
}

std::string UnitFiles::whyNot(FileID F) const {
  if (F == Main)
    return "";
  std::string P = pathOf(F);
  if (P.empty() || SM.isInSystemHeader(SM.getLocForStartOfFile(F)))
    return "it is in a system header";
  if (!isUnder(P, Root))
    return "it is in a header outside the input root '" + Root +
           "' (omp2cuda: give --in-root a directory that holds it; "
           "omp2cuda-cc: the root is the source file's directory)";
  if (Count.count(P) && Count.at(P) > 1)
    return "it is in a header included more than once";
  // A header without an extension (`#include "defs"`) is one too.
  llvm::StringRef Ext = path::extension(P);
  if (Ext.empty() || isHeaderName(P))
    return "";
  // Any other file (OpenMP_VV's `#include "test_..._DEFAULT.c"`) is one
  // too where it is included at file scope: the kernels and stubs then go
  // before the function of their region, inside it, as in a header.
  if (!nested(F))
    return "";
  return "it is in an included '" + Ext.str() +
         "' file that is included inside a declaration (a function's "
         "body, a class, a namespace), where its kernels cannot go";
}

std::string UnitFiles::whyNotReached(FileID F) const {
  for (FileID G = F; G.isValid() && G != Main;
       G = SM.getFileID(SM.getIncludeLoc(G))) {
    std::string W = whyNot(G);
    if (W.empty())
      continue;
    if (G == F)
      return W;
    return "it is in a header included by '" + pathOf(G) +
           "', which the translation does not rewrite: " + W;
  }
  return "";
}

std::optional<FileID> UnitFiles::headerAt(const std::set<FileID> &Rewritten,
                                          llvm::StringRef P) const {
  for (FileID F : Rewritten)
    if (F != Main && pathOf(F) == P)
      return F;
  return std::nullopt;
}

bool UnitFiles::nested(FileID F) const {
  for (FileID G = F; G.isValid() && G != Main;
       G = SM.getFileID(SM.getIncludeLoc(G)))
    if (notHeader(G) && includedInsideDecl(G))
      return true;
  return false;
}

bool UnitFiles::notHeader(FileID F) const {
  auto It = Paths.find(F);
  if (It == Paths.end())
    return false;
  llvm::StringRef Ext = path::extension(It->second);
  return !Ext.empty() && !isHeaderName(It->second);
}

bool UnitFiles::includedInsideDecl(FileID F) const {
  auto [It, New] = InsideDecl.try_emplace(F, false);
  if (!New)
    return It->second;
  SourceLocation In = SM.getIncludeLoc(F);
  if (In.isInvalid())
    return false;
  for (const Decl *D : Unit->decls()) {
    SourceLocation B = SM.getExpansionLoc(D->getBeginLoc());
    SourceLocation E = SM.getExpansionLoc(D->getEndLoc());
    if (B.isValid() && E.isValid() && SM.isBeforeInTranslationUnit(B, In) &&
        SM.isBeforeInTranslationUnit(In, E))
      return It->second = true;
  }
  return false;
}

} // namespace omp2cuda
