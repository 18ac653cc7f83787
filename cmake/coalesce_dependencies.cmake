# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# Finds the optional backends quietly and records what was found.
include(CheckLanguage)
include(GNUInstallDirs)

set(COALESCE_WITH_CUDA OFF)
if(COALESCE_ENABLE_CUDA STREQUAL "AUTO")
  check_language(CUDA)
  if(CMAKE_CUDA_COMPILER)
    set(COALESCE_WITH_CUDA ON)
  endif()
elseif(COALESCE_ENABLE_CUDA)
  set(COALESCE_WITH_CUDA ON)
endif()

if(COALESCE_WITH_CUDA)
  # Never "native": it fails on machines without a GPU (CI). 90 = Hopper (H100, H200).
  if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
    set(CMAKE_CUDA_ARCHITECTURES 90)
  endif()
  enable_language(CUDA)
  set(CMAKE_CUDA_STANDARD 17)
  set(CMAKE_CUDA_STANDARD_REQUIRED ON)
  set(CMAKE_CUDA_EXTENSIONS OFF)
  find_package(CUDAToolkit REQUIRED)
else()
  find_package(CUDAToolkit QUIET)  # only for the CCCL headers (cuda/std/mdspan, Thrust) in host builds
endif()

include(coalesce_cccl)

set(COALESCE_WITH_OPENMP OFF)
if(COALESCE_ENABLE_OPENMP)
  find_package(OpenMP QUIET COMPONENTS CXX)
  if(OpenMP_CXX_FOUND)
    set(COALESCE_WITH_OPENMP ON)
  endif()
endif()
