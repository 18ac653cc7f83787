#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# The coalesce-fe benchmark of issue 5, on the GPU machine, with the repo already built in build/cuda
# (cmake --preset cuda && cmake --build --preset cuda). Meshes of 1.0 M, 5.3 M and 20.2 M elements;
# per layout (aos, soa, blocked 32/64/128/256) the element pass, node pass and whole step, the element
# pass's bandwidth against its floor and against cudaMemcpy D2D in the same run, the speedup over AoS;
# then Nsight Compute sectors/request of the element kernel per layout (--clock-control none).
# Writes 4 files into $OUT (default out/fe): fe_bench.csv, fe_ncu.csv, fe_bench.md, fe_bench.png.
# About 2 minutes on one H200.
set -euo pipefail
cd "$(dirname "$0")/.."

BUILD=${BUILD:-build/cuda}
EXE="$BUILD/apps/fe_tled/coalesce-fe"
OUT=${OUT:-out/fe}
LAYOUTS=aos,soa,blocked:32,blocked:64,blocked:128,blocked:256
BOXES=${BOXES:-"55 96 150"}  # 6 n^3 elements: 0.998 M, 5.31 M, 20.25 M
PLOT=apps/fe_tled/plot_bench.py

if [[ ! -x "$EXE" ]]; then
  echo "bench_fe.sh: $EXE not found; build first: cmake --preset cuda && cmake --build --preset cuda" >&2
  exit 1
fi
mkdir -p "$OUT"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
rm -f "$OUT/fe_bench.csv" "$OUT/fe_ncu.csv"

nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader || true

# Timings: one process per mesh; each builds the model once and benchmarks every layout on it.
for n in $BOXES; do
  echo "== box ${n}x${n}x${n} ($((6 * n * n * n)) elements)"
  timeout 110 "$EXE" --backend cuda --box "${n}x${n}x${n}" --stretch -0.05 --bench --layouts "$LAYOUTS" \
    --reps 20 --warmup 3 --csv "$OUT/fe_bench.csv"
done

# Sectors per request: one element pass per layout, in the order of $LAYOUTS, on the smallest mesh.
first=${BOXES%% *}
if command -v ncu > /dev/null; then
  metrics=l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum
  metrics+=,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum
  metrics+=,dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum
  if timeout 100 ncu --clock-control none --kernel-name regex:element_forces_kernel --metrics "$metrics" \
       --csv --page raw --print-units base --log-file "$scratch/ncu_raw.csv" \
       "$EXE" --backend cuda --box "${first}x${first}x${first}" --stretch -0.05 --profile --layouts "$LAYOUTS"; then
    python3 "$PLOT" ncu "$scratch/ncu_raw.csv" "$LAYOUTS" "$OUT/fe_ncu.csv" || echo "bench_fe.sh: could not parse the ncu output" >&2
  else
    echo "bench_fe.sh: ncu failed (counters need permission: run as root or allow profiling)" >&2
    tail -20 "$scratch/ncu_raw.csv" >&2 || true
  fi
else
  echo "bench_fe.sh: ncu not found; no sectors/request" >&2
fi

python3 "$PLOT" report "$OUT/fe_bench.csv" "$OUT/fe_ncu.csv" "$OUT/fe_bench.md" "$OUT/fe_bench.png"
cat "$OUT/fe_bench.md"
