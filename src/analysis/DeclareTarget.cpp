// Device copies of `declare target` variables (issue 10 point 2). OpenMP
// gives such a variable a copy on the device for the whole program, which
// device code uses without any data movement; only `map` and `target update`
// move values between the copies. Here analysis decides whether a variable
// that device code uses can have one: a `__device__` mirror of the same type
// and constant initialiser, defined in the main file's output beside the
// variable (lowering and the runtime do the rest). A `declare target link`
// variable gets a `__device__` pointer to its mapped storage instead.
#include "analysis/Analysis.h"
#include "analysis/RequiresClause.h"
#include "edits/Edits.h"
#include "edits/SourceText.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace omp2cuda {

namespace {

std::optional<OMPDeclareTargetDeclAttr::MapTypeTy>
declareTargetMap(const VarDecl *VD) {
  if (!VD->hasGlobalStorage() || VD->isStaticLocal())
    return std::nullopt;
  // device_type(host): there is no device copy to use.
  if (std::optional<OMPDeclareTargetDeclAttr::DevTypeTy> DT =
          OMPDeclareTargetDeclAttr::getDeviceType(VD);
      DT && *DT == OMPDeclareTargetDeclAttr::DT_Host)
    return std::nullopt;
  return OMPDeclareTargetDeclAttr::isDeclareTargetDeclaration(VD);
}

/// A tag type without a name cannot be spelled for the mirror.
bool hasUnnamedTag(QualType T, const ASTContext &Ctx) {
  const TagDecl *TD = Ctx.getBaseElementType(T)->getAsTagDecl();
  return TD && TD->getName().empty() && !TD->getTypedefNameForAnonDecl();
}

/// The text of R as written in its file (through macro arguments to the
/// expansion site), or empty.
std::string writtenText(SourceRange R, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange C = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(R), SM, Ctx.getLangOpts());
  if (C.isInvalid())
    return "";
  return Lexer::getSourceText(C, SM, Ctx.getLangOpts()).str();
}

/// Enters G, the device copy or pointer of VD, once VD's declaration has a
/// place for it.
bool commitDeviceGlobal(const VarDecl *VD, DeviceGlobal G, TUState &TU,
                        std::string &Why) {
  const SourceManager &SM = TU.Ctx.getSourceManager();
  if (unsigned Off; !deviceCopyOffset(VD, TU.Ctx, G.HostAddress, Off)) {
    Why = "its declaration has no place in the file for the device copy";
    return false;
  }
  // Named as the user named the main file, a header by its file name: the
  // output does not depend on where the sources live.
  SourceLocation L = SM.getExpansionLoc(VD->getLocation());
  PresumedLoc P = SM.getPresumedLoc(L);
  std::string File = SM.getFileID(L) == TU.UnitMain ? TU.FileName
                     : P.isValid() ? llvm::sys::path::filename(P.getFilename()).str()
                                   : "";
  G.Loc = {File, SM.getExpansionLineNumber(L), SM.getExpansionColumnNumber(L)};
  TU.DeviceGlobals[VD] = std::move(G);
  return true;
}

/// How the device copy of a variable of a namespace or class is named. A
/// namespace's variable gets its copy in that namespace (qualified from
/// anywhere after it); a class's static member gets one at file scope with
/// a flat name (before the class: its member functions may use it), so only
/// a type file scope can spell.
struct MemberScope {
  bool Member = false;             ///< not at file scope
  bool InClass = false;            ///< a static data member
  std::string HostRef;             ///< "::cfg::K::off"
  std::string Id;                  ///< "cfg_K_off"
  std::string Prefix;              ///< the namespace's qualifier: "::cfg::"
  std::vector<std::string> Reopen; ///< "namespace cfg", outermost first
};

