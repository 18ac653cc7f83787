#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# Benchmarks of the reference apps on the GPU machine (one H200): coalesce-reduce and
# coalesce-transpose, then Nsight Compute bank-conflict and sector counts at small sizes.
# Run from the repository root, after `cmake --preset cuda && cmake --build --preset cuda` (binaries
# under build/cuda; BUILD_DIR overrides).
# Writes six files to $OUT (default ./bench-out):
#   reduce.md        reduction tables (progression at 2^24 and 2^28, types x ops, per-component layouts, host)
#   reduce.png       bar chart of the progression at 2^28 (skipped with a message without matplotlib)
#   transpose.md     transpose and row/column-sum tables (GPU and host)
#   ncu_reduce.csv   shared-memory bank conflicts of reduction kernels 1, 2, 3
#   ncu_transpose.csv bank conflicts and global sectors/requests of naive, tiled, padded transposes and sums
#   bench_apps.log   the machine, the commands, everything the programs printed, and their exit codes
# Runs in about two minutes; each step has its own time limit so the whole stays under four.
set -uo pipefail
export PATH="$PATH:/usr/local/cuda/bin"  # nvcc and ncu where the toolkit puts them

build=${BUILD_DIR:-build/cuda}
out=${OUT:-bench-out}
mkdir -p "$out"
log="$out/bench_apps.log"
reduce="$build/apps/reduction/coalesce-reduce"
transpose="$build/apps/transpose/coalesce-transpose"
status=0

# Runs a command with a time limit, logging it and its exit code; a failure is remembered, not fatal.
step() {
  local limit=$1
  shift
  echo "\$ $*" >>"$log"
  local start=$SECONDS
  timeout "$limit" "$@" >>"$log" 2>&1
  local rc=$?
  echo "[exit $rc after $((SECONDS - start)) s]" >>"$log"
  echo >>"$log"
  if [ "$rc" -ne 0 ]; then status=1; fi
  return 0
}

: >"$log"
{
  echo "# bench_apps.sh $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "commit: $(git rev-parse HEAD 2>/dev/null || echo unknown)"
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.memory --format=csv 2>&1
  nvcc --version 2>&1 | tail -1
  echo "cpus: $(nproc)"
  echo
} >>"$log"

for bin in "$reduce" "$transpose"; do
  if [ ! -x "$bin" ]; then
    echo "bench_apps.sh: $bin is missing; build with: cmake --preset cuda && cmake --build --preset cuda" | tee -a "$log" >&2
    exit 2
  fi
done

# 1. Reductions: the progression against CUB, Thrust and cudaMemcpy at 2^24 and 2^28 floats, the best
#    kernels for every type and op at 2^26, per-component sums of 2^22 vectors (m = 3, 12) in AoS, SoA
#    and blocked; then the same on the host backend (16 OpenMP threads).
step 150 "$reduce" --backend both --log2-sizes 24 28 --types-log2 26 --vectors-log2 22 --components 3 12 \
  --bd 128 --reps 50 --warmup 5 --markdown "$out/reduce.md" --chart "$out/reduce.png" \
  --plot-script apps/reduction/plot_bars.py

# 2. Transposes: 8192 x 8192 (the target shape) and the awkward widths, unpitched and pitched, against
#    cudaMemcpy D2D; row vs column sums; then the host backend.
step 90 "$transpose" --backend both --shapes 8192x8192 8192x1000 8192x1023 8192x4097 4097x4097 \
  --host-shapes 4096x4096 4096x1000 4096x1023 1023x4097 --reps 50 --warmup 5 --markdown "$out/transpose.md"

# 3. Nsight Compute: one invocation per app, small sizes, each kernel launched once (--profile-*).
#    Bank conflicts (shared loads / stores) with the shared instruction counts beside them, and for the
#    transposes the global sectors per request (naive: strided writes).
if command -v ncu >/dev/null 2>&1; then
  shared="l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"
  shared="$shared,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum"
  global="l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"
  global="$global,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum"
  step 60 ncu --clock-control none --metrics "$shared" --csv --log-file "$out/ncu_reduce.csv" \
    --kernel-name regex:"interleaved|sequential" \
    "$reduce" --profile-kernels 1 2 3 --sizes 1048576
  step 60 ncu --clock-control none --metrics "$shared,$global" --csv --log-file "$out/ncu_transpose.csv" \
    --kernel-name regex:"naive|tiled|sums" \
    "$transpose" --profile-only --shapes 2048x2048 1000x1023
else
  echo "ncu not found: no bank-conflict counts" >>"$log"
  status=1
fi

echo "bench_apps.sh: done (status $status); files in $out:" | tee -a "$log"
ls -l "$out" | tee -a "$log"
exit "$status"
