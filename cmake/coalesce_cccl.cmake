# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# CUDA 13 keeps Thrust, CUB and libcu++ in <cuda>/include/cccl: nvcc finds them by itself, a g++
# translation unit needs the directory. Used by the build and by the installed package config.
set(COALESCE_CCCL_INCLUDE_DIR "")
if(CUDAToolkit_FOUND)
  foreach(dir IN LISTS CUDAToolkit_INCLUDE_DIRS)
    if(EXISTS "${dir}/cccl/cuda/std/mdspan")
      set(COALESCE_CCCL_INCLUDE_DIR "${dir}/cccl")
      break()
    elseif(EXISTS "${dir}/cuda/std/mdspan")
      set(COALESCE_CCCL_INCLUDE_DIR "${dir}")
      break()
    endif()
  endforeach()
endif()

# Adds the CCCL headers to a target's interface, for its host (g++) translation units.
function(coalesce_link_cccl target)
  if(COALESCE_CCCL_INCLUDE_DIR)
    get_target_property(imported ${target} IMPORTED)
    if(imported)
      set_property(TARGET ${target} APPEND PROPERTY INTERFACE_INCLUDE_DIRECTORIES "${COALESCE_CCCL_INCLUDE_DIR}")
    else()
      target_include_directories(${target} SYSTEM PUBLIC $<BUILD_INTERFACE:${COALESCE_CCCL_INCLUDE_DIR}>)
    endif()
  endif()
endfunction()