/// Fills M for VD; false, with Why, where no name of file scope reaches
/// the variable (a template's or a function's, an unnamed class's, a
/// private or protected member: the registration at the file's end names
/// it).
bool memberScope(const VarDecl *VD, MemberScope &M, std::string &Why) {
  M = MemberScope();
  std::vector<std::string> Names; // innermost first
  std::vector<std::string> Spaces;
  for (const DeclContext *DC = VD->getDeclContext(); !DC->isTranslationUnit();
       DC = DC->getParent()) {
    if (isa<LinkageSpecDecl>(DC))
      continue;
    M.Member = true;
    const auto *RD = dyn_cast<RecordDecl>(DC);
    if (DC->isDependentContext() || isa<ClassTemplateSpecializationDecl>(DC) ||
        (RD && RD->getName().empty()) || (!RD && !isa<NamespaceDecl>(DC))) {
      Why = "it is a member of a template, a function or an unnamed class, "
            "which its device copy cannot name";
      return false;
    }
    if (RD) {
      M.InClass = true;
      if (RD->getAccess() == AS_private || RD->getAccess() == AS_protected) {
        Why = "its class is a private or protected member, which the device "
              "copy's registration at file scope cannot name";
        return false;
      }
      Names.push_back(RD->getNameAsString());
      continue;
    }
    const auto *NS = cast<NamespaceDecl>(DC);
    if (!NS->isAnonymousNamespace())
      Names.push_back(NS->getNameAsString());
    Spaces.push_back(
        std::string(NS->isInline() ? "inline " : "") + "namespace" +
        (NS->isAnonymousNamespace() ? "" : " " + NS->getNameAsString()));
  }
  if (!M.Member)
    return true;
  if (M.InClass && VD->getAccess() != AS_public) {
    Why = "it is a private or protected member, which the device copy's "
          "registration at file scope cannot name";
    return false;
  }
  M.Reopen.assign(Spaces.rbegin(), Spaces.rend());
  for (auto It = Names.rbegin(); It != Names.rend(); ++It) {
    M.HostRef += "::" + *It;
    M.Id += *It + "_";
  }
  if (!M.InClass)
    M.Prefix = M.HostRef + "::";
  M.HostRef += "::" + VD->getNameAsString();
  M.Id += VD->getNameAsString();
  return true;
}

/// Whether a class member's device copy, at file scope, can spell T: a
/// type of no class or enumeration (it may be declared in the class).
bool spelledAtFileScope(QualType T, const ASTContext &Ctx) {
  QualType E = Ctx.getBaseElementType(T);
  while (E->isPointerType())
    E = E->getPointeeType();
  return E->isBuiltinType();
}

/// Whether the initialiser text Init names anything (a class member's copy,
/// before the class, can take only literals: `sizeof(Pair)` or `N` may be
/// the class's own).
bool namesAnything(llvm::StringRef Init, const LangOptions &LO) {
  std::string Buf = Init.str(); // the lexer reads the terminating NUL
  Lexer L(SourceLocation(), LO, Buf.data(), Buf.data(),
          Buf.data() + Buf.size());
  Token T;
  while (!L.LexFromRawLexer(T) || T.isNot(tok::eof))
    if (T.is(tok::raw_identifier) &&
        !llvm::is_contained({"true", "false", "nullptr"}, T.getRawIdentifier()))
      return true;
  return false;
}

/// Whether an expression of E comes from a macro: its text, copied into
/// the device copy, would be expanded again where the macro may mean
/// something else (or nothing).
bool fromMacro(const Stmt *E) {
  if (!E)
    return false;
  if (E->getBeginLoc().isMacroID() || E->getEndLoc().isMacroID())
    return true;
  for (const Stmt *C : E->children())
    if (fromMacro(C))
      return true;
  return false;
}

