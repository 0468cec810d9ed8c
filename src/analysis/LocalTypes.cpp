// Types declared inside a function cannot be named by a kernel, which is
// emitted at file scope (and CUDA takes no local types as __global__
// template arguments). A typedef of a file-scope type is spelled through;
// a local struct, union, enum or typedef that a translated region needs
// moves to file scope, before the function, when nothing it names is local
// and none of its names is taken there. Otherwise the region stays on the
// host.
#include "analysis/Analysis.h"
#include "analysis/LocalTypes.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <fmt/format.h>

#include <cctype>

using namespace clang;

namespace omp2cuda {

namespace {

bool isLocal(const Decl *D) { return D->getParentFunctionOrMethod() != nullptr; }

/// The local type declarations a piece of code names, except those declared
/// inside Skip (a body that moves with the kernel, or the type itself).
struct LocalNames : RecursiveASTVisitor<LocalNames> {
  SourceRange Skip;
  const SourceManager &SM;
  std::vector<const NamedDecl *> Types;    // typedefs, tags, enums
  std::vector<const NamedDecl *> Variables; // other local declarations
  LocalNames(SourceRange Skip, const SourceManager &SM) : Skip(Skip), SM(SM) {}

  bool inside(const Decl *D) const {
    SourceLocation L = SM.getExpansionLoc(D->getLocation());
    return SM.isPointWithin(L, SM.getExpansionLoc(Skip.getBegin()),
                            SM.getExpansionLoc(Skip.getEnd()));
  }
  void add(std::vector<const NamedDecl *> &To, const NamedDecl *D) {
    if (D && isLocal(D) && !inside(D) &&
        std::find(To.begin(), To.end(), D) == To.end())
      To.push_back(D);
  }
  bool VisitTypedefTypeLoc(TypedefTypeLoc TL) {
    add(Types, TL.getTypedefNameDecl());
    return true;
  }
  bool VisitTagTypeLoc(TagTypeLoc TL) {
    add(Types, TL.getDecl());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const ValueDecl *D = E->getDecl();
    if (isa<EnumConstantDecl>(D))
      add(Types, cast<EnumDecl>(D->getDeclContext()));
    else if (isa<VarDecl>(D))
      add(Variables, D);
    return true;
  }
};

const DeclStmt *declaringStmt(const NamedDecl *D, ASTContext &Ctx) {
  for (const DynTypedNode &P : Ctx.getParents(*D))
    if (const auto *DS = P.get<DeclStmt>())
      return DS;
  return nullptr;
}

std::string nameOf(const NamedDecl *D) {
  std::string N = D->getNameAsString();
  return N.empty() ? "an unnamed type" : "'" + N + "'";
}

/// Whether one of the typedef names DS declares is Taken at file scope.
template <typename TakenFn>
bool typedefNameTaken(const DeclStmt &DS, const TakenFn &Taken) {
  for (const Decl *X : DS.decls())
    if (const auto *TD = dyn_cast<TypedefNameDecl>(X);
        TD && Taken(TD->getNameAsString()))
      return true;
  return false;
}

/// Whether two local definitions declare the same members: fields of one
/// canonical type and name each, or enumerators of one name and value.
bool sameMembers(const TagDecl *A, const TagDecl *B) {
  if (const auto *EA = dyn_cast<EnumDecl>(A)) {
    const auto *EB = dyn_cast<EnumDecl>(B);
    if (!EB || EA->getIntegerType().getCanonicalType() !=
                   EB->getIntegerType().getCanonicalType())
      return false;
    auto IA = EA->enumerator_begin(), IB = EB->enumerator_begin();
    for (; IA != EA->enumerator_end() && IB != EB->enumerator_end(); ++IA, ++IB)
      if (IA->getName() != IB->getName() || IA->getInitVal() != IB->getInitVal())
        return false;
    return IA == EA->enumerator_end() && IB == EB->enumerator_end();
  }
  const auto *RA = dyn_cast<RecordDecl>(A), *RB = dyn_cast<RecordDecl>(B);
  if (!RA || !RB)
    return false;
  auto FA = RA->field_begin(), FB = RB->field_begin();
  for (; FA != RA->field_end() && FB != RB->field_end(); ++FA, ++FB)
    if (FA->getName() != FB->getName() || FA->isBitField() != FB->isBitField() ||
        FA->getType().getCanonicalType() != FB->getType().getCanonicalType())
      return false;
  return FA == RA->field_end() && FB == RB->field_end();
}

/// A move, planned or made, of a definition identical to Tag's (another
/// function's: the same kind, name, text and members), or null. The first
/// such definition in the file moves; the others name it (reusesMove).
const LocalTypeMove *identicalMove(const TagDecl *Tag, const DeclStmt *DS,
                                   const TUState &TU) {
  const SourceManager &SM = TU.Ctx.getSourceManager();
  auto Text = [&](const TagDecl *T) -> llvm::StringRef {
    SourceRange R = T->getBraceRange();
    if (R.isInvalid() || R.getBegin().isMacroID() || R.getEnd().isMacroID() ||
        !SM.isWrittenInMainFile(R.getBegin()))
      return "";
    return SM.getBufferData(SM.getMainFileID())
        .slice(SM.getFileOffset(R.getBegin()), SM.getFileOffset(R.getEnd()) + 1);
  };
  if (!Tag || Text(Tag).empty())
    return nullptr;
  for (const auto *List : {&TU.Moves, &TU.PendingMoves})
    for (const LocalTypeMove &Other : *List)
      if (Other.Tag && Other.Stmt != DS &&
          Other.Tag->getKind() == Tag->getKind() &&
          Other.Tag->getName() == Tag->getName() &&
          Text(Other.Tag) == Text(Tag) && sameMembers(Other.Tag, Tag))
        return &Other;
  return nullptr;
}

/// Whether the struct T, or one it declares, declares an enumeration.
bool declaresEnum(const TagDecl *T, unsigned Depth = 0) {
  const auto *RD = dyn_cast<RecordDecl>(T);
  if (!RD || Depth > 8)
    return false;
  for (const Decl *D : RD->decls())
    if (isa<EnumDecl>(D) ||
        (isa<RecordDecl>(D) && declaresEnum(cast<RecordDecl>(D), Depth + 1)))
      return true;
  return false;
}

bool planMove(const NamedDecl *D, const Decl *TopLevel,
              const FunctionDecl *Function, TUState &TU, std::string &Why,
              unsigned Depth) {
  ASTContext &Ctx = TU.Ctx;
  const SourceManager &SM = Ctx.getSourceManager();
  if (const auto *EC = dyn_cast<EnumConstantDecl>(D))
    D = cast<EnumDecl>(EC->getDeclContext());
  const DeclStmt *DS = declaringStmt(D, Ctx);
  if (!DS) {
    Why = nameOf(D) + " is not declared by a statement of the function";
    return false;
  }
  for (const auto *List : {&TU.Moves, &TU.PendingMoves})
    for (const LocalTypeMove &M : *List)
      if (M.Stmt == DS) {
        // The tag moved without its typedefs (TagAlone below).
        if (M.Split && isa<TypedefNameDecl>(D)) {
          Why = "'" + D->getNameAsString() + "' is also declared at file scope";
          return false;
        }
        return true;
      }
  if (Depth > 8 || (Function && Function->isTemplated())) {
    Why = nameOf(D) + " is declared in a template";
    return false;
  }
  // The moved text must mean the same at file scope: a function inside a
  // class or namespace sees names that file scope does not.
  if (!Function || isa<CXXMethodDecl>(Function) ||
      !Function->getDeclContext()->getRedeclContext()->isTranslationUnit() ||
      !TopLevel->getDeclContext()->getRedeclContext()->isTranslationUnit()) {
    Why = nameOf(D) + " is declared in a member function or inside a "
                      "namespace, whose names file scope does not see";
    return false;
  }
  if (DS->getBeginLoc().isMacroID() || DS->getEndLoc().isMacroID()) {
    Why = nameOf(D) + " is declared by a macro";
    return false;
  }

  LocalTypeMove M;
  M.Stmt = DS;
  M.TopLevel = TopLevel;
  M.Function = Function;
  bool HasVars = false, HasTypedefs = false;
  for (const Decl *X : DS->decls()) {
    if (const auto *T = dyn_cast<TagDecl>(X)) {
      if (M.Tag || !T->isThisDeclarationADefinition()) {
        Why = nameOf(D) + " is declared in a form that is not moved";
        return false;
      }
      M.Tag = T;
      // Another declaration of the tag in the function would declare a new
      // local type once the definition has gone.
      for (const TagDecl *R : T->redecls())
        if (R != T) {
          Why = nameOf(D) + " is also declared earlier in the function";
          return false;
        }
    } else if (isa<TypedefNameDecl>(X)) {
      HasTypedefs = true;
    } else if (isa<VarDecl>(X)) {
      HasVars = true;
    } else {
      Why = nameOf(D) + " is declared in a form that is not moved";
      return false;
    }
  }
  const DeclContext *Scope = TopLevel->getDeclContext();
  auto Taken = [&](const std::string &N) {
    if (!Scope->lookup(DeclarationName(&Ctx.Idents.get(N))).empty())
      return true;
    for (const auto *List : {&TU.Moves, &TU.PendingMoves})
      for (const LocalTypeMove &Other : *List)
        if (std::find(Other.Names.begin(), Other.Names.end(), N) != Other.Names.end())
          return true;
    return false;
  };
  // `typedef struct {...} name;` where file scope has the name for what is
  // no type (a function, a variable): the tag moves alone, and the
  // typedef stays (`typedef struct o2c_local_L9 name;`). Kernels name the
  // tag (CaptureVars.cpp spells the canonical type); a region that names
  // the typedef itself stays on the host.
  auto TakenByNonType = [&](const std::string &N) {
    auto Found = Scope->lookup(DeclarationName(&Ctx.Idents.get(N)));
    return !Found.empty() && std::none_of(Found.begin(), Found.end(),
                                          [](const NamedDecl *X) {
                                            return isa<TypeDecl>(X);
                                          });
  };
  bool TagAlone = HasTypedefs && !HasVars && M.Tag && D == M.Tag &&
                  typedefNameTaken(*DS, TakenByNonType);
  if (HasVars && (HasTypedefs || !M.Tag)) {
    Why = nameOf(D) + " is declared together with variables";
    return false;
  }
  M.Split = HasVars || TagAlone;
  // Only the braces move apart from the variables: attributes written after
  // them would be lost.
  if (M.Split && M.Tag->hasAttrs()) {
    Why = nameOf(D) + " has attributes and is declared together with variables";
    return false;
  }
  // C declares an enumeration written in the struct in the function, where
  // the .cu declares it ahead of the statement (edits/CEnumMoves.cpp): the
  // braces moved apart from it, under a new tag, would leave it behind.
  if (M.Split && M.Tag->getName().empty() && declaresEnum(M.Tag)) {
    Why = nameOf(D) + " declares an enumeration inside it and has no name";
    return false;
  }
  if (const auto *RD = dyn_cast_or_null<CXXRecordDecl>(M.Tag);
      RD && !RD->isCLike()) {
    Why = nameOf(D) + " is a C++ class declared inside the function";
    return false;
  }

  // The names that become names of the enclosing scope.
  std::vector<std::string> Names;
  for (const Decl *X : DS->decls())
    if (const auto *ND = dyn_cast<NamedDecl>(X);
        ND && !isa<VarDecl>(ND) && !ND->getName().empty() &&
        !(TagAlone && isa<TypedefNameDecl>(ND)))
      Names.push_back(ND->getNameAsString());
  // C declares the enumerations written inside a struct around it, and the
  // .cu moves them ahead of it (edits/CEnumMoves.cpp): their names go too.
  std::vector<const TagDecl *> Tags = {M.Tag};
  for (size_t I = 0; I < Tags.size(); ++I) {
    if (!Tags[I])
      continue;
    if (const auto *E = dyn_cast<EnumDecl>(Tags[I]))
      for (const EnumConstantDecl *EC : E->enumerators())
        Names.push_back(EC->getNameAsString());
    for (const Decl *X : Tags[I]->decls())
      if (const auto *Inner = dyn_cast<TagDecl>(X);
          Inner && Inner->isThisDeclarationADefinition()) {
        if (!Inner->getName().empty())
          Names.push_back(Inner->getNameAsString());
        Tags.push_back(Inner);
      }
  }
  // The same definition in another function (OpenMP_VV declares one enum
  // or struct in each test function) moves once; both functions use it.
  if (const LocalTypeMove *Same = identicalMove(M.Tag, DS, TU);
      Same && std::all_of(Names.begin(), Names.end(), [&](const std::string &N) {
        return Scope->lookup(DeclarationName(&Ctx.Idents.get(N))).empty() &&
               std::find(Same->Names.begin(), Same->Names.end(), N) !=
                   Same->Names.end();
      })) {
    M.NewTagName = Same->NewTagName;
    M.Names = Same->Names;
    TU.PendingMoves.push_back(std::move(M));
    return true;
  }
  if (M.Split && M.Tag->getName().empty()) {
    unsigned Line = SM.getExpansionLineNumber(M.Tag->getBeginLoc());
    M.NewTagName = fmt::format("o2c_local_L{}", Line);
    for (unsigned N = 2; Taken(M.NewTagName); ++N)
      M.NewTagName = fmt::format("o2c_local_L{}_{}", Line, N);
    Names.push_back(M.NewTagName);
  }
  for (const std::string &N : Names)
    if (Taken(N)) {
      Why = "'" + N + "' is also declared at file scope";
      return false;
    }

  // What the moved declarations name must be visible at file scope too:
  // other local types move first; local variables cannot.
  LocalNames Uses(DS->getSourceRange(), SM);
  for (const Decl *X : DS->decls())
    if (!isa<VarDecl>(X))
      Uses.TraverseDecl(const_cast<Decl *>(X));
  if (!Uses.Variables.empty()) {
    Why = nameOf(D) + " uses '" + Uses.Variables.front()->getNameAsString() +
          "', a variable of the function";
    return false;
  }
  for (const NamedDecl *Dep : Uses.Types)
    if (!planMove(Dep, TopLevel, Function, TU, Why, Depth + 1))
      return false;
  M.Names = std::move(Names);
  TU.PendingMoves.push_back(std::move(M));
  return true;
}

} // namespace

bool reusesMove(const LocalTypeMove &M, const TUState &TU) {
  const LocalTypeMove *Same = identicalMove(M.Tag, M.Stmt, TU);
  return Same && Same->Names == M.Names;
}

namespace {
void collectLocalTypes(QualType T, std::vector<const NamedDecl *> &Out,
                       unsigned Depth);
void collectArgTypes(const TemplateArgument &A,
                     std::vector<const NamedDecl *> &Out, unsigned Depth) {
  if (A.getKind() == TemplateArgument::Type)
    collectLocalTypes(A.getAsType(), Out, Depth);
  else if (A.getKind() == TemplateArgument::Pack)
    for (const TemplateArgument &P : A.pack_elements())
      collectArgTypes(P, Out, Depth);
}
void collectLocalTypes(QualType T, std::vector<const NamedDecl *> &Out,
                       unsigned Depth) {
  auto Add = [&](const NamedDecl *D) {
    if (std::find(Out.begin(), Out.end(), D) == Out.end())
      Out.push_back(D);
  };
  while (!T.isNull() && Depth < 16) {
    const Type *Ty = T.getTypePtr();
    if (const auto *TD = dyn_cast<TypedefType>(Ty)) {
      if (isLocal(TD->getDecl())) {
        Add(TD->getDecl());
        return;
      }
      T = TD->desugar();
    } else if (const auto *Tag = dyn_cast<TagType>(Ty)) {
      if (isLocal(Tag->getDecl()))
        Add(Tag->getDecl());
      // A template's arguments are named with it: Pair<Local>, also those
      // of enclosing classes (Wrap<Local>::Inner) and packs (Tup<Local>).
      for (const DeclContext *DC = Tag->getDecl(); DC && !DC->isFileContext();
           DC = DC->getParent())
        if (const auto *S = dyn_cast<ClassTemplateSpecializationDecl>(DC))
          for (const TemplateArgument &A : S->getTemplateArgs().asArray())
            collectArgTypes(A, Out, Depth + 1);
      return;
    } else if (const auto *P = dyn_cast<PointerType>(Ty)) {
      T = P->getPointeeType();
    } else if (const auto *R = dyn_cast<ReferenceType>(Ty)) {
      T = R->getPointeeType();
    } else if (const auto *A = dyn_cast<ArrayType>(Ty)) {
      T = A->getElementType();
    } else if (const auto *D = dyn_cast<DecayedType>(Ty)) {
      T = D->getOriginalType();
    } else if (const auto *MP = dyn_cast<MemberPointerType>(Ty)) {
      collectLocalTypes(QualType(MP->getClass(), 0), Out, Depth + 1);
      T = MP->getPointeeType();
    } else if (const auto *F = dyn_cast<FunctionProtoType>(Ty)) {
      for (QualType P : F->getParamTypes())
        collectLocalTypes(P, Out, Depth + 1);
      T = F->getReturnType();
    } else {
      // Any other sugar (elaborated, parenthesised, attributed, auto,
      // decltype, typeof, a template's own spelling) names what it stands for.
      QualType Next = Ty->getLocallyUnqualifiedSingleStepDesugaredType();
      if (Next.getTypePtr() == Ty)
        return;
      T = Next;
    }
  }
}
} // namespace

bool spelledByExpression(QualType T) {
  for (unsigned Depth = 0; !T.isNull() && Depth < 64; ++Depth) {
    const Type *Ty = T.getTypePtr();
    if (isa<DecltypeType, TypeOfExprType, TypeOfType>(Ty))
      return true;
    if (isa<TypedefType>(Ty))
      return false; // a typedef's name is spelled, not what it stands for
    if (const auto *P = dyn_cast<PointerType>(Ty))
      T = P->getPointeeType();
    else if (const auto *R = dyn_cast<ReferenceType>(Ty))
      T = R->getPointeeType();
    else if (const auto *A = dyn_cast<ArrayType>(Ty))
      T = A->getElementType();
    else if (QualType Next = Ty->getLocallyUnqualifiedSingleStepDesugaredType();
             Next.getTypePtr() != Ty)
      T = Next;
    else
      return false;
  }
  return false;
}

std::vector<const NamedDecl *> localTypesOf(QualType T) {
  std::vector<const NamedDecl *> Out;
  collectLocalTypes(T, Out, 0);
  return Out;
}

std::vector<const NamedDecl *> localTypesNamedIn(const Stmt *Body,
                                                 ASTContext &Ctx) {
  LocalNames V(Body->getSourceRange(), Ctx.getSourceManager());
  V.TraverseStmt(const_cast<Stmt *>(Body));
  return V.Types;
}

bool planLocalTypeMove(const NamedDecl *D, const Decl *TopLevel,
                       const FunctionDecl *Function, TUState &TU,
                       std::string &Why) {
  return planMove(D, TopLevel, Function, TU, Why, 0);
}

std::string renameMovedTags(std::string Text, const TUState &TU,
                            const ASTContext &Ctx) {
  for (const auto *List : {&TU.Moves, &TU.PendingMoves})
    for (const LocalTypeMove &M : *List) {
      if (M.NewTagName.empty())
        continue;
      // A tag that moved without its typedef (TagAlone) prints by the
      // typedef's name, which file scope gives to something else (no type:
      // else the tag would not move alone).
      if (const TypedefNameDecl *TD = M.Tag->getTypedefNameForAnonDecl();
          TD && M.Split) {
        std::string Name = TD->getNameAsString();
        auto Word = [](char C) { return std::isalnum((unsigned char)C) || C == '_'; };
        for (size_t P = Text.find(Name); P != std::string::npos;
             P = Text.find(Name, P + 1))
          if ((P == 0 || !Word(Text[P - 1])) &&
              (P + Name.size() == Text.size() || !Word(Text[P + Name.size()])))
            Text.replace(P, Name.size(), M.NewTagName);
      }
      // Clang spells an unnamed tag "(unnamed [struct] at FILE:LINE:COL)"
      // in C and "(anonymous [struct] at FILE:LINE:COL)" in C++.
      PresumedLoc PL = Ctx.getSourceManager().getPresumedLoc(M.Tag->getLocation());
      std::string At = fmt::format(" at {}:{}:{})", PL.getFilename(),
                                   PL.getLine(), PL.getColumn());
      for (size_t P; (P = Text.find(At)) != std::string::npos;) {
        size_t Open = std::string::npos;
        for (const char *Word : {"(unnamed", "(anonymous"}) {
          size_t W = Text.rfind(Word, P);
          if (W != std::string::npos && (Open == std::string::npos || W > Open))
            Open = W;
        }
        if (Open == std::string::npos)
          break;
        Text.replace(Open, P + At.size() - Open, M.NewTagName);
      }
    }
  return Text;
}

} // namespace omp2cuda
