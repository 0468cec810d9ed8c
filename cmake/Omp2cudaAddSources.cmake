# omp2cuda_add_sources(<target> [BACKEND cuda|emu] [ARCH sm_XX] [RDC] [FULL_GRID]
#                      [DATA_SHARING auto|shared|global] SOURCES <src>... [FLAGS <flag>...])
#
# Translates OpenMP offload sources at build time and compiles the generated
# CUDA into <target>, with the omp2cuda runtime linked in. The translation
# reruns whenever the source or anything it includes changes (depfile).
#
#   find_package(omp2cuda REQUIRED)
#   add_executable(app main.c)
#   omp2cuda_add_sources(app BACKEND emu SOURCES kernels.c)
#
# BACKEND cuda (the default when the CUDA language is enabled) compiles each
# .cu with nvcc by a custom command, as omp2cuda-cc does: the project need
# not enable CUDA (`project(... CUDA)`). nvcc is CMAKE_CUDA_COMPILER when the
# project has one, else OMP2CUDA_NVCC (cache; found on PATH or in
# /usr/local/cuda/bin). ARCH (else the variable OMP2CUDA_CUDA_ARCH, else
# sm_90, omp2cuda-cc's default) is nvcc's -arch; the host compiler is
# CMAKE_CXX_COMPILER; the C++ level is the target's CXX_STANDARD (17 when
# unset). BACKEND emu compiles with the C++ compiler for the CPU emulation.
#
# RDC: relocatable device code (docs/rdc.md). Device code may call `declare
# target` functions defined in other SOURCES of the call (omp2cuda --rdc);
# BACKEND cuda compiles with nvcc -rdc=true and adds a device-link object
# of all of them to <target>. Call it once per target with every such
# source.
#
# FULL_GRID: omp2cuda --full-grid (README, "Launch shape"): num_teams does
# not cap the grid of combined loops that cannot tell how many teams run
# them. Off by default: OpenMP 5.1's num_teams(n) asks for exactly n teams.
#
# DATA_SHARING: omp2cuda --data-sharing (README, Options): where the teams'
# data-sharing slots go; auto (the default) when absent.
#
# The translator is told the family of CMAKE_CXX_COMPILER, which compiles
# the .cu's host side for both backends (omp2cuda --host-compiler-family:
# clang for Clang, else gcc).
function(omp2cuda_add_sources target)
  cmake_parse_arguments(O2C "RDC;FULL_GRID" "BACKEND;ARCH;DATA_SHARING" "SOURCES;FLAGS" ${ARGN})
  if(NOT O2C_BACKEND)
    get_property(langs GLOBAL PROPERTY ENABLED_LANGUAGES)
    if("CUDA" IN_LIST langs)
      set(O2C_BACKEND cuda)
    else()
      set(O2C_BACKEND emu)
    endif()
  endif()
  if(NOT O2C_BACKEND MATCHES "^(cuda|emu)$")
    message(FATAL_ERROR "omp2cuda_add_sources: BACKEND must be cuda or emu")
  endif()
  find_package(OpenMP REQUIRED COMPONENTS CXX)
  if(O2C_BACKEND STREQUAL "cuda")
    _omp2cuda_cuda_setup(${target})
  endif()
  set(_o2c_rdc_tool "")
  set(_o2c_rdc_nvcc "")
  set(_o2c_rdc_objs "")
  if(O2C_RDC)
    set(_o2c_rdc_tool --rdc)
    set(_o2c_rdc_nvcc -rdc=true)
  endif()
  if(O2C_FULL_GRID)
    list(APPEND _o2c_rdc_tool --full-grid)
  endif()
  if(O2C_DATA_SHARING)
    if(NOT O2C_DATA_SHARING MATCHES "^(auto|shared|global)$")
      message(FATAL_ERROR "omp2cuda_add_sources: DATA_SHARING must be auto, shared or global")
    endif()
    list(APPEND _o2c_rdc_tool --data-sharing=${O2C_DATA_SHARING})
  endif()
  if(CMAKE_CXX_COMPILER_ID MATCHES "^(Apple)?Clang$")
    set(_o2c_family clang)
  else()
    set(_o2c_family gcc)
  endif()
  set(incs "$<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>")
  set(defs "$<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>")
  foreach(src ${O2C_SOURCES})
    get_filename_component(abs ${src} ABSOLUTE)
    get_filename_component(name ${src} NAME_WE)
    file(RELATIVE_PATH rel ${CMAKE_CURRENT_SOURCE_DIR} ${abs})
    string(REPLACE "/" "_" rel_id ${rel})
    set(out ${CMAKE_CURRENT_BINARY_DIR}/omp2cuda/${rel_id}.cu)
    add_custom_command(
      OUTPUT ${out}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/omp2cuda
      COMMAND omp2cuda::omp2cuda --host-regions-ok ${_o2c_rdc_tool}
              --host-compiler-family=${_o2c_family}
              ${abs} -o ${out} -MF ${out}.d --
              "$<$<BOOL:${incs}>:-I$<JOIN:${incs},;-I>>"
              "$<$<BOOL:${defs}>:-D$<JOIN:${defs},;-D>>" ${O2C_FLAGS}
      DEPENDS ${abs} omp2cuda::omp2cuda
      DEPFILE ${out}.d
      COMMAND_EXPAND_LISTS
      COMMENT "omp2cuda: translating ${rel}"
      VERBATIM)
    target_sources(${target} PRIVATE ${out})
    if(O2C_BACKEND STREQUAL "emu")
      set_source_files_properties(${out} PROPERTIES LANGUAGE CXX
        COMPILE_OPTIONS "-xc++;$<$<CXX_COMPILER_ID:GNU>:-foffload=disable>")
    else()
      _omp2cuda_nvcc(${target} ${out} ${abs} "${incs}" "${defs}")
      list(APPEND _o2c_rdc_objs ${_o2c_obj})
    endif()
  endforeach()
  if(O2C_RDC AND O2C_BACKEND STREQUAL "cuda")
    # The device link of the relocatable device code: one object that
    # resolves the calls between the sources' device code.
    set(_o2c_dlink ${CMAKE_CURRENT_BINARY_DIR}/omp2cuda/${target}_dlink${CMAKE_CXX_OUTPUT_EXTENSION})
    add_custom_command(
      OUTPUT ${_o2c_dlink}
      COMMAND ${_o2c_nvcc} -arch=${O2C_ARCH} -dlink ${_o2c_rdc_objs} -o ${_o2c_dlink}
      DEPENDS ${_o2c_rdc_objs}
      COMMENT "omp2cuda: nvcc -dlink (${target})"
      VERBATIM)
    set_source_files_properties(${_o2c_dlink} PROPERTIES EXTERNAL_OBJECT TRUE
                                                         GENERATED TRUE)
    target_sources(${target} PRIVATE ${_o2c_dlink})
    # nvcc links it too with -rdc (CMake 3.25's FindCUDAToolkit has no
    # target for it).
    find_library(OMP2CUDA_CUDADEVRT cudadevrt HINTS ${CUDAToolkit_LIBRARY_DIR})
    if(OMP2CUDA_CUDADEVRT)
      target_link_libraries(${target} PRIVATE ${OMP2CUDA_CUDADEVRT})
    endif()
  endif()
  target_link_libraries(${target} PRIVATE omp2cuda::rt_${O2C_BACKEND} OpenMP::OpenMP_CXX)
