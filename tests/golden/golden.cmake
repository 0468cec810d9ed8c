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
      if(cu_size GREATER 0)
        add_test(NAME nvcc.golden.${base}
                 COMMAND ${OMP2CUDA_NVCC} -arch=sm_90 -x cu -std=c++17 -Werror all-warnings
                         -I${CMAKE_CURRENT_SOURCE_DIR}/golden/inputs
                         -I${PROJECT_SOURCE_DIR}/device_rt/include
                         -I${PROJECT_SOURCE_DIR}/host_rt/include
                         -Xcompiler -fopenmp -c ${cu} -o ${CMAKE_CURRENT_BINARY_DIR}/golden_${base}.o)
      endif()
    endforeach()
  endif()
endif()