/// V, the value of an initialiser of type T, as a literal (an array of
/// them as a brace list): what the host computed, which text naming
/// declarations or macros may not reproduce where the copy goes. False for
/// any type but builtin arithmetic types of at most 64 bits and arrays and
/// plain records of them, and for values no literal spells (infinities,
/// NaN).
bool valueText(const APValue &V, QualType T, const ASTContext &Ctx,
               std::string &Out) {
  T = T.getCanonicalType();
  if (const ArrayType *AT = Ctx.getAsArrayType(T)) {
    if (!V.isArray())
      return false;
    Out += "{";
    for (unsigned I = 0, N = V.getArrayInitializedElts(); I < N; ++I) {
      Out += I ? ", " : "";
      if (!valueText(V.getArrayInitializedElt(I), AT->getElementType(), Ctx,
                     Out))
        return false;
    }
    // An arithmetic filler is zero.
    Out += V.getArrayInitializedElts() ? "}" : "0}";
    return true;
  }
  if (const auto *RD = T->getAsRecordDecl()) {
    const auto *CRD = dyn_cast<CXXRecordDecl>(RD);
    if (!V.isStruct() || RD->isUnion() || (CRD && CRD->getNumBases()))
      return false;
    Out += "{";
    unsigned I = 0;
    for (const FieldDecl *FD : RD->fields()) {
      // An unnamed bit-field takes no initialiser.
      if (FD->isUnnamedBitField())
        return false;
      Out += I ? ", " : "";
      if (!valueText(V.getStructField(I++), FD->getType(), Ctx, Out))
        return false;
    }
    Out += I ? "}" : "0}";
    return I != 0;
  }
  if (!T->isBuiltinType() || !T->isArithmeticType())
    return false;
  if (V.isInt()) {
    const llvm::APSInt &I = V.getInt();
    if (I.getBitWidth() > 64)
      return false;
    if (I.isUnsigned()) {
      Out += std::to_string(I.getZExtValue()) + "ULL";
      return true;
    }
    int64_t S = I.getExtValue();
    // -(S + 1) does not overflow, also for the smallest value.
    Out += S < 0 ? "(-" + std::to_string(-(S + 1)) + "LL - 1)"
                 : std::to_string(S) + "LL";
    return true;
  }
  if (!V.isFloat() || !V.getFloat().isFinite())
    return false;
  const llvm::fltSemantics &Sem = V.getFloat().getSemantics();
  if (&Sem != &llvm::APFloat::IEEEsingle() &&
      &Sem != &llvm::APFloat::IEEEdouble())
    return false;
  // -0 would be the integer 0, which converts to +0.0.
  if (V.getFloat().isNegZero()) {
    Out += "-0.0";
    return true;
  }
  // 17 digits read back as the same double; a float converts exactly.
  char Buf[40];
  snprintf(Buf, sizeof(Buf), "%.17g", V.getFloat().convertToDouble());
  Out += Buf;
  return true;
}

/// The device copy's initialiser (" = 6LL", " = {1, 2}"), in G.Init.
/// Text naming a declaration or macro is replaced by the host's value
/// where one can be printed; otherwise a macro, or a name the copy may
/// not see (it goes before the class, or after an earlier declaration
/// than the definition), refuses.
bool initText(const VarDecl *Def, const VarDecl *First, const MemberScope &M,
              const std::vector<TextEdit> &FileEdits, DeviceGlobal &G,
              std::string &Why) {
  const ASTContext &Ctx = Def->getASTContext();
  QualType T = Def->getType();
  const Expr *Init = Def->getInit();
  if (!Init)
    return true;
  if (!Init->isConstantInitializer(const_cast<ASTContext &>(Ctx),
                                   T->isReferenceType())) {
    Why = "its initialiser is not a constant";
    return false;
  }
  std::string Text = writtenText(Init->getSourceRange(), Ctx);
  // C's initialiser as the file's C -> C++ edits make it (a string literal
  // that fills its array, `char s[2] = "xy"`, as a list of characters).
  const SourceManager &SM = Ctx.getSourceManager();
  unsigned B, E;
  if (!Ctx.getLangOpts().CPlusPlus && !Text.empty() &&
      fileOffsets(SM, Ctx.getLangOpts(), Init->getSourceRange(), B, E))
    Text = textWithEdits(SM.getBufferData(SM.getMainFileID()), B, E,
                         FileEdits);
  if (Text.empty()) {
    Why = "its initialiser has no text of its own";
    return false;
  }
  bool Macro = fromMacro(Init) || Init->getBeginLoc().isMacroID();
  if (namesAnything(Text, Ctx.getLangOpts()) || Macro) {
    std::string Value;
    if (const APValue *V = Def->evaluateValue();
        V && valueText(*V, T, Ctx, Value)) {
      G.Init = " = " + Value;
      return true;
    }
    if (Macro) {
      Why = "its initialiser uses a macro, which may mean something else "
            "where its device copy goes";
      return false;
    }
    if (M.InClass) {
      Why = "its initialiser names a declaration or type, which its device "
            "copy before the class cannot name";
      return false;
    }
    if (First != Def) {
      Why = "its initialiser names a declaration, which its device copy "
            "after the first declaration may not see";
      return false;
    }
  }
  switch (Def->getInitStyle()) {
  case VarDecl::CInit:
    G.Init = " = " + Text;
    break;
  case VarDecl::ListInit:
    G.Init = " " + Text;
    break;
  default: // T x(v): the parentheses are not in the initialiser's range
    if (!T->isScalarType()) {
      Why = "it is initialised by a constructor call";
      return false;
    }
    G.Init = " = " + Text;
  }
  return true;
}

