#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# Installs the Debian packages the build and tests need, when run as root and any is missing.
# One package name per word; keep the list sorted.
set -euo pipefail
packages=(
  clang
  cmake
  doctest-dev
  g++
  libcli11-dev
  libclang-rt-14-dev
  libomp-dev
  libopenmpi-dev
  librsvg2-bin
  libtrilinos-kokkos-dev
  ninja-build
  nlohmann-json3-dev
  openmpi-bin
  python3-matplotlib
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "deps.sh: missing packages (run as root to install them): ${missing[*]}" >&2
  exit 0
fi
echo "deps.sh: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
