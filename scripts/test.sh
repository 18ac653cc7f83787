#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# Installs missing Debian packages (as root), builds and runs the whole test suite.
# Usage: scripts/test.sh [preset]   (default: CUDA when nvcc is found, else host; also host, cuda, asan-ubsan)
# GPU tests report "skipped" (exit code 77) on machines without a CUDA device.
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${1:-default}
./scripts/deps.sh
extra=(-DCOALESCE_BUILD_TESTS=ON)
# scripts/demo.sh configures the same build directory without the benchmarks; their tests belong here.
case "$preset" in default | host | cuda) extra+=(-DCOALESCE_BUILD_BENCHMARKS=ON) ;; esac
if [ "${CI:-}" = "true" ]; then extra+=(-DCOALESCE_WERROR=ON); fi
cmake --preset "$preset" "${extra[@]}"
cmake --build --preset "$preset" -j "$(nproc)"
ctest --preset "$preset" -j "$(nproc)"
