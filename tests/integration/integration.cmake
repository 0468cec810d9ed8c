if(TARGET omp2cuda)
  foreach(gen "Ninja" "Unix Makefiles")
    string(REPLACE " " "_" gen_id "${gen}")
    add_test(NAME integration.cmake.${gen_id}
             COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/integration/cmake_project.sh
                     ${CMAKE_BINARY_DIR} "${gen}")
    set_tests_properties(integration.cmake.${gen_id} PROPERTIES RESOURCE_LOCK cmake_project)
  endforeach()
  add_test(NAME integration.cmake.install
           COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/integration/cmake_project.sh
                   ${CMAKE_BINARY_DIR} Ninja install)
  set_tests_properties(integration.cmake.install PROPERTIES RESOURCE_LOCK cmake_project)
  # C++11 and C++14 projects (issue 13 point 3), and BACKEND cuda in a project
  # that does not enable CUDA, built for omp2cuda-cc's sm_90 (point 12).
  foreach(std 11 14)
    add_test(NAME integration.cmake.cxx${std}
             COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/integration/cmake_project.sh
                     ${CMAKE_BINARY_DIR} Ninja build-tree -DCMAKE_CXX_STANDARD=${std})
  endforeach()
  add_test(NAME integration.cmake.cuda
           COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/integration/cmake_project.sh
                   ${CMAKE_BINARY_DIR} Ninja build-tree -DOMP2CUDA_EXAMPLE_BACKEND=cuda)
  add_test(NAME integration.cmake.full_grid
           COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/integration/cmake_project.sh
                   ${CMAKE_BINARY_DIR} Ninja build-tree -DOMP2CUDA_EXAMPLE_FULL_GRID=ON)
  add_test(NAME integration.cmake.data_sharing
           COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/integration/cmake_project.sh
                   ${CMAKE_BINARY_DIR} Ninja build-tree -DOMP2CUDA_EXAMPLE_DATA_SHARING=global)
  set_tests_properties(integration.cmake.cxx11 integration.cmake.cxx14
                       integration.cmake.cuda integration.cmake.full_grid
                       integration.cmake.data_sharing PROPERTIES RESOURCE_LOCK cmake_project)
  set_tests_properties(integration.cmake.cuda PROPERTIES SKIP_RETURN_CODE 77)
  add_test(NAME integration.host_compiler
           COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/integration/host_compiler.sh ${CMAKE_BINARY_DIR})
  add_test(NAME integration.emu_pch
           COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/integration/emu_pch.sh ${CMAKE_BINARY_DIR})
  add_test(NAME integration.language_levels
           COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/integration/language_levels.sh ${CMAKE_BINARY_DIR})
  add_test(NAME integration.mandatory_host
           COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/integration/mandatory_host.sh
                   ${CMAKE_BINARY_DIR})
  add_test(NAME integration.requires_usm
           COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/integration/requires_usm.sh
                   ${CMAKE_BINARY_DIR})
  add_test(NAME integration.async_faults
           COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/integration/async_faults.sh
                   ${CMAKE_BINARY_DIR})
  add_test(NAME integration.serial_detach
           COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/integration/serial_detach.sh
                   ${CMAKE_BINARY_DIR})
  add_test(NAME integration.team_detach
           COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/integration/team_detach.sh
                   ${CMAKE_BINARY_DIR})
  add_test(NAME integration.routines_files
           COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/integration/routines_files.sh
                   ${CMAKE_BINARY_DIR})
  add_test(NAME integration.memcpy_async_helpers
           COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/integration/memcpy_async_helpers.sh
                   ${CMAKE_BINARY_DIR})
  add_test(NAME integration.cancel_detach
           COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/integration/cancel_detach.sh
                   ${CMAKE_BINARY_DIR})
  add_test(NAME integration.mutex_detach
           COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/integration/mutex_detach.sh
                   ${CMAKE_BINARY_DIR})
  add_test(NAME integration.cc_options
           COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/integration/cc_options.sh
                   ${CMAKE_BINARY_DIR})
  add_test(NAME integration.line_markers
           COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/integration/line_markers.sh
                   ${CMAKE_BINARY_DIR})
  add_test(NAME integration.readme_report
           COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/integration/readme_report.sh
                   $<TARGET_FILE:omp2cuda>)
  # Separate compilation with relocatable device code (issue 10 point 3).
  add_test(NAME integration.rdc
           COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/integration/rdc.sh ${CMAKE_BINARY_DIR})
  add_test(NAME integration.cli COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/integration/cli.sh
                                        $<TARGET_FILE:omp2cuda>)
endif()

add_test(NAME docs.diagnostics COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/integration/docs_diagnostics.sh)
# The README and docs/ name nothing outside the repository (issue 13 point 12:
# a clone has no ../shared).
add_test(NAME docs.no_outside_links
         COMMAND sh -c "! grep -rn '\\.\\./shared' README.md docs"
         WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})

# Device code of every golden output names the device's OpenMP API.
file(GLOB _o2c_golden_cu CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/golden/expected/*.cu)
add_test(NAME integration.device_api_grep
         COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/integration/device_api_grep.py ${_o2c_golden_cu})
