// C declares an enumeration written inside a struct in the scope around the
// struct, C++ inside the struct: the .cu moves it out (CEnums.h).
#include "edits/CEnums.h"
#include "frontend/FileScope.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <algorithm>
#include <set>

using namespace clang;

namespace omp2cuda {

namespace {

/// L's offset in the main file, where it is written outside a macro.
bool mainOffset(const SourceManager &SM, SourceLocation L, unsigned &Off) {
  if (L.isInvalid() || L.isMacroID() || !inMainFile(SM, L))
    return false;
  Off = SM.getFileOffset(L);
  return true;
}

/// The main file's struct definitions that are declaration statements of a
/// function (`struct S { enum K {...} k; } s;`), each with its statement.
class LocalRecords : public RecursiveASTVisitor<LocalRecords> {
public:
  bool VisitCompoundStmt(CompoundStmt *CS) {
    for (Stmt *S : CS->body())
      if (auto *DS = dyn_cast<DeclStmt>(S))
        for (Decl *D : DS->decls())
          if (auto *RD = dyn_cast<RecordDecl>(D);
              RD && RD->isThisDeclarationADefinition())
            Found.push_back({RD, DS, CS});
    return true;
  }
  struct Local {
    const RecordDecl *RD;
    const DeclStmt *DS;
    const CompoundStmt *Block;
  };
  std::vector<Local> Found;
};

/// What a struct's text spells before its enumerations move out: a name
/// that refers to another declaration would refer to the moved one.
class SpelledNames : public RecursiveASTVisitor<SpelledNames> {
public:
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    Refs.push_back({E->getLocation(), E->getDecl()});
    return true;
  }
  bool VisitEnumTypeLoc(EnumTypeLoc TL) {
    Refs.push_back({TL.getNameLoc(), TL.getDecl()});
    return true;
  }
  bool VisitRecordTypeLoc(RecordTypeLoc TL) {
    Refs.push_back({TL.getNameLoc(), TL.getDecl()});
    return true;
  }
  bool VisitTypedefTypeLoc(TypedefTypeLoc TL) {
    Refs.push_back({TL.getNameLoc(), TL.getTypedefNameDecl()});
    return true;
  }
  std::vector<std::pair<SourceLocation, const NamedDecl *>> Refs;
};

/// The typedef names D declares: C++ refuses a tag of the same name in
/// their scope (a variable's or a function's, it allows).
void typedefNames(const Decl *D, std::set<std::string> &Out) {
  if (const auto *TD = dyn_cast<TypedefNameDecl>(D))
    Out.insert(TD->getName().str());
}

/// The main file's uses of an enumeration declared in a struct that stays
/// inside it (a header's, a macro's): C++ does not see its names outside
/// the struct.
class NestedEnumUses : public RecursiveASTVisitor<NestedEnumUses> {
public:
  /// Rewritten set: only the uses of a header's enumerations that no pass
  /// rewrites (untranslatedHeaderEnumUses).
  NestedEnumUses(ASTContext &Ctx, const std::set<const EnumDecl *> &Moved,
                 std::vector<CompatProblem> &Problems,
                 const std::function<bool(SourceLocation)> *Rewritten = nullptr)
      : SM(Ctx.getSourceManager()), Moved(Moved), Problems(Problems),
        Rewritten(Rewritten) {
    for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
      if (!D->isImplicit())
        Tops.push_back(SM.getExpansionRange(D->getSourceRange()));
  }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *EC = dyn_cast<EnumConstantDecl>(E->getDecl()))
      use(cast<EnumDecl>(EC->getDeclContext()), E->getLocation());
    return true;
  }
  bool VisitEnumTypeLoc(EnumTypeLoc TL) {
    use(TL.getDecl(), TL.getNameLoc());
    return true;
  }

