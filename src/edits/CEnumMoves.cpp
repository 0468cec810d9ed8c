// C declares an enumeration written inside a struct in the scope around the
// struct, C++ inside the struct: the .cu moves it out (CEnums.h).
#include "edits/CEnums.h"
#include "frontend/FileScope.h"

#include <algorithm>

using namespace clang;

namespace omp2cuda {

void nestedEnumMoves(ASTContext &Ctx, bool LineDirectives,
                     std::vector<TextEdit> &Out) {
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::StringRef Buf = SM.getBufferData(SM.getMainFileID());
  auto Offset = [&](SourceLocation L, unsigned &Off) {
    if (L.isInvalid() || L.isMacroID() || !inMainFile(SM, L))
      return false;
    Off = SM.getFileOffset(L);
    return true;
  };
  std::vector<std::pair<unsigned, unsigned>> Tops; // file-scope declarations
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    unsigned B, E;
    if (!D->isImplicit() && Offset(D->getBeginLoc(), B) &&
        Offset(D->getEndLoc(), E))
      Tops.push_back({B, E});
  }
  for (const Decl *Top : Ctx.getTranslationUnitDecl()->decls()) {
    const auto *RD = dyn_cast<RecordDecl>(Top);
    unsigned RB;
    if (!RD || !RD->isThisDeclarationADefinition() ||
        !Offset(RD->getBeginLoc(), RB))
      continue;
    // Ahead of the whole declaration (`typedef struct {...} T;`).
    unsigned At = RB;
    for (const auto &[B, E] : Tops)
      if (B <= RB && RB <= E)
        At = std::min(At, B);
    // Its enumerations and its nested structs', in the file's order (an
    // enumerator's value may name an earlier one's).
    std::vector<std::pair<unsigned, const EnumDecl *>> Nested;
    std::vector<const RecordDecl *> Records = {RD};
    for (size_t I = 0; I < Records.size(); ++I)
      for (const Decl *D : Records[I]->decls()) {
        unsigned B;
        if (const auto *ED = dyn_cast<EnumDecl>(D);
            ED && ED->isThisDeclarationADefinition() &&
            Offset(ED->getBeginLoc(), B))
          Nested.push_back({B, ED});
        else if (const auto *Inner = dyn_cast<RecordDecl>(D);
                 Inner && Inner->isThisDeclarationADefinition())
          Records.push_back(Inner);
      }
    std::sort(Nested.begin(), Nested.end());
    std::string Ahead;
    for (const auto &[B, ED] : Nested) {
      unsigned E;
      if (!Offset(ED->getBraceRange().getEnd(), E) || E < B ||
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
    }
    if (Ahead.empty())
      continue;
    bool LineStart = At == 0 || Buf[At - 1] == '\n';
    if (LineDirectives && LineStart)
      Ahead += "#line " + std::to_string(lineOf(Ctx, At)) + "\n";
    else if (!LineStart)
      Ahead.back() = ' ';
    Out.push_back({At, 0, Ahead});
  }
}

} // namespace omp2cuda
