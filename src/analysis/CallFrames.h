// What the storage a function called in a target region reaches through
// its parameters and `this` is in the region's own terms, so that a
// pointer the callee loads from a mapped record (`x->p` of `g(&s)`) is
// checked against the paths the region attaches (`s.p`), as the same load
// written in the region is (review rm21 R1: callee_ptr.c, memfn.cpp).
#ifndef OMP2CUDA_ANALYSIS_CALLFRAMES_H
#define OMP2CUDA_ANALYSIS_CALLFRAMES_H

#include "analysis/AttachedPaths.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <map>

namespace omp2cuda {

/// The region, or one call (a chain of calls) from it.
class CallFrame {
public:
  /// What storage reached from a path's root is.
  enum class Kind {
    Region, ///< the path, in the region's terms: attached or not
    Local,  ///< the region's or the callee's own (a local, a copy)
    Unknown ///< storage no path names: attached nowhere
  };
  /// What a parameter or `this` stands for: the path of the object that a
  /// reference parameter names or that a pointer parameter or `this`
  /// points to (its element 0), with the length of the array that object
  /// is an element of (-1: not known).
  struct Binding {
    Kind K = Kind::Unknown;
    StoragePath Object;
    int64_t Length = -1;
    bool operator<(const Binding &O) const;
  };

  /// The region's frame: Body is its statement.
  explicit CallFrame(const clang::Stmt *RegionBody) : RegionBody(RegionBody) {}
  /// The frame of Def called by Call (a call or a constructor's
  /// construction; null: the destructor of a local or a temporary; a delete
  /// expression: the destructor of what it frees) in Outer. Deep: past the calls followed with what their
  /// arguments are, every pointer or reference parameter is Unknown.
  CallFrame(const CallFrame &Outer, const clang::FunctionDecl *Def,
            const clang::Expr *Call, const clang::ASTContext &Ctx, bool Deep);

  /// P (a storagePath in this frame) in the region's terms, where Kind is
  /// Region: a callee's parameter or `this` replaced by what the call
  /// passed; Local for the storage of the region or callee itself.
  Kind resolve(StoragePath &P) const;

  const clang::FunctionDecl *callee() const { return Callee; }
  /// Whether `this` stands for an object the call names (a member
  /// function's, a constructor's; not a lambda's).
  bool bindsThis() const { return Bindings.count(thisRoot()); }
  /// The frames' identity for looking at a callee once.
  bool operator<(const CallFrame &O) const;

private:
  Binding bindingOf(const clang::Expr *Arg, bool Object,
                    const clang::ASTContext &Ctx) const;
  Kind substitute(const Binding &B, bool Pointer, StoragePath &P) const;

  const clang::Stmt *RegionBody;
  const clang::FunctionDecl *Callee = nullptr;
  std::map<const void *, Binding> Bindings; // parameter or thisRoot()
};

} // namespace omp2cuda

#endif
