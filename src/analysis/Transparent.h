// Constructs that keep their place in the user's text (issue 9 points 2 and
// 5): `simd`, `critical`, `master`/`masked`, `single`, `scope`, `flush`,
// `ordered`, `scan` (in a loop one thread runs in order) and the tasking
// constructs. Each is rewritten where it stands, by text edits
// that replace its pragma line and close its statement, so that it never
// splits the kernel's structure: a task runs at once on the thread that
// creates it (the specification allows it, and GPU implementations do it),
// a simd loop runs in one thread, `single` is thread 0 and a barrier,
// `critical` takes a device-wide lock.
#ifndef OMP2CUDA_ANALYSIS_TRANSPARENT_H
#define OMP2CUDA_ANALYSIS_TRANSPARENT_H

#include "analysis/Analysis.h"
#include "analysis/DirectiveTree.h"

#include <vector>

namespace omp2cuda {

/// The ordered clause on the region's own constructs (Chain): a combined
/// loop spreads its iterations over a grid (or one block) whose threads do
/// not take turns yet. A 'no' located at the clause when one is there.
Verdict orderedOnRegion(
    const std::vector<const clang::OMPExecutableDirective *> &Chain);

/// A loop construct with the ordered clause nested alone in a target region:
/// not part of a combined loop, but a nested construct whose threads take
/// turns (target parallel { for ordered }).
bool orderedLoop(const clang::OMPExecutableDirective &D);

/// A doacross loop nest (Doacross.cpp): loop construct D with ordered(N)
/// and collapse(Collapse) whose sinks and source the translation supports,
/// or why not (At: where).
Verdict doacrossRule(const clang::OMPExecutableDirective &D, unsigned N,
                     unsigned Collapse, clang::SourceLocation &At);
/// Whether D is a stand-alone ordered construct with a source.
bool doacrossSource(const clang::OMPExecutableDirective &D);

/// Whether D is rewritten in place (when its context allows it).
bool isTransparent(const clang::OMPExecutableDirective &D);

/// Whether D is a parallel construct that, nested in parallel code, runs
/// on its encountering thread alone (parallel, parallel for, parallel for
/// simd, parallel loop).
bool isSerialisable(const clang::OMPExecutableDirective &D);

/// Whether a walker over parallel code (InSerial: inside a serialised
/// region) reads D's body as the code of the thread that meets D: D is
/// rewritten in place there, serialised, or binds to a team of one.
bool inThreadCode(const clang::OMPExecutableDirective &D, bool InSerial);

/// The loop variables of a serialised loop construct (isSerialisable, or
/// one bound to a team of one) declared outside its loop statement: its
/// rewrite gives them fresh copies, as the construct privatises them.
std::vector<const clang::VarDecl *>
outerCounters(const clang::OMPExecutableDirective &D);

/// Whether S holds a construct rewritten in place.
bool hasTransparent(const clang::Stmt *S);

/// The statement a construct's pragma applies to (null for stand-alone ones).
const clang::Stmt *associatedBody(const clang::OMPExecutableDirective &D);

/// Collects the transparent constructs in S, which stands in context Where,
/// and those nested in them (with the context inside). The first other
/// construct found inside a transparent one (atomics aside) makes a 'no'
/// located at it; Other receives the outermost other constructs of S itself.
Verdict findTransparent(const clang::Stmt *S, DirContext Where,
                        std::vector<TransparentUse> &Out,
                        std::vector<const clang::OMPExecutableDirective *> *Other,
                        clang::SourceLocation &At);

/// The edits that rewrite the uses (in the order findTransparent gives
/// them), or why one cannot be rewritten (At: the construct).
/// Host: the compiler of the host fallback (--host-compiler-family).
Verdict transparentEdits(const std::vector<TransparentUse> &Uses,
                         clang::ASTContext &Ctx, std::vector<TextEdit> &Out,
                         clang::SourceLocation &At,
                         HostCompiler Host = HostCompiler::Clang);

/// The expression an lvalue is part of: the array of a[i] (an array, not a
/// pointer), the struct of s.f (not p->f), through any nesting of both.
const clang::Expr *lvalueRoot(const clang::Expr *E);

/// The construct's name in quotes (`'single'`), for a warning's text.
std::string quotedName(const clang::OMPExecutableDirective &D);

} // namespace omp2cuda

#endif