private:
  void use(const EnumDecl *ED, SourceLocation L) {
    const auto *RD = dyn_cast<RecordDecl>(ED->getLexicalDeclContext());
    SourceLocation At = SM.getExpansionLoc(L);
    if (!RD || Moved.count(ED) || !inMainFile(SM, At))
      return;
    // Inside the struct C++ sees them too.
    while (const auto *Outer =
               dyn_cast<RecordDecl>(RD->getLexicalDeclContext()))
      RD = Outer;
    CharSourceRange R = SM.getExpansionRange(RD->getSourceRange());
    if (SM.isPointWithin(At, R.getBegin(), R.getEnd()) ||
        !Seen.insert(At).second)
      return;
    // A header's pass moves them, unless it is included inside a
    // declaration, which leaves it as it is (docs/headers.md).
    FileID F = SM.getFileID(R.getBegin());
    bool MovedByHeader = F != SM.getMainFileID() && !includedInDeclaration(F);
    std::string Name = ED->getIdentifier()
                           ? "'enum " + ED->getName().str() + "'"
                           : "an enumeration without a name";
    if (Rewritten) {
      // (task b19: `enum Mode md = LOW;` with the struct in ../inc/h.h
      // translated without a word, and nvcc: identifier "LOW" is
      // undefined.)
      if (!MovedByHeader || (*Rewritten)(R.getBegin()))
        return;
      Problems.push_back(
          {L, Name + ", which C declares around the struct '" +
                  RD->getNameAsString() + "' and C++ inside it, in '" +
                  SM.getFilename(R.getBegin()).str() +
                  "', a header the translation does not rewrite (a system "
                  "header, one outside the input root: give --in-root a "
                  "directory that holds it, or one included more than "
                  "once), so nothing moves it out"});
      return;
    }
    if (MovedByHeader)
      return;
    Problems.push_back(
        {L, Name + ", which C declares around the struct '" +
                RD->getNameAsString() +
                "' and C++ inside it; omp2cuda moves it out only where a "
                "file it rewrites defines the struct outside a macro, at file "
                "scope or by a statement of a function (a header included "
                "inside a function stays as it is)"});
  }

  bool includedInDeclaration(FileID F) const {
    for (unsigned Depth = 0; F.isValid() && Depth < 64; ++Depth) {
      SourceLocation Inc = SM.getIncludeLoc(F);
      if (Inc.isInvalid())
        return false;
      for (const CharSourceRange &T : Tops)
        if (T.getBegin() != Inc &&
            SM.isPointWithin(Inc, T.getBegin(), T.getEnd()))
          return true;
      F = SM.getFileID(Inc);
    }
    return false;
  }

  const SourceManager &SM;
  std::vector<CharSourceRange> Tops; // the unit's top-level declarations
  const std::set<const EnumDecl *> &Moved;
  std::vector<CompatProblem> &Problems;
  const std::function<bool(SourceLocation)> *Rewritten;
  std::set<SourceLocation> Seen;
};

/// Why RD's enumerations Nested cannot move to At, where Scope's typedef
/// names are declared: C++ would read one of RD's earlier names, or a tag,
/// as another declaration (C keeps tags and ordinary names apart). Adds
/// the problem and returns true if so.
bool blocksMove(
    ASTContext &Ctx, const RecordDecl *RD,
    const std::vector<std::pair<unsigned, const EnumDecl *>> &Nested,
    const std::set<std::string> &Scope, std::vector<CompatProblem> &Problems) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::set<const Decl *> Own;
  for (const auto &[B, ED] : Nested) {
    Own.insert(ED);
    Own.insert(ED->enumerator_begin(), ED->enumerator_end());
  }
  auto Problem = [&](SourceLocation L, llvm::StringRef Name,
                     llvm::StringRef Why) {
    Problems.push_back(
        {L, "'" + Name.str() + "' " + Why.str() +
                " an enumeration that the struct '" + RD->getNameAsString() +
                "' declares, which C declares around the struct and C++ "
                "inside it: moved out, it would change what the name "
                "refers to"});
    return true;
  };
  SpelledNames Spelled;
  Spelled.TraverseDecl(const_cast<RecordDecl *>(RD));
  for (const auto &[B, ED] : Nested) {
    if (ED->getIdentifier() && Scope.count(ED->getName().str()))
      return Problem(ED->getLocation(), ED->getName(),
                     "is a typedef name where C++ would declare");
    for (const auto &[L, D] : Spelled.Refs) {
      unsigned Off;
      if (Own.count(D) || !D->getIdentifier() ||
          !mainOffset(SM, SM.getExpansionLoc(L), Off) || Off >= B)
        continue;
      bool Same = ED->getIdentifier() && D->getName() == ED->getName();
      for (const EnumConstantDecl *EC : ED->enumerators())
        Same |= D->getName() == EC->getName();
      if (Same)
        return Problem(L, D->getName(), "refers to another declaration before");
    }
  }
  return false;
}