endfunction()

# nvcc, the architecture and the CUDA runtime for BACKEND cuda (O2C_* of the
# caller).
macro(_omp2cuda_cuda_setup target)
  if(NOT TARGET omp2cuda::rt_cuda)
    message(FATAL_ERROR "omp2cuda_add_sources: BACKEND cuda, but this omp2cuda "
                        "was built without its CUDA runtime (no nvcc then)")
  endif()
  if(CMAKE_CUDA_COMPILER)
    set(_o2c_nvcc ${CMAKE_CUDA_COMPILER})
  else()
    find_program(OMP2CUDA_NVCC nvcc HINTS ENV CUDACXX PATHS /usr/local/cuda/bin
                 DOC "nvcc for omp2cuda_add_sources(... BACKEND cuda)")
    if(NOT OMP2CUDA_NVCC)
      message(FATAL_ERROR "omp2cuda_add_sources: BACKEND cuda needs nvcc: "
                          "set OMP2CUDA_NVCC, or use BACKEND emu")
    endif()
    set(_o2c_nvcc ${OMP2CUDA_NVCC})
  endif()
  if(NOT O2C_ARCH)
    set(O2C_ARCH ${OMP2CUDA_CUDA_ARCH})
  endif()
  if(NOT O2C_ARCH)
    set(O2C_ARCH sm_90)
  endif()
  if(NOT CUDAToolkit_ROOT)
    # The CUDA runtime of the toolkit whose nvcc compiles.
    get_filename_component(_o2c_cuda_bin ${_o2c_nvcc} DIRECTORY)
    get_filename_component(CUDAToolkit_ROOT ${_o2c_cuda_bin} DIRECTORY)
  endif()
  find_package(CUDAToolkit REQUIRED)
  # The generated objects are C++: a C program links with the C++ driver.
  set_property(TARGET ${target} PROPERTY LINKER_LANGUAGE CXX)
  target_link_libraries(${target} PRIVATE CUDA::cudart)
