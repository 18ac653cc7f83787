#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# For machines with no package registry (the GPU machine): copies the header-only dependencies
# (doctest, CLI11, nlohmann-json) from this machine's Debian packages into .deps/usr, a tree that
# `cp -r .deps/usr/. /usr/` installs there. .deps is git-ignored; only .deps/usr is replaced (the rest,
# .deps/debs from scripts/pack_offline_mpi.sh and .deps/kokkos-src.tar.xz, stays).
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf .deps/usr
mkdir -p .deps
for pkg in doctest-dev libcli11-dev nlohmann-json3-dev; do
  dpkg -L "$pkg" | while read -r f; do
    case "$f" in /usr/include/*|/usr/lib/cmake/*|/usr/share/cmake/*)
      if [ -f "$f" ]; then mkdir -p ".deps$(dirname "$f")"; cp "$f" ".deps$f"; fi ;;
    esac
  done
done
du -sh .deps/usr
