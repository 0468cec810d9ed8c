// `declare variant` in device code. Clang, compiling for the host, resolves
// a call of a function with variants for the host's context only, so a call
// in a region that becomes a kernel would run the base function where an
// OpenMP device runs the variant its `device={kind(nohost)}` selector names.
// This file chooses the variant for our device (a CUDA GPU, arch nvptx64)
// by the specification's rules (OpenMP 5.2 §7.2 and §7.3), and says when it
// cannot: then the region stays on the host, where the host compiler's
// choice is the host context's.
#include "analysis/ConstructContext.h"
#include "frontend/VariantBlocks.h"

#include "clang/AST/Attr.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

using namespace clang;
using llvm::omp::TraitProperty;
using llvm::omp::TraitSelector;
using llvm::omp::TraitSet;

namespace omp2cuda {

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

/// The score or condition expression's constant value.
std::optional<int64_t> constantOf(const Expr *E, const ASTContext &Ctx) {
  if (!E || E->isValueDependent())
    return std::nullopt;
  if (std::optional<llvm::APSInt> V = E->getIntegerConstantExpr(Ctx))
    return V->getExtValue();
  return std::nullopt;
}

/// Whether one property of the device set holds on a CUDA GPU; nullopt
/// when the translator cannot know.
std::optional<bool> deviceProperty(TraitSelector Sel, TraitProperty P,
                                   bool OnHost) {
  if (OnHost) {
    if (P == TraitProperty::device_kind_host ||
        P == TraitProperty::device_kind_cpu ||
        P == TraitProperty::device_kind_any)
      return true;
    if (Sel == TraitSelector::device_kind)
      return false;
    return std::nullopt; // the host's architecture: whichever compiles it
  }
  switch (P) {
  // The device is not the host, is a GPU and "any" device.
  case TraitProperty::device_kind_nohost:
  case TraitProperty::device_kind_gpu:
  case TraitProperty::device_kind_any:
  // clang's sm_XX device compile has the architecture nvptx64, not nvptx;
  // a selector needs all of its properties.
  case TraitProperty::device_arch_nvptx64:
    return true;
  default:
    break;
  }
  // Every other kind and named architecture is some other device. An isa
  // names what the GPU the program runs on supports (sm_70, ...), which is
  // chosen when nvcc compiles, not now.
  if (Sel == TraitSelector::device_kind || Sel == TraitSelector::device_arch)
    return false;
  return std::nullopt;
}

/// Whether the construct selectors Set match the call's construct traits
/// Where (§7.2: in order, not necessarily adjacent); Score adds 2^(p-1) for
/// each, p its place in Where (§7.3). Clang takes each at its first place
/// after the previous one; ConstructContext.cpp refuses the contexts where
/// that differs from the specification's highest-scoring places.
bool matchConstructs(const OMPTraitSet &Set,
                     const std::vector<TraitProperty> &Where,
                     int64_t &Score) {
  size_t At = 0;
  for (const OMPTraitSelector &Sel : Set.Selectors) {
    if (Sel.Properties.size() != 1)
      return false; // not reached: simd with properties is refused first
    TraitProperty P = Sel.Properties[0].Kind;
    while (At < Where.size() && Where[At] != P)
      ++At;
    if (At == Where.size())
      return false;
    Score += int64_t(1) << At;
    ++At;
  }
  return true;
}

/// A selector's score (its final score adds 1). Nullopt: undecidable, Why
/// says why. Matches: whether it holds on the device. Where: the construct
/// traits at the call, or null where unknown; on the host (the CPU
/// emulation's compile of a kernel) there are none.
std::optional<int64_t> scoreSelector(const OMPTraitInfo &TI,
                                     const ASTContext &Ctx, bool &Matches,
                                     std::string &Why, bool OnHost = false,
                                     const ConstructContext *Where = nullptr) {
  Matches = true;
  int64_t Score = 0;
  static const std::vector<TraitProperty> None;
  const std::vector<TraitProperty> *Traits =
      OnHost ? &None
             : Where && Where->K == ConstructContext::Known ? &Where->Traits
                                                           : nullptr;
  // §7.3: kind scores 2^l, arch 2^(l+1), l "the number of traits in the
  // construct set": clang, which chooses for the host fallback, counts the
  // selector's own construct set.
  int64_t L = 0;
  for (const OMPTraitSet &Set : TI.Sets)
    if (Set.Kind == TraitSet::construct)
      L += int64_t(Set.Selectors.size());
  for (const OMPTraitSet &Set : TI.Sets) {
    if (Set.Kind == TraitSet::construct) {
      for (const OMPTraitSelector &Sel : Set.Selectors)
        if (Sel.Properties.size() != 1 || Sel.ScoreOrCondition) {
          Why = "its 'construct' selector has properties or a score (a simd "
                "selector's simdlen, uniform, ...)";
          return std::nullopt;
        }
      if (!Traits) {
        Why = "its selector has a 'construct' set, and " +
              (Where ? Where->Why
                     : std::string("the constructs that enclose the call "
                                   "are not known here"));
        return std::nullopt;
      }
      Matches &= matchConstructs(Set, *Traits, Score);
      continue;
    }
    for (const OMPTraitSelector &Sel : Set.Selectors) {
      switch (Set.Kind) {
      case TraitSet::device: {
        if (Sel.Kind == TraitSelector::device_isa) {
          Why = "its selector names a device 'isa', which depends on the GPU "
                "that nvcc compiles for";
          return std::nullopt;
        }
        for (const OMPTraitProperty &P : Sel.Properties) {
          std::optional<bool> Holds = deviceProperty(Sel.Kind, P.Kind, OnHost);
          if (!Holds) {
            Why = "its selector names the device trait '" + P.RawString.str() +
                  "'";
            return std::nullopt;
          }
          Matches &= *Holds;
          // clang scores each property, kind(any) not at all.
          if (P.Kind != TraitProperty::device_kind_any)
            Score += int64_t(Sel.Kind == TraitSelector::device_kind ? 1 : 2)
                     << L;
        }
        break;
      }
      case TraitSet::user: {
        std::optional<int64_t> C = constantOf(Sel.ScoreOrCondition, Ctx);
        bool Holds = false;
        if (Sel.Properties.size() == 1 &&
            Sel.Properties[0].Kind == TraitProperty::user_condition_true)
          Holds = true;
        else if (Sel.Properties.size() == 1 &&
                 Sel.Properties[0].Kind == TraitProperty::user_condition_false)
          Holds = false;
        else if (C)
          Holds = *C != 0;
        else {
          Why = "its 'user={condition(...)}' selector is not a constant";
          return std::nullopt;
        }
        Matches &= Holds;
        break;
      }
      case TraitSet::implementation:
        // The device code is compiled by nvcc (or the CPU emulation), not
        // by an OpenMP implementation a vendor selector could name.
        Why = "its selector has an 'implementation' set";
        return std::nullopt;
      default:
        Why = "its selector has a set the translator does not know";
        return std::nullopt;
      }
      // An explicit score(n) adds n; the device traits' implicit scores
      // above stand without one.
      if (Set.Kind != TraitSet::user && Sel.ScoreOrCondition) {
        std::optional<int64_t> S = constantOf(Sel.ScoreOrCondition, Ctx);
        if (!S) {
          Why = "its selector's score is not a constant";
          return std::nullopt;
        }
        Score += *S;
      }
    }
  }
  return Score;
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

/// The start of the line that holds Offset.
size_t lineStart(llvm::StringRef Buf, size_t Offset) {
  size_t B = Buf.rfind('\n', Offset); // before Offset
  return B == llvm::StringRef::npos ? 0 : B + 1;
}

/// The variant A names, when it is a function.
const FunctionDecl *variantOf(const OMPDeclareVariantAttr *A) {
  const auto *Ref = dyn_cast_or_null<DeclRefExpr>(
      A->getVariantFuncRef()->IgnoreParenImpCasts());
  return Ref ? dyn_cast<FunctionDecl>(Ref->getDecl()) : nullptr;
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

/// Whether F's body names a declaration of its block outside F itself
/// ([From, To) the block, [FBegin, FEnd] F): the renamed function moves
/// out of the block, where that declaration does not exist for the host's
/// parse (review t6.c, t7.c).
bool usesBlockDecls(const FunctionDecl *F, unsigned From, unsigned To,
                    unsigned FBegin, unsigned FEnd) {
  struct Uses : RecursiveASTVisitor<Uses> {
    const SourceManager &SM;
    unsigned From, To, FBegin, FEnd;
    bool Found = false;
    Uses(const SourceManager &SM, unsigned From, unsigned To, unsigned FB,
         unsigned FE)
        : SM(SM), From(From), To(To), FBegin(FB), FEnd(FE) {}
    void check(const Decl *D) {
      if (!D)
        return;
      SourceLocation L = SM.getExpansionLoc(D->getLocation());
      if (!SM.isWrittenInMainFile(L))
        return;
      unsigned O = SM.getFileOffset(L);
      if (O >= From && O < To && (O < FBegin || O > FEnd))
        Found = true;
    }
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      check(E->getDecl());
      return true;
    }
    bool VisitMemberExpr(MemberExpr *E) {
      check(E->getMemberDecl());
      return true;
    }
    bool VisitTypedefTypeLoc(TypedefTypeLoc TL) {
      check(TL.getTypedefNameDecl());
      return true;
    }
    bool VisitTagTypeLoc(TagTypeLoc TL) {
      check(TL.getDecl());
      return true;
    }
  };
  Uses U(F->getASTContext().getSourceManager(), From, To, FBegin, FEnd);
  U.TraverseDecl(const_cast<FunctionDecl *>(F));
  return U.Found;
}

/// What clang's device compile compares of two matching variants of equal
/// score (llvm::omp::getBestVariantMatchForContext): the properties the
/// selector requires, and its construct traits in order.
struct TieTraits {
  std::set<unsigned> Required;
  std::vector<unsigned> Constructs;
};

/// A matching variant's traits as clang's OMPTraitInfo::getAsVariantMatchInfo
/// records them (a user condition that holds is `user_condition_true`).
TieTraits astTraits(const OMPTraitInfo &TI) {
  TieTraits T;
  for (const OMPTraitSet &Set : TI.Sets)
    for (const OMPTraitSelector &Sel : Set.Selectors) {
      if (Sel.Kind == TraitSelector::user_condition) {
        T.Required.insert(unsigned(TraitProperty::user_condition_true));
        continue;
      }
      for (const OMPTraitProperty &P : Sel.Properties) {
        T.Required.insert(unsigned(P.Kind));
        if (Set.Kind == TraitSet::construct)
          T.Constructs.push_back(unsigned(P.Kind));
      }
    }
  return T;
}

/// A respelled block's traits as the device compile sees them: its merged
/// device set's (the respelling's own sets are the host parse's only).
std::optional<TieTraits> respelledTraits(const RespelledSelector &RS) {
  TieTraits T;
  for (const auto &[Sel, Name] : RS.Props) {
    TraitProperty P = llvm::omp::getOpenMPContextTraitPropertyKind(
        TraitSet::device,
        Sel == "arch" ? TraitSelector::device_arch : TraitSelector::device_kind,
        Name);
    if (P == TraitProperty::invalid)
      return std::nullopt;
    T.Required.insert(unsigned(P));
  }
  return T;
}

/// llvm::omp's isStrictSubset: A's required properties a strict subset of
/// B's, and A's construct traits a subsequence of B's.
bool strictSubset(const TieTraits &A, const TieTraits &B) {
  if (A.Required.size() >= B.Required.size())
    return false;
  for (unsigned P : A.Required)
    if (!B.Required.count(P))
      return false;
  size_t J = 0;
  for (unsigned P : A.Constructs) {
    while (J < B.Constructs.size() && B.Constructs[J] != P)
      ++J;
    if (J == B.Constructs.size())
      return false;
    ++J;
  }
  return true;
}

/// Tells one `declare variant` attribute from another; an inherited copy
/// is the same as its original (same variant, same pragma).
std::pair<const FunctionDecl *, unsigned>
attrKey(const OMPDeclareVariantAttr *A) {
  const FunctionDecl *V = variantOf(A);
  SourceLocation L = A->getLocation();
  if (L.isInvalid() && V)
    L = V->getLocation(); // a block's: the attribute is implicit
  return {V ? V->getCanonicalDecl() : nullptr, L.getRawEncoding()};
}

/// Where each attribute comes in clang's look-up at a call of F (Sema's
/// ActOnOpenMPCall): F's attributes in order, inherited copies first, then
/// each earlier declaration's; the first place of each. Nullopt when the
/// device's parse may have other declarations than the host's: a
/// declaration clang made itself (a block function's implicit base, which
/// a block only the host parse sees may create).
std::optional<std::map<std::pair<const FunctionDecl *, unsigned>, size_t>>
clangOrder(const FunctionDecl *F) {
  std::map<std::pair<const FunctionDecl *, unsigned>, size_t> Out;
  for (const FunctionDecl *D = F; D; D = D->getPreviousDecl()) {
    if (D->isImplicit())
      return std::nullopt;
    for (const auto *A : D->specific_attrs<OMPDeclareVariantAttr>())
      Out.insert({attrKey(A), Out.size()});
  }
  return Out;
}

/// A variant that matches the device at a call.
struct Candidate {
  int64_t Score;
  const FunctionDecl *V;                         ///< canonical
  std::pair<const FunctionDecl *, unsigned> Key; ///< attrKey
  std::optional<TieTraits> Traits;
};

/// The device's choice among Matching, the variants of F that match it:
/// the highest score; of several, the one clang's device compile takes
/// (getBestVariantMatchForContext): in the order its look-up meets them
/// (clangOrder), the first, unless a later one's traits are a strict
/// superset of the best's so far. Null where that order or a tied
/// variant's traits are not known.
const FunctionDecl *breakTie(const FunctionDecl *F,
                             const std::vector<Candidate> &Matching) {
  int64_t Best = Matching.front().Score;
  for (const Candidate &C : Matching)
    Best = std::max(Best, C.Score);
  std::set<const FunctionDecl *> Winners;
  for (const Candidate &C : Matching)
    if (C.Score == Best)
      Winners.insert(C.V);
  if (Winners.size() == 1)
    return *Winners.begin();
  auto Order = clangOrder(F);
  if (!Order)
    return nullptr;
  std::vector<const Candidate *> Tied;
  for (const Candidate &C : Matching) {
    if (C.Score != Best)
      continue;
    if (!C.Traits || !Order->count(C.Key))
      return nullptr;
    Tied.push_back(&C);
  }
  std::sort(Tied.begin(), Tied.end(),
            [&](const Candidate *A, const Candidate *B) {
              return Order->at(A->Key) < Order->at(B->Key);
            });
  const Candidate *Choice = Tied.front();
  for (const Candidate *C : Tied)
    if (strictSubset(*Choice->Traits, *C->Traits))
      Choice = C;
  return Choice->V;
}

} // namespace

bool isBlockVariant(const FunctionDecl *F) {
  const IdentifierInfo *II = F->getIdentifier();
  return II && II->isMangledOpenMPVariantName();
}

std::optional<BlockVariantText> blockVariantText(const FunctionDecl *F) {
  if (!isBlockVariant(F) || !F->doesThisDeclarationHaveABody() ||
      isa<CXXMethodDecl>(F) || F->isVariadic() ||
      F->isTemplateInstantiation() || F->getDescribedFunctionTemplate() ||
      !F->getDeclContext()->getRedeclContext()->isTranslationUnit())
    return std::nullopt;
  const SourceManager &SM = F->getASTContext().getSourceManager();
  SourceLocation B = F->getBeginLoc(), E = F->getEndLoc();
  FunctionTypeLoc FTL = F->getFunctionTypeLoc();
  if (!FTL || B.isMacroID() || E.isMacroID() ||
      FTL.getLParenLoc().isMacroID() || !SM.isWrittenInMainFile(B) ||
      !SM.isWrittenInMainFile(E))
    return std::nullopt;
  llvm::StringRef Buf = SM.getBufferData(SM.getMainFileID());
  unsigned Begin = SM.getFileOffset(B),
           Paren = SM.getFileOffset(FTL.getLParenLoc());
  unsigned Close = SM.getFileOffset(E); // the body's `}`
  std::vector<VariantBlock> Blocks = findVariantBlocks(Buf);
  // Nested blocks are all closed before the function and opened again
  // after it, outermost first, so the forwarder has the merged selector
  // the function had (the device's choice among them is the analysis's).
  std::vector<const VariantBlock *> Around = blocksAround(Blocks, Begin);
  if (Around.empty() || Close >= Around.back()->End)
    return std::nullopt;
  // The forwarder reopens each block with a copy of its pragma: a comment
  // in one may close on a later line, leaving the copy's `/*` open.
  for (const VariantBlock *B : Around)
    if (Buf.slice(B->Begin, B->BeginEnd).contains("/*"))
      return std::nullopt;
  // Any declaration of the blocks, the enclosing ones' too, is one the
  // renamed function outside them would not see.
  if (usesBlockDecls(F, Around.front()->BeginEnd, Around.front()->End, Begin,
                     Close))
    return std::nullopt;
  BlockVariantText T;
  // The pragmas go on lines of their own: nothing but blanks before the
  // definition on its first line, nothing but a comment after it.
  T.DefBegin = unsigned(lineStart(Buf, Begin));
  if (!Buf.slice(T.DefBegin, Begin).trim(" \t").empty())
    return std::nullopt;
  size_t Eol = Buf.find('\n', Close);
  if (Eol == llvm::StringRef::npos)
    return std::nullopt;
  llvm::StringRef Rest = Buf.slice(Close + 1, Eol).trim(" \t\r");
  if (!Rest.empty() && !Rest.starts_with("//"))
    return std::nullopt;
  T.AfterDef = unsigned(Eol + 1);
  // The name written right before the parameters' `(`.
  std::string Base = F->getIdentifier()
                         ->getName()
                         .split(getOpenMPVariantManglingSeparatorStr())
                         .first.str();
  llvm::StringRef Before = Buf.slice(Begin, Paren).rtrim(" \t\r\n");
  if (!Before.ends_with(Base))
    return std::nullopt;
  T.NameBegin = unsigned(Begin + Before.size() - Base.size());
  T.NameLength = unsigned(Base.size());
  if (T.NameBegin > Begin) {
    char C = Buf[T.NameBegin - 1];
    if (llvm::isAlnum(C) || C == '_')
      return std::nullopt;
  }
  T.NewName = "omp2cuda_variant_" + Base + "_L" +
              std::to_string(SM.getLineNumber(SM.getMainFileID(), T.NameBegin));
  T.PragmaBegin = Around.back()->Begin;
  T.PragmaEnd = Around.back()->BeginEnd;
  return T;
}

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
  // A call sees only the variants declared before it (a block's function
  // defined after the call is not clang's choice there: review t27/t28.c).
  if (Where && Where->At.isValid()) {
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
      return Out;
    }
  }
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
  const std::string CannotCall =
      "it calls '" + Base +
      "', whose 'declare variant' for the device the "
      "translator cannot call (a member, template or 'begin declare "
      "variant' function, or adjust_args/append_args)";
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
      return Out;
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
      return Out;
    }
    if (!Matches)
      continue;
    const FunctionDecl *V = variantOf(A);
    if (!V) {
      Out.K = DeviceVariant::Undecidable;
      Out.Why = CannotCall;
      return Out;
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
  if (Matching.empty()) {
    // The base function, as on an OpenMP device. Spelled through its
    // address: a host compiler with OpenMP (the CPU emulation's) would
    // otherwise replace a direct call by the host's variant.
    Out.Spelling = spelling(F);
    if (Out.Spelling.empty()) {
      Out.K = DeviceVariant::Undecidable;
      Out.Why = "it calls '" + Base + "', which has 'declare variant's and "
                "cannot be named at file scope";
      return Out;
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
    Out.Why = CannotCall;
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
