#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# Builds Kokkos 4 with CUDA for sm_90 (and Serial on the host) outside the repository, from the
# tarball that scripts/pack_kokkos_source.sh makes, with scripts/kokkos/cuda13.patch applied:
#   scripts/kokkos/build_kokkos.sh [PREFIX [JOBS [WORK [STAGE]]]]
# defaults /tmp/kokkos, nproc, /tmp/kokkos-build, all. STAGE: configure (unpack, patch, configure:
# WORK/build then holds a package config that find_package(Kokkos) takes, so a project can configure
# against Kokkos while it builds), build, install, or all three.
# CXX is Kokkos' nvcc_wrapper, so that a project that finds this Kokkos with g++ as its compiler gets
# the Kokkos-dependent sources redirected to nvcc (kokkos_launch_compiler) without more setup;
# CUDA_CONSTEXPR gives them --expt-relaxed-constexpr, which coalesce's host-device headers want.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
prefix=${1:-/tmp/kokkos}
jobs=${2:-$(nproc)}
work=${3:-/tmp/kokkos-build}
stage=${4:-all}
tarball=$repo/.deps/kokkos-src.tar.xz
if [ "$stage" = all ] || [ "$stage" = configure ]; then
  [ -f "$tarball" ] || { echo "no $tarball: run scripts/pack_kokkos_source.sh (and carry .deps)" >&2; exit 2; }
  rm -rf "$work"
  mkdir -p "$work/src"
  tar -xJf "$tarball" -C "$work/src"
  # CUDA 13: cudaGraphAddDependencies' edge data, cudaMemPrefetchAsync's cudaMemLocation, sm_90 in nvcc_wrapper.
  if command -v patch > /dev/null; then
    patch -d "$work/src" -p1 --forward < "$repo/scripts/kokkos/cuda13.patch"
  else
    git -C "$work/src" apply -p1 "$repo/scripts/kokkos/cuda13.patch"
  fi
  cmake -S "$work/src" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_COMPILER="$work/src/bin/nvcc_wrapper" -DCMAKE_CXX_STANDARD=17 \
    -DKokkos_ENABLE_SERIAL=ON -DKokkos_ENABLE_CUDA=ON -DKokkos_ARCH_HOPPER90=ON -DKokkos_ENABLE_CUDA_CONSTEXPR=ON \
    -DCMAKE_INSTALL_PREFIX="$prefix"
fi
if [ "$stage" = all ] || [ "$stage" = build ]; then
  cmake --build "$work/build" -j "$jobs"
fi
if [ "$stage" = all ] || [ "$stage" = install ]; then
  cmake --install "$work/build" > /dev/null
  echo "Kokkos installed in $prefix"
fi
