# Built only in a clang build with -DOMP2CUDA_FUZZ=ON (scripts/fuzz).
if(OMP2CUDA_FUZZ AND TARGET omp2cuda_tool)
  add_executable(pragma_fuzzer ${CMAKE_CURRENT_LIST_DIR}/pragma_fuzzer.cpp)
  target_compile_options(pragma_fuzzer PRIVATE -fsanitize=fuzzer -fno-rtti)
  target_link_options(pragma_fuzzer PRIVATE -fsanitize=fuzzer)
  target_link_libraries(pragma_fuzzer PRIVATE omp2cuda_tool)
endif()
