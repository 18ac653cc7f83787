#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# On the GPU machine (one H200, CUDA 13, no network), in one call: builds Kokkos 4 with CUDA for sm_90
# from .deps/kokkos-src.tar.xz (scripts/pack_kokkos_source.sh) in /tmp/kokkos-build, outside the
# repository, with scripts/kokkos/cuda13.patch; builds coalesce against it in a fresh build dir (only
# the Kokkos targets); runs the Kokkos tests (ctest, test cases discovered at test time),
# coalesce-kokkos-fe and coalesce-kokkos-bench. Logs, the benchmark's JSON and a summary go to $OUT.
#   scripts/gpu_kokkos_check.sh [--reuse-kokkos]   (carry .deps: kokkos-src.tar.xz and usr/ from
#                                                   scripts/pack_offline_deps.sh for doctest)
# --reuse-kokkos skips the Kokkos build when /tmp/kokkos-build has one and keeps coalesce's build dir
# (a second call on a warm machine, after a first one ran out of time, carries on from there).
set -uo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-$PWD/out-kokkos}
mkdir -p "$out"
jobs=$(nproc)
build=/tmp/coalesce-kokkos-build
start=$(date +%s)
: > "$out/summary.txt"
note() { echo "== $1 (at $(( $(date +%s) - start )) s)" | tee -a "$out/summary.txt"; }
if [ -d .deps/usr ]; then cp -r .deps/usr/. /usr/; fi  # doctest (and CLI11, json) headers
if [ -x /usr/local/cuda/bin/nvcc ]; then export PATH=/usr/local/cuda/bin:$PATH; fi  # nvcc_wrapper calls nvcc
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | tee -a "$out/summary.txt"

# Kokkos is configured first; coalesce configures against its build tree (the launcher and
# nvcc_wrapper named from its sources, since nothing is installed), so the coalesce library (the long
# part, CUDA kernels) compiles while Kokkos does; then the Kokkos targets of coalesce link.
kokkos=/tmp/kokkos-build
reuse=0
if [ "${1:-}" = "--reuse-kokkos" ] && [ -f "$kokkos/build/core/src/libkokkoscore.a" ]; then reuse=1; fi
if [ $reuse = 0 ]; then
  timeout 120 bash scripts/kokkos/build_kokkos.sh /tmp/kokkos "$jobs" "$kokkos" configure > "$out/kokkos-build.log" 2>&1
  rc=$?
  note "kokkos configure: exit $rc"
  if [ $rc -ne 0 ]; then tail -40 "$out/kokkos-build.log"; exit 1; fi
fi

[ $reuse = 0 ] && rm -rf "$build"  # with --reuse-kokkos the build continues where an earlier call stopped
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCOALESCE_ENABLE_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES=90 \
  -DCOALESCE_BUILD_TESTS=ON -DCOALESCE_BUILD_APPS=ON -DCOALESCE_BUILD_BENCHMARKS=ON -DCOALESCE_ENABLE_MPI=OFF \
  -DKokkos_DIR="$kokkos/build" -DKokkos_COMPILE_LAUNCHER="$kokkos/src/bin/kokkos_launch_compiler" \
  -DKokkos_NVCC_WRAPPER="$kokkos/src/bin/nvcc_wrapper" > "$out/build.log" 2>&1
rc=$?
note "coalesce configure: exit $rc ($(grep -m1 -o 'Kokkos [0-9.]* found (devices: [^)]*)' "$out/build.log"))"
if [ $rc -ne 0 ]; then tail -40 "$out/build.log"; exit 1; fi

kokkos_targets=(coalesce-kokkos-tests coalesce-kokkos-fe coalesce-kokkos-bench)
# Everything of those targets that does not need Kokkos' libraries: the coalesce library, the
# benchmark timing library and the object files.
early=(coalesce coalesce_bench_common $(cd "$build" && ninja -t targets all | grep -oE '^[^:]*coalesce-kokkos-[a-z]*\.dir/[^:]*\.o'))
if [ $reuse = 0 ]; then
  timeout 360 bash scripts/kokkos/build_kokkos.sh /tmp/kokkos "$jobs" "$kokkos" build >> "$out/kokkos-build.log" 2>&1 &
  kokkos_pid=$!
fi
timeout 360 cmake --build "$build" -j "$jobs" --target "${early[@]}" >> "$out/build.log" 2>&1
rc=$?
note "coalesce library and Kokkos objects: exit $rc"
if [ $reuse = 0 ]; then
  wait $kokkos_pid
  krc=$?
  note "kokkos build: exit $krc"
  if [ $krc -ne 0 ]; then grep -E -B2 -A12 'error' "$out/kokkos-build.log" | head -60; exit 1; fi
fi
timeout 300 cmake --build "$build" -j "$jobs" --target "${kokkos_targets[@]}" >> "$out/build.log" 2>&1
rc=$?
note "coalesce Kokkos targets: exit $rc ($(grep -c 'warning' "$out/build.log") warning lines)"
if [ $rc -ne 0 ]; then grep -E -B2 -A12 'error' "$out/build.log" | head -80; exit 1; fi

(cd "$build" && timeout 240 ctest -R 'kokkos' --output-on-failure) > "$out/kokkos-tests.log" 2>&1
note "kokkos tests: exit $? ($(grep -E 'tests passed|tests failed' "$out/kokkos-tests.log"))"
grep -E '\*\*\*Failed|Not Run|Skipped|_NOT_BUILT' "$out/kokkos-tests.log" | head -20

timeout 120 "$build/apps/kokkos_fe/coalesce-kokkos-fe" 2400000 > "$out/kokkos-fe.log" 2>&1
note "coalesce-kokkos-fe 2.4M elements: exit $?"
cat "$out/kokkos-fe.log"

timeout 240 "$build/benchmarks/kokkos/coalesce-kokkos-bench" --size-mib 256 --reps 20 --json "$out/kokkos-bench.json" \
  > "$out/kokkos-bench.log" 2>&1
note "coalesce-kokkos-bench: exit $?"
# The summary table: per type and m, the worst and best % of the same-layout deep_copy, per operation.
awk '$1 == "ceiling" || $1 == "peer" { print } $1 ~ /^(copy|download|upload)$/ {
       key = $1 " " $4 " " $5; pct = $8 + 0
       if (!(key in lo) || pct < lo[key]) { lo[key] = pct; lo_at[key] = $2 "/" $3 }
       if (!(key in hi) || pct > hi[key]) hi[key] = pct }
     END { for (k in lo) printf "%-24s worst %5.1f %% (%s)  best %5.1f %%\n", k, lo[k], lo_at[k], hi[k] }' \
  "$out/kokkos-bench.log" | sort > "$out/kokkos-bench-summary.txt"
cat "$out/kokkos-bench-summary.txt" | tee -a "$out/summary.txt"
note "done"
