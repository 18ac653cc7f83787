#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# Configure-only check (CI): with each optional dependency of the programs and tests hidden, the
# project still configures, and what needs it is skipped with a line naming its Debian package.
# Host backend, so each configure takes seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
for pair in CLI11:libcli11-dev nlohmann_json:nlohmann-json3-dev doctest:doctest-dev; do
  package=${pair%%:*} debian=${pair#*:}
  dir=build/deps-without-$package
  rm -rf "$dir"
  if ! log=$(cmake -S . -B "$dir" -G Ninja -DCOALESCE_ENABLE_CUDA=OFF -DCOALESCE_BUILD_TESTS=ON \
               -DCMAKE_DISABLE_FIND_PACKAGE_"$package"=ON 2>&1); then
    echo "$log" >&2
    echo "check_optional_deps: configure failed without $package" >&2
    status=1
    continue
  fi
  skipped=$(grep -c "^--   skipped .*needs .*$package (Debian: $debian)" <<<"$log" || true)
  if [ "$skipped" -eq 0 ]; then
    echo "$log" >&2
    echo "check_optional_deps: without $package nothing says it was skipped for want of $debian" >&2
    status=1
  else
    echo "check_optional_deps: without $package: configures, $skipped skipped for want of $debian"
  fi
  rm -rf "$dir"
done
exit $status
