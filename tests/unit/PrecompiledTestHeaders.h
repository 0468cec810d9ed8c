// The tool's precompiled headers and what the tool's unit tests add to them
// (OMP2CUDA_PCH; CMakeLists.txt): Catch2's single header and LibTooling's
// AST builders.
#include "PrecompiledHeaders.h"

#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <catch2/catch.hpp>
