// Which C enumerations may leave their range in the .cu (CEnumFacts.cpp):
// what the C-to-C++ edits (edits/CEnums.h) decide from.
#ifndef OMP2CUDA_ANALYSIS_CENUMFACTS_H
#define OMP2CUDA_ANALYSIS_CENUMFACTS_H

#include "clang/AST/ASTContext.h"

#include <initializer_list>
#include <map>
#include <set>
#include <string>
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
  /// Whether L is written in a macro invocation that stringifies an
  /// argument (Stringifying).
  bool stringified(const clang::SourceManager &SM,
                   clang::SourceLocation L) const;
};

CEnumFacts cEnumFacts(clang::ASTContext &Ctx);

/// The definition of the enumeration T names, if T is one.
const clang::EnumDecl *enumOf(clang::QualType T);

/// Whether C gives ED the type unsigned int (no negative enumerator, GCC and
/// Clang), where C++ promotes it to int.
bool promotesUnsigned(const clang::EnumDecl *ED);

/// The tag the .cu gives a C enumeration without a name (nor a typedef's)
/// that types objects (`enum { A, B } m;`), which a kernel's parameter
/// cannot spell otherwise (nvcc refuses a type without a name there): one
/// the main file defines outside a macro at file scope, or inside a struct
/// there, `o2c_enum_<file>_<hash of its text>_L<line>_C<column>`; empty for any other.
std::string unnamedEnumTag(const clang::EnumDecl *ED,
                           const clang::ASTContext &Ctx);

/// Clang prints a C enumeration without a name (nor a typedef's)
/// `enum S::(unnamed enum at F:L:C)`, which no compiler reads: Texts, which
/// spell T (or what it points to), spell its tag (unnamedEnumTag) instead.
/// False when T's enumeration, in Texts, has none.
bool spellUnnamedEnum(clang::QualType T, const clang::ASTContext &Ctx,
                      std::initializer_list<std::string *> Texts);

/// The files whose file-scope structs declare enumerations, which C declares
/// around the struct and C++ inside it: a header among them needs a pass of
/// its own, which moves them out (edits/CEnumMoves.cpp).
std::set<clang::FileID> filesWithStructEnums(clang::ASTContext &Ctx);

} // namespace omp2cuda

#endif
