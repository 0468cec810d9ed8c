// C's integer types for C enumerations in the .cu (see CEnums.cpp), and
// their scopes (CEnumMoves.cpp).
#ifndef OMP2CUDA_EDITS_CENUMS_H
#define OMP2CUDA_EDITS_CENUMS_H

#include "analysis/CEnumFacts.h"
#include "edits/Edits.h"
#include "edits/SourceText.h"

#include "clang/AST/ASTContext.h"

#include <functional>
#include <vector>

namespace omp2cuda {

/// Each main-file enumeration at risk given `int` as its fixed type (C's
/// type, or, where C's is unsigned int, one that holds the same 32 bits and
/// promotes as its enumerators do), with its forward declarations; problems
/// for those that cannot be (declared in a header or a macro, or of another
/// C type). Each enumeration without a name that types objects gets its tag
/// (unnamedEnumTag).
void cEnumBaseEdits(clang::ASTContext &Ctx, const CEnumFacts &F,
                    std::vector<TextEdit> &Out,
                    std::vector<CompatProblem> &Problems);

/// The `(unsigned int)` casts that make reads of C enumerations promote as
/// in C, for the main file's declarations.
/// Scope and initialisation rules C and C++ state differently
/// (CScopes.cpp): a for body that declares its variable again, a string
/// literal with no room for its null character, a jump past an
/// initialisation.
void scopeEdits(clang::ASTContext &Ctx, const CEnumFacts &Enums,
                std::vector<TextEdit> &Out,
                std::vector<CompatProblem> &Problems);
/// Casts to C's int of the comparisons, logical operators, character
/// constants, `true`/`false` and enumerators that decide the type sizeof,
/// _Alignof, __typeof__, __auto_type or _Generic asks (CExprTypes.cpp),
/// or problems where they cannot be written.
void cExprTypeEdits(clang::ASTContext &Ctx, const CEnumFacts &Enums,
                    std::vector<TextEdit> &Out,
                    std::vector<CompatProblem> &Problems);
/// The main file's uses of `__cplusplus` and `__STDC_VERSION__` written as
/// C's values (CLanguageMacros.cpp): `#ifdef __cplusplus` is `#if 0`.
void languageMacroEdits(clang::ASTContext &Ctx, std::vector<TextEdit> &Out,
                        std::vector<CompatProblem> &Problems);
/// C's designated initialisers of a struct out of the members' order, in
/// order (CDesignators.cpp), or problems where they cannot be.
void designatorEdits(clang::ASTContext &Ctx, std::vector<TextEdit> &Out,
                     std::vector<CompatProblem> &Problems);
void cEnumReadEdits(clang::ASTContext &Ctx, const CEnumFacts &F,
                    std::vector<TextEdit> &Out,
                    std::vector<CompatProblem> &Problems);

/// Whether CE converts a pointer to an enumeration to a pointer to another
/// type, or such a pointer to one (`unsigned *p = &e;`), which C does with
/// a warning and C++ only by a cast (the same conversion).
bool enumPointerConversion(const clang::CastExpr *CE);

/// C declares an enumeration written inside a struct in the scope around the
/// struct (its name and enumerators are used unqualified), C++ inside the
/// struct: each one of a struct the main file defines at file scope or by a
/// statement of a function moves ahead of the outermost struct's
/// declaration, with the edits already made inside it (Out), and the member
/// keeps its type by name (`enum K k;`, or `decltype(KA) k;` for one without
/// a name).
/// Uses elsewhere in the main file of one that stays in its struct (a
/// header's, a macro's) are problems.
void nestedEnumMoves(clang::ASTContext &Ctx, bool LineDirectives,
                     std::vector<TextEdit> &Out,
                     std::vector<CompatProblem> &Problems);
/// The main file's uses of an enumeration declared in a struct of a header
/// that no pass rewrites (Rewritten false at the struct: outside the input
/// root, a system header, one included more than once), whose copy would
/// have moved it out: problems, as C++ does not see its names there.
void untranslatedHeaderEnumUses(
    clang::ASTContext &Ctx,
    const std::function<bool(clang::SourceLocation)> &Rewritten,
    std::vector<CompatProblem> &Problems);

} // namespace omp2cuda

#endif
