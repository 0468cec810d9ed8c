# The CPU emulation of CUDA, built from its sources alone.
find_package(Boost 1.74 REQUIRED COMPONENTS context)
find_package(Threads REQUIRED)
add_executable(emu_test emu_test.cpp stride_loops_test.cpp
               ${PROJECT_SOURCE_DIR}/host_rt/src/emu/executor.cpp
               ${PROJECT_SOURCE_DIR}/host_rt/src/emu/block.cpp)
target_include_directories(emu_test PRIVATE ${PROJECT_SOURCE_DIR}/device_rt/include
                           ${PROJECT_SOURCE_DIR}/host_rt/include)
target_link_libraries(emu_test PRIVATE omp2cuda_catch_main Boost::context Threads::Threads)
add_test(NAME unit.emu COMMAND emu_test)

# Barrier-heavy kernels (bench/emu/barriers.cu, also run by scripts/emu-bench):
# the cost per barrier arrival must not grow with the block (a scan of the
# block per arrival costs 9-13 times more at 1024 threads than at 64; a
# sound emulator about 1.5 times), and 900-thread blocks with a partial warp
# must compute the right results in bounded time.
add_executable(emu_barriers ${PROJECT_SOURCE_DIR}/bench/emu/barriers.cu
               ${PROJECT_SOURCE_DIR}/host_rt/src/emu/executor.cpp
               ${PROJECT_SOURCE_DIR}/host_rt/src/emu/block.cpp)
# Compiled as C++, as omp2cuda-cc --backend=emu compiles a generated .cu.
set_source_files_properties(${PROJECT_SOURCE_DIR}/bench/emu/barriers.cu
                            PROPERTIES LANGUAGE CXX COMPILE_OPTIONS "-xc++")
target_include_directories(emu_barriers PRIVATE ${PROJECT_SOURCE_DIR}/device_rt/include)
target_compile_options(emu_barriers PRIVATE ${OMP2CUDA_WARNINGS})
target_link_libraries(emu_barriers PRIVATE Boost::context Threads::Threads)
add_test(NAME unit.emu_barrier_scaling COMMAND emu_barriers scaling 5 300)
add_test(NAME unit.emu_barriers_900 COMMAND emu_barriers all 8 900 300)
set_tests_properties(unit.emu_barrier_scaling unit.emu_barriers_900
                     PROPERTIES TIMEOUT 300)
