# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# Optional Kokkos interop. Finds Kokkos quietly and puts whichever form its package config takes
# behind one imported target, coalesce::kokkos_deps (coalesce_kokkos_deps.cmake, which the installed
# package config runs again). coalesce_kokkos (alias coalesce::kokkos, exported as coalesce::kokkos) is
# the INTERFACE target users link: coalesce + Kokkos.
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

include(coalesce_kokkos_deps)
coalesce_kokkos_deps(_coalesce_kokkos_ok)
if(NOT _coalesce_kokkos_ok)
  return()
endif()

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
  target_link_libraries(coalesce_kokkos INTERFACE coalesce coalesce::kokkos_deps)
endif()
message(STATUS "coalesce: Kokkos ${Kokkos_VERSION} found (devices: ${Kokkos_DEVICES}), Kokkos interop on")
