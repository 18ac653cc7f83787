#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# The coalesce-particles benchmark on the GPU machine, with the repo built in build/cuda (cmake --preset
# cuda && cmake --build --preset cuda --target coalesce-particles). Per record layout (aos, packed, soa,
# blocked 32/64/128/256, split:x,v in soa and blocked:128): a whole step, the force pass, the cell list
# and the update passes, each the median of 20 reps with CUDA events, and the step's speedup over AoS;
# for 1 M and 4 M particles on the GPU, and 32 k on the host backend.
# Writes to $OUT (default out/particles): particles_bench.md (the tables), particles_bench.csv.
# About a minute on one H200.
set -euo pipefail
cd "$(dirname "$0")/.."

BUILD=${BUILD:-build/cuda}
EXE="$BUILD/apps/particles/coalesce-particles"
OUT=${OUT:-out/particles}
SIZES=${SIZES:-"1000000 4000000"}
LAYOUTS=(aos packed soa blocked:32 blocked:64 blocked:128 blocked:256 split:x,v split:x,v:blocked:128)

if [[ ! -x "$EXE" ]]; then
  echo "bench_particles.sh: $EXE not found; build first: cmake --preset cuda && cmake --build --preset cuda" >&2
  exit 1
fi
mkdir -p "$OUT"
rm -f "$OUT/particles_bench.csv"
{
  nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader || true
  for n in $SIZES; do
    echo "== $n particles, CUDA"
    timeout 300 "$EXE" --backend cuda --n "$n" --bench --layouts "${LAYOUTS[@]}" --reps 20 --warmup 3 \
      --csv "$OUT/particles_bench.csv"
  done
  echo "== 32000 particles, host backend"
  timeout 300 "$EXE" --backend host --n 32000 --bench --layouts aos soa blocked:64 split:x,v --reps 20 --warmup 1 \
    --csv "$OUT/particles_bench.csv"
} | tee "$OUT/particles_bench.md"
