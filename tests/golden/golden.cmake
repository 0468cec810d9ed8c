# One CTest test per golden input (scripts/golden NAME).
if(TARGET omp2cuda)
  file(GLOB GOLDEN_INPUTS CONFIGURE_DEPENDS
       ${CMAKE_CURRENT_SOURCE_DIR}/golden/inputs/*.c
       ${CMAKE_CURRENT_SOURCE_DIR}/golden/inputs/*.cpp)
  foreach(in ${GOLDEN_INPUTS})
    get_filename_component(name ${in} NAME)
    get_filename_component(base ${in} NAME_WE)
    add_test(NAME golden.${base}
             COMMAND ${PROJECT_SOURCE_DIR}/scripts/golden --tool $<TARGET_FILE:omp2cuda> ${name})
  endforeach()
endif()

# Ladder step 3: every expected .cu compiles with nvcc, warning-free.
find_program(OMP2CUDA_NVCC nvcc HINTS ${OMP2CUDA_CUDA_ROOT}/bin /usr/local/cuda/bin)
# nvcc's host compiler is omp2cuda-cc's default, clang++-19, where present.
find_program(OMP2CUDA_CLANGXX19 clang++-19)
set(OMP2CUDA_GOLDEN_CCBIN)
if(OMP2CUDA_CLANGXX19)
  set(OMP2CUDA_GOLDEN_CCBIN -ccbin ${OMP2CUDA_CLANGXX19})
endif()
# Goldens whose kernels hold atomics on variables of every memory space.
set(OMP2CUDA_PTX_NO_TRAP atomic atomic_capture atomic_compare atomic_private
    atomic_compare_capture)
if(TARGET omp2cuda)
  if(NOT OMP2CUDA_NVCC)
    message(WARNING "nvcc not found: the nvcc golden-compile tests are not registered")
  else()
    foreach(in ${GOLDEN_INPUTS})
      get_filename_component(base ${in} NAME_WE)
      set(cu ${CMAKE_CURRENT_SOURCE_DIR}/golden/expected/${base}.cu)
      set(cu_size 0)
      if(EXISTS ${cu})
        file(SIZE ${cu} cu_size)
      endif()
      # An input that is an example (a link into examples/, no FLAGS line)
      # is compiled by nvcc in nvcc.<example> (tests/exec), from the same
      # translation this golden pins: a second compile here proves nothing
      # more. The PTX checks below still compile their own.
      set(cu_example_covered FALSE)
      if(TARGET omp2cuda-cc AND IS_SYMLINK ${in} AND NOT base IN_LIST OMP2CUDA_PTX_NO_TRAP)
        file(READ_SYMLINK ${in} in_target)
        file(STRINGS ${in} in_head LIMIT_COUNT 1)
        if(in_target MATCHES "(^|/)examples/${base}\\.(c|cpp)$" AND NOT in_head MATCHES "^// FLAGS:")
          set(cu_example_covered TRUE)
        endif()
      endif()
      if(cu_size GREATER 0 AND NOT cu_example_covered)
        # The host side as omp2cuda-cc compiles it with clang: at the OpenMP
        # version the header line records, C's VLAs allowed.
        set(cu_host_flags)
        if(OMP2CUDA_CLANGXX19)
          file(STRINGS ${cu} cu_head LIMIT_COUNT 1)
          set(cu_host_flags -Xcompiler -Wno-vla-cxx-extension)
          if(cu_head MATCHES "\\(OpenMP ([0-9])\\.([0-9])\\)")
            list(APPEND cu_host_flags
                 -Xcompiler -fopenmp-version=${CMAKE_MATCH_1}${CMAKE_MATCH_2})
          endif()
        endif()
        # An input whose host fallback clang 19 cannot compile (`scope`)
        # says `// exec-host-compiler: g++`, as for the exec tests.
        set(cu_ccbin ${OMP2CUDA_GOLDEN_CCBIN})
        file(STRINGS ${cu} cu_gxx REGEX "^// exec-host-compiler: g\\+\\+$")
        find_program(OMP2CUDA_GXX g++)
        if(cu_gxx AND OMP2CUDA_GXX)
          set(cu_ccbin -ccbin ${OMP2CUDA_GXX})
          set(cu_host_flags)
        endif()
        # Translated headers (expected/<base>.<copy name>) under the names
        # the .cu includes them by.
        set(hdr_dir ${CMAKE_CURRENT_BINARY_DIR}/golden_headers/${base})
        file(GLOB cu_headers CONFIGURE_DEPENDS
             ${CMAKE_CURRENT_SOURCE_DIR}/golden/expected/${base}.*.cu.*)
        foreach(h ${cu_headers})
          get_filename_component(hname ${h} NAME)
          string(LENGTH "${base}." prefix_len)
          string(SUBSTRING ${hname} ${prefix_len} -1 copy_name)
          configure_file(${h} ${hdr_dir}/${copy_name} COPYONLY)
        endforeach()
        add_test(NAME nvcc.golden.${base}
                 COMMAND ${OMP2CUDA_NVCC} -arch=sm_90 -x cu -std=c++17 --expt-relaxed-constexpr --extended-lambda
                         -Werror all-warnings
                         ${cu_ccbin} ${cu_host_flags}
                         -I${hdr_dir}
                         -I${CMAKE_CURRENT_SOURCE_DIR}/golden/inputs
                         -I${PROJECT_SOURCE_DIR}/device_rt/include
                         -I${PROJECT_SOURCE_DIR}/host_rt/include
                         -Xcompiler -fopenmp -c ${cu} -o ${CMAKE_CURRENT_BINARY_DIR}/golden_${base}.o)
        # nvcc compiles what PTX leaves undefined (an atomic on a thread's
        # local memory) to a trap without failing: these goldens' kernels
        # must have none.
        if(base IN_LIST OMP2CUDA_PTX_NO_TRAP)
          set(ptx ${CMAKE_CURRENT_BINARY_DIR}/golden_${base}.ptx)
          add_test(NAME ptx.golden.${base}
                   COMMAND sh -c "\"$0\" \"$@\" && ! grep -n 'trap;' '${ptx}'"
                           ${OMP2CUDA_NVCC} -arch=sm_90 -x cu -std=c++17 --expt-relaxed-constexpr --extended-lambda
                           -Werror all-warnings
                           ${OMP2CUDA_GOLDEN_CCBIN} ${cu_host_flags}
                           -I${hdr_dir}
                           -I${CMAKE_CURRENT_SOURCE_DIR}/golden/inputs
                           -I${PROJECT_SOURCE_DIR}/device_rt/include
                           -I${PROJECT_SOURCE_DIR}/host_rt/include
                           -Xcompiler -fopenmp -ptx ${cu} -o ${ptx})
        endif()
      endif()
    endforeach()
  endif()
endif()
