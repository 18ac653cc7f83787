# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# coalesce_add_doctest(<target> SOURCES <files> [LIBRARIES <libs>] [GPU])
# A doctest executable with the shared main; each test case becomes a CTest test, labelled by its
# doctest TEST_SUITE ("unit", "gpu", ...). GPU executables use a main that exits with 77 (CTest's skip
# code) when no CUDA device is present, so a machine without a GPU shows them as skipped.
# Sets COALESCE_WITH_DOCTEST; without doctest the test executables are skipped (tests/CMakeLists.txt).
coalesce_find_for("doctest tests" COALESCE_WITH_DOCTEST doctest)
if(COALESCE_WITH_DOCTEST)
  include(doctest)
endif()

function(coalesce_add_doctest target)
  cmake_parse_arguments(arg "GPU" "" "SOURCES;LIBRARIES" ${ARGN})
  if(arg_GPU)
    set(main "${PROJECT_SOURCE_DIR}/tests/support/gpu_main.cpp")
  else()
    set(main "${PROJECT_SOURCE_DIR}/tests/support/doctest_main.cpp")
  endif()
  add_executable(${target} ${arg_SOURCES} ${main})
  target_include_directories(${target} PRIVATE "${PROJECT_SOURCE_DIR}/tests/support")
  target_link_libraries(${target} PRIVATE coalesce::coalesce doctest::doctest coalesce_warnings ${arg_LIBRARIES})
  if(arg_GPU)
    target_link_libraries(${target} PRIVATE CUDA::cudart)
  endif()
  # GPU tests run one at a time: some check that device memory comes back, which other processes'
  # allocations would disturb.
  if(arg_GPU)
    doctest_discover_tests(${target} ADD_LABELS 1 PROPERTIES SKIP_RETURN_CODE 77 RESOURCE_LOCK gpu)
  else()
    doctest_discover_tests(${target} ADD_LABELS 1 PROPERTIES SKIP_RETURN_CODE 77)
  endif()
endfunction()
