#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# On the GPU machine, with .dev/bins.tar.xz (scripts/pack_prebuilt.sh): Nsight Compute on the record
# kernels of the given coalesce-bench --records cases (default: one per kernel kind), clocks as found.
#   scripts/gpu_ncu_records.sh ["body: aos -> soa" ...]
# One text report per case and a summary of the key metrics go to $OUT.
set -uo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-$PWD/out-gpu}
mkdir -p "$out" /tmp/cb
tar xJf .dev/bins.tar.xz -C /tmp/cb
cases=("$@")
[ ${#cases[@]} -eq 0 ] && cases=("body: aos -> soa" "body: soa -> aos" "body: blocked:128 -> aos" "body: soa -> blocked:128"
                               "element: aos -> packed" "element: aos -> blocked:128" "mixed16: aos -> soa")
sections=(--section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats --section SchedulerStats
          --section MemoryWorkloadAnalysis --section InstructionStats)
stalls=""
for r in barrier long_scoreboard short_scoreboard mio_throttle lg_throttle wait no_instruction drain math_pipe_throttle \
         not_selected selected dispatch_stall branch_resolving membar; do
  stalls+=${stalls:+,}smsp__average_warp_latency_issue_stalled_$r.ratio
done
# The bytes the memory moved (against the fields' bytes the bench counts) and the L2's sectors.
stalls+=,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum,gpu__time_duration.sum
for c in "${cases[@]}"; do
  name=$(echo "$c" | tr -c 'A-Za-z0-9' '_')
  timeout 120 ncu --clock-control none --kernel-name regex:'record_(stage|lanes|element)' --launch-skip 1 --launch-count 1 \
    "${sections[@]}" --metrics "$stalls" /tmp/cb/coalesce-bench --records --only "$c" --size-mib 128 --reps 3 > "$out/ncu_$name.txt" 2>&1
  echo "== $c" >> "$out/ncu_summary.txt"
  grep -E "record_|Duration|DRAM Throughput|Memory Throughput|Achieved Occupancy|Registers Per|Dynamic Shared|Issued Ipc|Executed Instructions  |Stall|cycles being stalled|Warp Cycles Per Issued|Eligible Warps|No Eligible|Block Limit|Grid Size|Bank|issue_stalled|dram__bytes|lts__t_sectors|gpu__time" \
    "$out/ncu_$name.txt" | sed 's/  */ /g' | cut -c1-220 >> "$out/ncu_summary.txt"
done
