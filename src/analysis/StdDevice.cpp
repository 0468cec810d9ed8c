// Which functions of the C and C++ standard library device code may call.
// Three sources of device versions (README "The standard library on the
// device"):
//  - CUDA's headers: the C math library and printf/malloc/..., and the
//    <cmath> overloads in std (float, double and integer arguments);
//  - nvcc's --expt-relaxed-constexpr, which omp2cuda-cc, the CMake function
//    and the tests pass: every constexpr function is also a device function
//    (std::min/max/clamp, std::numeric_limits, std::array and std::pair
//    members, std::complex's constructors and accessors, ...). Only the
//    families listed below qualify: their bodies call nothing else of the
//    host's (arithmetic on arithmetic types and trivially copyable values);
//  - omp2cuda/std_device.h and std_complex.h: non-template overloads for
//    what libstdc++ leaves non-constexpr in C++17 (std::complex arithmetic
//    and math functions, std::swap of values and pointers), which nvcc's
//    overload resolution prefers to libstdc++'s templates.
// Everything else of the standard library keeps the region on the host.
#include "analysis/StdDevice.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace omp2cuda {

namespace {

/// C library functions CUDA provides in device code (also the <cmath>
/// overloads in std of the same names).
bool isCLibraryName(llvm::StringRef N) {
  static const llvm::StringSet<> S = {
      "printf",        "malloc",       "free",          "memcpy",
      "memset",        "abs",          "labs",          "llabs",
      "__assert_fail", "__assert_rtn", "__assert",      "__builtin_expect",
      "sqrt",          "cbrt",         "hypot",         "exp",
      "exp2",          "exp10",        "expm1",         "log",
      "log2",          "log10",        "log1p",         "pow",
      "sin",           "cos",          "tan",           "asin",
      "acos",          "atan",         "atan2",         "sinh",
      "cosh",          "tanh",         "asinh",         "acosh",
      "atanh",         "fabs",         "floor",         "ceil",
      "round",         "trunc",        "rint",          "nearbyint",
      "lround",        "llround",      "lrint",         "llrint",
      "fmod",          "remainder",    "remquo",        "fmin",
      "fmax",          "fdim",         "fma",           "copysign",
      "frexp",         "ldexp",        "modf",          "scalbn",
      "scalbln",       "ilogb",        "logb",          "nextafter",
      "erf",           "erfc",         "tgamma",        "lgamma",
      // Of the classification functions only those seen right on a GPU:
      // nvcc's device code answered 0 for every value to fpclassify and
      // isnormal on an H100, and the comparison macros (isgreater, ...)
      // were not checked there (CallRules.cpp refuses their builtins too).
      "isnan",         "isinf",        "isfinite",      "signbit",
      "nan",           "sincos"};
  if (S.count(N))
    return true;
  // float and long double variants: sqrtf, fabsl, ...
  if (N.size() > 1 && (N.back() == 'f' || N.back() == 'l'))
    return S.count(N.drop_back()) != 0;
  return false;
}

/// std::complex functions omp2cuda/std_complex.h gives device versions of,
/// for complex<float> and complex<double>.
bool isComplexFunction(llvm::StringRef N) {
  static const llvm::StringSet<> S = {
      "operator+",  "operator-",  "operator*",  "operator/", "operator+=",
      "operator-=", "operator*=", "operator/=", "abs",       "arg",
      "norm",       "conj",       "proj",       "exp",       "log",
      "log10",      "sqrt",       "sin",        "cos",       "tan",
      "asin",       "acos",       "atan",       "sinh",      "cosh",
      "tanh",       "asinh",      "acosh",      "atanh",     "pow",
      "polar"};
  return S.count(N) != 0;
}

/// The namespace-scope function templates of std whose constexpr
/// specialisations device code may call, for arithmetic arguments.
bool isConstexprAlgorithm(llvm::StringRef N) {
  return N == "min" || N == "max" || N == "clamp" || N == "minmax";
}

bool inStd(const Decl *D) {
  const DeclContext *DC = D->getDeclContext();
  while (DC && !DC->isFileContext())
    DC = DC->getParent();
  return DC && DC->isStdNamespace();
}

QualType bare(QualType T) {
  return T.getNonReferenceType().getUnqualifiedType().getCanonicalType();
}

/// A class template specialisation of std named Name; its first argument.
const ClassTemplateSpecializationDecl *stdSpec(QualType T,
                                               llvm::StringRef Name) {
  const auto *RD = bare(T)->getAsCXXRecordDecl();
  const auto *S = dyn_cast_or_null<ClassTemplateSpecializationDecl>(RD);
  if (!S || S->getName() != Name || !inStd(S))
    return nullptr;
  return S;
}

/// T when S is std::complex<T> with T float or double.
QualType complexElement(const ClassTemplateSpecializationDecl *S) {
  if (!S || S->getName() != "complex" || S->getTemplateArgs().size() != 1 ||
      S->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return {};
  QualType E = S->getTemplateArgs()[0].getAsType().getCanonicalType();
  if (!E->isSpecificBuiltinType(BuiltinType::Float) &&
      !E->isSpecificBuiltinType(BuiltinType::Double))
    return {};
  return E;
}
QualType complexElement(QualType Ty) {
  return complexElement(stdSpec(Ty, "complex"));
}

bool isValue(QualType T) {
  T = bare(T);
  return T->isArithmeticType() || T->isPointerType() || T->isEnumeralType();
}

/// Every parameter is a number, or a pointer to one (frexp, modf, sincos).
bool arithmeticParams(const FunctionDecl *FD) {
  for (const ParmVarDecl *P : FD->parameters()) {
    QualType T = bare(P->getType());
    if (T->isPointerType())
      T = T->getPointeeType();
    if (!T->isArithmeticType())
      return false;
  }
  return true;
}

/// The call matches an overload of std_complex.h: every parameter is
/// complex<T> or T, for one T, and at least one is complex<T>.
bool complexOverload(const FunctionDecl *FD) {
  QualType T;
  for (const ParmVarDecl *P : FD->parameters())
    if (QualType E = complexElement(P->getType()); !E.isNull())
      T = E;
  if (T.isNull())
    return FD->getName() == "polar" && FD->getNumParams() == 2 &&
           bare(FD->getParamDecl(0)->getType())->isFloatingType() &&
           !bare(FD->getParamDecl(0)->getType())
                ->isSpecificBuiltinType(BuiltinType::LongDouble) &&
           bare(FD->getParamDecl(0)->getType()) ==
               bare(FD->getParamDecl(1)->getType());
  for (const ParmVarDecl *P : FD->parameters()) {
    QualType PT = bare(P->getType());
    if (PT != T && complexElement(PT) != T)
      return false;
  }
  return true;
}

/// Element types std::array, std::pair and friends may hold on the device:
/// copying them runs no code of the host's.
bool deviceElement(QualType T) {
  T = bare(T);
  return T->isArithmeticType() || T->isPointerType() || T->isEnumeralType() ||
         (T->isRecordType() &&
          T.isTriviallyCopyableType(T->getAsCXXRecordDecl()->getASTContext()));
}

/// Values whose comparison runs no code of the host's.
bool plainElement(QualType T) {
  return isValue(T) || !complexElement(T).isNull();
}

bool deviceTemplateArgs(const ClassTemplateSpecializationDecl *S) {
  for (const TemplateArgument &A : S->getTemplateArgs().asArray())
    if (A.getKind() == TemplateArgument::Type && !deviceElement(A.getAsType()))
      return false;
  return true;
}

/// The types omp2cuda/std_device.h overloads std::swap for.
bool swapOverload(QualType T) {
  T = bare(T);
  if (T->isPointerType())
    return true;
  const auto *B = T->getAs<BuiltinType>();
  if (!B)
    return false;
  switch (B->getKind()) {
  case BuiltinType::Bool:
  case BuiltinType::Char_S:
  case BuiltinType::Char_U:
  case BuiltinType::SChar:
  case BuiltinType::UChar:
  case BuiltinType::Short:
  case BuiltinType::UShort:
  case BuiltinType::Int:
  case BuiltinType::UInt:
  case BuiltinType::Long:
  case BuiltinType::ULong:
  case BuiltinType::LongLong:
  case BuiltinType::ULongLong:
  case BuiltinType::Float:
  case BuiltinType::Double:
    return true;
  default:
    return false;
  }
}

StdCall no(std::string Why) { return {true, false, std::move(Why)}; }
StdCall yes() { return {true, true, ""}; }

StdCall memberCall(const CXXMethodDecl *M, const std::string &Q,
                   bool HaveComplex) {
  const auto *S = dyn_cast<ClassTemplateSpecializationDecl>(M->getParent());
  llvm::StringRef Class = S ? S->getName() : "";
  if (Class != "complex" && Class != "array" && Class != "pair" &&
      Class != "numeric_limits")
    return no("it calls '" + Q + "', which has no device version");
  // z += w, z *= w, ... with a complex w of the same type (libstdc++'s
  // member template, constexpr from C++20): std_complex.h's overloads.
  // With a number (z *= 2.0) there is no overload that would not be
  // ambiguous with libstdc++'s member.
  QualType T = complexElement(S);
  if (!T.isNull() && M->getOverloadedOperator() != OO_None &&
      M->getNumParams() == 1 && isComplexFunction(M->getNameAsString()) &&
      complexElement(M->getParamDecl(0)->getType()) == T && !M->isConstexpr())
    return HaveComplex ? yes()
                       : no("it calls '" + Q +
                            "', and the file does not "
                            "#include <complex> itself");
  if (!deviceTemplateArgs(S))
    return no("it calls '" + Q + "' on elements that are not plain values");
  if (M->getName() == "at")
    return no("it calls '" + Q +
              "', which throws on the host where the "
              "device could not");
  if (M->isTrivial() || M->isDefaulted() || M->isConstexpr())
    return yes();
  return no("it calls '" + Q +
            "', which is not constexpr in this C++ "
            "version and has no device version");
}

} // namespace

StdCall stdDeviceCall(const FunctionDecl *FD, ASTContext &Ctx) {
  std::string Name = FD->getNameAsString();
  const DeclContext *DC = FD->getDeclContext()->getRedeclContext();
  // The C library: global functions of the C library's names (including a
  // program's own definition of one, as before).
  if (DC->isTranslationUnit() && isCLibraryName(Name))
    return yes();
  if (!inStd(FD))
    return {};
  std::string Q = FD->getQualifiedNameAsString();
  bool HaveComplex = stdComplexIncludeEnd(Ctx).has_value();
  if (const auto *M = dyn_cast<CXXMethodDecl>(FD))
    return memberCall(M, Q, HaveComplex);
  if (isCLibraryName(Name) && arithmeticParams(FD))
    return yes();
  if (isComplexFunction(Name) && complexOverload(FD)) {
    if (HaveComplex)
      return yes();
    return no("it calls '" + Q +
              "', and the file does not #include "
              "<complex> itself");
  }
  bool Values = llvm::all_of(FD->parameters(), [](const ParmVarDecl *P) {
    return isValue(P->getType());
  });
  if (Name == "swap" && FD->getNumParams() == 2 &&
      (swapOverload(FD->getParamDecl(0)->getType()) ||
       (Values && FD->isConstexpr())))
    return yes();
  if (isConstexprAlgorithm(Name) && FD->isConstexpr()) {
    bool Ok = llvm::all_of(FD->parameters(), [](const ParmVarDecl *P) {
      if (const auto *IL = stdSpec(P->getType(), "initializer_list"))
        return isValue(IL->getTemplateArgs()[0].getAsType());
      return isValue(P->getType());
    });
    if (Ok)
      return yes();
    return no("it calls '" + Q +
              "' with values other than numbers or "
              "pointers (or with a comparison function)");
  }
  if ((Name == "make_pair" || Name == "get" || Name == "real" ||
       Name == "imag" || Name == "operator==" || Name == "operator!=") &&
      FD->isConstexpr()) {
    bool Ok = llvm::all_of(FD->parameters(), [](const ParmVarDecl *P) {
      QualType T = bare(P->getType());
      for (const char *C : {"pair", "array"})
        if (const auto *S = stdSpec(T, C))
          return llvm::all_of(S->getTemplateArgs().asArray(),
                              [](const TemplateArgument &A) {
                                return A.getKind() != TemplateArgument::Type ||
                                       plainElement(A.getAsType());
                              });
      return plainElement(T);
    });
    if (Ok)
      return yes();
  }
  return no("it calls '" + Q + "', which has no device version");
}

std::optional<unsigned> stdComplexIncludeEnd(ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const NamedDecl *Complex = nullptr;
  for (const NamedDecl *N :
       Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get("std")))
    if (const auto *Std = dyn_cast<NamespaceDecl>(N))
      for (const NamedDecl *D : Std->lookup(&Ctx.Idents.get("complex")))
        if (isa<ClassTemplateDecl>(D))
          Complex = D;
  if (!Complex)
    return std::nullopt;
  SourceLocation L = SM.getExpansionLoc(Complex->getLocation());
  // Up the include chain to the main file's own #include line.
  while (L.isValid() && !SM.isInMainFile(L)) {
    SourceLocation Inc = SM.getIncludeLoc(SM.getFileID(L));
    if (Inc.isInvalid())
      return std::nullopt;
    L = SM.getExpansionLoc(Inc);
  }
  if (L.isInvalid() || L.isMacroID())
    return std::nullopt;
  llvm::StringRef Buf = SM.getBufferData(SM.getMainFileID());
  unsigned Off = SM.getFileOffset(L);
  while (Off < Buf.size() && Buf[Off] != '\n')
    ++Off;
  return Off;
}

} // namespace omp2cuda
