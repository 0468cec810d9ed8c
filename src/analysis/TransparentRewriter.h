//===- TransparentRewriter.h - the text of in-place rewrites --------------===//
//
// The Rewriter that writes what each construct rewritten where it stands
// becomes (Transparent.h). Private to TransparentEdits.cpp (the rules of
// one thread's code, worksharing and synchronisation) and
// TransparentSerial.cpp (serialised nested parallel regions).
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CUDA_ANALYSIS_TRANSPARENTREWRITER_H
#define OMP2CUDA_ANALYSIS_TRANSPARENTREWRITER_H

#include "analysis/Transparent.h"
#include "edits/Edits.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtOpenMP.h"

#include <string>
#include <vector>

namespace omp2cuda {
namespace transparent {

using clang::ASTContext;
using clang::Expr;
using clang::OMPExecutableDirective;
using clang::SourceLocation;
using clang::Stmt;
using clang::VarDecl;

struct Rewriter {
  ASTContext &Ctx;
  llvm::StringRef Buf;
  std::vector<TextEdit> &Out;
  SourceLocation &At;
  /// --host-compiler-family: a serialised inscan loop must answer as the
  /// host fallback does.
  HostCompiler Host;

  Verdict no(const OMPExecutableDirective &D, DiagId Id,
             const std::string &Why);

  /// The end of the pragma line (continuations included).
  unsigned pragmaEnd(unsigned B) const;

  /// The pragma's text on one line, for a comment that names it.
  std::string pragmaText(unsigned B, unsigned E) const;

  /// How the body spells VD: as itself (""), through the pointer the
  /// kernel takes a mapped scalar by ("(*x)"), or otherwise.
  std::string spelling(const Stmt *S, const VarDecl *VD);

  /// The declarations of a fresh copy of VD named as the body names it:
  /// Init is the value it starts from ("" for none). Before goes outside
  /// the block the copies are declared in (the original is still visible
  /// there), Decls inside.
  Verdict freshCopy(const OMPExecutableDirective &D, const VarDecl *VD,
                    bool Init, const char *Clause, std::string &Before,
                    std::string &Decls);

  /// Fresh copies of the private and firstprivate items that the body uses
  /// (private) or writes (firstprivate; reads see the value a copy would
  /// have).
  Verdict privates(const OMPExecutableDirective &D, std::string &Before,
                   std::string &Decls);

  /// The scalar number E names in a reduction clause of operator Op (a
  /// built-in one: Op not empty), else null.
  static const VarDecl *scalarReductionItem(const Expr *E,
                                            const std::string &Op);

  /// The copy of reduction item VD that D's body reaches by the name it
  /// uses, starting from Init: Before keeps the item's address in Ptr
  /// (outside the block), Decls declares the copy (Val when the body
  /// reaches the item through its pointer, "(*x)"). Returns the copy's
  /// name, or "" when the body spells VD otherwise.
  std::string reductionCopy(const OMPExecutableDirective &D, const VarDecl *VD,
                            const std::string &Init, const std::string &Ptr,
                            const std::string &Val, std::string &Before,
                            std::string &Decls);

  /// scope reduction(op: x) in parallel code: each thread's copy of x
  /// starts at op's identity and is folded into the team's x atomically at
  /// the end of the scope (Combine, where the copy is still visible), before
  /// its barrier.
  Verdict scopeReductions(const OMPExecutableDirective &D, std::string &Before,
                          std::string &Decls, std::string &Combine);

  /// The clauses a construct may carry; the others leave the region on the
  /// host.
  Verdict clauses(const OMPExecutableDirective &D);

  /// ordered: a region in the body of a worksharing loop with the ordered
  /// clause (clang checks that it is one) that the block's threads share
  /// (DirectiveTree.cpp refuses the others); no doacross, no simd.
  Verdict orderedRule(const OMPExecutableDirective &D, DirContext Where);

  /// thread 0 unless filter says another.
  std::string masterThread(const OMPExecutableDirective &D);

  /// single with copyprivate: the values of thread 0's items go to every
  /// thread through shared memory.
  Verdict copyPrivate(const OMPExecutableDirective &D, std::string &Open,
                      std::string &Close, std::string &After);

  Verdict use(const TransparentUse &U);

  /// The opening text (after the copies' declarations) in place of D's
  /// pragma line, the closing text after its statement.
  void place(const OMPExecutableDirective &D, unsigned B, unsigned PE,
             const std::string &Before, const std::string &Decls,
             std::string Open, std::string Close);

  // ---- Serialised nested parallel regions (docs/nested-parallel.md) ----

  /// Where the variable a reduction on D folds into lives, as far as the
  /// constructs around D (up to the target construct) tell.
  enum class Home {
    Original, ///< no construct around D makes a copy of it
    Thread,   ///< a copy of the encountering thread's (a local)
    Unknown,  ///< a team's copy, or a clause the fold does not know
  };
  Home homeOf(const OMPExecutableDirective &D, const VarDecl *VD);

  /// reduction(op: x) on a construct one thread runs: a copy of x starts at
  /// op's identity and is folded into x at the end: plainly where x is the
  /// encountering thread's own (declared in its code, or a copy an
  /// enclosing construct made for it), atomically where it is a mapped
  /// scalar that other threads may fold into too (an atomic on a thread's
  /// local memory is undefined in CUDA). Anything else (the team's
  /// variables in shared memory) stays refused.
  Verdict serialReductions(const TransparentUse &U, std::string &Before,
                           std::string &Decls, std::string &Combine);

  /// The clauses of a serialised construct: those that mean nothing to a
  /// team of one (num_threads, if, proc_bind, schedule) are ignored; their
  /// expressions must not have side effects, which ignoring would skip.
  Verdict serialClauses(const OMPExecutableDirective &D);

  /// reduction(inscan, ...) on a serialised `parallel for` or `for`: its
  /// loop runs in order from the item's value, as GCC's host computes the
  /// scan (clang's host leaves that value out: with that host compiler it
  /// stays refused), when its phases may run as written (inOrderScan).
  Verdict serialScan(const OMPExecutableDirective &D);

  /// A parallel region nested in parallel code, or a construct bound to its
  /// team of one (Transparent.h): the encountering thread runs the body
  /// alone, a loop all its iterations in order; a barrier is nothing.
  Verdict serial(const TransparentUse &U);

  /// Closing texts, added after all openings: at one offset an inner
  /// construct's close goes first.
  std::vector<TextEdit> Pending;
};

} // namespace transparent
} // namespace omp2cuda

#endif
