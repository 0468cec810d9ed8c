// Virtual calls in device code. CUDA dispatches a virtual call through the
// object's virtual-table pointer; an object constructed on the host holds
// the host's table, which the device cannot follow (OpenMP 5.2 §6.1 leaves
// a virtual call on an object constructed on another device implementation
// defined). So a call that dispatches runs on the device only on an object
// the device constructed: through a pointer the region initialises with
// `new` and only reads after, an `is_device_ptr` pointer (device memory,
// where objects with virtual functions come from device code), or a local
// pointer of the region or of a function it calls that holds only the
// addresses of that code's own local objects or its `new`s (built by
// whichever side runs the code, with that side's table). Every
// function that may be called - the overriders in the file - then runs on
// the device, together with every function of their override family: nvcc
// requires an overrider to have the execution space of what it overrides.
#ifndef OMP2CUDA_ANALYSIS_VIRTUALCALLS_H
#define OMP2CUDA_ANALYSIS_VIRTUALCALLS_H

#include "edits/SourceText.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"

#include <string>
#include <vector>

namespace omp2cuda {

/// Whether C dispatches: a virtual function that the compiler cannot
/// resolve from the object's static type (no qualifier, no `final`, not a
/// complete object named directly).
bool dispatches(const clang::CXXMemberCallExpr *C);

/// Whether C, a call of an operator written as one (`(*p)(x)`, `a[i]`),
/// dispatches: its operator is virtual and the object's static type does
/// not fix it.
bool dispatches(const clang::CXXOperatorCallExpr *C);

/// Why C's object may not have been constructed on the device (text after
/// "on an object "), empty when the region proves it was.
std::string receiverNotDeviceBuilt(const clang::CXXMemberCallExpr *C,
                                   clang::ASTContext &Ctx);

/// The same for an operator's call (its first argument is the object).
std::string receiverNotDeviceBuilt(const clang::CXXOperatorCallExpr *C,
                                   clang::ASTContext &Ctx);

/// Devirtualize.cpp: the edits that make C, a call that dispatches, call
/// Target, the final overrider of its object's class, directly, where the
/// function around C shows that the object is a complete object of one
/// class: C calls through a local pointer to which the function only ever
/// stores `&x` of variables of that class, `new` of it, or null (and
/// nothing else reaches the pointer). Then `p->f(a)` becomes
/// `static_cast<X *>(p)->Y::f(a)`, which reads no virtual-table pointer:
/// exact on an object the host constructed (OpenMP 5.2 §6.1 leaves a
/// dispatch through the host's table implementation defined). Returns why
/// not, or empty with the edits appended.
/// Partial is set where the object's class is shown but the storage mapped
/// through the pointer's type cannot hold the whole object: then no call,
/// direct or dispatched, is exact on a mapped object.
std::string devirtualize(const clang::CXXMemberCallExpr *C,
                         clang::ASTContext &Ctx, std::vector<TextEdit> &Edits,
                         const clang::CXXMethodDecl *&Target, bool &Partial);

/// Whether V, named at At in device code, may be an object the host built
/// that a map copied (its virtual-table pointer the host's): declared
/// outside the target region around At, a global, or, where At is in a
/// function the region calls or in a lambda, outside that function.
bool namedFromOutside(const clang::VarDecl *V, const clang::Stmt *At,
                      clang::ASTContext &Ctx);

/// Devirtualize.cpp: the edit that makes C, a virtual call on an object
/// named directly (`x.f(a)`, which calls the final overrider of x's class
/// without dispatching), name that overrider (`x.Y::f(a)`): the kernel
/// reaches a mapped x through a pointer, `(*x).f(a)`, which would dispatch
/// through the host's table. Returns why not, or empty with the edit
/// appended.
std::string qualifyNamedCall(const clang::CXXMemberCallExpr *C,
                             clang::ASTContext &Ctx,
                             std::vector<TextEdit> &Edits);

/// The same for the object P points to, in an expression at At (`delete
/// p` of a class with a virtual destructor).
std::string pointeeNotDeviceBuilt(const clang::Expr *P, const clang::Stmt *At,
                                  clang::ASTContext &Ctx);

/// The user-written virtual functions that override, or are overridden by,
/// one of Seeds or of these, transitively, in every complete class of the
/// file.
std::vector<const clang::CXXMethodDecl *>
overrideFamily(std::vector<const clang::CXXMethodDecl *> Seeds,
               clang::ASTContext &Ctx);

/// The user-written virtual functions of RD and its bases (a class the
/// device constructs: its virtual table is the device's).
std::vector<const clang::CXXMethodDecl *>
virtualsOf(const clang::CXXRecordDecl *RD);

} // namespace omp2cuda

#endif // OMP2CUDA_ANALYSIS_VIRTUALCALLS_H
