#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# Validates the advisor's time model on a GPU machine (sm_90, H200), in one call:
#   1. coalesce-validate-time times every kernel of tools/validate_time/kernels.def on aos, soa,
#      blocked:32 and blocked:128 (its records section also on split with the touched fields hot), at
#      n = 2^24 and 2^20, and the kernels of its masks and records sections also at aos arrays of
#      256 MiB and 1 GiB (n + 13 vectors or records) (median of 21 samples after 3 warm-ups, each
#      sample back-to-back launches filling 0.2 ms, the layouts interleaved, buffers rotated below
#      twice the L2) and writes $OUT/validate_time.json: about 1 minute on an H100 or H200 for the
#      vector kernels; the 28 record kernels at those 4 sizes add about 30 s (estimated, not yet run:
#      ~520 layout timings at the vector kernels' ~12 ms each, plus uploading each record's 8 arrays
#      of up to 1 GiB through the runtime, 15-20 s);
#   2. coalesce-advise validate compares it with the model and writes $OUT/time_model.md (and .json):
#      a few seconds for the vector kernels, about 25 s more for the record kernels (on the host too).
# In all about 2-3 minutes, well within the 9 minutes of one device call.
# Step 2 needs no GPU: re-run it anywhere on the JSON (coalesce-advise validate --measured FILE
# [--perf key=value,...]) to tune the parameters.
# Binaries, first found: $VALIDATE_TIME_BIN / $ADVISE_BIN; build/default/...; .dev/bins.tar.xz
# (scripts/gpu.sh pack; `scripts/gpu.sh time` runs this script on them); else coalesce-validate-time is
# built here with CMake, as it needs the library (its record kernels' arrays come from the runtime):
# minutes of the GPU machine's time (step 2 is then skipped when there is no coalesce-advise: it needs
# CLI11 and nlohmann-json).
# Extra arguments go to coalesce-validate-time after the defaults (e.g. --n 16777216 --reps 11;
# --array-mib "" drops the large arrays).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${OUT:-${root}/build/validate_time/out}"
work="${root}/build/validate_time"
mkdir -p "${out}" "${work}"

pick() {  # pick NAME BUILD_PATH: the first of the build tree and the prebuilt archive that exists
  if [ -x "${root}/build/default/$2" ]; then echo "${root}/build/default/$2"; return; fi
  if [ -f "${root}/.dev/bins.tar.xz" ]; then
    mkdir -p "${work}/bins"
    tar xJf "${root}/.dev/bins.tar.xz" -C "${work}/bins" "./$1" 2>/dev/null || true
    [ -x "${work}/bins/$1" ] && { echo "${work}/bins/$1"; return; }
  fi
  echo ""
}
validate="${VALIDATE_TIME_BIN:-$(pick coalesce-validate-time tools/validate_time/coalesce-validate-time)}"
advise="${ADVISE_BIN:-$(pick coalesce-advise apps/advise/coalesce-advise)}"

if [ -z "${validate}" ]; then
  nvcc="$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)"
  echo "validate_time_model: building coalesce-validate-time with CMake and ${nvcc}"
  cmake -S "${root}" -B "${work}/build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 \
    -DCMAKE_CUDA_COMPILER="${nvcc}" -DCOALESCE_ENABLE_CUDA=ON -DCOALESCE_BUILD_TESTS=OFF \
    -DCOALESCE_BUILD_BENCHMARKS=OFF -DCOALESCE_ENABLE_MPI=OFF -DCOALESCE_ENABLE_KOKKOS=OFF > "${work}/cmake.log"
  cmake --build "${work}/build" -j "$(nproc)" --target coalesce-validate-time > "${work}/build.log"
  validate="${work}/build/tools/validate_time/coalesce-validate-time"
fi

nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader > "${out}/gpu.txt" 2>&1 || true
echo "validate_time_model: timing $("${validate}" --list | wc -l) kernels x 4 layouts (records: 4 or 5) with ${validate}"
start=$(date +%s)
"${validate}" --out "${out}/validate_time.json" --array-mib 256,1024 --array-section masks,records "$@" 2>&1 |
  tee "${out}/validate_time.log"
echo "validate_time_model: timing took $(( $(date +%s) - start )) s"

if [ -z "${advise}" ]; then
  echo "validate_time_model: no coalesce-advise here; compare on the host: coalesce-advise validate --measured ${out}/validate_time.json"
  exit 0
fi
# One comparison writes both (the record advisor's walks take about 25 s for the 112 record timings).
"${advise}" validate --measured "${out}/validate_time.json" --report "${out}/time_model.md" --json > "${out}/time_model.json"
sed -n '1,12p' "${out}/time_model.md"
echo "validate_time_model: wrote ${out}/validate_time.json, ${out}/time_model.md and ${out}/time_model.json"
