# Nesting matrix (tests/nesting): generated programs covering every legal
# nesting, split and combined, of target, teams, distribute, parallel, for,
# simd and loop, with copy, atomic and reduction bodies over int, float and
# double, built with omp2cuda-cc --backend=emu and compared byte for byte with
# the host reference (gcc -fopenmp -foffload=disable).  Cases that keep a
# region on the host today are listed in known_host.txt.  See run_nesting.py.
#
# The whole matrix (681 cases) takes 13 to 21 minutes on a 2-core machine, so
# CTest runs a seeded subset (OMP2CUDA_NESTING_COUNT cases,
# OMP2CUDA_NESTING_SEED; a count of 0 runs all), and a seeded subset of the
# nested-parallel shape (OMP2CUDA_NESTING_NESTED cases, gen_nesting.py
# --nested).  scripts/nesting-matrix runs everything (--nested -1 adds all
# nested-parallel cases).
# 72 cases, not 120, since stop 42: CI's whole run (README test command,
# sanitizers) reached 46 of its 45 minutes; the seeded subset changes with
# the count, and the script still runs all.
if(TARGET omp2cuda-cc)
  find_package(Python3 COMPONENTS Interpreter QUIET)
  if(Python3_Interpreter_FOUND)
    set(OMP2CUDA_NESTING_COUNT 72 CACHE STRING
        "Cases of the nesting matrix run by CTest (0: all)")
    set(OMP2CUDA_NESTING_SEED 1 CACHE STRING
        "Seed that picks the CTest subset of the nesting matrix")
    set(OMP2CUDA_NESTING_NESTED 12 CACHE STRING
        "Nested-parallel cases of the matrix run by CTest (seeded; -1: all)")
    set(_o2c_nest_args --build ${CMAKE_BINARY_DIR}
        --nested ${OMP2CUDA_NESTING_NESTED}
        --work ${CMAKE_CURRENT_BINARY_DIR}/nesting -j 2)
    if(OMP2CUDA_NESTING_COUNT GREATER 0)
      list(APPEND _o2c_nest_args --count ${OMP2CUDA_NESTING_COUNT}
           --seed ${OMP2CUDA_NESTING_SEED})
    endif()
    add_test(NAME nesting.generated
             COMMAND ${Python3_EXECUTABLE}
                     ${CMAKE_CURRENT_SOURCE_DIR}/nesting/run_nesting.py
                     ${_o2c_nest_args})
    set_tests_properties(nesting.generated PROPERTIES
      LABELS "nesting;exec" TIMEOUT 900 PROCESSORS 2)
  endif()
endif()
