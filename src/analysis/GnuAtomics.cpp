// GNU's atomic builtins in device code (CallChecker.h): nvcc's device code
// has neither the __sync_* functions nor the __atomic_* forms, so a call is
// edited to name o2c_dev's (device_rt's omp2cuda/gnu_atomics.h), for
// objects of 4 or 8 bytes of integer, float or double type; any other form
// or type keeps the region on the host [omp2cuda-host-call].
#include "analysis/CallChecker.h"
#include "frontend/FileScope.h"

#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace omp2cuda {
namespace calls {
namespace {

/// The __sync_* and __atomic_* functions (CallExprs) gnu_atomics.h has,
/// as written (Clang names a call of an overloaded one after its size,
/// __sync_fetch_and_add_4).
bool hasSyncForm(llvm::StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases("__sync_fetch_and_add", "__sync_fetch_and_sub",
             "__sync_fetch_and_or", "__sync_fetch_and_and", true)
      .Cases("__sync_fetch_and_xor", "__sync_fetch_and_nand",
             "__sync_add_and_fetch", "__sync_sub_and_fetch", true)
      .Cases("__sync_or_and_fetch", "__sync_and_and_fetch",
             "__sync_xor_and_fetch", "__sync_nand_and_fetch", true)
      .Cases("__sync_val_compare_and_swap", "__sync_bool_compare_and_swap",
             "__sync_lock_test_and_set", "__sync_lock_release", true)
      .Cases("__sync_synchronize", "__atomic_thread_fence",
             "__atomic_signal_fence", true)
      .Default(false);
}

/// The names of the AtomicExpr forms below, as a template's pattern spells
/// them in a call whose arguments are dependent.
bool hasAtomicName(llvm::StringRef Name) {
  if (!Name.consume_front("__atomic_"))
    return false;
  if (Name.consume_front("fetch_"))
    return llvm::is_contained({"add", "sub", "and", "or", "xor", "nand", "min",
                               "max"},
                              Name);
  if (Name.consume_back("_fetch"))
    return llvm::is_contained({"add", "sub", "and", "or", "xor", "nand", "min",
                               "max"},
                              Name);
  return llvm::is_contained({"load_n", "store_n", "exchange_n",
                             "compare_exchange_n"},
                            Name);
}

/// The AtomicExpr forms gnu_atomics.h has: the `_n` ones and the fetch
/// operations (not the generic forms that take the value by pointer, nor
/// C11's __c11_atomic_*).
bool hasAtomicForm(AtomicExpr::AtomicOp Op) {
  switch (Op) {
  case AtomicExpr::AO__atomic_load_n:
  case AtomicExpr::AO__atomic_store_n:
  case AtomicExpr::AO__atomic_exchange_n:
  case AtomicExpr::AO__atomic_compare_exchange_n:
  case AtomicExpr::AO__atomic_fetch_add:
  case AtomicExpr::AO__atomic_fetch_sub:
  case AtomicExpr::AO__atomic_fetch_and:
  case AtomicExpr::AO__atomic_fetch_or:
  case AtomicExpr::AO__atomic_fetch_xor:
  case AtomicExpr::AO__atomic_fetch_nand:
  case AtomicExpr::AO__atomic_fetch_min:
  case AtomicExpr::AO__atomic_fetch_max:
  case AtomicExpr::AO__atomic_add_fetch:
  case AtomicExpr::AO__atomic_sub_fetch:
  case AtomicExpr::AO__atomic_and_fetch:
  case AtomicExpr::AO__atomic_or_fetch:
  case AtomicExpr::AO__atomic_xor_fetch:
  case AtomicExpr::AO__atomic_nand_fetch:
  case AtomicExpr::AO__atomic_min_fetch:
  case AtomicExpr::AO__atomic_max_fetch:
    return true;
  default:
    return false;
  }
}

/// Why the object P points to cannot be updated by gnu_atomics.h, or
/// empty: it must be an integer (not bool, nor an enumeration), float or
/// double, of 4 or 8 bytes.
std::string unfitObject(const Expr *P, const ASTContext &Ctx) {
  QualType T = P->getType();
  if (!T->isPointerType())
    return "an object that is no pointer's";
  T = T->getPointeeType();
  bool Number =
      (T->isIntegerType() && !T->isBooleanType() && !T->isEnumeralType()) ||
      T->isSpecificBuiltinType(BuiltinType::Float) ||
      T->isSpecificBuiltinType(BuiltinType::Double);
  if (!Number || T.isVolatileQualified() || T->isAtomicType())
    return "an object of type '" + T.getAsString() + "'";
  uint64_t Size = Ctx.getTypeSize(T) / 8;
  if (Size != 4 && Size != 8)
    return "an object of " + std::to_string(Size) + " bytes";
  return "";
}

/// Keeps the region on the host for Why (reported at At, where the main
/// file holds it), or names o2c_dev's form of the builtin at [B, E).
bool refuseOrRename(const std::string &Why, SourceLocation At,
                    const SourceManager &SM, unsigned B, unsigned E,
                    llvm::StringRef Name, Verdict &Result,
                    std::vector<TextEdit> *Edits) {
  if (!Why.empty()) {
    Result = Verdict::no(DiagId::HostCall, "it calls " + Why);
    if (inMainFile(SM, SM.getExpansionLoc(At)))
      Result.Where = SM.getExpansionLoc(At);
    return false;
  }
  if (Edits)
    Edits->push_back({B, E - B, "o2c_dev::" + Name.drop_front(2).str()});
  return true;
}

} // namespace

/// A call of a GNU atomic builtin (Handled), or not one.
bool CallChecker::checkGnuAtomicCall(const FunctionDecl *FD, const CallExpr *C,
                                     bool &Handled) {
  Handled = false;
  if (!FD->getBuiltinID() || !C)
    return true;
  const SourceManager &SM = TU.Ctx.getSourceManager();
  const Expr *Callee = C->getCallee()->IgnoreParenImpCasts();
  unsigned B, E;
  bool Spelled =
      fileOffsets(SM, TU.Ctx.getLangOpts(), Callee->getSourceRange(), B, E);
  llvm::StringRef Name =
      Spelled ? SM.getBufferData(SM.getMainFileID()).substr(B, E - B)
              : llvm::StringRef(FD->getName());
  if (!Name.starts_with("__sync_") && !Name.starts_with("__atomic_"))
    return true;
  Handled = true;
  std::string Why;
  if (!hasSyncForm(Name))
    Why = "'" + Name.str() + "', which device code has no form of";
  else if (!Spelled)
    Why = "'" + Name.str() + "' written in a macro, whose call cannot be "
          "edited to name the device's";
  else if (C->getNumArgs() > 0 && !Name.contains("fence"))
    if (std::string U = unfitObject(C->getArg(0), TU.Ctx); !U.empty())
      Why = "'" + Name.str() + "' on " + U +
            ", which device code has no form of (integers, float and "
            "double of 4 or 8 bytes)";
  return refuseOrRename(Why, C->getBeginLoc(), SM, B, E, Name, Result, Edits);
}

bool CallChecker::VisitAtomicExpr(AtomicExpr *AE) {
  const SourceManager &SM = TU.Ctx.getSourceManager();
  SourceLocation L = AE->getBuiltinLoc();
  unsigned B, E;
  bool Spelled = fileOffsets(SM, TU.Ctx.getLangOpts(), SourceRange(L, L), B, E);
  llvm::StringRef Name =
      Spelled ? SM.getBufferData(SM.getMainFileID()).substr(B, E - B) : "";
  std::string Why;
  if (!hasAtomicForm(AE->getOp()) || !Name.starts_with("__atomic_"))
    Why = "an atomic builtin (" +
          (Name.empty() ? std::string("in a macro") : "'" + Name.str() + "'") +
          ") that device code has no form of (the __atomic_*_n and fetch "
          "operations are translated)";
  else if (std::string U = unfitObject(AE->getPtr(), TU.Ctx); !U.empty())
    Why = "'" + Name.str() + "' on " + U +
          ", which device code has no form of (integers, float and double of "
          "4 or 8 bytes)";
  return refuseOrRename(Why, AE->getBeginLoc(), SM, B, E, Name, Result,
                        Edits);
}

/// Names o2c_dev's form of the builtin spelled at R in the main file, when
/// Known takes its name.
static void renameBuiltin(const ASTContext &Ctx, SourceRange R,
                          bool Known(llvm::StringRef),
                          std::vector<TextEdit> &Out) {
  const SourceManager &SM = Ctx.getSourceManager();
  unsigned B, E;
  if (!fileOffsets(SM, Ctx.getLangOpts(), R, B, E))
    return;
  llvm::StringRef Name = SM.getBufferData(SM.getMainFileID()).substr(B, E - B);
  if (Known(Name))
    Out.push_back({B, E - B, "o2c_dev::" + Name.drop_front(2).str()});
}

static bool isAtomicBuiltinName(llvm::StringRef N) {
  return N.starts_with("__atomic_");
}

std::vector<TextEdit> gnuAtomicEdits(const Stmt *Body, const ASTContext &Ctx) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const ASTContext &Ctx;
    std::vector<TextEdit> Out;
    explicit Finder(const ASTContext &Ctx) : Ctx(Ctx) {}
    void rename(SourceRange R, bool Known(llvm::StringRef)) {
      renameBuiltin(Ctx, R, Known, Out);
    }
    bool VisitCallExpr(CallExpr *C) {
      // A template's pattern has a call where its instantiations have an
      // AtomicExpr (`__atomic_fetch_add(p, (T)1, o)`; review rv41 a12), and
      // the pattern's text is what the output keeps.
      const FunctionDecl *FD = C->getDirectCallee();
      if (!FD || !FD->getBuiltinID())
        return true;
      bool (*Known)(llvm::StringRef) = hasSyncForm;
      if (C->isTypeDependent() || C->isValueDependent())
        Known = [](llvm::StringRef N) {
          return hasSyncForm(N) || hasAtomicName(N);
        };
      rename(C->getCallee()->IgnoreParenImpCasts()->getSourceRange(), Known);
      return true;
    }
    bool VisitAtomicExpr(AtomicExpr *AE) {
      if (hasAtomicForm(AE->getOp()))
        rename(SourceRange(AE->getBuiltinLoc()), isAtomicBuiltinName);
      return true;
    }
  } F(Ctx);
  F.TraverseStmt(const_cast<Stmt *>(Body));
  return F.Out;
}

