// The checker of calls in device code (DeviceCalls.cpp's entry points use
// it): a region stays combined-eligible only if every call can run on the
// device (seed 000 §4.2: "no opaque calls"). Its parts live in files named
// for what they check: CallChecker.cpp (the walk), CallTargets.cpp (what a
// call names and whether its definition can run on the device),
// CallObjects.cpp (constructors, destructors, virtual calls),
// CallDeclarations.cpp (declare variant, declare target defined
// elsewhere), CallRules.cpp (the fixed lists and small finders).
#ifndef OMP2CUDA_ANALYSIS_CALLCHECKER_H
#define OMP2CUDA_ANALYSIS_CALLCHECKER_H

#include "analysis/Analysis.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/StringSet.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace omp2cuda {
namespace calls {

/// The OpenMP API functions device code has (rewritten to o2c_dev::).
const llvm::StringSet<> &ompDeviceApi();
/// Why a <math.h> classification builtin cannot be trusted in CUDA device
/// code, or null.
const char *unsafeClassification(llvm::StringRef Name);
/// A file the translation rewrites (see TUState::Rewritable).
bool rewritable(const TUState &TU, clang::SourceLocation L);
/// What in S CUDA device code cannot do, or null: exceptions, run-time
/// type information, host inline assembly.
const char *hostOnlyConstruct(const clang::Stmt *S);
/// The non-constant variables with global storage S refers to, in order of
/// first use. Unspelled: those with a reference that is no text of the file.
std::vector<const clang::VarDecl *>
globalsUsed(const clang::Stmt *S,
            std::set<const clang::VarDecl *> *Unspelled = nullptr);

/// The edits that make Body's GNU atomic builtins (__sync_*, __atomic_*)
/// name o2c_dev's, for a function compiled for both sides, whose check
/// (GnuAtomics.cpp) allowed them.
std::vector<TextEdit> gnuAtomicEdits(const clang::Stmt *Body,
                                     const clang::ASTContext &Ctx);
/// The edits that make the main file's host code call o2c_dev's forms of
/// the clang-only GNU atomic builtins (float and double fetch operations,
/// min and max), which nvcc's host compilers lack: a region's host
/// fallback and any other code of the file.
std::vector<TextEdit> hostGnuAtomicEdits(const clang::ASTContext &Ctx);

class CallChecker : public clang::RecursiveASTVisitor<CallChecker> {
  using Base = clang::RecursiveASTVisitor<CallChecker>;

public:
  CallChecker(TUState &TU, std::vector<TextEdit> *Edits,
              std::set<const clang::FunctionDecl *> &Visiting,
              std::vector<ApiCall> *Calls = nullptr,
              std::set<const clang::FunctionDecl *> *Checked = nullptr)
      : TU(TU), Edits(Edits), Visiting(Visiting), Calls(Calls),
        Checked(Checked ? *Checked : OwnChecked) {}

  Verdict Result;
  /// The functions called from the region down to this one, for messages.
  std::vector<std::string> Path;
  /// The region is one thread of one team (a plain `target`).
  bool OneThread = false;
  /// The place of the calls outside the constructs and lambdas of Root
  /// (the orphaned loops of a called function bind to it, Orphaned.h).
  CallPlace Place = CallPlace::Other;
  const clang::Stmt *Root = nullptr;
  /// The region's statement: lambdas written inside it are device code.
  clang::SourceRange Region;
  /// A call that names no function until its template is instantiated is
  /// left to the check of the instantiations (SawDependent says there was
  /// one); else it keeps the region on the host.
  bool AllowDependent = false;
  bool SawDependent = false;
  /// Checking an instantiation's copy of the region, whose variables of a
  /// dependent type the kernel gets as copies.
  bool InInstance = false;

