# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# Optional Kokkos interop. Finds Kokkos quietly and puts whichever form its package config takes
# behind one imported target, coalesce::kokkos_deps:
#   - Kokkos' own CMake build (3.x and 4.x) exports Kokkos::kokkos;
#   - a TriBITS build (Trilinos, Debian's libtrilinos-kokkos-dev) sets Kokkos_INCLUDE_DIRS,
#     Kokkos_LIBRARY_DIRS and Kokkos_LIBRARIES (names of imported targets or of plain libraries). Its
#     Kokkos::kokkos, where it has one, may be wrong (Debian's points at /usr/lib/include, computed for
#     a non-multiarch prefix), so when those variables name a directory with Kokkos_Core.hpp they win.
# coalesce_kokkos (alias coalesce::kokkos) is the INTERFACE target users link: coalesce + Kokkos.
# Sets COALESCE_WITH_KOKKOS, COALESCE_KOKKOS_VERSION and COALESCE_KOKKOS_CUDA (Kokkos has the Cuda
# backend: its programs need a GPU driver to start).
set(COALESCE_WITH_KOKKOS OFF)
set(COALESCE_KOKKOS_VERSION "")
set(COALESCE_KOKKOS_CUDA OFF)
if(NOT COALESCE_ENABLE_KOKKOS)
  return()
endif()

find_package(Kokkos CONFIG QUIET)
if(NOT Kokkos_FOUND)
  message(STATUS "coalesce: Kokkos not found, Kokkos interop off")
  return()
endif()

set(_coalesce_kokkos_tribits OFF)
if(Kokkos_INCLUDE_DIRS AND Kokkos_LIBRARIES)
  find_path(_coalesce_kokkos_core Kokkos_Core.hpp PATHS ${Kokkos_INCLUDE_DIRS} NO_DEFAULT_PATH NO_CACHE)
  if(_coalesce_kokkos_core)
    set(_coalesce_kokkos_tribits ON)
  endif()
  unset(_coalesce_kokkos_core)
endif()
if(NOT _coalesce_kokkos_tribits AND NOT TARGET Kokkos::kokkos)
  message(WARNING "coalesce: Kokkos found at ${Kokkos_DIR} but it has neither Kokkos::kokkos nor "
                  "Kokkos_INCLUDE_DIRS with Kokkos_Core.hpp; Kokkos interop off")
  return()
endif()

# The libraries of a TriBITS package: imported targets where it defines them, else found by name.
set(_coalesce_kokkos_links "")
if(_coalesce_kokkos_tribits)
  foreach(lib IN LISTS Kokkos_LIBRARIES)
    if(TARGET ${lib})
      list(APPEND _coalesce_kokkos_links ${lib})
    else()
      find_library(_coalesce_kokkos_lib NAMES ${lib} HINTS ${Kokkos_LIBRARY_DIRS} NO_CACHE)
      if(NOT _coalesce_kokkos_lib)
        message(WARNING "coalesce: Kokkos library ${lib} not found in ${Kokkos_LIBRARY_DIRS}; Kokkos interop off")
        return()
      endif()
      list(APPEND _coalesce_kokkos_links ${_coalesce_kokkos_lib})
      unset(_coalesce_kokkos_lib)
    endif()
  endforeach()
  list(APPEND _coalesce_kokkos_links ${Kokkos_TPL_LIBRARIES})
endif()

if(NOT TARGET coalesce::kokkos_deps)
  add_library(coalesce::kokkos_deps INTERFACE IMPORTED GLOBAL)
  if(_coalesce_kokkos_tribits)
    # Include directories of an imported target are SYSTEM: Kokkos' own warnings stay out of ours.
    target_include_directories(coalesce::kokkos_deps INTERFACE ${Kokkos_INCLUDE_DIRS} ${Kokkos_TPL_INCLUDE_DIRS})
    target_link_libraries(coalesce::kokkos_deps INTERFACE ${_coalesce_kokkos_links})
  else()
    target_link_libraries(coalesce::kokkos_deps INTERFACE Kokkos::kokkos)
  endif()
endif()
unset(_coalesce_kokkos_links)
unset(_coalesce_kokkos_tribits)

set(COALESCE_WITH_KOKKOS ON)
set(COALESCE_KOKKOS_VERSION "${Kokkos_VERSION}")
string(TOUPPER "${Kokkos_DEVICES}" _coalesce_kokkos_devices)
if("CUDA" IN_LIST _coalesce_kokkos_devices)
  set(COALESCE_KOKKOS_CUDA ON)
endif()
unset(_coalesce_kokkos_devices)
if(NOT TARGET coalesce_kokkos)
  add_library(coalesce_kokkos INTERFACE)
  add_library(coalesce::kokkos ALIAS coalesce_kokkos)
  set_target_properties(coalesce_kokkos PROPERTIES EXPORT_NAME kokkos)
  target_link_libraries(coalesce_kokkos INTERFACE coalesce::coalesce coalesce::kokkos_deps)
endif()
message(STATUS "coalesce: Kokkos ${Kokkos_VERSION} found (devices: ${Kokkos_DEVICES}), Kokkos interop on")