/// Names G, the copy or pointer of VD, after M: in its namespace, or at
/// file scope with a flat name for a class member. False, with Why, when
/// another device copy of the unit takes the flat name.
bool nameMember(const VarDecl *VD, const MemberScope &M,
                const std::string &Kind, DeviceGlobal &G, const TUState &TU,
                std::string &Why) {
  std::string Id = M.Member ? M.Id : G.Name;
  for (const auto &[Other, OG] : TU.DeviceGlobals)
    if (Other != VD && !OG.HostAddress &&
        (OG.Id.empty() ? OG.Name : OG.Id) == Id) {
      Why = "another device copy of the unit takes its name '" + Id + "'";
      return false;
    }
  if (!M.Member) {
    G.Pointer = Kind + G.Name;
    return true;
  }
  const SourceManager &SM = TU.Ctx.getSourceManager();
  G.Id = M.Id;
  G.HostRef = M.HostRef;
  G.Pointer = Kind + (M.InClass ? M.Id : G.Name); // as declared
  if (!M.InClass &&
      SM.getFileID(SM.getExpansionLoc(VD->getLocation())) != SM.getMainFileID())
    G.Reopen = M.Reopen;
  G.Name = M.HostRef.substr(2);
  return true;
}

/// A `declare target link` variable has no device copy of its own (OpenMP
/// 5.2 §7.8.2): its device storage is the storage a map gives it. Device
/// code reaches it through a `__device__` pointer that the runtime sets
/// when a map creates that storage; no definition or initialiser is needed,
/// only a type the pointer can spell.
bool planDeviceLink(const VarDecl *VD, const MemberScope &M, TUState &TU,
                    std::string &Why) {
  ASTContext &Ctx = TU.Ctx;
  QualType T;
  for (const VarDecl *Re : VD->redecls())
    if (!Re->getType()->isIncompleteType())
      T = Re->getType();
  if (T.isNull() || T->isVariablyModifiedType() || hasUnnamedTag(T, Ctx) ||
      (M.InClass && !spelledAtFileScope(T, Ctx))) {
    Why = "its type cannot be spelled for its device pointer";
    return false;
  }
  DeviceGlobal G;
  G.Name = VD->getNameAsString();
  G.Link = true;
  if (!nameMember(VD, M, "omp2cuda_link_", G, TU, Why))
    return false;
  G.Decl = declText(Ctx.getPointerType(M.InClass ? T.getCanonicalType() : T),
                    G.Pointer, Ctx);
  G.Pointer = M.Prefix + G.Pointer;
  G.Mirror = "(*" + G.Pointer + ")";
  return commitDeviceGlobal(VD, std::move(G), TU, Why);
}

