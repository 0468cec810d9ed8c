// The variables a region captures: which variables it uses (body and
// clauses), the type each has in the kernel at file scope, and the edits
// that re-spell its references (seed 000 §4.2, ARCHITECTURE.md §3).
// CapturePassing.cpp decides how each is passed.
#include "analysis/RequiresClause.h"
#include "analysis/CaptureEdits.h"
#include "analysis/CaptureTypes.h"
#include "analysis/ClassAhead.h"
#include "analysis/ClauseReader.h"
#include "analysis/FoldedConstants.h"
#include "analysis/IntegerPointers.h"
#include "analysis/LoopNest.h"
#include "analysis/PointerValueUse.h"
#include "analysis/RegionSteps.h"
#include "analysis/StaticReferences.h"

#include "clang/AST/DeclTemplate.h"

#include <algorithm>

using namespace clang;

namespace omp2cuda {
namespace {

/// Whether DC (namespaces, classes, linkage blocks within) declares a
/// declare target variable that has a device copy of its own (not link).
bool declaresDeviceCopies(const DeclContext *DC) {
  for (const Decl *D : DC->decls()) {
    if (const auto *VD = dyn_cast<VarDecl>(D)) {
      if (isDeclareTargetEnter(VD))
        return true;
    } else if (const auto *Inner = dyn_cast<DeclContext>(D)) {
      if (isa<NamespaceDecl, LinkageSpecDecl, CXXRecordDecl>(D) &&
          declaresDeviceCopies(Inner))
        return true;
    }
  }
  return false;
}

/// A pointer loaded from host memory reaches on the device what it reaches
/// on the host: the unit requires unified_shared_memory, so maps are the
/// identity (docs/unified-shared-memory.md), and no declare target variable
/// of the unit has a device copy such a pointer could mean instead.
bool zeroCopyReaches(const ASTContext &Ctx) {
  return requiresClause<OMPUnifiedSharedMemoryClause>(Ctx) &&
         !declaresDeviceCopies(Ctx.getTranslationUnitDecl());
}

/// Whether a clause of the region names D.
bool inClause(const ValueDecl *D, const ClauseInfo &CI) {
  return CI.Maps.count(D) || CI.Private.count(D) || CI.FirstPrivate.count(D) ||
         CI.LastPrivate.count(D) || CI.IsDevicePtr.count(D) ||
         CI.HasDeviceAddr.count(D) || CI.Reductions.count(D);
}

/// Makes U, a use of a declare target variable that no clause names, a use
/// of its device copy: each reference re-spelled as the mirror. False (and
/// nothing changed) when it is not one: the variable is then captured as
/// any other. False with Refused set when the variable can have no device
/// copy here, or a reference lies where the host evaluates it too (a
/// distributed loop's bounds, with the loop body LoopBody) or where no edit
/// reaches (a macro's body): the kernel would take the host's value where
/// OpenMP uses the device's (a namespace's `cfg::counter += 5` lost).
bool useDeviceCopy(const Use &U, const ClauseInfo &CI, const Stmt *LoopBody,
                   bool HostEvaluatesHeader, TUState &TU,
                   std::vector<TextEdit> &BodyEdits, Verdict &Refused) {
  const auto *VD = dyn_cast<VarDecl>(U.Decl);
  if (!VD || !isDeclareTargetEnter(VD) || inClause(VD, CI) || U.Refs.empty())
    return false;
  // A constant that gets no device copy (an inline `static constexpr`
  // member: every unit defines it) is captured as any other, its value
  // being the copy's.
  bool Folded = foldedConstant(VD, U.Refs.front().getBegin());
  const SourceManager &SM = TU.Ctx.getSourceManager();
  std::vector<TextEdit> Edits;
  std::string Name = "'" + VD->getQualifiedNameAsString() + "'";
  for (SourceRange SR : U.Refs) {
    unsigned B, E;
    if (!fileOffsets(SM, TU.Ctx.getLangOpts(), SR, B, E)) {
      if (Folded)
        return false;
      Refused = Verdict::no(DiagId::HostMacro,
                            Name + " is declare target and named in a "
                                   "macro's body, where its device copy "
                                   "cannot replace it");
      Refused.Where = SR.getBegin();
      return false;
    }
    if (HostEvaluatesHeader && LoopBody &&
        !SM.isPointWithin(SR.getBegin(), LoopBody->getBeginLoc(),
                          LoopBody->getEndLoc())) {
      if (Folded)
        return false;
      Refused = Verdict::no(DiagId::HostType,
                            Name + " is declare target and in the bounds of "
                                   "the distributed loop, which the host "
                                   "evaluates with its own copy (copy it to "
                                   "a local variable before the region)");
      Refused.Where = SR.getBegin();
      return false;
    }
    Edits.push_back({B, E - B, ""});
  }
  if (std::string Why;
      !planDeviceCopy(VD, U.Refs.front().getBegin(), TU, Why)) {
    if (Folded)
      return false;
    Refused = Verdict::no(DiagId::HostType,
                          Name +
                              " is declare target but gets no device copy "
                              "here (" +
                              Why + ")");
    Refused.Where = U.Refs.front().getBegin();
    return false;
  }
  for (TextEdit &E : Edits) {
    E.Text = deviceCopyOf(VD, TU)->Mirror;
    BodyEdits.push_back(std::move(E));
  }
  return true;
}

/// A static data member that S names through an object (`k.off`), which
/// no use of the region's scan sees: the kernel would reach the host's
/// variable (nvcc refuses it), not the device copy. Constants fold.
const MemberExpr *staticMemberThroughObject(const Stmt *S,
                                            const ASTContext &Ctx) {
  if (!S)
    return nullptr;
  if (const auto *ME = dyn_cast<MemberExpr>(S))
    if (const auto *VD = dyn_cast<VarDecl>(ME->getMemberDecl());
        VD && VD->hasGlobalStorage() &&
        !(VD->getType().isConstQualified() && VD->getInit() &&
          VD->getInit()->isIntegerConstantExpr(Ctx)))
      return ME;
  for (const Stmt *C : S->children())
    if (const MemberExpr *ME = staticMemberThroughObject(C, Ctx))
      return ME;
  return nullptr;
}

/// A specialisation of a variable template (`scale<double>`, `K::mul<int>`):
/// its template arguments as the call spells them ("<double>"), and as a
/// suffix of the parameter's name ("_double"), which tells two
/// specialisations apart. Empty for other variables.
std::string templateArgs(const VarDecl *VD, const ASTContext &Ctx,
                         std::string *Suffix = nullptr) {
  const auto *Spec = dyn_cast_or_null<VarTemplateSpecializationDecl>(VD);
  if (!Spec)
    return "";
  std::string Args;
  llvm::raw_string_ostream OS(Args);
  printTemplateArgumentList(OS, Spec->getTemplateArgs().asArray(),
                            typePolicy(Ctx));
  if (Suffix) {
    *Suffix = "";
    for (char Ch : Args)
      if (isAsciiIdentifierContinue(Ch))
        *Suffix += Ch;
      else if (!Suffix->empty() && Suffix->back() != '_')
        *Suffix += '_';
    while (!Suffix->empty() && Suffix->back() == '_')
      Suffix->pop_back();
    *Suffix = "_" + *Suffix;
  }
  return Args;
}

/// The variables the region uses, in its body and its clauses, in
/// declaration order.
Verdict scanUses(CaptureSite &S, CaptureScan &Scan) {
  ASTContext &Ctx = S.TU.Ctx;
  const SourceManager &SM = Ctx.getSourceManager();
  ClauseInfo &CI = S.CI;
  if (S.Shape.Inner && !S.IsData)
    Scan = scanCaptures(S.Shape.Inner, Ctx);
  if (!Scan.ThisProblem.empty())
    return Verdict::no(DiagId::HostContext, Scan.ThisProblem);
  if (S.Shape.Inner && !S.IsData)
    if (const MemberExpr *ME = staticMemberThroughObject(S.Shape.Inner, Ctx)) {
      Verdict V = Verdict::no(
          DiagId::HostType,
          "'" + ME->getMemberDecl()->getQualifiedNameAsString() +
              "' is a static data member named through an object, which "
              "the kernel cannot reach (name it by its class)");
      V.Where = ME->getMemberLoc();
      return V;
    }
  if (S.Shape.Inner && !S.IsData)
    if (const DeclRefExpr *R = staticReferences(S.Shape.Inner).Unsafe) {
      Verdict V = Verdict::no(
          DiagId::HostContext,
          "the region uses the reference '" +
              R->getDecl()->getNameAsString() +
              "', bound to a variable of static storage, which the kernel "
              "would get as a copy where the region writes through it, or "
              "names that variable too, or it is declare target (name the "
              "variable itself)");
      V.Where = R->getLocation();
      return V;
    }
  if (S.Shape.Inner && !S.IsData && S.C.Function &&
      S.C.Function->isDependentContext()) {
    SourceLocation Where;
    if (const VarDecl *VD = dependentGlobal(S.Shape.Inner, Scan, Ctx, Where)) {
      std::string Name;
      llvm::raw_string_ostream OS(Name);
      VD->printQualifiedName(OS);
      OS << templateArgs(VD, Ctx);
      Verdict V = Verdict::no(
          DiagId::HostContext,
          "the region uses the global variable '" + Name +
              "' (in an instantiation) through a name that depends on the "
              "template's parameters, which the kernel cannot take");
      V.Where = Where;
      return V;
    }
  }
  scanClauseExprs(CI.ClauseExprs, Scan, Ctx);
  std::set<const ValueDecl *> Iterators = iteratorVariables(*S.C.Directive);
  llvm::erase_if(Scan.Uses,
                 [&](const Use &U) { return Iterators.count(U.Decl); });
  // A linear variable the body does not name still gets its final value.
  for (const auto &[VD, L] : CI.Linear)
    if (!CI.Maps.count(VD))
      CI.Maps.emplace(VD, makeMap(MapType::ToFrom, true));
  // Variables named only in clauses (map(to: x) with x unused) still map.
  for (const auto &[VD, MI] : CI.Maps) {
    bool Known = false;
    for (const Use &U : Scan.Uses)
      Known = Known || U.Decl == VD;
    if (!Known)
      Scan.Uses.push_back(Use{VD, isa<FieldDecl>(VD), false, {}, {}});
  }

  // Parameters in declaration order read like the function's own.
  std::stable_sort(Scan.Uses.begin(), Scan.Uses.end(),
                   [&](const Use &A, const Use &B) {
                     if (A.Member != B.Member)
                       return B.Member;
                     return SM.isBeforeInTranslationUnit(A.Decl->getLocation(),
                                                         B.Decl->getLocation());
                   });
  return {};
}

/// The capture's names: its parameter's, and the call's argument.
Capture namedCapture(const Use &U, const ASTContext &Ctx) {
  const LangOptions &LO = Ctx.getLangOpts();
  Capture Cap;
  Cap.Name = U.Decl->getNameAsString();
  if (!LO.CPlusPlus && isCxxOnlyKeyword(Cap.Name))
    Cap.Name += "_"; // renamed in the whole file (CCompat.cpp)
  Cap.IsMember = U.Member;
  Cap.CallArg = U.Member ? "this->" + Cap.Name : Cap.Name;
  // A global's plain name at the call may mean a namespace's own variable
  // that shadows it (or two, after a using-directive): C++ qualifies it.
  const auto *VD = dyn_cast<VarDecl>(U.Decl);
  if (VD && VD->isStaticDataMember()) {
    // An anonymous namespace is no scope one can write (review fb2
    // anon.cpp: `(anonymous namespace)::An<int>::q`).
    PrintingPolicy P(LO);
    P.SuppressUnwrittenScope = true;
    llvm::raw_string_ostream OS(Cap.CallArg);
    Cap.CallArg.clear();
    VD->printQualifiedName(OS, P);
  }
  else if (VD && LO.CPlusPlus &&
           VD->getDeclContext()->getRedeclContext()->isFileContext())
    Cap.CallArg = namespaceQualified(VD);
  // A variable template's specialisation is a variable of its own: the
  // call names it with its arguments, the kernel by a name of its own.
  std::string Suffix;
  if (std::string Args = templateArgs(VD, Ctx, &Suffix); !Args.empty()) {
    if (!llvm::StringRef(Cap.CallArg).ends_with(Args))
      Cap.CallArg += Args;
    Cap.Name += Suffix;
  }
  // References that all become the constant's value (constantEdits) leave
  // the kernel nothing to read: it takes no parameter for them.
  Cap.InBody = U.Refs.size() > U.ConstantRefs.size();
  Cap.Written = U.Written;
  return Cap;
}

/// The capture's type texts and kind (pointer, array, variable-length
/// array), and its map clause.
Verdict typeTexts(const CaptureSite &S, const Use &U, QualType T,
                  Capture &Cap) {
  ASTContext &Ctx = S.TU.Ctx;
  // A one-dimensional variable-length array travels as its first
  // element's address and its size (C++ has no reference to a VLA).
  Cap.IsVLA = T->isVariableArrayType();
  if (Cap.IsVLA && Ctx.getAsArrayType(T)->getElementType()->isVariablyModifiedType())
    return Verdict::no(DiagId::HostType,
                       "'" + Cap.Name +
                           "' is a multi-dimensional variable-length array");
  Cap.ValueType = declText(T, "", Ctx);
  // A pointer to a function points into no data: its value (the host's
  // address, IndirectCalls.h) travels as it is.
  Cap.IsPointer = T->isPointerType() && !T->isFunctionPointerType();
  Cap.IsArray = T->isConstantArrayType() || Cap.IsVLA ||
                (T->isArrayType() && T->isDependentType());
  if (Cap.IsPointer)
    Cap.ElemType = declText(T->getPointeeType(), "", Ctx);
  if (Cap.IsArray) {
    QualType Decayed = Ctx.getArrayDecayedType(T);
    Cap.DecayType = declText(Decayed, "", Ctx);
    Cap.ElemType = declText(Decayed->getPointeeType(), "", Ctx);
  }
  auto MapIt = S.CI.Maps.find(U.Decl);
  if (MapIt != S.CI.Maps.end())
    Cap.Map = MapIt->second;
  return {};
}

/// Where S first writes the pointer D as scanCaptures counts writes (an
/// assignment, ++ or --, &D); invalid where it does not.
SourceLocation firstWrite(const Stmt *S, const ValueDecl *D) {
  if (!S)
    return {};
  const Expr *Target = nullptr;
  if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp())
    Target = B->getLHS();
  else if (const auto *U = dyn_cast<UnaryOperator>(S);
           U && (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf))
    Target = U->getSubExpr();
  if (Target && namedVariable(Target->IgnoreParenImpCasts()) == D)
    return S->getBeginLoc();
  for (const Stmt *C : S->children())
    if (SourceLocation L = firstWrite(C, D); L.isValid())
      return L;
  return {};
}

/// One variable the region uses, as a capture.
Verdict captureUse(CaptureSite &S, const Use &U, bool LoopVariable) {
  // A function parameter pack: the kernel takes one too (CapturePacks.cpp).
  const auto *PackVD = dyn_cast<VarDecl>(U.Decl);
  bool Pack = PackVD && PackVD->isParameterPack();
  auto NoPack = [&](const std::string &Why) {
    Verdict V = Verdict::no(DiagId::HostType,
                            "'" + PackVD->getNameAsString() +
                                "' is a function parameter pack, which a "
                                "kernel cannot take: " +
                                Why);
    if (!U.Refs.empty())
      V.Where = U.Refs.front().getBegin();
    return V;
  };
  if (Pack)
    if (std::string Why = packWhy(PackVD, S.TU.Ctx); !Why.empty())
      return NoPack(Why);
  Capture Cap = namedCapture(U, S.TU.Ctx);
  QualType T;
  if (Verdict V = classScopeType(S, U, Cap.Name, T); !V.Ok)
    return V;
  // Each element is a variable of the pattern's type.
  if (const auto *PE = Pack ? T->getAs<PackExpansionType>() : nullptr)
    T = PE->getPattern();
  if (Verdict V = fileScopeType(S, Cap.Name, T); !V.Ok)
    return V;
  if (Verdict V = typeTexts(S, U, T, Cap); !V.Ok)
    return V;
  if (Verdict V = choosePassing(S, U, T, LoopVariable, Cap); !V.Ok)
    return V;
  // A member is reached through `this`, which OpenMP maps tofrom: the host
  // sees what the region assigns to a pointer member, which the kernel's
  // copy of the pointer would lose (a scalar member is mapped instead).
  // (Written also counts a member of a dependent type that the region
  // may write: only an assignment found here counts.)
  if (U.Member && U.Written && Cap.IsPointer &&
      Cap.How == Passing::DevicePointer && !S.CI.Private.count(U.Decl) &&
      !S.CI.FirstPrivate.count(U.Decl) && !S.CI.LastPrivate.count(U.Decl))
    if (SourceLocation L = firstWrite(S.Shape.Inner, U.Decl); L.isValid()) {
      Verdict V =
          Verdict::no(DiagId::HostClause,
                      "the region assigns the pointer member '" + Cap.Name +
                          "', which the kernel gets as a copy: the "
                          "host would not see the new value");
      V.Where = L;
      return V;
    }
  if (Pack && (Cap.How != Passing::Value || Cap.Map || Cap.BoxedArray))
    return NoPack("a clause or defaultmap names it");
  // A `T x` that an instantiation makes a pointer: the kernel template
  // would take its host address.
  if (!Pack && T->isDependentType() && Cap.How == Passing::Value && !Cap.Map &&
      !S.CI.FirstPrivate.count(U.Decl) && !U.Refs.empty() &&
      pointerInInstantiation(S.C.Directive, U.Refs.front().getBegin(),
                             S.TU.Ctx)) {
    Verdict V = Verdict::no(DiagId::HostType,
                            "'" + Cap.Name +
                                "' has a type that depends on "
                                "the template, which an instantiation makes a "
                                "pointer: OpenMP passes it as a zero-length "
                                "section, the kernel as a value");
    V.Where = U.Refs.front().getBegin();
    return V;
  }
  if (Verdict V = captureEdits(S, U, LoopVariable, Cap); !V.Ok)
    return V;
  if (Verdict V = captureParams(S, U, T, Cap); !V.Ok)
    return V;
  if (Pack)
    if (Verdict V = packParams(Cap); !V.Ok)
      return V;
  S.R.Captures.push_back(std::move(Cap));
  return {};
}

/// Checks of the captures together; the loop headers again, now with
/// `this->` dropped as in the body.
Verdict afterCaptures(CaptureSite &S) {
  Region &R = S.R;
  if (Verdict V = checkRowSubscripts(R, S.Shape.LoopVars); !V.Ok)
    return unplaced(V);

  // Each variable becomes a parameter by its plain name: two variables of
  // one name (x and ns::x) cannot both be.
  for (size_t I = 0; I < R.Captures.size(); ++I)
    for (size_t J = I + 1; J < R.Captures.size(); ++J)
      if (R.Captures[I].Name == R.Captures[J].Name)
        return Verdict::no(DiagId::HostContext,
                           "the region uses two variables named '" +
                               R.Captures[I].Name + "'");

  // A function parameter pack goes last in the stub's parameters too
  // (CapturePacks.cpp).
  std::stable_partition(
      R.Captures.begin(), R.Captures.end(), [](const Capture &C) {
        return C.CallArg.size() < 3 ||
               C.CallArg.compare(C.CallArg.size() - 3, 3, "...") != 0;
      });

  if ((R.Class == RegionClass::Combined || S.Shape.SpmdLoop) &&
      S.Text.BoundEdits.size() > S.TU.FileEdits.size()) {
    R.Loops.clear();
    std::set<const VarDecl *> Vars;
    std::vector<TextEdit> Headers;
    analyzeLoopNest(S.Shape.Inner, R.Collapse, S.TU.Ctx, S.Text.BoundEdits,
                    R.Loops, Vars, &S.Shape.Body, nullptr, &Headers);
  }
  return {};
}

/// Pointers the region would dereference that hold host addresses on the
/// device: loaded from mapped storage that no map attaches, or converted
/// from integers.
Verdict hostAddresses(CaptureSite &S) {
  // Under requires unified_shared_memory maps are the identity (the
  // runtime's zero-copy maps, docs/unified-shared-memory.md): a host
  // address is the mapped data's on the device too - unless it may be a
  // declare target variable's, whose device copy is elsewhere.
  if (S.IsData || zeroCopyReaches(S.TU.Ctx))
    return {};
  auto Refuse = [](SourceLocation L, const std::string &Why) {
    Verdict V = Verdict::no(DiagId::HostClause, Why);
    V.Where = L;
    return V;
  };
  // Unlike a pointer variable, a pointer inside a mapped record or array
  // (or a declare target pointer) is not attached: its device copy holds
  // the host's address, where the host build reaches the mapped data.
  std::string What;
  bool ValueSeen = false;
  SourceLocation Loaded = loadedPointerDeref(
      S.Shape.Inner, S.C.Function ? S.C.Function->getBody() : nullptr,
      S.C.Directive, S.TU.Ctx, What, &ValueSeen);
  if (Loaded.isValid() && ValueSeen)
    return Refuse(Loaded, What + ": the region's copy holds the device "
                                 "address, where the host build's holds "
                                 "the host's");
  if (SourceLocation L = Loaded; L.isValid())
    return Refuse(L, What + ": its device copy would hold the host's "
                            "address, not that of the device copy of what "
                            "it points to (copy it to a pointer variable "
                            "before the region, which is translated)");
  if (SourceLocation L = integerPointerDeref(S.Shape.Inner, S.TU.Ctx, What);
      L.isValid())
    return Refuse(L, What + ": those bytes may hold a host address, which "
                            "names no device data (make the pointer on the "
                            "host and map what it points to)");
  return {};
}

} // namespace

