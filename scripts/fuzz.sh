#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# Builds the libFuzzer target for the index-expression parser with clang++ (ASan + UBSan) and runs it
# for FUZZ_SECONDS (default 30). Exits non-zero when it finds a crash; libFuzzer leaves the input as
# build/fuzz/crash-*.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${root}/build/fuzz"
seconds="${FUZZ_SECONDS:-30}"
cxx="${FUZZ_CXX:-clang++}"
mkdir -p "${out}/corpus"
cp "${root}"/fuzz/corpus/* "${out}/corpus/"

sources=("${root}/fuzz/expression_fuzzer.cpp")
for s in expression element_type access_pattern arch global_model bank_model; do
  sources+=("${root}/src/analysis/${s}.cpp")
done
"${cxx}" -std=c++17 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  -I"${root}/include" "${sources[@]}" -o "${out}/expression_fuzzer"

cd "${out}"
# The corpus grows in build/fuzz/corpus; the seeds in fuzz/corpus stay as committed.
./expression_fuzzer -max_total_time="${seconds}" -max_len=512 -timeout=5 -print_final_stats=1 \
  -dict="${root}/fuzz/expression.dict" corpus
