# CI builds the tool and its unit tests from scratch in unity batches
# (OMP2CUDA_UNITY), where the sources of a batch share one translation unit:
# two anonymous-namespace functions or classes of the same name in two
# sources, or a `using namespace` that makes a later name ambiguous, break
# that build, and which sources share a batch changes as files are added.
# A developer's build (ccache, no batches) gets a check instead: all of a
# target's sources in one translation unit, parsed only (-fsyntax-only,
# about 100 s of CPU for the tool). Each batch is a subset of it in the
# same order, so when the whole compiles, every batching does.
#   omp2cuda_unity_check(TARGET)  defines TARGET_unity_check (not built by
#                                 default); tests/unit registers the test.
function(omp2cuda_unity_check target)
  if(OMP2CUDA_UNITY)
    return()
  endif()
  get_target_property(srcs ${target} SOURCES)
  add_library(${target}_unity_check OBJECT EXCLUDE_FROM_ALL ${srcs})
  foreach(prop INCLUDE_DIRECTORIES COMPILE_DEFINITIONS COMPILE_OPTIONS LINK_LIBRARIES)
    get_target_property(value ${target} ${prop})
    if(value)
      set_property(TARGET ${target}_unity_check PROPERTY ${prop} ${value})
    endif()
  endforeach()
  # Copied include directories lose SYSTEM: Clang's headers would warn.
  target_include_directories(${target}_unity_check SYSTEM PRIVATE
    ${LLVM_INCLUDE_DIRS} ${CLANG_INCLUDE_DIRS})
  target_compile_options(${target}_unity_check PRIVATE -fsyntax-only)
  set_target_properties(${target}_unity_check PROPERTIES
    UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 0)
endfunction()
