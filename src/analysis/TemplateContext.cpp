#include "analysis/TemplateContext.h"

#include "edits/SourceText.h"

#include "clang/AST/ASTConcept.h"
#include "clang/AST/ASTLambda.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Regex.h"

#include <algorithm>
#include <vector>

using namespace clang;

namespace omp2cuda {

namespace {

/// The definition that spells the parameter lists of the class templates
/// around it: F, or the function a lambda is written in, when defined out of
/// its class (template <typename U> void A<U>::f). Null when there is none.
const FunctionDecl *outOfLineDefinition(const FunctionDecl &F) {
  for (const DeclContext *DC = &F; DC; DC = DC->getParent())
    if (const auto *FD = dyn_cast<FunctionDecl>(DC);
        FD && FD->getNumTemplateParameterLists() > 0)
      return FD;
  return nullptr;
}

/// Whether two parameter lists name their parameters alike.
bool sameNames(const TemplateParameterList &A, const TemplateParameterList &B) {
  if (A.size() != B.size())
    return false;
  for (unsigned I = 0; I < A.size(); ++I)
    if (A.getParam(I)->getName() != B.getParam(I)->getName())
      return false;
  return true;
}

/// The parameter lists around F's body (not F's own), outermost first: of
/// the class templates and function templates that enclose it (a lambda in
/// a function template, a member of a class nested in a class template), or
/// a reason why there is none to use. Renamed: an out-of-line definition
/// names the class's parameters otherwise than the class does.
bool enclosingLists(const FunctionDecl &F,
                    std::vector<const TemplateParameterList *> &Lists,
                    bool &Renamed, std::string &Problem) {
  for (const DeclContext *DC = F.getDeclContext(); DC; DC = DC->getParent()) {
    if (isa<ClassTemplatePartialSpecializationDecl>(DC)) {
      Problem = "regions in members of a class template's partial "
                "specialization are not supported yet";
      return false;
    }
    if (const auto *FD = dyn_cast<FunctionDecl>(DC))
      if (const FunctionTemplateDecl *FT = FD->getDescribedFunctionTemplate())
        Lists.insert(Lists.begin(), FT->getTemplateParameters());
    if (const auto *RD = dyn_cast<CXXRecordDecl>(DC))
      if (const ClassTemplateDecl *CT = RD->getDescribedClassTemplate())
        Lists.insert(Lists.begin(), CT->getTemplateParameters());
  }
  // An out-of-line definition spells the class's lists itself, maybe with
  // other parameter names than the class's; its body uses those.
  if (const FunctionDecl *Def = outOfLineDefinition(F)) {
    unsigned N = std::min<unsigned>(Def->getNumTemplateParameterLists(),
                                    static_cast<unsigned>(Lists.size()));
    for (unsigned I = 0; I < N; ++I) {
      const TemplateParameterList *Own = Def->getTemplateParameterList(I);
      Renamed = Renamed || !sameNames(*Lists[I], *Own);
      Lists[I] = Own;
    }
  }
  return true;
}

/// The kernel's parameter for an `auto` parameter of F (TP, invented by
/// the compiler), with the argument the call in F's body passes for it:
/// `typename O2cAuto0` and `std::remove_reference_t<decltype(x)>` for an
/// `auto &x`; x goes to From. The reason why not, or empty.
std::string inventedParam(const FunctionDecl &F, const TemplateTypeParmDecl &TP,
                          unsigned Index,
                          std::pair<std::string, std::string> &Out,
                          std::vector<const ParmVarDecl *> &From) {
  // (`auto... xs`: the pattern of the pack's expansion.)
  auto Declared = [](const ParmVarDecl *Q) {
    QualType T = Q->getType();
    if (const auto *PE = T->getAs<PackExpansionType>())
      T = PE->getPattern();
    return T;
  };
  const ParmVarDecl *PV = nullptr;
  for (const ParmVarDecl *Q : F.parameters())
    if (const auto *TT = Declared(Q)
                             .getNonReferenceType()
                             .getUnqualifiedType()
                             ->getAs<TemplateTypeParmType>();
        TT && TT->getDepth() == TP.getDepth() &&
        TT->getIndex() == TP.getIndex())
      PV = Q;
  QualType T = PV ? Declared(PV) : QualType();
  if (!PV || PV->getName().empty() || T->isRValueReferenceType() ||
      T.getNonReferenceType().isVolatileQualified())
    return "regions in generic lambdas and abbreviated function templates "
           "are supported where each `auto` parameter is `auto x`, `const "
           "auto x`, `auto &x` or `const auto &x`";
  // What decltype(x) says, undone down to the deduced type.
  std::string Arg = "decltype(" + PV->getNameAsString() + ")";
  if (T->isReferenceType())
    Arg = "std::remove_reference_t<" + Arg + ">";
  if (T.getNonReferenceType().isConstQualified())
    Arg = "std::remove_const_t<" + Arg + ">";
  Out = {std::string(TP.isParameterPack() ? "typename... " : "typename ") +
             "O2cAuto" + std::to_string(Index),
         Arg};
  From.push_back(PV);
  return "";
}

/// The kernel's parameters for a generic lambda's template parameters,
/// each with the argument the call in the lambda's body passes for it
/// (inventedParam). The reason why not, or empty.
std::string
genericLambdaParams(const FunctionDecl &F, const FunctionTemplateDecl &FT,
                    const SourceManager &SM, const LangOptions &LO,
                    std::vector<std::pair<std::string, std::string>> &Out,
                    std::vector<bool> &Packs, bool &Found,
                    std::vector<const ParmVarDecl *> &From) {
  llvm::StringRef Buffer = SM.getBufferData(SM.getMainFileID());
  unsigned Invented = 0;
  for (const NamedDecl *P : *FT.getTemplateParameters()) {
    const auto *TP = dyn_cast<TemplateTypeParmDecl>(P);
    if (!TP)
      return "regions in generic lambdas with a non-type template parameter "
             "are not supported yet";
    // A pack (`auto... xs`, `[]<typename... Ts>`) is the kernel's pack, the
    // call's argument expanded (`decltype(xs)...`, `Ts...`): KernelParams
    // puts it last.
    Packs.push_back(TP->isParameterPack());
    if (!TP->isImplicit()) {
      // `[]<typename T>(T x)`: T names it in the body too.
      unsigned B, E;
      if (TP->getName().empty() ||
          !fileOffsets(SM, LO, SourceRange(TP->getBeginLoc(), TP->getLocation()),
                       B, E))
        return "a generic lambda's template parameter has no name, or comes "
               "from a macro";
      Out.push_back({Buffer.slice(B, E).str(), TP->getNameAsString()});
      continue;
    }
    Out.emplace_back();
    if (std::string Why = inventedParam(F, *TP, Invented++, Out.back(), From);
        !Why.empty())
      return Why;
    Found = true;
  }
  return "";
}

/// Where P's default argument starts, or an invalid location.
SourceLocation defaultArgumentLoc(const NamedDecl &P) {
  if (const auto *TP = dyn_cast<TemplateTypeParmDecl>(&P))
    return TP->hasDefaultArgument() ? TP->getDefaultArgumentLoc()
                                    : SourceLocation();
  if (const auto *NP = dyn_cast<NonTypeTemplateParmDecl>(&P))
    return NP->hasDefaultArgument() ? NP->getDefaultArgumentLoc()
                                    : SourceLocation();
  if (const auto *TT = dyn_cast<TemplateTemplateParmDecl>(&P))
    return TT->hasDefaultArgument() ? TT->getDefaultArgumentLoc()
                                    : SourceLocation();
  return {};
}

/// P as written. A constrained type parameter's range starts at its
/// concept's name, after the qualifier (`std::integral T` starts at
/// `integral`), which the text needs to name the concept outside `std`.
SourceRange paramRange(const NamedDecl &P) {
  SourceRange R = P.getSourceRange();
  if (const auto *TP = dyn_cast<TemplateTypeParmDecl>(&P))
    if (const TypeConstraint *TC = TP->getTypeConstraint())
      if (const ConceptReference *CR = TC->getConceptReference();
          CR && CR->getBeginLoc().isValid())
        R.setBegin(CR->getBeginLoc());
  return R;
}

} // namespace

std::string templateParamText(const NamedDecl &P, const SourceManager &SM,
                              const LangOptions &LO, std::string &Problem) {
  unsigned B, E;
  if (P.getName().empty()) {
    Problem = "a template parameter has no name";
    return "";
  }
  if (!fileOffsets(SM, LO, paramRange(P), B, E)) {
    Problem = "the template header comes from a macro";
    return "";
  }
  llvm::StringRef Text = SM.getBufferData(SM.getMainFileID()).slice(B, E);
  // Up to the default argument's `=`.
  unsigned NameEnd = SM.getFileOffset(SM.getExpansionLoc(P.getLocation())) +
                     P.getName().size();
  SourceLocation Default = defaultArgumentLoc(P);
  if (Default.isValid()) {
    unsigned D = SM.getFileOffset(SM.getExpansionLoc(Default));
    if (D > NameEnd && D <= E) {
      llvm::StringRef Head = Text.take_front(D - B).rtrim();
      // A template template parameter's default starts after its
      // qualifier (`class C = std::vector` points at `vector`): cut at the
      // `=` that follows the name instead.
      size_t Eq = NameEnd >= B ? Text.find('=', NameEnd - B) : Text.npos;
      if (!Head.ends_with("=") && Eq != Text.npos && Eq < D - B)
        Head = Text.take_front(Eq + 1).rtrim();
      Text = Head;
      if (Text.ends_with("="))
        Text = Text.drop_back().rtrim();
    }
  }
  return Text.str();
}

std::string spellParams(const std::string &Text, const TemplateContext &TC) {
  static const llvm::Regex Param("type-parameter-([0-9]+)-([0-9]+)");
  std::string Out = Text;
  llvm::SmallVector<llvm::StringRef, 3> M;
  while (Param.match(Out, &M)) {
    unsigned D = 0, I = 0;
    M[1].getAsInteger(10, D);
    M[2].getAsInteger(10, I);
    std::string Name = D < TC.Names.size() && I < TC.Names[D].size()
                           ? TC.Names[D][I]
                           : "o2c_unnamed_parameter";
    size_t At = M[0].data() - Out.data();
    Out.replace(At, M[0].size(), Name);
  }
  return Out;
}

namespace {

/// The kernel's template parameters, in the order it takes them: a pack
/// goes last, since before another parameter it would take every explicit
/// argument (`K<false, Ts..., U>` leaves U to deduction, which the kernel's
/// address cannot do). Two cannot both be last.
struct KernelParams {
  std::string Params, Args;
  std::string PackParam, PackArg;

