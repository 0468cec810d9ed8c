# Regions left on the host inside device data environments (issue 8): each
# program here is built with omp2cuda-cc --backend=emu and with the host
# compiler, and both must print the same (scripts/run-suite --strict).
if(TARGET omp2cuda-cc)
  add_test(NAME fallback.differential
           COMMAND python3 ${PROJECT_SOURCE_DIR}/scripts/run-suite
                   ${CMAKE_CURRENT_SOURCE_DIR}/fallback --compare-host --strict
                   -j 2 --build ${CMAKE_BINARY_DIR})
  set_tests_properties(fallback.differential PROPERTIES LABELS "exec" PROCESSORS 2
                       TIMEOUT 900)
endif()
# The same for programs GCC 12 cannot build (the iterator modifier in map
# clauses): their host build is clang 19's, at OpenMP 5.2.
if(TARGET omp2cuda-cc)
  add_test(NAME fallback.differential_clang
           COMMAND python3 ${PROJECT_SOURCE_DIR}/scripts/run-suite
                   ${PROJECT_SOURCE_DIR}/tests/fallback_clang --compare-host
                   --host-cc clang --strict -j 2 --build ${CMAKE_BINARY_DIR})
  set_tests_properties(fallback.differential_clang PROPERTIES LABELS "exec"
                       PROCESSORS 2 TIMEOUT 900)
endif()
