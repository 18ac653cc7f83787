#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# On a machine with a CUDA GPU (and no package registry): builds the cuda preset, runs the whole test
# suite, compute-sanitizer memcheck/racecheck/synccheck on the GPU tests, and the demo. Extra steps:
#   scripts/gpu_check.sh [--no-tests] [step ...]   steps: bench (coalesce-bench), bench-dynamic (the same
#                                     with COALESCE_STATIC_M=0), profile (ncu), apps (scripts/bench_apps.sh),
#                                     validate (scripts/validate_analyzer.sh)
# Logs go to $OUT (or ./out); a short summary is printed last.
set -uo pipefail
cd "$(dirname "$0")/.."
# Everything lands in ./out; with $OUT set (the GPU machine's tool) it is packed into $OUT/results.tgz,
# since only a few files come back from there.
out=$PWD/out
rm -rf "$out" && mkdir -p "$out"
if [ -d .deps/usr ]; then cp -r .deps/usr/. /usr/; fi  # header-only deps packed by scripts/pack_offline_deps.sh
run_tests=1
if [ "${1:-}" = "--no-tests" ]; then run_tests=0; shift; fi
summary=()
# Each note also packs what there is so far, so a run cut off by a time limit still brings its results back.
note() {
  summary+=("$1")
  echo "== $1"
  printf '%s\n' "${summary[@]}" > "$out/summary.txt"
  if [ -n "${OUT:-}" ]; then tar czf "$OUT/results.tgz" -C "$out" . 2>/dev/null; cp "$out/summary.txt" "$OUT/"; fi
}

nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.mem --format=csv,noheader > "$out/gpu.txt" 2>&1
{ cmake --preset cuda -DCOALESCE_BUILD_TESTS=ON && cmake --build --preset cuda -j "$(nproc)"; } > "$out/build.log" 2>&1
note "build: exit $? ($(grep -c -i ' warning' "$out/build.log") warning lines)"

if [ "$run_tests" = 1 ]; then
ctest --preset cuda -j 4 > "$out/ctest.log" 2>&1
note "ctest: $(grep -E 'tests passed|tests failed' "$out/ctest.log")"
grep -E "\*\*\*Failed|Not Run|Skipped" "$out/ctest.log" | head -20

gpu_tests=build/cuda/tests/coalesce-gpu-tests
san() {  # tool, test-case filter, extra sanitizer options
  compute-sanitizer --tool "$1" --error-exitcode 99 ${3:-} "$gpu_tests" -ts=gpu -tc="$2" > "$out/san.tmp" 2>&1
  local rc=$?
  cat "$out/san.tmp" >> "$out/sanitizer.log"
  note "compute-sanitizer $1 ${3:-} [$2]: exit $rc ($(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$out/san.tmp" | tr '\n' ' '))"
  rm -f "$out/san.tmp"
}
: > "$out/sanitizer.log"
san memcheck "runtime.cuda.round_trip.float,runtime.cuda.round_trip.other_widths,runtime.cuda.user_device_memory,runtime.cuda.thrust_device_vector,view.cuda.*,layout.cuda.*,runtime.cuda.pitched*,runtime.cuda.matches*,runtime.cuda.picked*"
# The bad-input test provokes out-of-memory API errors on purpose: memcheck checks its accesses, not those.
san memcheck "runtime.cuda.bad_input*" "--report-api-errors no"
san memcheck "transform.cuda.fast_kernels*,transform.cuda.unaligned*,transform.cuda.every_kernel.other_widths"
san racecheck "runtime.cuda.round_trip.other_widths,view.cuda.*,transform.cuda.fast_kernels*"
san synccheck "runtime.cuda.round_trip.other_widths"
san initcheck "runtime.cuda.round_trip.other_widths,runtime.cuda.matches*"

./build/cuda/apps/demo/coalesce-demo > "$out/demo.log" 2>&1
note "demo: exit $? ($(tail -1 "$out/demo.log"))"
fi

for step in "$@"; do
  case "$step" in
    bench) ./build/cuda/benchmarks/coalesce-bench --out "$out/bench" > "$out/bench.log" 2>&1; note "bench: exit $?" ;;
    bench-dynamic)  # the same relayouts with every m a kernel argument: what compiling m in is worth
      COALESCE_STATIC_M=0 ./build/cuda/benchmarks/coalesce-bench --m 2 3 4 8 --out "$out/bench-dynamic" \
        > "$out/bench-dynamic.log" 2>&1; note "bench (COALESCE_STATIC_M=0): exit $?" ;;
    apps) mkdir -p "$out/apps"; OUT="$out/apps" ./scripts/bench_apps.sh > "$out/apps.log" 2>&1; note "apps benchmarks: exit $?" ;;
    profile)  # Nsight Compute on the transpose kernel, float and double, m = 3, AoS -> SoA (the first case)
      for t in float double; do
        ncu --clock-control none --kernel-name regex:transpose_kernel --launch-skip 3 --launch-count 1 \
          --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats \
          --section InstructionStats --metrics l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,smsp__inst_executed.sum,dram__bytes.sum \
          ./build/cuda/benchmarks/coalesce-bench --m 3 --types $t --size-mib 256 --reps 3 --out "$out/profile-bench" \
          > "$out/ncu_relayout_$t.txt" 2>&1
        note "ncu relayout $t: exit $?"
      done ;;
    fe) mkdir -p "$out/fe"; OUT="$out/fe" ./scripts/bench_fe.sh > "$out/fe.log" 2>&1; note "FE benchmark: exit $?" ;;
    validate) mkdir -p "$out/validate"; OUT="$out/validate" ./scripts/validate_analyzer.sh > "$out/validate.log" 2>&1
      note "analyzer validation: exit $?" ;;
    *) note "unknown step $step" ;;
  esac
done
printf '%s\n' "${summary[@]}"
