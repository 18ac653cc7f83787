# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# install() rules and the exported package: find_package(coalesce CONFIG) from the build tree or a prefix.
include(CMakePackageConfigHelpers)

set(COALESCE_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/coalesce")
# coalesce_warnings joins the export set only because CMake 3.25 requires every target a static library
# links, even $<BUILD_INTERFACE:...> ones; nothing exported links it.
set(_targets coalesce coalesce_warnings)
if(TARGET coalesce_analysis)
  list(APPEND _targets coalesce_analysis)
endif()
if(TARGET coalesce_mpi)
  list(APPEND _targets coalesce_mpi)
endif()
# coalesce::kokkos links coalesce::kokkos_deps by name; the package config makes that target again.
if(TARGET coalesce_kokkos)
  list(APPEND _targets coalesce_kokkos)
endif()
install(TARGETS ${_targets} EXPORT coalesce-targets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY include/coalesce DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES "${PROJECT_BINARY_DIR}/include/coalesce/build_config.hpp"
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/coalesce)
install(EXPORT coalesce-targets NAMESPACE coalesce:: DESTINATION ${COALESCE_INSTALL_CMAKEDIR})
export(EXPORT coalesce-targets NAMESPACE coalesce:: FILE "${PROJECT_BINARY_DIR}/coalesce-targets.cmake")

configure_package_config_file(cmake/coalesce-config.cmake.in "${PROJECT_BINARY_DIR}/coalesce-config.cmake"
  INSTALL_DESTINATION ${COALESCE_INSTALL_CMAKEDIR})
write_basic_package_version_file("${PROJECT_BINARY_DIR}/coalesce-config-version.cmake"
  COMPATIBILITY SameMinorVersion)
install(FILES "${PROJECT_BINARY_DIR}/coalesce-config.cmake" "${PROJECT_BINARY_DIR}/coalesce-config-version.cmake"
  cmake/coalesce_cccl.cmake cmake/coalesce_kokkos_deps.cmake DESTINATION ${COALESCE_INSTALL_CMAKEDIR})
# The build tree's config finds these beside it, like the installed one.
configure_file(cmake/coalesce_cccl.cmake "${PROJECT_BINARY_DIR}/coalesce_cccl.cmake" COPYONLY)
configure_file(cmake/coalesce_kokkos_deps.cmake "${PROJECT_BINARY_DIR}/coalesce_kokkos_deps.cmake" COPYONLY)
