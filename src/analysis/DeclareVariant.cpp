// `declare variant` in device code. Clang, compiling for the host, resolves
// a call of a function with variants for the host's context only, so a call
// in a region that becomes a kernel would run the base function where an
// OpenMP device runs the variant its `device={kind(nohost)}` selector names.
// This file chooses the variant for our device (a CUDA GPU, arch nvptx64)
// by the specification's rules (OpenMP 5.2 §7.2 and §7.3), and says when it
// cannot: then the region stays on the host, where the host compiler's
// choice is the host context's.
//
// The selectors' scores are VariantSelectors.cpp's, the tie-break among
// equal scores VariantTies.cpp's (VariantChoice.h), the renaming of a
// block's function that device code calls BlockVariantText.cpp's.
#include "analysis/VariantChoice.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <optional>
#include <set>

using namespace clang;
using llvm::omp::TraitSet;

namespace omp2cuda {

using namespace variants;

const FunctionDecl *variants::variantOf(const OMPDeclareVariantAttr *A) {
  const auto *Ref = dyn_cast_or_null<DeclRefExpr>(
      A->getVariantFuncRef()->IgnoreParenImpCasts());
  return Ref ? dyn_cast<FunctionDecl>(Ref->getDecl()) : nullptr;
}

namespace {

/// Every `declare variant` of F (on any of its declarations), once each.
std::vector<const OMPDeclareVariantAttr *> variantAttrs(const FunctionDecl *F) {
  std::vector<const OMPDeclareVariantAttr *> Out;
  for (const FunctionDecl *D : F->redecls())
    for (const auto *A : D->specific_attrs<OMPDeclareVariantAttr>())
      if (!A->isInherited())
        Out.push_back(A);
  return Out;
}

/// How output code names V at file scope, or "" when it cannot.
std::string spelling(const FunctionDecl *V) {
  if (isBlockVariant(V)) {
    std::optional<BlockVariantText> T = blockVariantText(V);
    return T ? "::" + T->NewName : "";
  }
  if (V->isTemplateInstantiation() || isa<CXXMethodDecl>(V) ||
      !V->getDeclContext()->getRedeclContext()->isFileContext() ||
      V->getNameAsString().find('[') != std::string::npos ||
      !V->getDeclName().isIdentifier())
    return "";
  return "::" + V->getQualifiedNameAsString();
}

/// For a variant of a `begin declare variant` block the parse saw
/// respelled (frontend/VariantBlocks.h): what its block says of it on the
/// device (only blocks the host skips are respelled, and its selector in
/// the AST says nothing of the device). Line: the block at fault's line.
RespelledSelector respelled(const FunctionDecl *V, unsigned &Line) {
  if (!V || !isBlockVariant(V))
    return {};
  const SourceManager &SM = V->getASTContext().getSourceManager();
  SourceLocation B = V->getBeginLoc();
  if (B.isMacroID() || !SM.isWrittenInMainFile(B))
    return {};
  llvm::StringRef Buf = SM.getBufferData(SM.getMainFileID());
  RespelledSelector R = respelledSelectorAt(Buf, SM.getFileOffset(B));
  Line = SM.getLineNumber(SM.getMainFileID(), R.Block);
  return R;
}

/// The reason a call of Base cannot call the device's variant.
std::string cannotCall(const std::string &Base) {
  return "it calls '" + Base +
         "', whose 'declare variant' for the device the "
         "translator cannot call (a member, template or 'begin declare "
         "variant' function, or adjust_args/append_args)";
}

/// Attrs less the variants declared after the call at Where; false, with
/// Out undecidable, where the host compiler's look-up is not at the call.
bool keepDeclaredBefore(std::vector<const OMPDeclareVariantAttr *> &Attrs,
                        const ConstructContext *Where, const ASTContext &Ctx,
                        const std::string &Base, DeviceVariant &Out) {
  // A call sees only the variants declared before it (a block's function
  // defined after the call is not clang's choice there: review t27/t28.c).
  if (!Where || !Where->At.isValid())
    return true;
  const SourceManager &SM = Ctx.getSourceManager();
  size_t Before = Attrs.size();
  llvm::erase_if(Attrs, [&](const OMPDeclareVariantAttr *A) {
    SourceLocation L = A->getLocation();
    if (L.isInvalid())
      if (const FunctionDecl *V = variantOf(A))
        L = V->getLocation();
    return L.isValid() && SM.isBeforeInTranslationUnit(Where->At, L);
  });
  // In an instantiation clang chooses where it instantiates, mostly at
  // the end of the file, seeing the later variants too (review rV's
  // tp2, tp3: its IR calls the later block's f); the translator does
  // not know that point, nor declares a later block's renamed function
  // before the kernel.
  if (Where->InInstantiation && Attrs.size() != Before) {
    Out.K = DeviceVariant::Undecidable;
    Out.Why = "it calls '" + Base +
              "' in a template's instantiation, where the host compiler "
              "chooses among the variants declared up to the point of "
              "instantiation, one declared after the call included, "
              "which the translator does not follow";
    return false;
  }
  return true;
}

/// The variants of Attrs that match the device at Where, with their scores
/// (Matching), and those of them the output cannot call (Uncallable); false,
/// with Out undecidable, where one cannot be scored or named.
bool matchingVariants(const std::vector<const OMPDeclareVariantAttr *> &Attrs,
                      const ASTContext &Ctx, const ConstructContext *Where,
                      const std::string &Base, std::vector<Candidate> &Matching,
                      std::set<const FunctionDecl *> &Uncallable,
                      DeviceVariant &Out) {
  unsigned Line = 0;
  for (const OMPDeclareVariantAttr *A : Attrs) {
    std::string Why;
    bool Matches = false;
    std::optional<int64_t> Score;
    RespelledSelector RS = respelled(variantOf(A), Line);
    if (RS.K == RespelledSelector::Opaque) {
      // A block the host compiler skips, which a GPU may run: no choice
      // for the device is sound without knowing whether it does.
      Out.K = DeviceVariant::Undecidable;
      std::string At = "block at line " + std::to_string(Line);
      Out.Why = "it calls '" + Base + "', which the 'begin declare variant' " +
                At +
                " defines for the device only, and the translator "
                "cannot tell whether the GPU runs it: " +
                RS.Why;
      return false;
    }
    if (RS.K == RespelledSelector::Device) {
      Score = RS.Score;
      Matches = true;
    } else
      Score =
          scoreSelector(*A->getTraitInfos(), Ctx, Matches, Why, false, Where);
    if (!Score) {
      Out.K = DeviceVariant::Undecidable;
      Out.Why = "it calls '" + Base + "', whose 'declare variant' the "
                "translator cannot choose for the device: " + Why;
      return false;
    }
    if (!Matches)
      continue;
    const FunctionDecl *V = variantOf(A);
    if (!V) {
      Out.K = DeviceVariant::Undecidable;
      Out.Why = cannotCall(Base);
      return false;
    }
    // Only the device's choice need be called (review rK nest.c: a nested
    // block's function that scores less kept the region on the host).
    if (spelling(V).empty() || A->adjustArgsNothing_size() ||
        A->adjustArgsNeedDevicePtr_size() || A->appendArgs_size())
      Uncallable.insert(V->getCanonicalDecl());
    Matching.push_back(
        {*Score, V->getCanonicalDecl(), attrKey(A),
         RS.K == RespelledSelector::Device
             ? respelledTraits(RS)
             : std::optional<TieTraits>(astTraits(*A->getTraitInfos()))});
  }
  return true;
}

/// No variant matches the device: Out calls the base function F, as an
/// OpenMP device would, or is undecidable where output cannot name it.
void callBase(const FunctionDecl *F,
              const std::vector<const OMPDeclareVariantAttr *> &Attrs,
              const ASTContext &Ctx, const std::string &Base,
              DeviceVariant &Out) {
  unsigned Line = 0;
  // The base function, as on an OpenMP device. Spelled through its
  // address: a host compiler with OpenMP (the CPU emulation's) would
  // otherwise replace a direct call by the host's variant.
  Out.Spelling = spelling(F);
  if (Out.Spelling.empty()) {
    Out.K = DeviceVariant::Undecidable;
    Out.Why = "it calls '" + Base + "', which has 'declare variant's and "
              "cannot be named at file scope";
    return;
  }
  // A host compiler with OpenMP resolves a call for the host's context
  // wherever the callee is the function by name, through `&` or `*` too
  // (clang's Expr::getReferencedDeclOfCallee): the CPU emulation, which
  // compiles device code as host code, would run a host variant there.
  // A call through an explicit cast of the address names no function, so
  // no variant replaces it, in any compiler.
  bool HostMayChoose = false;
  for (const OMPDeclareVariantAttr *A : Attrs) {
    std::string Why;
    bool OnHost = false;
    // A respelled block's functions are nobody's on the host.
    if (respelled(variantOf(A), Line).K != RespelledSelector::NotRespelled)
      continue;
    if (!scoreSelector(*A->getTraitInfos(), Ctx, OnHost, Why, true) ||
        OnHost)
      HostMayChoose = true;
  }
  Out.Callee = F;
  Out.ThroughCast = HostMayChoose;
  Out.Spelling =
      HostMayChoose ? "((" +
                          declText(Ctx.getPointerType(F->getType()), "", Ctx) +
                          ")&" + Out.Spelling + ")"
                    : "(&" + Out.Spelling + ")";
}

} // namespace

bool hasDeclareVariant(const FunctionDecl *F) {
  // The OpenMP API (re-spelled o2c_dev:: in device code) and the system
  // headers' functions (StdDevice.cpp) have their device versions already;
  // omp.h gives the API routines variants of its own.
  if (F->getIdentifier() && F->getName().starts_with("omp_"))
    return false;
  const SourceManager &SM = F->getASTContext().getSourceManager();
  if (SM.isInSystemHeader(SM.getExpansionLoc(F->getLocation())))
    return false;
  return !variantAttrs(F).empty();
}

DeviceVariant deviceVariantOf(const FunctionDecl *F, const ASTContext &Ctx) {
  return deviceVariantOf(F, Ctx, nullptr);
}

DeviceVariant deviceVariantOf(const FunctionDecl *F, const ASTContext &Ctx,
                              const ConstructContext *Where) {
  DeviceVariant Out;
  std::string Base = F->getNameAsString();
  std::vector<const OMPDeclareVariantAttr *> Attrs = variantAttrs(F);
  if (!keepDeclaredBefore(Attrs, Where, Ctx, Base, Out))
    return Out;
  unsigned Line = 0;
  for (const OMPDeclareVariantAttr *A : Attrs) {
    for (const OMPTraitSet &Set : A->getTraitInfos()->Sets)
      Out.DeviceDependent |= Set.Kind == TraitSet::device;
    Out.DeviceDependent |=
        respelled(variantOf(A), Line).K != RespelledSelector::NotRespelled;
  }
  // The matching variants with their scores.
  std::vector<Candidate> Matching;
  std::set<const FunctionDecl *> Uncallable;
  if (!matchingVariants(Attrs, Ctx, Where, Base, Matching, Uncallable, Out))
    return Out;
  if (Matching.empty()) {
    callBase(F, Attrs, Ctx, Base, Out);
    return Out;
  }
  const FunctionDecl *Choice = breakTie(F, Matching);
  if (!Choice) {
    // §7.3 then prefers the selector that is a superset of the others' and
    // leaves the rest to the implementation; clang's order is not known.
    Out.K = DeviceVariant::Undecidable;
    Out.Why = "it calls '" + Base +
              "', for which several 'declare variant' "
              "functions match the device with the same score, and the "
              "translator cannot tell which of them clang's device compile "
              "would choose";
    return Out;
  }
  if (Uncallable.count(Choice)) {
    Out.K = DeviceVariant::Undecidable;
    Out.Why = cannotCall(Base);
    return Out;
  }
  Out.K = DeviceVariant::Variant;
  Out.Callee = Choice;
  Out.Spelling = spelling(Out.Callee);
  return Out;
}

std::string unseenBlockDefining(const FunctionDecl *F) {
  const IdentifierInfo *II = F->getIdentifier();
  if (!II)
    return "";
  const SourceManager &SM = F->getASTContext().getSourceManager();
  auto Find = [&](FileID Id) -> std::string {
    llvm::StringRef Buf = SM.getBufferData(Id);
    if (Buf.find("variant") == llvm::StringRef::npos) // no block: quick
      return "";
    for (const VariantBlock &B : unseenGpuBlocks(Buf))
      if (blockFunctionNames(Buf, B).count(II->getName().str()))
        return "line " + std::to_string(SM.getLineNumber(Id, B.Begin));
    if (hasUnreadBlocks(Buf))
      return "a place the translator cannot read (a _Pragma or a "
             "continuation line)";
    return "";
  };
  if (std::string At = Find(SM.getMainFileID()); !At.empty())
    return At;
  // The user's headers: only the main file's blocks are respelled.
  for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It) {
    FileID Id = SM.translateFile(It->first);
    if (Id.isInvalid() || Id == SM.getMainFileID() ||
        SM.isInSystemHeader(SM.getLocForStartOfFile(Id)))
      continue;
    if (std::string At = Find(Id); !At.empty())
      return At + " of " + It->first.getName().str();
  }
  return "";
}

const FunctionDecl *reachesDeviceVariant(const Stmt *S) {
  struct Finder : RecursiveASTVisitor<Finder> {
    std::set<const FunctionDecl *> Seen;
    const FunctionDecl *Found = nullptr;
    bool VisitCallExpr(CallExpr *C) {
      const FunctionDecl *FD = C->getDirectCallee();
      if (!FD || !Seen.insert(FD->getCanonicalDecl()).second)
        return true;
      if ((hasDeclareVariant(FD) &&
           deviceVariantOf(FD, FD->getASTContext()).DeviceDependent) ||
          !unseenBlockDefining(FD).empty()) {
        Found = FD;
        return false;
      }
      const FunctionDecl *Def = nullptr;
      if (FD->hasBody(Def) && Def)
        TraverseStmt(Def->getBody());
      return !Found;
    }
  } F;
  F.TraverseStmt(const_cast<Stmt *>(S));
  return F.Found;
}

} // namespace omp2cuda
