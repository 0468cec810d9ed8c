# omp2cuda_add_sources(<target> [BACKEND cuda|emu] SOURCES <src>...)
#
# Translates OpenMP offload sources at build time and compiles the generated
# CUDA into <target>, with the omp2cuda runtime linked in. The translation
# reruns whenever the source or anything it includes changes (depfile).
#
#   find_package(omp2cuda REQUIRED)
#   add_executable(app main.c)
#   omp2cuda_add_sources(app BACKEND emu SOURCES kernels.c)
#
# BACKEND cuda (the default when the CUDA language is enabled) compiles with
# nvcc; BACKEND emu compiles with the C++ compiler for the CPU emulation.
function(omp2cuda_add_sources target)
  cmake_parse_arguments(O2C "" "BACKEND" "SOURCES;FLAGS" ${ARGN})
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
      COMMAND omp2cuda::omp2cuda --host-regions-ok ${abs} -o ${out} -MF ${out}.d --
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
      # As omp2cuda-cc: constexpr functions of the standard library
      # (std::min, std::array, std::complex's members) are device functions.
      set_source_files_properties(${out} PROPERTIES LANGUAGE CUDA
        COMPILE_OPTIONS "--expt-relaxed-constexpr")
    endif()
  endforeach()
  target_link_libraries(${target} PRIVATE omp2cuda::rt_${O2C_BACKEND} OpenMP::OpenMP_CXX)
endfunction()
