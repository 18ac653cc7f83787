#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# On the GPU machine (one H200, 16 cores, no package registry): the MPI part on the CUDA backend.
#   scripts/gpu_mpi_check.sh [step ...]    steps: build test fe particles bench (default: all, in order)
# build: the cuda preset's MPI targets (Open MPI from .deps/debs when mpirun is missing: run
#        scripts/pack_offline_mpi.sh and scripts/pack_offline_deps.sh here first, and carry .deps);
# test:  pack.cuda.* and pack.records.cuda.* (also under compute-sanitizer memcheck) and the MPI tests
#        with 1, 2, 4 ranks sharing the GPU (ctest -L mpi); fe: coalesce-fe-mpi --check with 1, 2, 4
#        ranks, both partitions, staged transport; particles: coalesce-particles-mpi --check on the
#        CUDA backend, every record layout, 1, 2, 4 ranks, and a larger timed run; bench:
#        coalesce-mpi-bench pack (1 rank: aos/soa/blocked, float/double, m 1/3/12, 1 Ki..16 Mi ids,
#        against D2D and the sector ceiling) and exchange (2, 4 ranks).
# Logs go to ./out-mpi, packed into $OUT/mpi-results.tgz when $OUT is set; a summary is printed last.
set -uo pipefail
cd "$(dirname "$0")/.."
out=$PWD/out-mpi
mkdir -p "$out"
steps=("$@")
[ ${#steps[@]} -eq 0 ] && steps=(build test fe particles bench)
summary=()
note() {
  summary+=("$1")
  echo "== $1"
  printf '%s\n' "${summary[@]}" >> "$out/summary.txt"
  if [ -n "${OUT:-}" ]; then tar czf "$OUT/mpi-results.tgz" -C "$out" . 2>/dev/null; cp "$out/summary.txt" "$OUT/"; fi
}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl=self,vader
export OMPI_MCA_btl_vader_single_copy_mechanism=none OMPI_MCA_rmaps_base_oversubscribe=1
mpirun_n() { local np=$1; shift; timeout "${MPI_TIMEOUT:-300}" mpirun -np "$np" --oversubscribe --bind-to none "$@"; }
bin=build/cuda

for step in "${steps[@]}"; do
  case "$step" in
    build)
      if [ -d .deps/usr ]; then cp -r .deps/usr/. /usr/; fi
      if ! command -v mpirun > /dev/null && [ -d .deps/debs ]; then
        dpkg -i .deps/debs/*.deb > "$out/dpkg.log" 2>&1
        note "Open MPI from .deps/debs: exit $?"
      fi
      nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader > "$out/gpu.txt" 2>&1
      mpirun --version 2>&1 | head -1 >> "$out/gpu.txt"
      { cmake --preset cuda -DCOALESCE_BUILD_TESTS=ON &&
        cmake --build --preset cuda -j "$(nproc)" --target coalesce-gpu-tests coalesce-mpi-tests coalesce-fe-mpi-tests \
          coalesce-fe-mpi coalesce-mpi-bench coalesce-particles-mpi; } > "$out/build.log" 2>&1
      note "build: exit $? ($(grep -c 'MPI ON' "$out/build.log") configure lines with MPI ON, $(grep -c -i ' warning' "$out/build.log") warning lines)"
      ;;
    test)
      "$bin/tests/coalesce-gpu-tests" -tc='pack.cuda.*,pack.records.cuda.*' > "$out/pack-gpu-tests.log" 2>&1
      note "pack.cuda.* pack.records.cuda.*: exit $? ($(grep 'test cases' "$out/pack-gpu-tests.log"))"
      compute-sanitizer --tool memcheck --error-exitcode 99 "$bin/tests/coalesce-gpu-tests" -tc='pack.cuda.matches_wire_format.float,pack.cuda.matches_wire_format.other_widths,pack.records.cuda.small,pack.records.cuda.errors' > "$out/pack-memcheck.log" 2>&1
      note "memcheck pack.cuda: exit $? ($(grep 'ERROR SUMMARY' "$out/pack-memcheck.log"))"
      compute-sanitizer --tool racecheck --error-exitcode 99 "$bin/tests/coalesce-gpu-tests" -tc='pack.cuda.matches_wire_format.double,pack.records.cuda.small' > "$out/pack-racecheck.log" 2>&1
      note "racecheck pack.cuda: exit $? ($(grep 'ERROR SUMMARY' "$out/pack-racecheck.log"))"
      ctest --test-dir "$bin" -L mpi --output-on-failure > "$out/ctest-mpi.log" 2>&1
      note "ctest -L mpi: $(grep -E 'tests passed|tests failed' "$out/ctest-mpi.log")"
      ;;
    fe)
      for np in 1 2 4; do
        for args in "--box 96x32x32 --size 3,1,1" "--box 96x32x32 --size 3,1,1 --partition sorted --layout soa"; do
          mpirun_n "$np" "$bin/apps/fe_tled_mpi/coalesce-fe-mpi" --check --steps 500 $args > "$out/fe.tmp" 2>&1
          rc=$?
          cat "$out/fe.tmp" >> "$out/fe-mpi.log"
          note "fe-mpi np $np [$args]: exit $rc, $(grep -E 'difference|time per step|exchange' "$out/fe.tmp" | tr -s ' |' ' ' | tr '\n' ';')"
        done
      done
      mpirun_n 2 "$bin/apps/fe_tled_mpi/coalesce-fe-mpi" --check --steps 200 --transport cuda_aware > "$out/fe-cuda-aware.log" 2>&1
      note "fe-mpi --transport cuda_aware: exit $? (an error is expected with a non-CUDA-aware MPI: $(grep -o 'reports no CUDA support' "$out/fe-cuda-aware.log" | head -1))"
      ;;
    particles)
      for np in 1 2 4; do
        mpirun_n "$np" "$bin/apps/particles_mpi/coalesce-particles-mpi" --check --backend cuda --layout all --n 20000 \
          --steps 100 > "$out/particles.tmp" 2>&1
        rc=$?
        cat "$out/particles.tmp" >> "$out/particles-mpi.log"
        note "particles-mpi --check np $np: exit $rc, $(grep -c passed "$out/particles.tmp") layouts passed, $(grep -c FAILED "$out/particles.tmp") failed"
      done
      for np in 1 2 4; do
        mpirun_n "$np" "$bin/apps/particles_mpi/coalesce-particles-mpi" --backend cuda --layout all --n 1000000 \
          --steps 20 >> "$out/particles-mpi-timed.log" 2>&1
        note "particles-mpi timed (1 M particles, np $np): exit $?"
      done
      ;;
    bench)
      MPI_TIMEOUT=900 mpirun_n 1 "$bin/benchmarks/coalesce-mpi-bench" --only pack --csv "$out/pack.csv" > "$out/bench-pack.log" 2>&1
      note "mpi-bench pack (1 rank): exit $?"
      # The weakest rows against the copy: where tuning should look first.
      grep '^| pack ' "$out/bench-pack.log" | sort -t'|' -k13 -n | head -12 > "$out/bench-pack-worst.txt"
      note "mpi-bench pack: $(grep -c '^| pack ' "$out/bench-pack.log") rows; lowest % of copy in bench-pack-worst.txt"
      for np in 2 4; do
        mpirun_n "$np" "$bin/benchmarks/coalesce-mpi-bench" --only exchange --csv "$out/exchange-np$np.csv" \
          > "$out/bench-exchange-np$np.log" 2>&1
        note "mpi-bench exchange ($np ranks): exit $?"
      done
      ;;
    *) echo "unknown step $step" >&2; exit 2 ;;
  esac
done
printf '%s\n' "${summary[@]}"
