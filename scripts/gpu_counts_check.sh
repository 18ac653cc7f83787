#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# Counted views on the GPU machine, in one call (issue 16, instrumented views):
#   scripts/gpu_counts_check.sh
# Uses the binaries of .dev/bins.tar.xz (scripts/pack_prebuilt.sh, carried along) when it is there,
# else builds coalesce-gpu-tests, coalesce-fe-gpu-tests, coalesce-fe and coalesce-advise here. Runs the
# counted-view GPU tests (exact counts on the device), the same under compute-sanitizer memcheck and
# racecheck, then the worked example: coalesce-fe --count-accesses on the CUDA backend (vector sets and
# records; the plain and the counted element pass timed) and coalesce-advise --counts on its JSON.
# Logs, the JSON and a summary go to $OUT.
set -uo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-$PWD/out-counts}
mkdir -p "$out"
if [ -f .dev/bins.tar.xz ]; then
  bin=/tmp/cb-counts
  mkdir -p "$bin" && tar xJf .dev/bins.tar.xz -C "$bin"
else
  build=build/gpu-counts
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCOALESCE_ENABLE_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES=90 \
    -DCOALESCE_BUILD_TESTS=ON > "$out/configure.log" 2>&1
  cmake --build "$build" -j16 --target coalesce-gpu-tests coalesce-fe-gpu-tests coalesce-fe coalesce-advise \
    > "$out/build.log" 2>&1 || { echo "build failed"; tail -40 "$out/build.log"; }
  bin=$out/bin
  mkdir -p "$bin"
  for p in tests/coalesce-gpu-tests tests/fe/coalesce-fe-gpu-tests apps/fe_tled/coalesce-fe apps/advise/coalesce-advise; do
    [ -x "$build/$p" ] && ln -sf "$PWD/$build/$p" "$bin/"
  done
fi
export RUN_LOG_TIMEOUT=300
source scripts/gpu_log.sh
gpu_banner
run_log counted-gpu-tests "$bin/coalesce-gpu-tests" -tc='*counted*'
run_log fe-count-gpu-tests "$bin/coalesce-fe-gpu-tests" -tc='fe.gpu.count*'
run_log memcheck-counted compute-sanitizer --tool memcheck --error-exitcode 99 "$bin/coalesce-gpu-tests" -tc='*counted*'
run_log racecheck-counted compute-sanitizer --tool racecheck --error-exitcode 99 "$bin/coalesce-gpu-tests" -tc='*counted*'
# The worked example (docs/analyzer.md), large enough to time: 64^3 hexahedra = 1.57 M elements.
for layout in aos blocked:128; do
  run_log "fe-count-$layout" "$bin/coalesce-fe" --backend cuda --box 64x64x64 --layout "$layout" \
    --count-accesses "$out/fe-counts-${layout/:/}.json"
  grep -E "element pass" "$out/fe-count-$layout.log" | tee -a "$out/summary.txt"
done
run_log fe-count-records "$bin/coalesce-fe" --backend cuda --box 64x64x64 --records split:dN,nodes:blocked:128 \
  --count-accesses "$out/fe-counts-records.json"
grep -E "element pass" "$out/fe-count-records.log" | tee -a "$out/summary.txt"
run_log advise-counts "$bin/coalesce-advise" layout --counts "$out/fe-counts-blocked128.json" --array element
run_log advise-record-counts "$bin/coalesce-advise" record --counts "$out/fe-counts-records.json"
head -3 "$out/advise-counts.log" | tee -a "$out/summary.txt"
cat "$out/summary.txt"
