# The CPU emulation of CUDA, built from its sources alone.
find_package(Boost 1.74 REQUIRED COMPONENTS context)
find_package(Threads REQUIRED)
add_executable(emu_test emu_test.cpp ${PROJECT_SOURCE_DIR}/host_rt/src/emu/executor.cpp)
target_include_directories(emu_test PRIVATE ${PROJECT_SOURCE_DIR}/device_rt/include
                           ${PROJECT_SOURCE_DIR}/host_rt/include)
target_link_libraries(emu_test PRIVATE omp2cuda_catch_main Boost::context Threads::Threads)
add_test(NAME unit.emu COMMAND emu_test)