endmacro()

# Compiles the generated file cu (translated from src) into an object of
# target with nvcc, as omp2cuda-cc does.
macro(_omp2cuda_nvcc target cu src incs defs)
  set(_o2c_obj ${cu}${CMAKE_CXX_OUTPUT_EXTENSION})
  get_filename_component(_o2c_src_dir ${src} DIRECTORY)
  get_target_property(_o2c_rt_inc omp2cuda::rt_cuda INTERFACE_INCLUDE_DIRECTORIES)
  set(_o2c_std "$<TARGET_PROPERTY:${target},CXX_STANDARD>")
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    set(_o2c_omp "-Xcompiler=-fopenmp,-foffload=disable")
  else()
    set(_o2c_omp "-Xcompiler=-fopenmp")
  endif()
  add_custom_command(
    OUTPUT ${_o2c_obj}
    COMMAND ${_o2c_nvcc} -arch=${O2C_ARCH} -x cu
            "-std=c++$<IF:$<BOOL:${_o2c_std}>,${_o2c_std},17>"
            # As omp2cuda-cc: constexpr functions of the standard library
            # (std::min, std::array, std::complex's members) are device
            # functions.
            --expt-relaxed-constexpr ${_o2c_rdc_nvcc}
            # As omp2cuda-cc: host lambdas a region calls are marked
            # __host__ __device__ (extended lambdas).
            --extended-lambda
            # As omp2cuda-cc: a host function reached from device code
            # stops the build (nvcc would skip the call on the device).
            -Werror cross-execution-space-call
            -ccbin ${CMAKE_CXX_COMPILER} ${_o2c_omp}
            "$<$<BOOL:${incs}>:-I$<JOIN:${incs},;-I>>"
            "$<$<BOOL:${defs}>:-D$<JOIN:${defs},;-D>>"
            -I${_o2c_src_dir} -I${_o2c_rt_inc}
            -MD -MF ${_o2c_obj}.d -c ${cu} -o ${_o2c_obj}
    DEPENDS ${cu}
    DEPFILE ${_o2c_obj}.d
    COMMAND_EXPAND_LISTS
    COMMENT "omp2cuda: nvcc -arch=${O2C_ARCH} ${rel_id}.cu"
    VERBATIM)
  set_source_files_properties(${_o2c_obj} PROPERTIES EXTERNAL_OBJECT TRUE
                                                     GENERATED TRUE)
  target_sources(${target} PRIVATE ${_o2c_obj})
endmacro()