  bool VisitCallExpr(clang::CallExpr *C);
  /// GNU's __atomic_* forms (GnuAtomics.cpp).
  bool VisitAtomicExpr(clang::AtomicExpr *E);
  /// F as a callee of device code: marks it (and its callees) when it can
  /// run there.
  bool checkFunction(const clang::FunctionDecl *F) {
    return checkCallee(F, nullptr);
  }
  bool TraversePseudoObjectExpr(clang::PseudoObjectExpr *E);
  bool VisitCXXConstructExpr(clang::CXXConstructExpr *C);
  bool VisitCXXDeleteExpr(clang::CXXDeleteExpr *E);
  bool VisitCXXNewExpr(clang::CXXNewExpr *E);
  bool VisitCXXMemberCallExpr(clang::CXXMemberCallExpr *C);
  bool VisitCXXDynamicCastExpr(clang::CXXDynamicCastExpr *E);
  bool VisitCXXTypeidExpr(clang::CXXTypeidExpr *E);
  /// `T(x)` of a template parameter T: a constructor known per
  /// instantiation.
  bool VisitCXXUnresolvedConstructExpr(clang::CXXUnresolvedConstructExpr *) {
    SawDependent = true;
    return true;
  }
  bool VisitVarDecl(clang::VarDecl *V);
  /// A nested construct's data-sharing copies (checkClauseCopies).
  bool VisitOMPExecutableDirective(clang::OMPExecutableDirective *D) {
    return checkClauseCopies(*D);
  }
  /// The copies D's private, firstprivate, lastprivate and reduction
  /// clauses make in device code: the constructors and destructors they
  /// run are checked and marked as a local object's are; a copy made by a
  /// user-written copy constructor or copy assignment keeps the region on
  /// the host (CallObjects.cpp says why).
  bool checkClauseCopies(const clang::OMPExecutableDirective &D);
  /// A long double that device code computes (a variable, a literal, a
  /// cast, a call's argument or result): CUDA takes it as a double.
  bool VisitExpr(clang::Expr *E);
  /// A static_assert computes nothing at run time (its message is a string
  /// literal of no type, which VisitExpr cannot ask about).
  bool TraverseStaticAssertDecl(clang::StaticAssertDecl *) { return true; }
  /// sizeof and alignof compute nothing of their operand.
  bool TraverseUnaryExprOrTypeTraitExpr(clang::UnaryExprOrTypeTraitExpr *E,
                                        DataRecursionQueue *Queue = nullptr) {
    ++Unevaluated;
    // Its operand now, not queued past the count.
    bool Continue = Base::TraverseUnaryExprOrTypeTraitExpr(E, nullptr);
    --Unevaluated;
    return Continue;
  }
  /// A function named other than as a call's callee: its address is the
  /// device's (IndirectCalls.cpp).
  bool VisitDeclRefExpr(clang::DeclRefExpr *E);
  bool VisitCXXBindTemporaryExpr(clang::CXXBindTemporaryExpr *E);
  /// Default member initialisers and default arguments are evaluated
  /// where they are used: in device code, here.
  bool VisitCXXDefaultInitExpr(clang::CXXDefaultInitExpr *E) {
    return TraverseStmt(E->getExpr());
  }
  bool VisitCXXDefaultArgExpr(clang::CXXDefaultArgExpr *E) {
    return TraverseStmt(E->getExpr());
  }

private:
  /// Inside sizeof or alignof.
  unsigned Unevaluated = 0;
  /// Refuses a long double (T, at At) that device code would compute.
  bool longDouble(clang::QualType T, clang::SourceLocation At);
  bool visitCall(clang::CallExpr *C);
  /// C's place (Place in Root's own code; in a parallel region of it,
  /// Parallel or, nested in parallel code, Master; Other inside any other
  /// construct or a lambda), and why a call in parallel code is Other.
  CallPlace placeOf(const clang::CallExpr *C, std::string &Why);
  /// The places of Root's calls other than Place, once asked.
  std::map<const clang::CallExpr *, std::pair<CallPlace, std::string>> Places;
  bool PlacesKnown = false;
  /// The call being checked, and its place.
  const clang::CallExpr *HereCall = nullptr;
  CallPlace HerePlace = CallPlace::Other;
  /// Why the call being checked, in parallel code, is not in a binding
  /// place: not every thread of the team reaches it alike.
  std::string HereWhy;

  // CallObjects.cpp
  bool checkDispatch(const clang::CallExpr *C);
  bool checkNamedObjectCall(const clang::CallExpr *C);
  bool checkVirtuals(const std::vector<const clang::CXXMethodDecl *> &Ms);
  bool checkInits(const clang::CXXConstructorDecl *Ctor);
  bool checkDestructor(const clang::CXXRecordDecl *RD);
  bool checkPrivateCopy(const clang::Expr *Copy, bool Firstprivate,
                        const clang::Expr *Item, const char *Clause);
  bool refuseCopy(const clang::Expr *Item, const char *Clause,
                  const std::string &Member);
  std::set<const clang::CXXRecordDecl *> VtablesChecked;

  // GnuAtomics.cpp: a call of a __sync_* or __atomic_* builtin.
  bool checkGnuAtomicCall(const clang::FunctionDecl *FD,
                          const clang::CallExpr *C, bool &Handled);

  // CallTargets.cpp
  bool checkCallee(const clang::FunctionDecl *FD, const clang::CallExpr *C);
  bool checkApiCall(const std::string &Name, const clang::CallExpr *C);
  bool checkDefined(const clang::FunctionDecl *FD, const std::string &Name);
  bool checkDeviceLambda(const clang::FunctionDecl *Own,
                         const clang::FunctionDecl *Def, bool &Decided);
  bool checkDefinitionFits(const clang::FunctionDecl *Def,
                           const std::string &Name,
                           const std::vector<std::string> &Chain);

  // CallChecker.cpp
  bool checkCopiedObject(const clang::FunctionDecl *FD,
                         const clang::CallExpr *C);
  bool checkBody(const clang::FunctionDecl *Own, const clang::FunctionDecl *Def,
                 std::vector<std::string> Chain, bool Mark);
  bool inDevice(const clang::FunctionDecl *P) const;

  // IndirectCalls.cpp: a call through a function pointer.
  bool checkIndirect(const clang::CallExpr *C);
  /// The callees of the calls seen (visited before their children).
  std::set<const clang::Expr *> DirectCallees;

  // CallDeclarations.cpp
  bool checkElsewhere(const clang::FunctionDecl *FD);
  bool checkVariant(const clang::FunctionDecl *&FD, const clang::CallExpr *C);

  TUState &TU;
  std::vector<TextEdit> *Edits;
  std::set<const clang::FunctionDecl *> &Visiting;
  std::vector<ApiCall> *Calls;
  /// Instantiations whose bodies passed, in this region's check (their
  /// pattern may be marked already for another instantiation).
  std::set<const clang::FunctionDecl *> OwnChecked;
  std::set<const clang::FunctionDecl *> &Checked;
};

} // namespace calls
} // namespace omp2cuda

#endif
