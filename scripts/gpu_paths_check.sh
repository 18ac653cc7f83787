#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# On the GPU machine: the transform GPU tests, compute-sanitizer memcheck and racecheck on the
# transform kernels, and the path matrix (coalesce-bench --paths all, 256 MiB cells), from binaries
# built elsewhere: BIN (default .dev/paths) holds coalesce-gpu-tests and coalesce-bench.
#   scripts/gpu_paths_check.sh [quick]     results and logs go to $OUT
set -uo pipefail
cd "$(dirname "$0")/.."
bin=${BIN:-.dev/paths}
out=${OUT:-$PWD/out-paths}
mkdir -p "$out"
export RUN_LOG_TIMEOUT=300
source scripts/gpu_log.sh
gpu_banner
# SKIP_TESTS=1: the caller runs coalesce-gpu-tests whole already (gpu_prebuilt_check.sh tests).
[ "${SKIP_TESTS:-0}" = 1 ] || run_log transform-tests "$bin/coalesce-gpu-tests" -tc='transform.cuda.*,runtime.cuda.*'
small='transform.cuda.user_rows_of_any_pitch_and_alignment,transform.cuda.every_kernel.double,transform.cuda.every_kernel.other_widths'
run_log memcheck compute-sanitizer --tool memcheck --error-exitcode 99 "$bin/coalesce-gpu-tests" -tc="$small"
run_log racecheck compute-sanitizer --tool racecheck --error-exitcode 99 "$bin/coalesce-gpu-tests" \
  -tc='transform.cuda.every_kernel.double'
if [ "${1:-}" = quick ]; then
  run_log paths "$bin/coalesce-bench" --paths quick --out "$out/paths"
else
  run_log paths "$bin/coalesce-bench" --paths all --size-mib 256 --out "$out/paths"
fi
cat "$out/summary.txt"