  static void append(std::string &List, const std::string &Item) {
    List += (List.empty() ? "" : ", ") + Item;
  }
  bool add(const std::string &Param, const std::string &Arg, bool Pack,
           std::string &Problem) {
    if (!Pack) {
      append(Params, Param);
      append(Args, Arg);
      return true;
    }
    if (!PackParam.empty()) {
      Problem = "the region's function and the templates around it have two "
                "template parameter packs, which one kernel template cannot "
                "take";
      return false;
    }
    PackParam = Param;
    PackArg = Arg + "...";
    return true;
  }
  void finish(TemplateContext &Out) {
    if (!PackParam.empty())
      add(PackParam, PackArg, /*Pack=*/false, Out.Problem);
    if (Params.empty())
      return;
    Out.Header = "template <" + Params + ">";
    Out.Args = "<" + Args + ">";
  }
};

/// Adds TPL's parameters to KP and their names to Out.Names.back(). Own:
/// TPL is F's own (F is a function template, no lambda), whose `auto`
/// parameters (`void fill(auto k)`: invented, nameless) the kernel names
/// O2cAuto<N>, the call passing what decltype says. False, with
/// Out.Problem, when one cannot be given to a kernel.
bool addList(const FunctionDecl &F, const TemplateParameterList &TPL, bool Own,
             const SourceManager &SM, const LangOptions &LO, KernelParams &KP,
             TemplateContext &Out, unsigned &Invented) {
  for (const NamedDecl *P : TPL) {
    bool Pack = P->isParameterPack();
    if (P->isImplicit() && isa<TemplateTypeParmDecl>(P)) {
      if (!Own) {
        Out.Problem = "an `auto` parameter of a function around the "
                      "region's is not supported yet";
        return false;
      }
      std::pair<std::string, std::string> Param;
      Out.Problem = inventedParam(F, *cast<TemplateTypeParmDecl>(P), Invented++,
                                  Param, Out.InventedFrom);
      if (!Out.Problem.empty())
        return false;
      Out.Invented = true;
      Out.Names.back().push_back(
          Param.first.substr(Param.first.rfind(' ') + 1));
      if (!KP.add(Param.first, Param.second, Pack, Out.Problem))
        return false;
      continue;
    }
    Out.Names.back().push_back(P->getNameAsString());
    std::string Text = templateParamText(*P, SM, LO, Out.Problem);
    if (Text.empty() || !KP.add(Text, P->getNameAsString(), Pack, Out.Problem))
      return false;
  }
  return true;
}

} // namespace

TemplateContext templateContextOf(const FunctionDecl &F,
                                  const SourceManager &SM,
                                  const LangOptions &LO) {
  TemplateContext Out;
  std::vector<const TemplateParameterList *> Lists;
  if (F.getDeclContext()->isDependentContext() &&
      !enclosingLists(F, Lists, Out.Renamed, Out.Problem))
    return Out;
  // A generic lambda's parameters come last; the call inside its body
  // names them through its function parameters.
  std::vector<std::pair<std::string, std::string>> Generic;
  std::vector<bool> GenericPacks;
  if (const FunctionTemplateDecl *FT = F.getDescribedFunctionTemplate()) {
    if (isLambdaCallOperator(&F)) {
      Out.Problem = genericLambdaParams(F, *FT, SM, LO, Generic, GenericPacks,
                                        Out.Invented, Out.InventedFrom);
      if (!Out.Problem.empty())
        return Out;
    } else
      Lists.push_back(FT->getTemplateParameters());
  }
  if (Lists.empty() && Generic.empty())
    return Out;
  KernelParams KP;
  unsigned InventedCount = 0;
  for (const TemplateParameterList *TPL : Lists) {
    if (TPL->size() == 0)
      continue; // template <>: an explicit specialization adds nothing
    Out.Names.emplace_back();
    bool Own = TPL == Lists.back() && F.getDescribedFunctionTemplate() &&
               Generic.empty();
    if (!addList(F, *TPL, Own, SM, LO, KP, Out, InventedCount))
      return Out;
  }
  if (!Generic.empty())
    Out.Names.emplace_back();
  for (size_t I = 0; I < Generic.size(); ++I) {
    const auto &[Param, Arg] = Generic[I];
    Out.Names.back().push_back(Param.substr(Param.find_last_of(" .") + 1));
    if (!KP.add(Param, Arg, GenericPacks[I], Out.Problem))
      return Out;
  }
  KP.finish(Out);
  return Out;
}

std::string classScopedName(QualType T) {
  struct Finder : RecursiveASTVisitor<Finder> {
    std::string Name;
    bool VisitTypedefType(TypedefType *TT) {
      const TypedefNameDecl *D = TT->getDecl();
      if (Name.empty() && D->getDeclContext()->isRecord())
        Name = D->getNameAsString();
      return Name.empty();
    }
    bool VisitInjectedClassNameType(InjectedClassNameType *IT) {
      if (Name.empty())
        Name = IT->getDecl()->getNameAsString();
      return false;
    }
    bool VisitRecordType(RecordType *RT) {
      if (Name.empty() && RT->getDecl()->getDeclContext()->isRecord())
        Name = RT->getDecl()->getNameAsString();
      return Name.empty();
    }
  } V;
  V.TraverseType(T);
  return V.Name;
}

std::vector<const TypedefNameDecl *> classScopedTypedefsIn(const Stmt *S) {
  struct Finder : RecursiveASTVisitor<Finder> {
    std::vector<const TypedefNameDecl *> Found;
    // `Base<T>::value_type`, `std::vector<int>::size_type`: spelled with
    // its class, valid wherever that class is.
    bool TraverseElaboratedTypeLoc(ElaboratedTypeLoc TL) {
      if (TL.getQualifierLoc())
        return true;
      return RecursiveASTVisitor::TraverseElaboratedTypeLoc(TL);
    }
    bool VisitTypedefTypeLoc(TypedefTypeLoc TL) {
      const TypedefNameDecl *D = TL.getTypedefNameDecl();
      if (D->getDeclContext()->isRecord() &&
          std::find(Found.begin(), Found.end(), D) == Found.end())
        Found.push_back(D);
      return true;
    }
  } V;
  V.TraverseStmt(const_cast<Stmt *>(S));
  return V.Found;
}

bool declaredWithin(const Decl *D, const DeclContext *Top) {
  for (const DeclContext *DC = dyn_cast_or_null<DeclContext>(D); DC;
       DC = DC->getParent())
    if (DC == Top)
      return true;
  return false;
}

SourceLocation qualifiedByClass(const Stmt *S, const Decl *Top, bool SkipTop) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const DeclContext *Top = nullptr;
    bool SkipTop = false;
    SourceLocation Found;
    bool inTop(const Decl *D) { return declaredWithin(D, Top); }
    /// The class a qualifier names, dependent spellings included.
    static const Decl *classOf(const NestedNameSpecifier *NNS) {
      const Type *T = NNS ? NNS->getAsType() : nullptr;
      if (!T)
        return nullptr;
      if (const auto *IT = T->getAs<InjectedClassNameType>())
        return IT->getDecl();
      if (const auto *TS = T->getAs<TemplateSpecializationType>())
        if (const auto *CT = dyn_cast_or_null<ClassTemplateDecl>(
                TS->getTemplateName().getAsTemplateDecl()))
          return CT->getTemplatedDecl();
      return T->getAsCXXRecordDecl();
    }
    bool TraverseNestedNameSpecifierLoc(NestedNameSpecifierLoc NNS) {
      if (Found.isInvalid() && NNS && inTop(classOf(NNS.getNestedNameSpecifier())))
        Found = NNS.getBeginLoc();
      return Found.isInvalid() &&
             RecursiveASTVisitor::TraverseNestedNameSpecifierLoc(NNS);
    }
    // A value named through Top itself (`Vec::limit`, `Vec<T>::limit`):
    // with SkipTop, not counted (a type so named would need `typename`).
    bool TraverseDeclRefExpr(DeclRefExpr *E) {
      const Decl *C = classOf(E->getQualifier());
      if (SkipTop && C &&
          C->getCanonicalDecl() == cast<Decl>(Top)->getCanonicalDecl())
        return true;
      return RecursiveASTVisitor::TraverseDeclRefExpr(E);
    }
  } V;
  V.Top = dyn_cast_or_null<DeclContext>(Top);
  V.SkipTop = SkipTop;
  if (V.Top)
    V.TraverseStmt(const_cast<Stmt *>(S));
  return V.Found;
}

} // namespace omp2cuda