/// Whether an OpenMP construct of the unit names VD in its clauses or its
/// own text: a target region's use maps it (a copy of its own), and so may
/// a data construct's clause.
bool namedByConstruct(const VarDecl *VD, ASTContext &Ctx) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *VD;
    unsigned Depth = 0;
    bool Found = false;
    bool shouldVisitTemplateInstantiations() const { return true; }
    bool dataTraverseStmtPre(Stmt *S) {
      Depth += isa<OMPExecutableDirective>(S);
      return true;
    }
    bool dataTraverseStmtPost(Stmt *S) {
      Depth -= isa<OMPExecutableDirective>(S);
      return true;
    }
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      if (Depth && E->getDecl()->getCanonicalDecl() == VD)
        Found = true;
      return !Found;
    }
  } F;
  F.VD = VD;
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  return F.Found;
}

/// A variable that is not declare target, used on the device of a unit
/// that requires unified_shared_memory: the device reaches the host's
/// variable in place (docs/unified-shared-memory.md), through a
/// `__device__` pointer the runtime sets to its address. A variable of a
/// class or namespace gets the pointer before the file-scope declaration
/// that holds it, where only a type of no class can be spelled.
bool planHostAddress(const VarDecl *VD, TUState &TU, std::string &Why) {
  ASTContext &Ctx = TU.Ctx;
  QualType T;
  for (const VarDecl *Re : VD->redecls())
    if (!Re->getType()->isIncompleteType())
      T = Re->getType();
  bool AtFileScope =
      VD->getDeclContext()->getRedeclContext()->isTranslationUnit();
  if (T.isNull() || T->isVariablyModifiedType() || T->isReferenceType() ||
      hasUnnamedTag(T, Ctx) ||
      (!AtFileScope && !Ctx.getBaseElementType(T)->isBuiltinType() &&
       !Ctx.getBaseElementType(T)->isPointerType())) {
    Why = "its type cannot be spelled for its device pointer";
    return false;
  }
  for (const DeclContext *DC = VD->getDeclContext(); !DC->isTranslationUnit();
       DC = DC->getParent())
    if (DC->isDependentContext() || isa<FunctionDecl>(DC) ||
        isa<ClassTemplateSpecializationDecl>(DC) ||
        (isa<NamespaceDecl>(DC) &&
         cast<NamespaceDecl>(DC)->isAnonymousNamespace()) ||
        (isa<RecordDecl>(DC) && cast<RecordDecl>(DC)->getName().empty())) {
      Why = "it is a member of a template, an unnamed class or namespace, or "
            "a function, which the device pointer cannot name";
      return false;
    }
  if (!AtFileScope)
    if (const auto *RD = dyn_cast<CXXRecordDecl>(VD->getDeclContext());
        RD && VD->getAccess() != AS_public) {
      Why = "it is a private or protected member, which the device pointer's "
            "registration at file scope cannot name";
      return false;
    }
  if (namedByConstruct(VD, Ctx)) {
    Why = "an OpenMP construct names it too, which would give it a device "
          "copy beside the host variable the function uses";
    return false;
  }
  DeviceGlobal G;
  G.Name = VD->getNameAsString();
  G.HostAddress = true;
  G.HostRef = AtFileScope ? G.Name : VD->getQualifiedNameAsString();
  std::string Flat = G.HostRef;
  for (size_t At; (At = Flat.find("::")) != std::string::npos;)
    Flat.replace(At, 2, "_");
  G.Pointer = "omp2cuda_usm_" + Flat;
  G.Mirror = "(*" + G.Pointer + ")";
  G.Decl = declText(Ctx.getPointerType(T), G.Pointer, Ctx);
  return commitDeviceGlobal(VD, std::move(G), TU, Why);
}

} // namespace

bool isDeclareTargetEnter(const VarDecl *VD) {
  auto M = declareTargetMap(VD);
  return M && *M != OMPDeclareTargetDeclAttr::MT_Link;
}

bool isDeclareTargetLink(const VarDecl *VD) {
  auto M = declareTargetMap(VD);
  return M && *M == OMPDeclareTargetDeclAttr::MT_Link;
}