const Decl *classBeingDefined(const RegionCandidate &C) {
  const Decl *TopClass = C.TopLevel;
  if (const auto *CT = dyn_cast_or_null<ClassTemplateDecl>(TopClass))
    TopClass = CT->getTemplatedDecl();
  bool InClass = isa<CXXMethodDecl>(C.Function) && TopClass &&
                 isa<CXXRecordDecl>(TopClass);
  return InClass ? TopClass : nullptr;
}

Verdict captureVars(CaptureSite &S) {
  // (A name qualified by the class's own is reported, located, by
  // finishRegion.)
  if (S.InClass && !S.IsData && writesNestedClassType(S.C.Directive, S.InClass))
    return Verdict::no(DiagId::HostContext,
                       "the region names a class nested in the class being "
                       "defined, which the kernel outside the class cannot; "
                       "define the member function outside the class to "
                       "offload it");
  // A class template's region may name it as a qualifier too (`Vec::K`).
  bool Template = S.InClass && cast<CXXRecordDecl>(S.InClass)
                                   ->getDescribedClassTemplate();
  if (S.InClass && !S.IsData &&
      qualifiedByClass(S.C.Directive, S.InClass, Template).isInvalid() &&
      (writesClassType(S.C.Directive, S.InClass) ||
       (Template && qualifiedByClass(S.C.Directive, S.InClass).isValid())))
    if (Verdict V = kernelAfterClass(S, "the region names the class being "
                                        "defined");
        !V.Ok)
      return V;
  if (Verdict V = outOfLineInjectedName(S); !V.Ok)
    return V;
  CaptureScan Scan;
  if (Verdict V = scanUses(S, Scan); !V.Ok)
    return V;
  if (Verdict V = hostAddresses(S); !V.Ok)
    return V;
  const ClauseInfo &CI = S.CI;
  for (const Use &U : Scan.Uses) {
    // Loop variables are predetermined private; lastprivate ones get the
    // value they would have after the sequential loop.
    const auto *LoopVD = dyn_cast<VarDecl>(U.Decl);
    bool LoopVariable = LoopVD && S.Shape.LoopVars.count(LoopVD);
    if (LoopVariable && !CI.LastPrivate.count(LoopVD))
      continue;
    // A data construct moves only what its clauses map; other names in its
    // clause expressions (`i` and `p` of `p[i][0:n]`) stay where they are.
    if (S.IsData && !CI.Maps.count(U.Decl))
      continue;
    // A declare target variable that no clause names is its device copy in
    // the kernel, with no data movement (OpenMP 5.2 §5.8.1).
    // A declare target constant that needs a constant expression is
    // captured, its value spelled where it must be (constantEdits).
    // Even a device copy: the host fallback instantiates the template with
    // the host's variable, and nvcc compiles that for the device too.
    if (Verdict V = addressConstant(U); !S.IsData && !V.Ok)
      return V;
    Verdict Refused;
    if (!S.IsData && !S.R.BodyFromMacro && U.ConstantRefs.empty() &&
        useDeviceCopy(U, CI, S.Shape.Body,
                      S.R.Class == RegionClass::Combined || S.Shape.SpmdLoop,
                      S.TU, S.Text.BodyEdits, Refused)) {
      if (Verdict V = deviceCopyAddress(S, U); !V.Ok)
        return V;
      continue;
    }
    if (const auto *VD = dyn_cast<VarDecl>(U.Decl);
        !S.IsData && S.R.BodyFromMacro && VD && isDeclareTargetEnter(VD) &&
        !inClause(VD, CI)) {
      Refused = Verdict::no(DiagId::HostMacro,
                            "'" + VD->getQualifiedNameAsString() +
                                "' is declare target and the region's body "
                                "comes from a macro, where its device copy "
                                "cannot replace it");
      Refused.Where =
          U.Refs.empty() ? SourceLocation() : U.Refs.front().getBegin();
    }
    if (!Refused.Ok)
      return Refused;
    if (Verdict V = captureUse(S, U, LoopVariable); !V.Ok)
      return V;
  }
  return afterCaptures(S);
}

} // namespace omp2cuda
