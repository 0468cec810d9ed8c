// The using-directives, using-declarations and namespace aliases of the
// blocks around a region: the region's text relies on them (`using
// namespace cfg;` ... `twice(21)`), and its kernel, at file scope or in the
// function's namespace, re-declares them at its top. Where that would mean
// something else than the block did, the region stays on the host (review
// rQ of q20: t7.cpp, t10.cpp, t19.cpp, t30.cpp, t1.cpp).
#include "analysis/RegionSteps.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <map>

using namespace clang;

namespace omp2cuda {
namespace {

/// N's name from the global scope (`::app::inner`: a kernel inside a
/// namespace with an `app` of its own would find that one); empty for an
/// anonymous namespace, whose members its enclosing scope sees anyway.
std::string namespaceName(const NamespaceDecl *N, const ASTContext &Ctx) {
  if (!N || N->isAnonymousNamespace())
    return "";
  std::string S;
  llvm::raw_string_ostream OS(S);
  N->printQualifiedName(OS, typePolicy(Ctx));
  return "::" + OS.str();
}

/// Whether the region S spells a name through the alias NA (`d::f`).
bool namesAlias(const Stmt &S, const NamespaceAliasDecl *NA) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const NamespaceAliasDecl *NA;
    bool Found = false;
    bool TraverseNestedNameSpecifierLoc(NestedNameSpecifierLoc L) {
      for (NestedNameSpecifierLoc Q = L; Q; Q = Q.getPrefix())
        if (Q.getNestedNameSpecifier()->getAsNamespaceAlias() == NA)
          Found = true;
      return !Found;
    }
  } F;
  F.NA = NA;
  F.TraverseStmt(const_cast<Stmt *>(&S));
  return F.Found;
}

/// What is the block's D, for a warning.
std::string described(const Decl *D) {
  if (const auto *NA = dyn_cast<NamespaceAliasDecl>(D))
    return "the namespace alias '" + NA->getNameAsString() + "'";
  return "the using-declaration of '" + cast<NamedDecl>(D)->getNameAsString() +
         "'";
}

Verdict refuse(const Decl *D) {
  Verdict V = Verdict::no(DiagId::HostContext,
                          "a block around the region holds " + described(D) +
                              ", which its kernel, outside the block, cannot "
                              "re-declare with the same meaning");
  V.Where = D->getLocation();
  return V;
}

/// Whether a type or namespace name that D declares at block scope (for
/// Targets) is also declared where the kernel's own declarations look it up
/// (the global scope, the function's namespaces): at the top of the kernel,
/// D would hide it from the kernel's parameters and copies too (`using
/// cfg::G;` and a private copy of a global `G`), where the block hid it from
/// the region's text only.
bool hidesOuterName(const NamedDecl *D, const std::set<const Decl *> &Targets,
                    const DeclContext *Fn) {
  for (const DeclContext *DC = Fn; DC; DC = DC->getParent()) {
    if (!DC->isFileContext())
      continue;
    for (const NamedDecl *Found : DC->lookup(D->getDeclName())) {
      const NamedDecl *T = Found;
      if (const auto *Sh = dyn_cast<UsingShadowDecl>(Found))
        T = Sh->getTargetDecl();
      if (!Targets.count(T->getCanonicalDecl()))
        return true;
    }
  }
  return false;
}

/// Whether the using-declaration UD brings in a type, a template or a
/// namespace-like name that a declaration's spelling could start with.
bool declaresTypeName(const UsingDecl *UD) {
  for (const UsingShadowDecl *Sh : UD->shadows())
    if (isa<TypeDecl, TemplateDecl>(Sh->getTargetDecl()))
      return true;
  return false;
}

