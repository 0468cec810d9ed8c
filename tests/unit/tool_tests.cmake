if(TARGET omp2cuda_tool)
  # One source per line: branches that add tests merge without conflicts.
  add_executable(tool_test
    ToolTestUtil.cpp
    adjust_args_test.cpp
    analysis_test.cpp
    full_grid_test.cpp
    data_sharing_test.cpp
    if_guard_test.cpp
    doacross_test.cpp
    clauses52_test.cpp
    device_calls_test.cpp
    device_lambdas_test.cpp
    orphaned_test.cpp
    orphaned_distribute_test.cpp
    orphaned_for_test.cpp
    declare_target_test.cpp
    nvcc_c_forms_test.cpp
    ccompat_types_test.cpp
    declare_variant_test.cpp
    construct_variant_test.cpp
    class_template_self_test.cpp
    directive_tree_test.cpp
    spmd_cxx_aliases_test.cpp
    control_tree_test.cpp
    transparent_test.cpp
    ordered_test.cpp
    atomic_compare_test.cpp
    team_barrier_test.cpp
    data_items_test.cpp
    map_items_test.cpp
    region_member_items_test.cpp
    region_member_spans_test.cpp
    pointer_order_test.cpp
    exit_order_test.cpp
    pointer_seen_test.cpp
    loaded_store_test.cpp
    attached_loops_test.cpp
    integer_pointers_test.cpp
    member_pointer_loads_test.cpp
    this_member_pointers_test.cpp
    static_references_test.cpp
    attached_paths_test.cpp
    attached_order_test.cpp
    member_pointer_writes_test.cpp
    loaded_flow_test.cpp
    emit_test.cpp
    ccompat_test.cpp
    cenums_test.cpp
    output_paths_test.cpp
    header_copies_test.cpp
    cuda_names_test.cpp
    lint_test.cpp
    linear_test.cpp
    implicit_sharing_test.cpp
    array_reduction_test.cpp
    unevaluated_array_test.cpp
    metadirective_test.cpp
    atomic_capture_test.cpp
    atomic_read_write_test.cpp
    gnu_atomics_test.cpp
    task_reduction_test.cpp
    scope_test.cpp
    imperfect_nest_test.cpp
    class_members_test.cpp
    virtual_objects_test.cpp
    indirect_calls_test.cpp
    device_allocators_test.cpp
    nested_parallel_test.cpp
    scan_test.cpp
    template_types_test.cpp
    namespace_scopes_test.cpp
    clause_repeat_test.cpp
    attached_mappers_test.cpp
    attached_callees_test.cpp
    namespace_spelling_test.cpp
    host_fallback_args_test.cpp
  )
  target_link_libraries(tool_test PRIVATE omp2cuda_tool omp2cuda_catch_main)
  target_compile_options(tool_test PRIVATE -fno-rtti)
  set_target_properties(tool_test PROPERTIES UNITY_BUILD ${OMP2CUDA_UNITY}
                        UNITY_BUILD_BATCH_SIZE 16)
  omp2cuda_unity_check(tool_test)
  # One test, one build command: two at once in one build tree would race.
  if(TARGET tool_test_unity_check)
    add_test(NAME lint.unity
             COMMAND ${CMAKE_COMMAND} --build ${CMAKE_BINARY_DIR}
                     --target omp2cuda_tool_unity_check tool_test_unity_check)
    set_tests_properties(lint.unity PROPERTIES LABELS lint TIMEOUT 900)
  endif()
  if(OMP2CUDA_PCH)
    target_precompile_headers(tool_test PRIVATE
      "$<$<COMPILE_LANGUAGE:CXX>:${CMAKE_CURRENT_SOURCE_DIR}/PrecompiledTestHeaders.h>")
  endif()
  add_test(NAME unit.tool COMMAND tool_test)
  # Started early by ctest -j (tests/CMakeLists.txt: costs of the long tests).
  set_tests_properties(unit.tool PROPERTIES COST 1000)
endif()