/// Whether nvcc's host compilers (EDG, GCC) lack AE's form: clang's
/// fetch operations on float and double, and its min and max.
static bool clangOnlyForm(const AtomicExpr *AE) {
  switch (AE->getOp()) {
  case AtomicExpr::AO__atomic_fetch_min:
  case AtomicExpr::AO__atomic_fetch_max:
  case AtomicExpr::AO__atomic_min_fetch:
  case AtomicExpr::AO__atomic_max_fetch:
    return true;
  case AtomicExpr::AO__atomic_fetch_add:
  case AtomicExpr::AO__atomic_fetch_sub:
  case AtomicExpr::AO__atomic_add_fetch:
  case AtomicExpr::AO__atomic_sub_fetch: {
    QualType T = AE->getPtr()->getType();
    return T->isPointerType() && T->getPointeeType()->isRealFloatingType();
  }
  default:
    return false;
  }
}

std::vector<TextEdit> hostGnuAtomicEdits(const ASTContext &Ctx) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const ASTContext &Ctx;
    std::vector<TextEdit> Out;
    explicit Finder(const ASTContext &Ctx) : Ctx(Ctx) {}
    bool VisitAtomicExpr(AtomicExpr *AE) {
      if (clangOnlyForm(AE) && unfitObject(AE->getPtr(), Ctx).empty())
        renameBuiltin(Ctx, SourceRange(AE->getBuiltinLoc()),
                      isAtomicBuiltinName, Out);
      return true;
    }
  } F(Ctx);
  const SourceManager &SM = Ctx.getSourceManager();
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (inMainFile(SM, SM.getExpansionLoc(D->getLocation())))
      F.TraverseDecl(D);
  return F.Out;
}

} // namespace calls
} // namespace omp2cuda
