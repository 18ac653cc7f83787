# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# Warnings for our own targets only; never part of the exported usage requirements.
add_library(coalesce_warnings INTERFACE)
set(_cxx_warnings -Wall -Wextra -Wpedantic -Wshadow)
if(COALESCE_WERROR)
  list(APPEND _cxx_warnings -Werror)
endif()
string(REPLACE ";" "," _cuda_host_warnings "-Wall,-Wextra,-Wno-pedantic")
target_compile_options(coalesce_warnings INTERFACE
  $<$<COMPILE_LANGUAGE:CXX>:${_cxx_warnings}>
  $<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=${_cuda_host_warnings}>
  $<$<AND:$<COMPILE_LANGUAGE:CUDA>,$<BOOL:${COALESCE_WERROR}>>:--Werror=all-warnings>)
