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

# coalesce_discover_doctests(<target> [PRE_TEST] PROPERTIES <props>): each test case of <target> a
# CTest test. doctest's doctest_discover_tests lists the test cases right after the build, by running
# the binary; a binary linked with Kokkos CUDA initializes libcuda and so fails the build on a machine
# without a driver. PRE_TEST (or COALESCE_TEST_DISCOVERY=PRE_TEST for all) lists them when ctest
# runs instead, like CMake's gtest_discover_tests(DISCOVERY_MODE PRE_TEST), which doctest 2.4 lacks.
set(COALESCE_TEST_DISCOVERY "POST_BUILD" CACHE STRING "When test cases are listed: POST_BUILD or PRE_TEST")
set_property(CACHE COALESCE_TEST_DISCOVERY PROPERTY STRINGS POST_BUILD PRE_TEST)
function(coalesce_discover_doctests target)
  cmake_parse_arguments(arg "PRE_TEST" "" "PROPERTIES" ${ARGN})
  if(NOT arg_PRE_TEST AND NOT COALESCE_TEST_DISCOVERY STREQUAL "PRE_TEST")
    doctest_discover_tests(${target} ADD_LABELS 1 PROPERTIES ${arg_PROPERTIES})
    return()
  endif()
  set(dir "${CMAKE_CURRENT_BINARY_DIR}")
  set(tests_file "${dir}/${target}_tests-pre.cmake")
  # At ctest time: list the test cases again when the binary is newer than the last list.
  file(GENERATE OUTPUT "${dir}/${target}_include-pre.cmake" CONTENT
"set(TEST_EXECUTABLE [==[$<TARGET_FILE:${target}>]==])
set(CTEST_FILE [==[${tests_file}]==])
if(NOT EXISTS \"\${TEST_EXECUTABLE}\")
  add_test(${target}_NOT_BUILT ${target}_NOT_BUILT)
  return()
endif()
if(NOT EXISTS \"\${CTEST_FILE}\" OR \"\${TEST_EXECUTABLE}\" IS_NEWER_THAN \"\${CTEST_FILE}\")
  # A program that cannot start here (linked with libcuda, no driver) is one skipped test, not an error.
  execute_process(COMMAND \"\${TEST_EXECUTABLE}\" --list-test-cases RESULT_VARIABLE list_rc OUTPUT_QUIET
                  ERROR_VARIABLE list_error)
  if(NOT list_rc EQUAL 0)
    string(STRIP \"\${list_error}\" list_error)
    add_test(${target}.cannot_start [==[${CMAKE_COMMAND}]==] -E echo \"${target} cannot start here: \${list_error}\")
    set_tests_properties(${target}.cannot_start PROPERTIES SKIP_REGULAR_EXPRESSION \"cannot start here\")
    return()
  endif()
  set(TEST_TARGET [==[${target}]==])
  set(TEST_EXECUTOR \"\")
  set(TEST_WORKING_DIR [==[${dir}]==])
  set(TEST_SPEC \"\")
  set(TEST_EXTRA_ARGS \"\")
  set(TEST_PROPERTIES [==[${arg_PROPERTIES}]==])
  set(TEST_ADD_LABELS 1)
  set(TEST_PREFIX \"\")
  set(TEST_SUFFIX \"\")
  set(TEST_LIST ${target}_TESTS)
  set(TEST_JUNIT_OUTPUT_DIR \"\")
  include([==[${_DOCTEST_DISCOVER_TESTS_SCRIPT}]==])
endif()
include(\"\${CTEST_FILE}\")
")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES "${dir}/${target}_include-pre.cmake")
endfunction()

# The two mains are compiled once (doctest's implementation is ~10 s of compile time per copy) and
# linked into every test executable as object libraries.
function(coalesce_doctest_main_target out gpu)
  if(gpu)
    set(name coalesce_gpu_test_main)
    set(source "${PROJECT_SOURCE_DIR}/tests/support/gpu_main.cpp")
  else()
    set(name coalesce_doctest_main)
    set(source "${PROJECT_SOURCE_DIR}/tests/support/doctest_main.cpp")
  endif()
  if(NOT TARGET ${name})
    add_library(${name} OBJECT "${source}")
    target_link_libraries(${name} PRIVATE doctest::doctest coalesce_warnings)
    if(gpu)
      target_link_libraries(${name} PRIVATE CUDA::cudart)
    endif()
  endif()
  set(${out} ${name} PARENT_SCOPE)
endfunction()

function(coalesce_add_doctest target)
  cmake_parse_arguments(arg "GPU" "" "SOURCES;LIBRARIES" ${ARGN})
  coalesce_doctest_main_target(main "${arg_GPU}")
  add_executable(${target} ${arg_SOURCES})
  target_link_libraries(${target} PRIVATE ${main})
  target_include_directories(${target} PRIVATE "${PROJECT_SOURCE_DIR}/tests/support")
  target_link_libraries(${target} PRIVATE coalesce::coalesce doctest::doctest coalesce_warnings ${arg_LIBRARIES})
  if(arg_GPU)
    target_link_libraries(${target} PRIVATE CUDA::cudart)
  endif()
  # GPU tests run one at a time: some check that device memory comes back, which other processes'
  # allocations would disturb.
  if(arg_GPU)
    coalesce_discover_doctests(${target} PROPERTIES SKIP_RETURN_CODE 77 RESOURCE_LOCK gpu)
  else()
    coalesce_discover_doctests(${target} PROPERTIES SKIP_RETURN_CODE 77)
  endif()
endfunction()
