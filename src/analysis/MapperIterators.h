// The iterators of C `declare mapper`s (`map(iterator(i = 0:v.len), ...)`).
// C keeps each to its clause; clang's C++ front end, which compiles the .cu,
// declares it in the scope around the mapper, where it clashes with any
// other declaration of its name there (another mapper's iterator, a
// variable or function, before or after the mapper). CCompat.cpp renames
// each iterator after its mapper where the text is the translation's to
// edit: the main file, or a user header the translation rewrites (which
// then gets a pass, and a copy, of its own). Written elsewhere (a
// `_Pragma` in a macro, a header it does not rewrite) an iterator keeps
// its name, and one that clashes is an error at the mapper.
#ifndef OMP2CUDA_ANALYSIS_MAPPERITERATORS_H
#define OMP2CUDA_ANALYSIS_MAPPERITERATORS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/OpenMPClause.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <set>
#include <string>
#include <vector>

namespace omp2cuda {

struct MapperIteratorFacts {
  /// The files whose text names a mapper's iterator (renamed there when
  /// the file is rewritten).
  std::set<clang::FileID> Files;
  struct Clash {
    clang::SourceLocation Loc; ///< the iterator's declaration
    std::string What;
  };
  /// The iterators that keep their names and clash in C++.
  std::vector<Clash> Clashes;
};

/// Whether every reference of the iterator VD in the map clause M spells
/// its name in VD's own file, where a rename can reach it: not in a
/// macro's body (`#define AT(v) v.data[i]`, review rV's m1), which keeps
/// the name the renamed declaration no longer has.
bool iteratorRefsRenameable(const clang::SourceManager &SM,
                            const clang::OMPMapClause *M,
                            const clang::VarDecl *VD);

/// The name CCompat.cpp gives the iterator Iter of the Clause-th map
/// clause with an iterator (from 1) of the mapper Mapper of the type
/// printed Type: each word of the type and the mapper's name after its
/// length (`o2c_6struct1a_7default_i`), so that no two mappers' names meet
/// (`struct a_b` with `c` and `struct a` with `b_c` did, review rV; a
/// typedef `struct_a` and `struct a` too).
std::string renamedIterator(llvm::StringRef Type, llvm::StringRef Mapper,
                            unsigned Clause, llvm::StringRef Iter);

/// For a C unit (nothing for C++, whose own parse has the iterators'
/// scope). WhyNot: why the translation does not rewrite a file's text,
/// empty where it does.
MapperIteratorFacts
mapperIteratorFacts(clang::ASTContext &Ctx,
                    llvm::function_ref<std::string(clang::FileID)> WhyNot);

} // namespace omp2cuda

#endif
