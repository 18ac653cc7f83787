# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# coalesce_kokkos_deps(<ok_var>): after find_package(Kokkos) succeeded, puts whichever form its package
# config takes behind one imported target, coalesce::kokkos_deps, and sets <ok_var> ON (OFF with a
# warning when the package is unusable):
#   - Kokkos' own CMake build (3.x and 4.x) exports Kokkos::kokkos;
#   - a TriBITS build (Trilinos, Debian's libtrilinos-kokkos-dev) sets Kokkos_INCLUDE_DIRS,
#     Kokkos_LIBRARY_DIRS and Kokkos_LIBRARIES (names of imported targets or of plain libraries). Its
#     Kokkos::kokkos, where it has one, may be wrong (Debian's points at /usr/lib/include, computed for
#     a non-multiarch prefix), so when those variables name a directory with Kokkos_Core.hpp they win.
# Used by coalesce's own build and by its installed package config (coalesce::kokkos links this).
function(coalesce_kokkos_deps ok_var)
  set(${ok_var} OFF PARENT_SCOPE)
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
  set(${ok_var} ON PARENT_SCOPE)
endfunction()
