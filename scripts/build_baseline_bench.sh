#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# Builds coalesce-bench of an earlier commit (default: a572675, the last before the route table) for the
# GPU machine's same-call A/B against this build, as .dev/baseline/coalesce-bench.xz (git-ignored):
#   scripts/build_baseline_bench.sh [COMMIT]
#   then: run(command="OUT=$OUT scripts/gpu.sh ab .dev/baseline/coalesce-bench.xz -- --paths all --size-mib 128",
#             carry=[".dev/bins.tar.xz", ".dev/baseline/coalesce-bench.xz"])
set -euo pipefail
cd "$(dirname "$0")/.."
commit=${1:-a572675}
tree=/tmp/coalesce-baseline-$commit
[ -d "$tree" ] || git worktree add --detach "$tree" "$commit"
cmake -S "$tree" -B "$tree/build" -G Ninja --preset cuda -DCMAKE_BUILD_TYPE=Release -DCOALESCE_BUILD_TESTS=OFF \
  -DCOALESCE_BUILD_APPS=OFF -DCOALESCE_BUILD_BENCHMARKS=ON -DCOALESCE_ENABLE_MPI=OFF > /dev/null
ninja -C "$tree/build" coalesce-bench
mkdir -p .dev/baseline
strip -o .dev/baseline/coalesce-bench "$tree/build/benchmarks/coalesce-bench"
xz -T0 -f .dev/baseline/coalesce-bench
echo ".dev/baseline/coalesce-bench.xz: coalesce-bench of $(git rev-parse --short "$commit")"