/// D re-declared at the top of a kernel (Text empty: nothing to declare),
/// or why it cannot be.
Verdict usingText(const Decl *D, const Stmt &S, const DeclContext *Fn,
                  const ASTContext &Ctx, const std::set<std::string> &Params,
                  std::string &Text) {
  Text.clear();
  if (const auto *UD = dyn_cast<UsingDirectiveDecl>(D)) {
    // A namespace's names join the global scope's in lookup: a clash is an
    // ambiguity, which the compiler reports, not another meaning.
    std::string N = namespaceName(UD->getNominatedNamespace(), Ctx);
    Text = N.empty() ? "" : "using namespace " + N + ";";
    return {};
  }
  if (const auto *NA = dyn_cast<NamespaceAliasDecl>(D)) {
    // A parameter of its name hides it: the region cannot need it then,
    // unless it names it (`d::f` finds the alias past a variable d).
    if (Params.count(NA->getNameAsString()))
      return namesAlias(S, NA) ? refuse(D) : Verdict{};
    if (hidesOuterName(NA, {NA->getNamespace()->getCanonicalDecl()}, Fn))
      return refuse(D);
    std::string N = namespaceName(NA->getNamespace(), Ctx);
    Text = N.empty() ? "" : "namespace " + NA->getNameAsString() + " = " + N +
                                ";";
    return {};
  }
  if (const auto *UE = dyn_cast<UsingEnumDecl>(D)) {
    Text = "using enum " +
           declText(Ctx.getTypeDeclType(UE->getEnumDecl()), "", Ctx) + ";";
    return {};
  }
  const auto *UD = dyn_cast<UsingDecl>(D);
  if (!UD)
    return {};
  // The kernel takes the variables the region uses as parameters of the
  // same names: a using-declaration of one is not needed there.
  for (const UsingShadowDecl *Sh : UD->shadows())
    if (isa<VarDecl>(Sh->getTargetDecl()))
      return {};
  std::set<const Decl *> Targets;
  for (const UsingShadowDecl *Sh : UD->shadows())
    Targets.insert(Sh->getTargetDecl()->getCanonicalDecl());
  if (Params.count(UD->getNameAsString()) ||
      (declaresTypeName(UD) && hidesOuterName(UD, Targets, Fn)))
    return refuse(D);
  const NestedNameSpecifier *Q = UD->getQualifier();
  std::string N;
  if (!Q)
    return refuse(D);
  if (const NamespaceDecl *NS = Q->getAsNamespace())
    N = namespaceName(NS, Ctx);
  else if (const NamespaceAliasDecl *NA = Q->getAsNamespaceAlias())
    N = namespaceName(NA->getNamespace(), Ctx);
  else if (Q->getKind() != NestedNameSpecifier::Global)
    // `using Color::red;` (C++20) names an enumerator through its enum.
    return refuse(D);
  if (N.empty() && Q->getKind() != NestedNameSpecifier::Global)
    return refuse(D);
  Text = "using " + N + "::" + UD->getNameAsString() + ";";
  return {};
}

/// The name a using-declaration or namespace alias declares in its block,
/// empty for a using-directive (which declares none).
std::string declaredName(const Decl *D) {
  if (isa<UsingDecl, NamespaceAliasDecl>(D))
    return cast<NamedDecl>(D)->getNameAsString();
  return "";
}

} // namespace

Verdict blockUsings(const Stmt &S, ASTContext &Ctx,
                    const std::set<std::string> &Params,
                    std::vector<std::string> &Out) {
  std::vector<std::vector<std::string>> PerBlock;
  // Which block (counted from the region outwards) first declared a name:
  // the kernel puts every block's usings in one scope, where an inner
  // block's `using b::f;` no longer hides the outer `using a::f;`.
  std::map<std::string, size_t> DeclaredIn;
  const DeclContext *Fn = nullptr;
  DynTypedNode Child = DynTypedNode::create(S);
  for (DynTypedNodeList Ps = Ctx.getParents(S); !Ps.empty();
       Ps = Ctx.getParents(Child)) {
    DynTypedNode P = Ps[0];
    if (const auto *FD = P.get<FunctionDecl>(); FD && !Fn)
      Fn = FD;
    Child = P;
  }
  Child = DynTypedNode::create(S);
  for (DynTypedNodeList Ps = Ctx.getParents(S); !Ps.empty();
       Ps = Ctx.getParents(Child)) {
    DynTypedNode P = Ps[0];
    if (const auto *CS = P.get<CompoundStmt>()) {
      std::vector<std::string> Here;
      size_t Block = PerBlock.size();
      for (const Stmt *Sub : CS->body()) {
        if (Sub == Child.get<Stmt>())
          break;
        const auto *DS = dyn_cast<DeclStmt>(Sub);
        if (!DS)
          continue;
        for (const Decl *D : DS->decls()) {
          std::string T;
          if (Verdict V = usingText(D, S, Fn, Ctx, Params, T); !V.Ok)
            return V;
          if (T.empty())
            continue;
          if (std::string N = declaredName(D); !N.empty()) {
            auto [It, New] = DeclaredIn.emplace(N, Block);
            if (!New && It->second != Block)
              return refuse(D);
          }
          Here.push_back(T);
        }
      }
      PerBlock.push_back(std::move(Here));
    }
    Child = P;
  }
  Out.clear();
  for (auto It = PerBlock.rbegin(); It != PerBlock.rend(); ++It)
    Out.insert(Out.end(), It->begin(), It->end());
  return {};
}

} // namespace omp2cuda
