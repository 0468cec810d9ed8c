# Fallback fuzzer (tests/fallback_fuzz, issue 8): random programs that mix
# translated target regions with regions omp2cuda leaves on the host, inside
# device data environments, built with omp2cuda-cc --backend=emu and compared
# byte for byte (stdout and exit status) with the host reference
# (gcc/g++ -fopenmp -foffload=disable).  See run_programs.py.
#
# Each program takes about 2.5 s of CPU (translation, two builds, three runs),
# so CTest runs a bounded, seeded batch: OMP2CUDA_FALLBACK_FUZZ_COUNT programs
# of seed OMP2CUDA_FALLBACK_FUZZ_SEED, plus the reproducers of
# known_failures.txt.  40 programs take about 100 s of CPU: about 1 min on an
# idle 2-core machine, 2 min (measured: 125 s) while other builds load it.
# scripts/fallback-fuzz runs as many as you like.
if(TARGET omp2cuda-cc)
  find_package(Python3 COMPONENTS Interpreter QUIET)
  if(Python3_Interpreter_FOUND)
    set(OMP2CUDA_FALLBACK_FUZZ_COUNT 40 CACHE STRING
        "Programs of the fallback fuzzer run by CTest")
    set(OMP2CUDA_FALLBACK_FUZZ_SEED 1 CACHE STRING
        "Seed of the fallback fuzzer's CTest batch")
    add_test(NAME fallback.fuzz
             COMMAND ${Python3_EXECUTABLE}
                     ${CMAKE_CURRENT_SOURCE_DIR}/fallback_fuzz/run_programs.py
                     --build ${CMAKE_BINARY_DIR}
                     --work ${CMAKE_CURRENT_BINARY_DIR}/fallback_fuzz -j 2
                     --count ${OMP2CUDA_FALLBACK_FUZZ_COUNT}
                     --seed ${OMP2CUDA_FALLBACK_FUZZ_SEED})
    set_tests_properties(fallback.fuzz PROPERTIES
      LABELS "fallback;exec" TIMEOUT 900 PROCESSORS 2)
  endif()
endif()
