// C's integer types for C enumerations in the .cu (see CEnums.cpp).
#ifndef OMP2CUDA_EDITS_CENUMS_H
#define OMP2CUDA_EDITS_CENUMS_H

#include "edits/Edits.h"
#include "edits/SourceText.h"

#include "clang/AST/ASTContext.h"

#include <map>
#include <set>
#include <vector>

namespace omp2cuda {

/// What the C-to-C++ edits need to know about the unit's enumerations.
struct CEnumFacts {
  /// Enumerations whose objects may hold a value outside their enumerators'
  /// bit range (which C allows and C++ leaves undefined), or that C++ needs
  /// to have a fixed type (a forward declaration), each with the sites that
  /// make it so.
  struct Site {
    clang::SourceLocation Loc;
    /// A conversion into the enumeration or arithmetic in place, or a
    /// forward declaration (else its objects are only reachable otherwise:
    /// through other types, or from outside the unit).
    bool Converts;
  };
  std::map<const clang::EnumDecl *, std::vector<Site>> AtRisk;
  /// Main-file offset ranges of macro invocations that stringify an
  /// argument: a cast written into one of their arguments would change the
  /// string.
  std::vector<std::pair<unsigned, unsigned>> Stringifying;
  /// Enumerations that type a bit-field: `int` would make it signed.
  std::set<const clang::EnumDecl *> BitFields;

  bool atRisk(const clang::EnumDecl *ED) const { return AtRisk.count(ED); }
};

CEnumFacts cEnumFacts(clang::ASTContext &Ctx);

/// The definition of the enumeration T names, if T is one.
const clang::EnumDecl *enumOf(clang::QualType T);

/// Whether C gives ED the type unsigned int (no negative enumerator, GCC and
/// Clang), where C++ promotes it to int.
bool promotesUnsigned(const clang::EnumDecl *ED);

/// Each main-file enumeration at risk given `int` as its fixed type (C's
/// type, or, where C's is unsigned int, one that holds the same 32 bits and
/// promotes as its enumerators do), with its forward declarations; problems
/// for those that cannot be (declared in a header or a macro, or of another
/// C type).
void cEnumBaseEdits(clang::ASTContext &Ctx, const CEnumFacts &F,
                    std::vector<TextEdit> &Out,
                    std::vector<CompatProblem> &Problems);

/// The `(unsigned int)` casts that make reads of C enumerations promote as
/// in C, for the main file's declarations.
void cEnumReadEdits(clang::ASTContext &Ctx, const CEnumFacts &F,
                    std::vector<TextEdit> &Out,
                    std::vector<CompatProblem> &Problems);

/// C declares an enumeration written inside a struct at file scope (its
/// name and enumerators are used unqualified), C++ inside the struct: each
/// one of a file-scope struct moves ahead of the outermost struct's
/// declaration, with the edits already made inside it (Out), and the member
/// keeps its type by name (`enum K k;`, or `decltype(KA) k;` for one without
/// a name).
void nestedEnumMoves(clang::ASTContext &Ctx, bool LineDirectives,
                     std::vector<TextEdit> &Out);

} // namespace omp2cuda

#endif
