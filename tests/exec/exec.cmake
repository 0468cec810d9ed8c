# Ladder steps 3-4 for the examples (examples/*.c, *.cpp):
#   exec.<example>       emu build vs host reference, stdout byte for byte
#   nvcc.<example>       every region translated; omp2cuda-cc --backend=cuda
#                        builds and links, nvcc warning-free
# See tests/exec/run_exec_test.sh.
if(TARGET omp2cuda-cc)
  file(GLOB OMP2CUDA_EXEC_EXAMPLES CONFIGURE_DEPENDS
       ${PROJECT_SOURCE_DIR}/examples/*.c ${PROJECT_SOURCE_DIR}/examples/*.cpp)
  set(_o2c_exec_runner ${CMAKE_CURRENT_SOURCE_DIR}/exec/run_exec_test.sh)
  set(_o2c_exec_work ${CMAKE_CURRENT_BINARY_DIR}/exec)
  foreach(src ${OMP2CUDA_EXEC_EXAMPLES})
    get_filename_component(name ${src} NAME_WE)
    foreach(mode exec nvcc)
      add_test(NAME ${mode}.${name}
               COMMAND ${_o2c_exec_runner} ${mode} ${src} ${CMAKE_BINARY_DIR}
                       ${_o2c_exec_work}/${mode}.${name})
      set_tests_properties(${mode}.${name} PROPERTIES LABELS "examples;${mode}" TIMEOUT 900)
    endforeach()
  endforeach()
  # Every copy to the device through a staging buffer (docs/async.md,
  # "Staging"), which the emulated device never does by itself.
  add_test(NAME exec_staged.async_offload
           COMMAND ${_o2c_exec_runner} exec ${PROJECT_SOURCE_DIR}/examples/async_offload.c
                   ${CMAKE_BINARY_DIR} ${_o2c_exec_work}/exec_staged.async_offload)
  set_tests_properties(exec_staged.async_offload PROPERTIES LABELS "examples;exec"
                       ENVIRONMENT "O2C_STAGING=1;O2C_STAGING_MIN=0" TIMEOUT 900)
  # The exec step must catch a program that reads device memory it never
  # wrote, whichever value hides the read: these are wrong on purpose
  # (tests/exec/unset), and each test passes when the exec step fails
  # under the fill byte that shows it (O2C_EMU_POISON, README).
  foreach(case unset_and_fold:00 unset_sum:ff unset_device_heap:ff)
    string(REGEX REPLACE ":.*" "" name ${case})
    string(REGEX REPLACE ".*:" "" byte ${case})
    add_test(NAME exec_poison.${name}
             COMMAND ${_o2c_exec_runner} exec ${CMAKE_CURRENT_SOURCE_DIR}/exec/unset/${name}.c
                     ${CMAKE_BINARY_DIR} ${_o2c_exec_work}/exec_poison.${name})
    set_tests_properties(exec_poison.${name} PROPERTIES LABELS "examples;exec" TIMEOUT 900
      PASS_REGULAR_EXPRESSION "FAIL \\[exec\\.${name}\\]: stdout differs from the host reference \\(O2C_EMU_POISON=${byte}\\)")
  endforeach()
  # Every data-sharing slot in global memory (--data-sharing=global, README
  # "Options"): the examples with team-local arrays, team-master locals and
  # team copies of firstprivates, built and run, and one compiled by nvcc.
  foreach(name data_sharing_budget spmd_block_code control_loop
               team_shared_locals shared_firstprivates)
    add_test(NAME exec_global.${name}
             COMMAND ${_o2c_exec_runner} exec ${PROJECT_SOURCE_DIR}/examples/${name}.c
                     ${CMAKE_BINARY_DIR} ${_o2c_exec_work}/exec_global.${name})
    set_tests_properties(exec_global.${name} PROPERTIES LABELS "examples;exec"
                         ENVIRONMENT "OMP2CUDA_TOOL_OPTS=--data-sharing=global" TIMEOUT 900)
  endforeach()
  add_test(NAME nvcc_global.data_sharing_budget
           COMMAND ${_o2c_exec_runner} nvcc ${PROJECT_SOURCE_DIR}/examples/data_sharing_budget.c
                   ${CMAKE_BINARY_DIR} ${_o2c_exec_work}/nvcc_global.data_sharing_budget)
  set_tests_properties(nvcc_global.data_sharing_budget PROPERTIES LABELS "examples;nvcc"
                       ENVIRONMENT "OMP2CUDA_TOOL_OPTS=--data-sharing=global" TIMEOUT 900)
endif()
