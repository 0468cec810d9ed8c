# declare variant on the device (issue 10 point 2): the emu binary prints
# the device variants' results (tests/variant/run.sh).
if(TARGET omp2cuda-cc)
  add_test(NAME variant.device_choice
           COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/variant/run.sh
                   $<TARGET_FILE:omp2cuda-cc> ${CMAKE_CURRENT_BINARY_DIR}/variant)
  set_tests_properties(variant.device_choice PROPERTIES LABELS "exec" TIMEOUT 300)
endif()
