#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# Packs the GPU test and benchmark programs (or those named: scripts/pack_prebuilt.sh coalesce-bench ...) of build/default (or $BUILD; built here for sm_90) into
# .dev/bins.tar.xz, which scripts/gpu_prebuilt_check.sh runs on the GPU machine: the machine's
# device minutes then go to running, not compiling. .dev is git-ignored.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD:-build/default}  # BUILD=build/cuda: the cuda preset
programs=(tests/coalesce-gpu-tests tests/fe/coalesce-fe-gpu-tests tests/apps/coalesce-apps-gpu-tests
          tests/interop/coalesce-thrust-cuda-tests apps/demo/coalesce-demo benchmarks/coalesce-bench
          tests/mpi/coalesce-mpi-tests tests/mpi/coalesce-fe-mpi-tests apps/fe_tled_mpi/coalesce-fe-mpi
          benchmarks/coalesce-mpi-bench apps/particles/coalesce-particles tests/particles/coalesce-particles-gpu-tests
          apps/fe_tled/coalesce-fe apps/advise/coalesce-advise apps/particles_mpi/coalesce-particles-mpi
          tools/validate_time/coalesce-validate-time apps/transpose/coalesce-transpose)
# Only the programs named (their basenames), where given: the device tool carries 64 MiB at most.
if [ $# -gt 0 ]; then
  wanted=()
  for p in "${programs[@]}"; do
    for name in "$@"; do [ "$(basename "$p")" = "$name" ] && wanted+=("$p"); done
  done
  programs=("${wanted[@]}")
fi
stage=$(mktemp -d)
for p in "${programs[@]}"; do
  if [ -x "$build/$p" ]; then strip -o "$stage/$(basename "$p")" "$build/$p"; else echo "pack_prebuilt: no $p (skipped)"; fi
done
mkdir -p .dev
tar cJf .dev/bins.tar.xz -C "$stage" .
rm -rf "$stage"
du -h .dev/bins.tar.xz
