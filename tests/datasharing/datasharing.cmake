# Data-sharing matrix (tests/datasharing): generated programs covering every
# data-sharing clause on every construct level, built with
# omp2cuda-cc --backend=emu and compared byte for byte with the host
# reference (gcc/g++ -fopenmp -foffload=disable).  See run_matrix.py.
#
# The whole matrix (307 cases) takes 4 to 8 minutes on a 2-core machine, so CTest runs a
# seeded subset (OMP2CUDA_DATASHARING_COUNT cases, OMP2CUDA_DATASHARING_SEED;
# a count of 0 runs all).  scripts/datasharing-matrix runs everything.
# 72 cases, not 120, since stop 42: CI's whole run (README test command,
# sanitizers) reached 46 of its 45 minutes; the seeded subset changes with
# the count, and the script still runs all.
if(TARGET omp2cuda-cc)
  find_package(Python3 COMPONENTS Interpreter QUIET)
  if(Python3_Interpreter_FOUND)
    set(OMP2CUDA_DATASHARING_COUNT 72 CACHE STRING
        "Cases of the data-sharing matrix run by CTest (0: all)")
    set(OMP2CUDA_DATASHARING_SEED 1 CACHE STRING
        "Seed that picks the CTest subset of the data-sharing matrix")
    set(_o2c_ds_args --build ${CMAKE_BINARY_DIR}
        --work ${CMAKE_CURRENT_BINARY_DIR}/datasharing -j 2)
    if(OMP2CUDA_DATASHARING_COUNT GREATER 0)
      list(APPEND _o2c_ds_args --count ${OMP2CUDA_DATASHARING_COUNT}
           --seed ${OMP2CUDA_DATASHARING_SEED})
    endif()
    add_test(NAME datasharing.matrix
             COMMAND ${Python3_EXECUTABLE}
                     ${CMAKE_CURRENT_SOURCE_DIR}/datasharing/run_matrix.py
                     ${_o2c_ds_args})
    set_tests_properties(datasharing.matrix PROPERTIES
      LABELS "datasharing;exec" TIMEOUT 900 PROCESSORS 2)
  endif()
endif()
