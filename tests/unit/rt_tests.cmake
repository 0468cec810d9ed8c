# The runtime's front half with the emu backend, built from sources so that it
# needs no emu executor, and the CUDA backend on a machine without a GPU (or
# with one).
find_package(Threads REQUIRED)
set(RT_SRC ${PROJECT_SOURCE_DIR}/host_rt/src)
add_executable(rt_test rt_test.cpp rt_attach_test.cpp rt_host_program_test.cpp rt_present_test.cpp
               rt_declare_target_test.cpp rt_async_test.cpp rt_sync_test.cpp rt_cache_test.cpp
               rt_staging_test.cpp rt_struct_span_test.cpp rt_device_routines_test.cpp rt_usm_test.cpp
               rt_fallback_reached_test.cpp
               rt_fallback_threads_test.cpp rt_shared_exit_test.cpp
               ${RT_SRC}/async.cpp ${RT_SRC}/faults.cpp ${RT_SRC}/helpers.cpp ${RT_SRC}/info.cpp
               ${RT_SRC}/attach_table.cpp ${RT_SRC}/declare_target.cpp ${RT_SRC}/device_use.cpp
               ${RT_SRC}/host_fallback.cpp ${RT_SRC}/host_program.cpp
               ${RT_SRC}/omp_api.cpp ${RT_SRC}/present_table.cpp ${RT_SRC}/released.cpp
               ${RT_SRC}/staging.cpp ${RT_SRC}/stream_work.cpp ${RT_SRC}/struct_span.cpp ${RT_SRC}/device_cache.cpp
               ${RT_SRC}/data_constructs.cpp ${RT_SRC}/device_routines.cpp ${RT_SRC}/interop.cpp
               ${RT_SRC}/map_steps.cpp ${RT_SRC}/device_tables.cpp ${RT_SRC}/device_select.cpp
               ${RT_SRC}/target_region.cpp ${RT_SRC}/backend_emu.cpp)
target_include_directories(rt_test PRIVATE ${PROJECT_SOURCE_DIR}/host_rt/include ${RT_SRC}
                           ${PROJECT_SOURCE_DIR}/device_rt/include)
target_compile_options(rt_test PRIVATE ${OMP2CUDA_WARNINGS})
target_link_libraries(rt_test PRIVATE omp2cuda_catch_main Threads::Threads)
add_test(NAME rt_test COMMAND rt_test)

if(TARGET omp2cuda_rt_cuda)
  add_executable(rt_cuda_nodevice_test rt_cuda_test.cpp)
  # The test calls CUDA itself to look at device memory when there is a GPU.
  target_include_directories(rt_cuda_nodevice_test SYSTEM PRIVATE
                             ${OMP2CUDA_CUDA_ROOT}/include)
  target_compile_options(rt_cuda_nodevice_test PRIVATE ${OMP2CUDA_WARNINGS})
  target_link_libraries(rt_cuda_nodevice_test PRIVATE omp2cuda_catch_main
                        omp2cuda_rt_cuda ${OMP2CUDA_CUDA_ROOT}/lib64/libcudart.so)
  add_test(NAME rt_cuda_nodevice_test COMMAND rt_cuda_nodevice_test)
endif()
