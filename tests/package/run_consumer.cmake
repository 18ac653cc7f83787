# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# cmake -P script: (install coalesce into a prefix,) configure, build and run the consumer project.
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    string(REPLACE ";" " " text "${ARGN}")
    message(FATAL_ERROR "failed (${rc}): ${text}")
  endif()
endfunction()

file(REMOVE_RECURSE "${WORK_DIR}")
if(MODE STREQUAL "install")
  run(${CMAKE_COMMAND} --install "${COALESCE_BUILD_DIR}" --prefix "${WORK_DIR}/prefix")
  set(prefix "${WORK_DIR}/prefix")
else()
  set(prefix "${COALESCE_BUILD_DIR}")
endif()
run(${CMAKE_COMMAND} -S "${CONSUMER_SOURCE_DIR}" -B "${WORK_DIR}/build" -G "${GENERATOR}"
    -DCMAKE_CXX_COMPILER=${CXX_COMPILER} "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}" "-DCMAKE_EXE_LINKER_FLAGS=${LINKER_FLAGS}"
    -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_FIND_PACKAGE_NO_PACKAGE_REGISTRY=ON)
run(${CMAKE_COMMAND} --build "${WORK_DIR}/build")
run("${WORK_DIR}/build/consumer")
if(EXISTS "${WORK_DIR}/build/consumer_kokkos")
  run("${WORK_DIR}/build/consumer_kokkos")
endif()

# The installed programs look for their scripts beside them, in <prefix>/share/coalesce, not in the
# source tree: their --help shows the path found.
if(MODE STREQUAL "install" AND PROGRAMS)
  string(REPLACE "," ";" programs "${PROGRAMS}")
  foreach(pair IN LISTS programs)
    string(REPLACE ":" ";" parts "${pair}")
    list(GET parts 0 program)
    list(GET parts 1 script)
    set(expected "${prefix}/share/coalesce/${script}")
    if(NOT EXISTS "${expected}")
      message(FATAL_ERROR "${script} is not installed at ${expected}")
    endif()
    execute_process(COMMAND "${prefix}/bin/${program}" --help OUTPUT_VARIABLE help RESULT_VARIABLE rc)
    string(FIND "${help}" "${expected}" at)
    if(NOT rc EQUAL 0 OR at EQUAL -1)
      message(FATAL_ERROR "installed ${program} (--help exited ${rc}) does not default to ${expected}:\n${help}")
    endif()
    message(STATUS "installed ${program} finds ${expected}")
  endforeach()
  # A run that draws: the chart is written, or skipped in one line when matplotlib is missing.
  if(PROGRAMS MATCHES "coalesce-reduce:")
    execute_process(COMMAND "${prefix}/bin/coalesce-reduce" --backend host --sizes 4096 --types-log2 0
                            --vectors-log2 0 --chart "${WORK_DIR}/chart.png"
                    OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0 OR NOT (out MATCHES "chart written to" OR out MATCHES "no plot: matplotlib is not installed"))
      message(FATAL_ERROR "installed coalesce-reduce --chart exited ${rc}:\n${out}\n${err}")
    endif()
  endif()
endif()
