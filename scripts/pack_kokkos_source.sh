#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# For the GPU machine (no network): packs the Kokkos sources into .deps/kokkos-src.tar.xz (git-ignored,
# about 1 MB), the library only: tests, examples, docs and benchmarks are left out, their top-level
# CMakeLists.txt kept because Kokkos' configure adds those directories unconditionally.
#   scripts/pack_kokkos_source.sh [KOKKOS_GIT_DIR [REV]]
# KOKKOS_GIT_DIR: a clone (or bare mirror) of https://github.com/kokkos/kokkos; default the snapshot
# at /work/.mirror/kokkos+kokkos/repo; REV default HEAD. scripts/gpu.sh kokkos unpacks it,
# applies scripts/kokkos/cuda13.patch and builds it outside the repository.
set -euo pipefail
cd "$(dirname "$0")/.."
src=${1:-/work/.mirror/kokkos+kokkos/repo}
rev=${2:-HEAD}
git_dir=$(git -C "$src" rev-parse --git-dir 2>/dev/null || echo "$src")
case "$git_dir" in /*) ;; *) git_dir="$src/$git_dir" ;; esac
mkdir -p .deps
version=$(git --git-dir="$git_dir" show "$rev:CMakeLists.txt" |
  sed -n 's/^set(Kokkos_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\)).*/\2/p' | paste -sd.)
git --git-dir="$git_dir" archive --format=tar "$rev" -- . \
  ':(exclude,glob)*/unit_test/**' ':(exclude,glob)*/unit_tests/**' ':(exclude,glob)*/perf_test/**' ':(exclude,glob)tpls/gtest/**' ':(exclude,glob)tpls/mdspan/tests/**' ':(exclude,glob)tpls/mdspan/benchmarks/**' ':(exclude,glob)tpls/mdspan/examples/**' ':(exclude,glob)tpls/mdspan/compilation_tests/**' ':!doc' ':!scripts' \
  ':(exclude,glob)example/*/**' ':(exclude,glob)benchmarks/*/**' ':!.github' ':!.gitlab' ':!.jenkins' |
  xz -T2 -6 > .deps/kokkos-src.tar.xz.part
mv .deps/kokkos-src.tar.xz.part .deps/kokkos-src.tar.xz
echo "Kokkos $version ($(git --git-dir="$git_dir" rev-parse --short "$rev")) -> .deps/kokkos-src.tar.xz," \
  "$(du -h .deps/kokkos-src.tar.xz | cut -f1)"