const DeviceGlobal *deviceCopyOf(const VarDecl *VD, const TUState &TU) {
  auto It = TU.DeviceGlobals.find(VD->getCanonicalDecl());
  return It == TU.DeviceGlobals.end() ? nullptr : &It->second;
}

bool planDeviceCopy(const VarDecl *VD, SourceLocation Use, TUState &TU,
                    std::string &Why) {
  VD = VD->getCanonicalDecl();
  if (TU.DeviceGlobals.count(VD))
    return true;
  ASTContext &Ctx = TU.Ctx;
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  std::string Name = VD->getNameAsString();
  bool Link = isDeclareTargetLink(VD);
  bool InPlace = !isDeclareTargetEnter(VD) && !Link &&
                 requiresClause<OMPUnifiedSharedMemoryClause>(Ctx) &&
                 VD->hasGlobalStorage() && !VD->isStaticLocal();
  if (!isDeclareTargetEnter(VD) && !Link && !InPlace) {
    Why = "only 'declare target' variables get a device copy";
    return false;
  }
  // The copy is defined in the main file's output, which the code of a
  // translated header (shared by every unit that includes it) cannot see.
  if (SM.getFileID(SM.getExpansionLoc(Use)) != TU.UnitMain ||
      SM.getMainFileID() != TU.UnitMain) {
    Why = "device code outside the main file cannot use device copies yet";
    return false;
  }
  if (VD->getTLSKind() != VarDecl::TLS_None) {
    Why = "it is thread-local";
    return false;
  }
  // C++ keywords and CUDA's names are renamed in host code (CCompat.cpp,
  // CudaNames.cpp); the mirror would have to follow.
  if ((!LO.CPlusPlus && isCxxOnlyKeyword(Name)) || isCudaName(Name)) {
    Why = "its name is renamed in the output";
    return false;
  }
  if (InPlace)
    return planHostAddress(VD, TU, Why);
  MemberScope M;
  if (!memberScope(VD, M, Why))
    return false;
  if (Link)
    return planDeviceLink(VD, M, TU, Why);
  // The device copy starts with the initialiser's value, which needs the
  // definition of this unit.
  const VarDecl *Def = VD->getDefinition();
  if (!Def)
    Def = VD->getActingDefinition();
  if (!Def) {
    Why = "its definition is not in this translation unit";
    return false;
  }
  // An inline variable (or a template's) is defined in every unit that
  // names it, and each unit's copy would be its own: the program has one.
  if (GVALinkage L = Ctx.GetGVALinkageForVariable(Def);
      Def->isInline() || L == GVA_DiscardableODR || L == GVA_StrongODR) {
    Why = "it is an inline variable, which every unit defines, and the "
          "unit's device copy would not be the program's one";
    return false;
  }
  QualType T = Def->getType();
  if (T->isIncompleteType() || T->isVariablyModifiedType() ||
      hasUnnamedTag(T, Ctx) || (M.InClass && !spelledAtFileScope(T, Ctx))) {
    Why = "its type cannot be spelled for the device copy";
    return false;
  }
  // A __device__ variable takes no dynamic initialisation.
  if (const CXXRecordDecl *RD = Ctx.getBaseElementType(T)->getAsCXXRecordDecl())
    if (!RD->hasTrivialDefaultConstructor() || !RD->isTriviallyCopyable()) {
      Why = "its class type has constructors";
      return false;
    }
  DeviceGlobal G;
  G.Name = Name;
  if (!nameMember(VD, M, "omp2cuda_dev_", G, TU, Why))
    return false;
  // At file scope, a class's typedef (`K::idx_t`) is out of reach.
  G.Decl = declText(M.InClass ? T.getCanonicalType() : T, G.Pointer, Ctx);
  G.Mirror = M.Prefix + G.Pointer;
  G.Pointer.clear();
  if (!initText(Def, VD, M, TU.FileEdits, G, Why))
    return false;
  return commitDeviceGlobal(VD, std::move(G), TU, Why);
}

} // namespace omp2cuda
