# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# Programs and their optional dependencies. The library never needs these; a program that misses one
# is skipped with one line naming the Debian package that brings it, and coalesce_print_summary()
# (the end of configure) lists what was built and what was skipped, and why.
#
#   coalesce_find_for(<program> <found-var> <package>...)  find_package each quietly; on a miss, skip
#   coalesce_skip(<program> <reason>)                      one STATUS line, recorded for the summary
#   coalesce_install_program(<target> [SCRIPTS <files>])   bin/<target>, scripts in share/coalesce
include(GNUInstallDirs)

# The packages programs use: how to find each and which Debian package brings it.
set(_coalesce_args_CLI11 CONFIG)
set(_coalesce_deb_CLI11 libcli11-dev)
set(_coalesce_args_nlohmann_json 3 CONFIG)
set(_coalesce_deb_nlohmann_json nlohmann-json3-dev)
set(_coalesce_args_doctest CONFIG)
set(_coalesce_deb_doctest doctest-dev)

# Where the programs find their scripts, relative to bin/: the same for any prefix, so an installed
# tree can move, or be installed with --prefix.
set(COALESCE_INSTALL_SCRIPTDIR "${CMAKE_INSTALL_DATADIR}/coalesce")
file(RELATIVE_PATH COALESCE_SCRIPTS_FROM_BIN "${CMAKE_INSTALL_FULL_BINDIR}" "${CMAKE_INSTALL_FULL_DATADIR}/coalesce")

function(coalesce_skip program reason)
  message(STATUS "${program}: skipped (${reason})")
  set_property(GLOBAL APPEND PROPERTY COALESCE_SKIPPED "${program}: ${reason}")
endfunction()

# A macro, so that find_package's variables (doctest's CMAKE_MODULE_PATH entry, say) and imported
# targets land in the caller's scope, as a plain find_package would leave them.
macro(coalesce_find_for program found_var)
  set(_coalesce_missing "")
  foreach(_coalesce_package IN ITEMS ${ARGN})
    if(NOT DEFINED _coalesce_deb_${_coalesce_package})
      message(FATAL_ERROR "coalesce_find_for: no Debian package recorded for ${_coalesce_package}")
    endif()
    find_package(${_coalesce_package} ${_coalesce_args_${_coalesce_package}} QUIET)
    if(NOT ${_coalesce_package}_FOUND)
      list(APPEND _coalesce_missing "${_coalesce_package} (Debian: ${_coalesce_deb_${_coalesce_package}})")
    endif()
  endforeach()
  set(${found_var} ON)
  if(_coalesce_missing)
    list(JOIN _coalesce_missing ", " _coalesce_missing)
    coalesce_skip("${program}" "needs ${_coalesce_missing}")
    set(${found_var} OFF)
  endif()
endmacro()

function(coalesce_install_program target)
  cmake_parse_arguments(arg "" "" "SCRIPTS" ${ARGN})
  install(TARGETS ${target} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  if(arg_SCRIPTS)
    install(PROGRAMS ${arg_SCRIPTS} DESTINATION ${COALESCE_INSTALL_SCRIPTDIR})
  endif()
  # Read by apps/common/scripts.hpp: in its build directory, and only there, a program uses the
  # source tree's scripts.
  target_compile_definitions(${target} PRIVATE COALESCE_BUILD_TREE_DIR="${CMAKE_CURRENT_BINARY_DIR}"
    COALESCE_SOURCE_TREE_DIR="${CMAKE_CURRENT_SOURCE_DIR}" COALESCE_SCRIPTS_FROM_BIN="${COALESCE_SCRIPTS_FROM_BIN}")
  set_property(GLOBAL APPEND PROPERTY COALESCE_PROGRAMS ${target})
endfunction()

function(coalesce_print_summary)
  get_property(programs GLOBAL PROPERTY COALESCE_PROGRAMS)
  get_property(skipped GLOBAL PROPERTY COALESCE_SKIPPED)
  list(JOIN programs " " programs)
  if(NOT programs)
    set(programs none)
  endif()
  set(kokkos OFF)
  if(COALESCE_WITH_KOKKOS)
    set(kokkos "ON (${COALESCE_KOKKOS_VERSION})")
  endif()
  set(cuda OFF)
  if(COALESCE_WITH_CUDA)
    set(cuda "ON (arch ${CMAKE_CUDA_ARCHITECTURES})")
  endif()
  message(STATUS "coalesce ${PROJECT_VERSION} summary:")
  message(STATUS "  CUDA ${cuda}, OpenMP ${COALESCE_WITH_OPENMP}, Kokkos ${kokkos}, MPI ${COALESCE_WITH_MPI}, "
                 "CCCL headers ${COALESCE_CCCL_INCLUDE_DIR}")
  message(STATUS "  tests ${COALESCE_BUILD_TESTS}, apps ${COALESCE_BUILD_APPS}, "
                 "benchmarks ${COALESCE_BUILD_BENCHMARKS}")
  message(STATUS "  programs built: ${programs}")
  foreach(line IN LISTS skipped)
    message(STATUS "  skipped ${line}")
  endforeach()
endfunction()
