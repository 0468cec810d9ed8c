# The driver's pieces: compile flags, the report's totals, diagnostic control.
if(TARGET omp2cuda_tool)
  add_executable(driver_test driver_test.cpp)
  target_link_libraries(driver_test PRIVATE omp2cuda_tool omp2cuda_catch_main)
  target_compile_options(driver_test PRIVATE -fno-rtti)
  add_test(NAME unit.driver COMMAND driver_test)
endif()
