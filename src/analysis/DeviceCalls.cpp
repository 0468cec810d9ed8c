// Calls in device code: the entry points of the check (CallChecker.h
// holds the checker and names the files of its parts). A region stays
// combined-eligible only if every call can run on the device (seed 000
// §4.2: "no opaque calls").
#include "analysis/CallChecker.h"
#include "analysis/VariantNames.h"
#include "analysis/Instantiations.h"

#include "clang/AST/Attr.h"

using namespace clang;

namespace omp2cuda {

using calls::CallChecker;
using calls::ompDeviceApi;

bool markIfDeviceCallable(const FunctionDecl *F, TUState &TU,
                          std::string *Why) {
  // As for a region (Classify.cpp): what a function that cannot run on the
  // device would have called there is not device code (a callee's link
  // mark named a function no device code calls).
  const std::set<const FunctionDecl *> DeviceFunctionsBefore =
      TU.DeviceFunctions;
  const std::map<const VarDecl *, DeviceGlobal> DeviceGlobalsBefore =
      TU.DeviceGlobals;
  std::set<const FunctionDecl *> Visiting;
  CallChecker C(TU, nullptr, Visiting);
  bool Ok = C.checkFunction(F);
  if (!Ok) {
    TU.DeviceFunctions = DeviceFunctionsBefore;
    TU.DeviceGlobals = DeviceGlobalsBefore;
  }
  if (!Ok && Why)
    *Why = C.Result.Reason;
  return Ok;
}

bool isDeclareTargetFunction(const FunctionDecl *FD) {
  for (const FunctionDecl *Re : FD->redecls())
    for (const auto *A : Re->specific_attrs<OMPDeclareTargetDeclAttr>())
      if (A->getDevType() != OMPDeclareTargetDeclAttr::DT_Host)
        return true;
  return false;
}

bool isOmpDeviceApi(llvm::StringRef Name) { return ompDeviceApi().count(Name); }

Verdict checkDeviceCalls(const Stmt *S, TUState &TU,
                         std::vector<TextEdit> &BodyEdits,
                         std::vector<ApiCall> *Calls, bool OneThread,
                         CallPlace Place) {
  std::set<const FunctionDecl *> Visiting;
  CallChecker C(TU, &BodyEdits, Visiting, Calls);
  C.OneThread = OneThread;
  C.Place = Place;
  C.Root = S;
  C.Region = S->getSourceRange();
  C.AllowDependent = true;
  C.TraverseStmt(const_cast<Stmt *>(S));
  if (!C.Result.Ok || !C.SawDependent)
    return C.Result;
  // A region in a template: each instantiation's copy of it says what its
  // calls through template parameters run (Instantiations.h). The pattern
  // made the edits.
  for (const Stmt *Copy : instantiatedCopies(S, TU.Ctx)) {
    std::set<const FunctionDecl *> InstVisiting;
    CallChecker I(TU, nullptr, InstVisiting);
    I.OneThread = OneThread;
    I.Place = Place;
    I.Root = Copy;
    I.Region = S->getSourceRange();
    I.AllowDependent = true;
    I.InInstance = true;
    I.TraverseStmt(const_cast<Stmt *>(Copy));
    if (!I.Result.Ok)
      return I.Result;
  }
  return {};
}

std::set<std::string> ompApiCalledIn(const Stmt *Body) {
  struct Finder : RecursiveASTVisitor<Finder> {
    std::set<std::string> Names;
    bool VisitCallExpr(CallExpr *C) {
      if (const FunctionDecl *FD = C->getDirectCallee()) {
        std::string N = writtenName(*FD);
        if (ompDeviceApi().count(N))
          Names.insert(N);
      }
      return true;
    }
  } F;
  F.TraverseStmt(const_cast<Stmt *>(Body));
  return F.Names;
}

} // namespace omp2cuda
