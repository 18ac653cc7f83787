#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# For machines with no package registry (the GPU machine): downloads Debian's Open MPI packages into
# .deps/debs, which scripts/gpu.sh mpi unpacks (dpkg -x) where mpirun is missing. The list is
# what `apt-get install libopenmpi-dev openmpi-bin` added to this project's base image; dpkg names
# anything else a target machine lacks. .deps is git-ignored.
set -euo pipefail
cd "$(dirname "$0")/.."
packages=(
  ibverbs-providers libevent-2.1-7 libevent-core-2.1-7 libevent-dev libevent-extra-2.1-7 libevent-openssl-2.1-7
  libevent-pthreads-2.1-7 libfabric1 libhwloc-dev libhwloc-plugins libhwloc15 libibverbs-dev libibverbs1
  libltdl-dev libltdl7 libmunge2 libnl-3-200 libnl-3-dev libnl-route-3-200 libnl-route-3-dev libnuma-dev
  libopenmpi-dev libopenmpi3 libpmix-dev libpmix2 libpsm-infinipath1 libpsm2-2 librdmacm1 libucx0 libxnvctrl0
  ocl-icd-libopencl1 openmpi-bin openmpi-common
)
mkdir -p .deps/debs
(cd .deps/debs && apt-get download "${packages[@]}")
du -sh .deps/debs
