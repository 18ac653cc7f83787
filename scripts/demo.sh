#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# Installs missing Debian packages (as root), builds coalesce-demo and runs it: on the GPU when one is
# present, else on the host backend. Arguments go to the demo (try --help).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/deps.sh
cmake --preset default -DCOALESCE_BUILD_TESTS=OFF -DCOALESCE_BUILD_BENCHMARKS=OFF >/dev/null
cmake --build --preset default -j "$(nproc)" --target coalesce-demo
exec ./build/default/apps/demo/coalesce-demo "$@"