/// Moves RD's enumerations (and its nested structs') to offset At, where
/// Scope's typedef names are declared.
void moveOut(ASTContext &Ctx, const RecordDecl *RD, unsigned At,
             bool LineDirectives, const std::set<std::string> &Scope,
             std::vector<TextEdit> &Out, std::set<const EnumDecl *> &Moved,
             std::vector<CompatProblem> &Problems) {
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::StringRef Buf = SM.getBufferData(SM.getMainFileID());
  // Its enumerations and its nested structs', in the file's order (an
  // enumerator's value may name an earlier one's).
  std::vector<std::pair<unsigned, const EnumDecl *>> Nested;
  std::vector<const RecordDecl *> Records = {RD};
  for (size_t I = 0; I < Records.size(); ++I)
    for (const Decl *D : Records[I]->decls()) {
      unsigned B;
      if (const auto *ED = dyn_cast<EnumDecl>(D);
          ED && ED->isThisDeclarationADefinition() &&
          mainOffset(SM, ED->getBeginLoc(), B))
        Nested.push_back({B, ED});
      else if (const auto *Inner = dyn_cast<RecordDecl>(D);
               Inner && Inner->isThisDeclarationADefinition())
        Records.push_back(Inner);
    }
  std::sort(Nested.begin(), Nested.end());
  if (blocksMove(Ctx, RD, Nested, Scope, Problems))
    return;
  std::string Ahead;
  for (const auto &[B, ED] : Nested) {
    unsigned E;
    if (!mainOffset(SM, ED->getBraceRange().getEnd(), E) || E < B ||
        ED->enumerators().empty())
      continue;
    ++E; // past the closing brace
    // The edits inside it go with it (an insertion at its end belongs to
    // what follows).
    std::vector<TextEdit> Inside, Rest;
    for (TextEdit &T : Out)
      (T.Offset >= B && T.Offset + T.Length <= E &&
               !(T.Offset == E && T.Length == 0)
           ? Inside
           : Rest)
          .push_back(std::move(T));
    Out = std::move(Rest);
    Ahead += textWithEdits(Buf, B, E, Inside) + ";\n";
    std::string Member =
        ED->isFreeStanding() ? ""
        : ED->getIdentifier()
            ? "enum " + ED->getName().str()
            : "decltype(" + ED->enumerators().begin()->getName().str() + ")";
    if (LineDirectives && Buf.slice(B, E).count('\n'))
      Member += "\n#line " + std::to_string(lineOf(Ctx, E)) + "\n";
    Out.push_back({B, E - B, Member});
    Moved.insert(ED);
  }
  if (Ahead.empty())
    return;
  bool LineStart = At == 0 || Buf[At - 1] == '\n';
  if (LineDirectives && LineStart)
    Ahead += "#line " + std::to_string(lineOf(Ctx, At)) + "\n";
  else if (!LineStart)
    Ahead.back() = ' ';
  Out.push_back({At, 0, Ahead});
}

} // namespace

void nestedEnumMoves(ASTContext &Ctx, bool LineDirectives,
                     std::vector<TextEdit> &Out,
                     std::vector<CompatProblem> &Problems) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::set<const EnumDecl *> Moved;
  std::vector<std::pair<unsigned, unsigned>> Tops; // file-scope declarations
  std::set<std::string> FileNames;
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    if (!D->isImplicit())
      typedefNames(D, FileNames);
    unsigned B, E;
    if (!D->isImplicit() && mainOffset(SM, D->getBeginLoc(), B) &&
        mainOffset(SM, D->getEndLoc(), E))
      Tops.push_back({B, E});
  }
  for (const Decl *Top : Ctx.getTranslationUnitDecl()->decls()) {
    const auto *RD = dyn_cast<RecordDecl>(Top);
    unsigned RB;
    if (!RD || !RD->isThisDeclarationADefinition() ||
        !mainOffset(SM, RD->getBeginLoc(), RB))
      continue;
    // Ahead of the whole declaration (`typedef struct {...} T;`).
    unsigned At = RB;
    for (const auto &[B, E] : Tops)
      if (B <= RB && RB <= E)
        At = std::min(At, B);
    moveOut(Ctx, RD, At, LineDirectives, FileNames, Out, Moved, Problems);
  }
  // A struct a function declares: C declares its enumerations in the block
  // around it, as C++ does a declaration ahead of its statement.
  LocalRecords L;
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (isa<FunctionDecl>(D) &&
        inMainFile(SM, SM.getExpansionLoc(D->getLocation())))
      L.TraverseDecl(D);
  for (const auto &[RD, DS, Block] : L.Found) {
    unsigned At;
    if (!mainOffset(SM, DS->getBeginLoc(), At))
      continue;
    std::set<std::string> BlockNames;
    for (const Stmt *S : Block->body())
      if (const auto *Other = dyn_cast<DeclStmt>(S))
        for (const Decl *D : Other->decls())
          typedefNames(D, BlockNames);
    moveOut(Ctx, RD, At, LineDirectives, BlockNames, Out, Moved, Problems);
  }
  NestedEnumUses U(Ctx, Moved, Problems);
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (inMainFile(SM, SM.getExpansionLoc(D->getLocation())))
      U.TraverseDecl(D);
}

void untranslatedHeaderEnumUses(
    ASTContext &Ctx, const std::function<bool(SourceLocation)> &Rewritten,
    std::vector<CompatProblem> &Problems) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::set<const EnumDecl *> None;
  NestedEnumUses U(Ctx, None, Problems, &Rewritten);
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (inMainFile(SM, SM.getExpansionLoc(D->getLocation())))
      U.TraverseDecl(D);
}

} // namespace omp2cuda
