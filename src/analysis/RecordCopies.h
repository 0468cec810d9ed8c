// Where a whole copy of a record goes, for the records whose pointers a
// map attaches (LoadedPointers.cpp): the copy's pointers hold the device
// addresses too, so the copy is followed where it stays in the region's
// own objects and keeps the region on the host where it may reach memory
// the host reads (scratch-main45 e1.c: `recs[0] = q;` of a mapped array,
// emu 'same 0', the host build 'same 1').
#ifndef OMP2CUDA_ANALYSIS_RECORDCOPIES_H
#define OMP2CUDA_ANALYSIS_RECORDCOPIES_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMap.h"

namespace omp2cuda {

struct RecordCopyDestination {
  enum class Kind {
    Local,    // initialises or is assigned to Local, declared in the body
    Argument, // a by-value argument of a call to a function with a body
              // that uses the parameter's pointers only where the host
              // never sees their values (a callee's walk takes a by-value
              // parameter for its own storage and checks no value use)
    Elsewhere // anywhere else: memory the host may read
  } K = Kind::Elsewhere;
  const clang::VarDecl *Local = nullptr;
};

/// Whether At copies a record's bytes: an lvalue-to-rvalue load, a copy or
/// move construction, or the source of a copy assignment; not a reference
/// bound to it.
bool isRecordCopy(const clang::Expr *At, const clang::ParentMap &PM);

/// Where the whole copy At of a record (an lvalue-to-rvalue load of record
/// type, a copy or move construction, or the source of a copy assignment)
/// goes. Body is the region's (or a callee's) body; PM its parent map.
RecordCopyDestination recordCopyDestination(const clang::Expr *At,
                                            const clang::Stmt *Body,
                                            const clang::ParentMap &PM);

} // namespace omp2cuda

#endif
