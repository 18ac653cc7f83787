#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# Validates the analyzer against Nsight Compute on a GPU machine (sm_90, H200): builds
# tools/validate with nvcc, profiles every pattern kernel in ONE ncu run (--clock-control none),
# exports the raw page as CSV and writes the comparison table to $OUT/validation.md.
# Needs nvcc and ncu (PATH or /usr/local/cuda); writes into $OUT (default build/validate/out).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="${root}/build/validate"
out="${OUT:-${work}/out}"
arch="${CUDA_ARCH:-90}"
mkdir -p "${work}" "${out}"

find_tool() {  # find_tool NAME: PATH first, then the CUDA toolkit's usual places
  local t
  t="$(command -v "$1" 2>/dev/null || true)"
  [ -z "${t}" ] && [ -x "/usr/local/cuda/bin/$1" ] && t="/usr/local/cuda/bin/$1"
  [ -z "${t}" ] && t="$(ls -d /usr/local/cuda/nsight-compute*/"$1" /opt/nvidia/nsight-compute/*/"$1" 2>/dev/null | tail -1 || true)"
  [ -n "${t}" ] || { echo "validate_analyzer: $1 not found" >&2; exit 2; }
  echo "${t}"
}
nvcc="$(find_tool nvcc)"
ncu="$(find_tool ncu)"

echo "validate_analyzer: building with ${nvcc} for sm_${arch}"
"${nvcc}" -std=c++17 -O2 -arch="sm_${arch}" -I"${root}/include" -I"${root}/tools/validate" \
  "${root}/tools/validate/validate_patterns.cu" "${root}/tools/validate/pattern_list.cpp" \
  "${root}/tools/validate/ncu_csv.cpp" "${root}/tools/validate/report.cpp" "${root}"/src/analysis/*.cpp \
  -o "${work}/validate_patterns"
bin="${work}/validate_patterns"
"${bin}" predict > "${out}/predictions.tsv"

echo "validate_analyzer: profiling $(wc -l < "${out}/predictions.tsv") pattern kernels with ${ncu}"
start=$(date +%s)
"${ncu}" --clock-control none --kernel-name-base function --kernel-name regex:'^k_' \
  --metrics "$("${bin}" metrics)" --force-overwrite --export "${work}/analyzer" \
  "${bin}" run > "${out}/ncu_stdout.txt" 2>&1 || { cat "${out}/ncu_stdout.txt" >&2; exit 1; }
echo "validate_analyzer: ncu took $(( $(date +%s) - start )) s"
"${ncu}" --import "${work}/analyzer.ncu-rep" --page raw --csv --print-units base > "${out}/ncu_raw.csv" 2>/dev/null ||
  "${ncu}" --import "${work}/analyzer.ncu-rep" --page raw --csv > "${out}/ncu_raw.csv"

machine="$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1 || echo unknown GPU)"
machine="${machine}, $("${nvcc}" --version | tail -1), $("${ncu}" --version | tail -1), $(date -u +%Y-%m-%d)"
"${bin}" report "${out}/ncu_raw.csv" "${out}/validation.md" "${machine}"
echo "validate_analyzer: wrote ${out}/validation.md and ${out}/ncu_raw.csv"
