#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# Validates the advisor's time model on a GPU machine (sm_90, H200), in one call:
#   1. coalesce-validate-time times every kernel of tools/validate_time/kernels.def on aos, soa,
#      blocked:32 and blocked:128, at n = 2^24 and 2^20, and the kernels of its masks section also at
#      aos arrays of 256 MiB and 1 GiB (n + 13 vectors) (median of 21 samples after 3 warm-ups, each
#      sample back-to-back launches filling 0.2 ms, the layouts interleaved, buffers rotated below
#      twice the L2) and writes $OUT/validate_time.json: about 1 minute on an H100 or H200;
#   2. coalesce-advise validate compares it with the model and writes $OUT/time_model.md (and .json).
# Step 2 needs no GPU: re-run it anywhere on the JSON (coalesce-advise validate --measured FILE
# [--perf key=value,...]) to tune the parameters.
# Binaries, first found: $VALIDATE_TIME_BIN / $ADVISE_BIN; build/default/...; .dev/bins.tar.xz
# (scripts/gpu.sh pack; `scripts/gpu.sh time` runs this script on them); else coalesce-validate-time is
# built here with nvcc (step 2 is then skipped when there is no coalesce-advise: it needs CLI11 and
# nlohmann-json).
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
  echo "validate_time_model: building coalesce-validate-time with ${nvcc}"
  "${nvcc}" -std=c++17 -O3 -arch=sm_90 --expt-relaxed-constexpr -I"${root}/include" -I"${root}/tools/validate_time" \
    "${root}/tools/validate_time/validate_time.cu" "${root}/tools/validate_time/kernel_list.cpp" \
    "${root}/src/analysis/element_type.cpp" -o "${work}/coalesce-validate-time"
  validate="${work}/coalesce-validate-time"
fi

nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader > "${out}/gpu.txt" 2>&1 || true
echo "validate_time_model: timing $("${validate}" --list | wc -l) kernels x 4 layouts with ${validate}"
start=$(date +%s)
"${validate}" --out "${out}/validate_time.json" --array-mib 256,1024 --array-section masks "$@" 2>&1 |
  tee "${out}/validate_time.log"
echo "validate_time_model: timing took $(( $(date +%s) - start )) s"

if [ -z "${advise}" ]; then
  echo "validate_time_model: no coalesce-advise here; compare on the host: coalesce-advise validate --measured ${out}/validate_time.json"
  exit 0
fi
"${advise}" validate --measured "${out}/validate_time.json" --report "${out}/time_model.md" > /dev/null
"${advise}" validate --measured "${out}/validate_time.json" --json > "${out}/time_model.json"
sed -n '1,12p' "${out}/time_model.md"
echo "validate_time_model: wrote ${out}/validate_time.json, ${out}/time_model.md and ${out}/time_model.json"
