#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# Issue 11 parts 6 and 7 on the GPU machine (one H200): builds the cuda preset's app targets, runs the
# FE, particle and analyzer tests (host and GPU) and compute-sanitizer memcheck on the new GPU tests,
# checks coalesce-particles against the double host reference on every record layout, benchmarks it
# (scripts/bench_particles.sh), and runs and benchmarks coalesce-fe on the element record layouts.
# Writes to $OUT (default ./out/apps-check): summary.txt (one line per step, appended), build.log,
# ctest.log, sanitizer.log, particles_check.md, particles_bench.{md,csv}, fe_records.md,
# fe_records_bench.csv. BUILD_DIR (default build/cuda) is where the binaries are.
#   scripts/gpu_apps_check.sh [step ...]   steps: build tests particles fe (default: all four, in order)
# About 10 minutes in all, most of it the build; under a per-command time limit run `build` first and
# the rest in a second call.
set -uo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-$PWD/out/apps-check}
mkdir -p "$out"
if [ -d .deps/usr ]; then cp -r .deps/usr/. /usr/; fi  # header-only deps packed by scripts/pack_offline_deps.sh
export PATH="$PATH:/usr/local/cuda/bin"
build=${BUILD_DIR:-build/cuda}
steps=("$@")
if [ ${#steps[@]} -eq 0 ]; then steps=(build tests particles fe); fi
note() {
  echo "== $1"
  echo "$1" >> "$out/summary.txt"
}

build_step() {
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.mem --format=csv,noheader > "$out/gpu.txt" 2>&1
  targets=(coalesce-fe coalesce-particles coalesce-advise coalesce-fe-unit-tests coalesce-fe-gpu-tests
           coalesce-particles-unit-tests coalesce-particles-gpu-tests coalesce-analysis-tests)
  { cmake --preset cuda -DCOALESCE_BUILD_TESTS=ON && cmake --build "$build" -j "$(nproc)" --target "${targets[@]}"; } \
    > "$out/build.log" 2>&1
  note "build: exit $? ($(grep -c -i ' warning' "$out/build.log") warning lines)"
}

tests_step() {
  ctest --test-dir "$build" -R '^(fe|particles|analysis)\.' -j 4 --output-on-failure > "$out/ctest.log" 2>&1
  note "ctest fe|particles|analysis: $(grep -E 'tests passed|tests failed' "$out/ctest.log")"
  note "ctest skipped: $(grep -c -E 'Skipped|Not Run' "$out/ctest.log")"

  : > "$out/sanitizer.log"
  san() {  # test executable, test-case filter
    compute-sanitizer --tool memcheck --error-exitcode 99 "$1" -ts=gpu -tc="$2" >> "$out/sanitizer.log" 2>&1
    note "compute-sanitizer memcheck $(basename "$1") [$2]: exit $?"
  }
  san "$build/tests/particles/coalesce-particles-gpu-tests" "particles.gpu.matches_host_backend"
  san "$build/tests/fe/coalesce-fe-gpu-tests" "fe.gpu.records_agree_with_vectors"
}

particles_step() {
  particles="$build/apps/particles/coalesce-particles"
  : > "$out/particles_check.md"
  for layout in aos packed soa blocked:32 blocked:64 blocked:128 blocked:256 blocked:48 split:x,v split:x,v:blocked:128; do
    echo "## $layout" >> "$out/particles_check.md"
    timeout 120 "$particles" --backend cuda --n 20000 --steps 100 --layout "$layout" --check >> "$out/particles_check.md" 2>&1
    rc=$?
    note "particles --check $layout: exit $rc ($(grep -o 'largest position error [^ ]*' "$out/particles_check.md" | tail -1))"
  done
  timeout 60 "$particles" --backend cuda --n 200000 --steps 1000 --layout split:x,v:blocked:128 >> "$out/particles_check.md" 2>&1
  note "particles 1000 steps: exit $? ($(grep 'energy drift' "$out/particles_check.md" | tail -1))"

  OUT="$out" BUILD="$build" ./scripts/bench_particles.sh > "$out/bench_particles.log" 2>&1
  note "particles benchmark: exit $?"
}

fe_step() {
  fe="$build/apps/fe_tled/coalesce-fe"
  : > "$out/fe_records.md"
  for records in aos packed soa blocked:32 blocked:128 split:dN,nodes split:dN,nodes:blocked:128 auto; do
    echo "## --records $records" >> "$out/fe_records.md"
    timeout 120 "$fe" --backend cuda --box 40 --steps 2000 --records "$records" >> "$out/fe_records.md" 2>&1
    note "fe --records $records: exit $? ($(grep 'largest displacement' "$out/fe_records.md" | tail -1))"
  done
  rm -f "$out/fe_records_bench.csv"
  for n in 55 96; do
    timeout 200 "$fe" --backend cuda --box "${n}x${n}x${n}" --stretch -0.05 --bench --layouts aos,soa,blocked:128 \
      --record-layouts aos packed soa blocked:32 blocked:128 split:dN,nodes split:dN,nodes:blocked:128 \
      --reps 20 --warmup 3 --csv "$out/fe_records_bench.csv" >> "$out/fe_records.md" 2>&1
    note "fe records benchmark box $n: exit $?"
  done
}

for step in "${steps[@]}"; do
  case "$step" in
    build) build_step ;;
    tests) tests_step ;;
    particles) particles_step ;;
    fe) fe_step ;;
    *) note "unknown step $step" ;;
  esac
done
cat "$out/summary.txt"
