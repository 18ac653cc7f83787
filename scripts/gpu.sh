#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# The GPU checks and measurements, on programs built on the CPU machine (the GPU machine's minutes go to
# running, not compiling). `scripts/gpu.sh help` prints the usage; each step is a function below.
# shellcheck disable=SC2317  # the steps are called by name: "step_$step"
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
repo=$PWD

usage() {
  cat <<'EOF'
Usage: scripts/gpu.sh pack [PROGRAM...]                 on the CPU machine
       scripts/gpu.sh STEP... [bench|ab|ncu ARGS...]     on the GPU machine: steps run in the order
                                                        given; bench, ab and ncu take the rest of the line

On the CPU machine, first:
  pack [PROGRAM...]   strip the GPU programs of $BUILD (default build/default, a CUDA build for sm_90),
                      or only those named, into .dev/bins.tar.xz (git-ignored), which the device tool
                      carries (64 MiB at most: name fewer programs if it grows past that)
On the GPU machine, with .dev/bins.tar.xz carried (or BIN=a folder of the programs):
  test                every GPU test program
  sanitize            compute-sanitizer memcheck and racecheck (synccheck, initcheck on the runtime) on
                      the routes, record, pack, threads, runtime, transform and stress tests, each run bounded
                      by SANITIZE_TIMEOUT (default 240 s); SANITIZE="records pack ..." runs some areas
  stress              the random stress: 10^5 record chains, 2x10^4 vector chains (about 6.5 minutes:
                      a call of its own)
  demo                coalesce-demo, timed
  paths               the path matrix (coalesce-bench --paths all, 128 MiB cells) compared cell by
                      cell with $PATHS_BASELINE (default benchmarks/results/h200/paths.csv)
  counts              counted views: their GPU tests and sanitizers, coalesce-fe --count-accesses,
                      coalesce-advise --counts on its JSON
  apps                the apps on the GPU: particles and FE on every record layout (--check), their
                      benchmarks (scripts/bench_particles.sh, scripts/bench_fe.sh), reductions and
                      transposes (scripts/bench_apps.sh); APPS="particles fe reduce" picks parts
                      (all three: about 10 minutes)
  mpi                 MPI tests, coalesce-fe-mpi and coalesce-particles-mpi --check on 1, 2 and 4 ranks
                      sharing the GPU, coalesce-mpi-bench (Open MPI from .deps/debs where mpirun is
                      missing: scripts/pack_offline_mpi.sh, carry .deps)
  time                the time model's validation (scripts/validate_time_model.sh)
  kokkos              builds Kokkos 4 with CUDA and coalesce's Kokkos targets there, runs their tests,
                      coalesce-kokkos-fe and coalesce-kokkos-bench (carry .deps: scripts/pack_kokkos_source.sh,
                      scripts/pack_offline_deps.sh; KOKKOS_REUSE=1 continues an earlier call's build)
  bench [ARGS...]     coalesce-bench ARGS (e.g. --records --reps 20)
  ab VARIANT... [-- ARGS...]
                      same-call A/B of coalesce-bench ARGS (default --paths all --size-mib 128): this
                      build, then each VARIANT, in turn, twice (the second round in reverse order); a
                      VARIANT is "VAR=value ..." (this build with that environment) or the path of
                      another build's coalesce-bench (.xz unpacked; scripts/build_baseline_bench.sh
                      builds an earlier commit's), optionally followed by VAR=value; VAR=value is
                      COALESCE_FORCE_ROUTE=<route>, the one run-time switch
  ncu [CASE...]       Nsight Compute on the record kernels of coalesce-bench --records --only CASE
                      (default: one case per kernel kind)

Results go to $OUT (default ./out-gpu): summary.txt (a line per run), the steps' reports (*.md) and
logs.tgz (every log and result file). RUN_LOG_TIMEOUT (default 420 s) bounds each run.
Example: run(command="OUT=$OUT scripts/gpu.sh test sanitize", carry=[".dev/bins.tar.xz"])
EOF
}

out=${OUT:-$repo/out-gpu}
logs=/tmp/coalesce-gpu/logs   # every log and result file; packed into $out/logs.tgz after each step
bin=${BIN:-}

# --- helpers: a summary line per run, each command's log in $logs/NAME.log ---------------------------

note() { echo "== $1" | tee -a "$out/summary.txt"; }

run_log() {  # NAME COMMAND...: runs it bounded by RUN_LOG_TIMEOUT, keeps its log, notes its exit code and counts
  local name=$1 rc
  shift
  timeout "${RUN_LOG_TIMEOUT:-420}" "$@" > "$logs/$name.log" 2>&1
  rc=$?
  [ "$rc" -eq 0 ] || status=1
  note "$name: exit $rc $(grep -E 'test cases:|ERROR SUMMARY|RACECHECK SUMMARY|^Paths:' "$logs/$name.log" |
    tr -s ' ' | tr '\n' ' ' | cut -c1-400)"
  return "$rc"
}

sanitized() {  # TOOL NAME FILTER [OPTION...]: coalesce-gpu-tests -tc=FILTER under compute-sanitizer, as TOOL-NAME
  local tool=$1 name=$2 filter=$3
  shift 3
  RUN_LOG_TIMEOUT=${SANITIZE_TIMEOUT:-240} run_log "$tool-$name" compute-sanitizer --tool "$tool" --error-exitcode 99 "$@" \
    "$bin/coalesce-gpu-tests" -tc="$filter"
}

report() {  # FILE [NAME]: a report that comes back beside summary.txt
  if [ -s "$1" ]; then cp "$1" "$out/${2:-$(basename "$1")}"; fi
}

pack_logs() {  # the device tool brings back few files: the logs travel as one archive
  tar czf "$out/logs.tgz" -C "$logs" . 2> /dev/null
}

need_bins() {  # the programs: $BIN, else .dev/bins.tar.xz, unpacked afresh at each call (it may have changed)
  [ -n "$bin" ] && return 0
  [ -f .dev/bins.tar.xz ] || { note "no .dev/bins.tar.xz: run scripts/gpu.sh pack on the CPU machine and carry it"; exit 2; }
  bin=/tmp/coalesce-gpu/bin
  rm -rf "$bin" && mkdir -p "$bin" && tar xJf .dev/bins.tar.xz -C "$bin"
}

build_tree() {  # the programs where the bench_*.sh scripts look for them: a build tree of links
  local tree=/tmp/coalesce-gpu/tree p
  for p in apps/particles/coalesce-particles apps/fe_tled/coalesce-fe apps/reduction/coalesce-reduce \
           apps/transpose/coalesce-transpose; do
    mkdir -p "$tree/$(dirname "$p")"
    ln -sf "$bin/$(basename "$p")" "$tree/$p"
  done
  echo "$tree"
}

# --- the CPU machine ----------------------------------------------------------------------------------

step_pack() {  # [PROGRAM...]
  local build=${BUILD:-build/default} stage p name wanted=()
  local programs=(tests/coalesce-gpu-tests tests/fe/coalesce-fe-gpu-tests tests/apps/coalesce-apps-gpu-tests
    tests/interop/coalesce-thrust-cuda-tests tests/particles/coalesce-particles-gpu-tests tests/mpi/coalesce-mpi-tests
    tests/mpi/coalesce-fe-mpi-tests apps/demo/coalesce-demo benchmarks/coalesce-bench benchmarks/coalesce-mpi-bench
    apps/particles/coalesce-particles apps/fe_tled/coalesce-fe apps/fe_tled_mpi/coalesce-fe-mpi
    apps/particles_mpi/coalesce-particles-mpi apps/advise/coalesce-advise apps/reduction/coalesce-reduce
    apps/transpose/coalesce-transpose tools/validate_time/coalesce-validate-time)
  if [ $# -gt 0 ]; then
    for p in "${programs[@]}"; do
      for name in "$@"; do [ "$(basename "$p")" = "$name" ] && wanted+=("$p"); done
    done
    programs=("${wanted[@]}")
    [ ${#programs[@]} -gt 0 ] || { echo "pack: none of $* is a GPU program (see the list in scripts/gpu.sh)" >&2; return 2; }
  fi
  stage=$(mktemp -d)
  for p in "${programs[@]}"; do
    if [ -x "$build/$p" ]; then strip -o "$stage/$(basename "$p")" "$build/$p"; else echo "pack: no $build/$p (skipped)"; fi
  done
  mkdir -p .dev
  tar cJf .dev/bins.tar.xz -C "$stage" .
  rm -rf "$stage"
  du -h .dev/bins.tar.xz
  if [ "$(stat -c %s .dev/bins.tar.xz)" -gt $((64 << 20)) ]; then
    echo "pack: over the 64 MiB the device tool carries: name the programs a call needs" >&2
    return 1
  fi
}

# --- the GPU machine ----------------------------------------------------------------------------------

step_test() {
  local t
  for t in coalesce-gpu-tests coalesce-fe-gpu-tests coalesce-apps-gpu-tests coalesce-thrust-cuda-tests \
           coalesce-particles-gpu-tests; do
    if [ -x "$bin/$t" ]; then run_log "$t" "$bin/$t"; else note "$t: not packed"; fi
  done
}

step_sanitize() {
  local areas=${SANITIZE:-routes records pack threads runtime transform stress}
  if [[ " $areas " == *" routes "* ]]; then  # every route of the table, forced, on random moves
    COALESCE_STRESS_CASES=40 sanitized memcheck routes 'route.gpu.*'
    COALESCE_STRESS_CASES=15 sanitized racecheck routes 'route.gpu.*'
    # The replay (benchmarks/replay.cu) on random records and paths: small arrays, 3 runs a cell.
    RUN_LOG_TIMEOUT=${SANITIZE_TIMEOUT:-240} run_log memcheck-replay compute-sanitizer --tool memcheck \
      --error-exitcode 99 "$bin/coalesce-bench" --records --random 12 --size-mib 1 --reps 3 --out "$logs/replay-records"
    RUN_LOG_TIMEOUT=${SANITIZE_TIMEOUT:-240} run_log memcheck-replay-paths compute-sanitizer --tool memcheck \
      --error-exitcode 99 "$bin/coalesce-bench" --paths --random 12 --size-mib 1 --reps 3 --out "$logs/replay-paths"
  fi
  if [[ " $areas " == *" records "* ]]; then
    sanitized memcheck records 'record.gpu.padding*,record.gpu.user_device*,record.gpu.views*,record.gpu.async*,record.gpu.bad*,record.gpu.swizzled_rows_every_pair'
    sanitized racecheck records 'record.gpu.padding*,record.gpu.views*,record.gpu.swizzled_rows_every_pair'
  fi
  if [[ " $areas " == *" pack "* ]]; then
    sanitized memcheck pack 'pack.cuda.matches_wire_format.float,pack.cuda.matches_wire_format.other_widths,pack.records.cuda.small,pack.records.cuda.some_fields,pack.records.cuda.errors'
    sanitized racecheck pack 'pack.cuda.matches_wire_format.double,pack.records.cuda.small'
  fi
  if [[ " $areas " == *" threads "* ]]; then
    sanitized memcheck threads 'runtime.threads.*'
  fi
  if [[ " $areas " == *" runtime "* ]]; then
    sanitized memcheck runtime 'runtime.cuda.round_trip.float,runtime.cuda.round_trip.other_widths,runtime.cuda.user_device_memory,runtime.cuda.thrust_device_vector,view.cuda.*,layout.cuda.*,runtime.cuda.pitched*,runtime.cuda.matches*,runtime.cuda.picked*'
    # The bad-input test provokes out-of-memory API errors on purpose: memcheck checks its accesses, not those.
    sanitized memcheck bad-input 'runtime.cuda.bad_input*' --report-api-errors no
    sanitized racecheck runtime 'runtime.cuda.round_trip.other_widths,view.cuda.*'
    sanitized synccheck runtime 'runtime.cuda.round_trip.other_widths'
    sanitized initcheck runtime 'runtime.cuda.round_trip.other_widths,runtime.cuda.matches*'
  fi
  if [[ " $areas " == *" transform "* ]]; then
    # Rows off 16 bytes and of any pitch (shifted rows, the records kernels' rows, pitched rows).
    sanitized memcheck transform-rows 'transform.cuda.misaligned.*,transform.cuda.user_rows_of_any_pitch_and_alignment'
    sanitized racecheck transform-rows 'transform.cuda.misaligned.float,transform.cuda.misaligned.tiny,transform.cuda.misaligned.u8*,transform.cuda.misaligned.u16,transform.cuda.user_rows_of_any_pitch_and_alignment'
    # The user's components (shifted columns) and columnar runs in narrow chunks.
    sanitized memcheck transform-columns 'transform.cuda.user_components*,transform.cuda.runs_of_narrow_chunks'
    sanitized racecheck transform-columns 'transform.cuda.user_components*,transform.cuda.runs_of_narrow_chunks'
    # The transpose kernel: narrow words' turned chunks, blocked sides of any bd.
    sanitized memcheck transform-transposes 'transform.cuda.transposes_of_narrow_words,transform.cuda.transpose_blocks_of_any_size'
    sanitized racecheck transform-transposes 'transform.cuda.transposes_of_narrow_words,transform.cuda.transpose_blocks_of_any_size'
    # Every kernel once, device copies at any distance, the fast kernels, unaligned user pointers.
    sanitized memcheck transform-kernels 'transform.cuda.device_copies*,transform.cuda.every_kernel.double,transform.cuda.every_kernel.other_widths,transform.cuda.fast_kernels*,transform.cuda.unaligned*'
    sanitized racecheck transform-kernels 'transform.cuda.device_copies*,transform.cuda.every_kernel.double,transform.cuda.fast_kernels*'
  fi
  if [[ " $areas " == *" stress "* ]]; then
    # memcheck on 100 record and 100 vector chains and the split layouts of blocks of one record,
    # racecheck on 20 record chains and the split layouts.
    COALESCE_STRESS_CASES=100 sanitized memcheck stress 'record.gpu.stress.*,vector.gpu.stress.*,record.gpu.split_blocks_of_one'
    COALESCE_STRESS_CASES=20 sanitized racecheck stress 'record.gpu.stress.*,record.gpu.split_blocks_of_one'
  fi
}

step_stress() {  # tests/device/stress_gpu_tests.cu: 10^5 record chains (about 5.5 minutes on an H100) and
                 # 2 x 10^4 vector chains (about 1 minute)
  COALESCE_STRESS_CASES=100000 RUN_LOG_TIMEOUT=480 run_log stress-records "$bin/coalesce-gpu-tests" \
    -tc='record.gpu.stress.*,record.gpu.split_blocks_of_one'
  COALESCE_STRESS_CASES=20000 RUN_LOG_TIMEOUT=120 run_log stress-vectors "$bin/coalesce-gpu-tests" -tc='vector.gpu.stress.*'
}

step_demo() {
  local start
  start=$(date +%s%N)
  run_log demo "$bin/coalesce-demo"
  note "demo wall time: $(( ($(date +%s%N) - start) / 1000000 )) ms"
  tail -40 "$logs/demo.log" || true
}

step_paths() {  # about a minute on the H200
  local baseline=${PATHS_BASELINE:-benchmarks/results/h200/paths.csv}
  run_log paths "$bin/coalesce-bench" --paths all --size-mib 128 --out "$logs/paths"
  { echo "# The path matrix against $baseline"; echo
    python3 scripts/paths_compare.py "$baseline" "$logs/paths/results.csv"; echo
    python3 scripts/paths_summary.py "$logs/paths/results.csv"; } > "$logs/paths.md" 2>&1
  report "$logs/paths.md"
  grep -E 'cells in both|cells lost more' "$logs/paths.md" | tee -a "$out/summary.txt" || true
}

step_counts() {  # counted views (docs/analyzer.md): exact counts on the device, then the worked example
  local layout
  run_log counted-gpu-tests "$bin/coalesce-gpu-tests" -tc='*counted*'
  run_log fe-count-gpu-tests "$bin/coalesce-fe-gpu-tests" -tc='fe.gpu.count*'
  sanitized memcheck counted '*counted*'
  sanitized racecheck counted '*counted*'
  # 64^3 hexahedra = 1.57 M elements: large enough to time the plain and the counted element pass.
  for layout in aos blocked:128; do
    run_log "fe-count-${layout/:/}" "$bin/coalesce-fe" --backend cuda --box 64x64x64 --layout "$layout" \
      --count-accesses "$logs/fe-counts-${layout/:/}.json"
    grep -E "element pass" "$logs/fe-count-${layout/:/}.log" | tee -a "$out/summary.txt"
  done
  run_log fe-count-records "$bin/coalesce-fe" --backend cuda --box 64x64x64 --records split:dN,nodes:blocked:128 \
    --count-accesses "$logs/fe-counts-records.json"
  grep -E "element pass" "$logs/fe-count-records.log" | tee -a "$out/summary.txt"
  run_log advise-counts "$bin/coalesce-advise" layout --counts "$logs/fe-counts-blocked128.json" --array element
  run_log advise-record-counts "$bin/coalesce-advise" record --counts "$logs/fe-counts-records.json"
  head -3 "$logs/advise-counts.log" | tee -a "$out/summary.txt" || true
}

apps_particles() {  # TREE
  local tree=$1 layout err
  RUN_LOG_TIMEOUT=300 run_log memcheck-particles compute-sanitizer --tool memcheck --error-exitcode 99 \
    "$bin/coalesce-particles-gpu-tests" -tc='particles.gpu.matches_host_backend'
  for layout in aos packed soa blocked:32 blocked:64 blocked:128 blocked:256 blocked:48 split:x,v split:x,v:blocked:128; do
    RUN_LOG_TIMEOUT=120 run_log "particles-check-${layout//[:,]/-}" "$bin/coalesce-particles" --backend cuda --n 20000 \
      --steps 100 --layout "$layout" --check
    err=$(grep -o 'largest position error [^ ]*' "$logs/particles-check-${layout//[:,]/-}.log" | tail -1)
    [ -n "$err" ] && note "  $err"
  done
  RUN_LOG_TIMEOUT=60 run_log particles-1000-steps "$bin/coalesce-particles" --backend cuda --n 200000 --steps 1000 \
    --layout split:x,v:blocked:128
  grep 'energy drift' "$logs/particles-1000-steps.log" | tail -1 | tee -a "$out/summary.txt"
  OUT="$logs/particles-bench" BUILD="$tree" RUN_LOG_TIMEOUT=400 run_log particles-bench bash scripts/bench_particles.sh
  report "$logs/particles-bench/particles_bench.md"
}

apps_fe() {  # TREE
  local tree=$1 records n
  RUN_LOG_TIMEOUT=300 run_log memcheck-fe compute-sanitizer --tool memcheck --error-exitcode 99 \
    "$bin/coalesce-fe-gpu-tests" -tc='fe.gpu.records_agree_with_vectors'
  for records in aos packed soa blocked:32 blocked:128 split:dN,nodes split:dN,nodes:blocked:128 auto; do
    RUN_LOG_TIMEOUT=120 run_log "fe-records-${records//[:,]/-}" "$bin/coalesce-fe" --backend cuda --box 40 --steps 2000 \
      --records "$records"
    grep 'largest displacement' "$logs/fe-records-${records//[:,]/-}.log" | tail -1 | tee -a "$out/summary.txt"
  done
  for n in 55 96; do
    RUN_LOG_TIMEOUT=200 run_log "fe-records-bench-$n" "$bin/coalesce-fe" --backend cuda --box "${n}x${n}x${n}" \
      --stretch -0.05 --bench --layouts aos,soa,blocked:128 \
      --record-layouts aos packed soa blocked:32 blocked:128 split:dN,nodes split:dN,nodes:blocked:128 \
      --reps 20 --warmup 3 --csv "$logs/fe_records_bench.csv"
  done
  OUT="$logs/fe-bench" BUILD="$tree" RUN_LOG_TIMEOUT=300 run_log fe-bench bash scripts/bench_fe.sh
  report "$logs/fe-bench/fe_bench.md"
}

step_apps() {
  local parts=${APPS:-particles fe reduce} tree
  tree=$(build_tree)
  if [[ " $parts " == *" particles "* ]]; then apps_particles "$tree"; fi
  if [[ " $parts " == *" fe "* ]]; then apps_fe "$tree"; fi
  if [[ " $parts " == *" reduce "* ]]; then  # reductions and transposes, with their Nsight Compute counts
    OUT="$logs/reduce-transpose" BUILD_DIR="$tree" RUN_LOG_TIMEOUT=300 run_log reduce-transpose bash scripts/bench_apps.sh
    report "$logs/reduce-transpose/reduce.md"
    report "$logs/reduce-transpose/transpose.md"
  fi
}

step_mpi() {
  local np args
  if ! command -v mpirun > /dev/null && [ -d .deps/debs ]; then  # Open MPI from scripts/pack_offline_mpi.sh
    mkdir -p /opt/ompi
    for d in .deps/debs/*.deb; do dpkg -x "$d" /opt/ompi; done
    export OPAL_PREFIX=/opt/ompi/usr PATH=/opt/ompi/usr/bin:$PATH
    export LD_LIBRARY_PATH=/opt/ompi/usr/lib/x86_64-linux-gnu:/opt/ompi/usr/lib/x86_64-linux-gnu/openmpi/lib:${LD_LIBRARY_PATH:-}
  fi
  command -v mpirun > /dev/null || { note "mpi: no mpirun (carry .deps from scripts/pack_offline_mpi.sh)"; return 1; }
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl=self,vader
  export OMPI_MCA_btl_vader_single_copy_mechanism=none OMPI_MCA_rmaps_base_oversubscribe=1
  local mpirun=(mpirun --oversubscribe --bind-to none)
  for np in 1 2 4; do
    run_log "mpi-tests-np$np" "${mpirun[@]}" -np "$np" "$bin/coalesce-mpi-tests"
    run_log "fe-mpi-tests-np$np" "${mpirun[@]}" -np "$np" "$bin/coalesce-fe-mpi-tests"
  done
  # The distributed FE loop against the one-rank run: both partitions, the staged transport.
  for np in 1 2 4; do
    for args in "--box 96x32x32 --size 3,1,1" "--box 96x32x32 --size 3,1,1 --partition sorted --layout soa"; do
      # shellcheck disable=SC2086  # $args is a list of arguments
      run_log "fe-mpi-np$np-${args//[^a-z0-9]/}" "${mpirun[@]}" -np "$np" "$bin/coalesce-fe-mpi" --check --steps 500 $args
    done
  done
  # An error is expected where MPI has no CUDA support (Debian's).
  timeout 300 "${mpirun[@]}" -np 2 "$bin/coalesce-fe-mpi" --check --steps 200 --transport cuda_aware \
    > "$logs/fe-mpi-cuda-aware.log" 2>&1
  note "fe-mpi-cuda-aware: exit $? ($(grep -o 'reports no CUDA support' "$logs/fe-mpi-cuda-aware.log" | head -1))"
  # Particles migrating between slabs: every record layout checked, then a larger timed run.
  for np in 1 2 4; do
    run_log "particles-mpi-np$np" "${mpirun[@]}" -np "$np" "$bin/coalesce-particles-mpi" --check --backend cuda --layout all \
      --n 20000 --steps 100
    note "  $(grep -c passed "$logs/particles-mpi-np$np.log") layouts passed, $(grep -c FAILED "$logs/particles-mpi-np$np.log") failed"
  done
  for np in 1 2 4; do
    run_log "particles-mpi-timed-np$np" "${mpirun[@]}" -np "$np" "$bin/coalesce-particles-mpi" --backend cuda --layout all \
      --n 1000000 --steps 20
  done
  # Pack on one rank (against D2D and the sector ceiling), the halo exchange on 2 and 4.
  RUN_LOG_TIMEOUT=560 run_log mpi-bench-pack "$bin/coalesce-mpi-bench" --only pack --csv "$logs/pack.csv"
  grep '^| pack ' "$logs/mpi-bench-pack.log" | sort -t'|' -k13 -n | head -12 > "$logs/mpi-bench-pack-worst.txt"
  note "  mpi-bench pack: $(grep -c '^| pack ' "$logs/mpi-bench-pack.log") rows; lowest % of copy in mpi-bench-pack-worst.txt"
  for np in 2 4; do
    run_log "mpi-bench-exchange-np$np" "${mpirun[@]}" -np "$np" "$bin/coalesce-mpi-bench" --only exchange \
      --csv "$logs/exchange-np$np.csv"
  done
}

step_time() {
  mkdir -p "$logs/time"
  VALIDATE_TIME_BIN="$bin/coalesce-validate-time" ADVISE_BIN="$bin/coalesce-advise" OUT="$logs/time" \
    RUN_LOG_TIMEOUT=560 run_log time bash scripts/validate_time_model.sh
  note "  $(grep -E 'first layout within|predicted time within' "$logs/time/time_model.md" 2> /dev/null | tr -s ' ' | tr '\n' ' ')"
  report "$logs/time/time_model.md"
}

step_kokkos() {
  # Kokkos 4 with CUDA for sm_90 from .deps/kokkos-src.tar.xz, outside the repository; coalesce is
  # configured against its build tree (launcher and nvcc_wrapper from its sources), so the coalesce
  # library compiles while Kokkos does; then the Kokkos targets link, and their tests and programs run.
  local kokkos=/tmp/kokkos-build build=/tmp/coalesce-kokkos-build jobs reuse=0 rc kokkos_pid early
  jobs=$(nproc)
  [ -d .deps/usr ] && cp -r .deps/usr/. /usr/  # doctest (and CLI11, json) headers: scripts/pack_offline_deps.sh
  [ -x /usr/local/cuda/bin/nvcc ] && export PATH=/usr/local/cuda/bin:$PATH  # nvcc_wrapper calls nvcc
  [ "${KOKKOS_REUSE:-0}" = 1 ] && [ -f "$kokkos/build/core/src/libkokkoscore.a" ] && reuse=1
  if [ "$reuse" = 0 ]; then
    RUN_LOG_TIMEOUT=120 run_log kokkos-configure bash scripts/kokkos/build_kokkos.sh /tmp/kokkos "$jobs" "$kokkos" configure ||
      return 1
    rm -rf "$build"
  fi
  RUN_LOG_TIMEOUT=120 run_log coalesce-configure cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCOALESCE_ENABLE_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES=90 -DCOALESCE_BUILD_TESTS=ON -DCOALESCE_BUILD_APPS=ON \
    -DCOALESCE_BUILD_BENCHMARKS=ON -DCOALESCE_ENABLE_MPI=OFF -DKokkos_DIR="$kokkos/build" \
    -DKokkos_COMPILE_LAUNCHER="$kokkos/src/bin/kokkos_launch_compiler" -DKokkos_NVCC_WRAPPER="$kokkos/src/bin/nvcc_wrapper" ||
    return 1
  note "  $(grep -m1 -o 'Kokkos [0-9.]* found (devices: [^)]*)' "$logs/coalesce-configure.log")"
  # What the Kokkos targets need but Kokkos' libraries: the coalesce library, apps/common, the objects.
  mapfile -t early < <(cd "$build" && ninja -t targets all | grep -oE '^[^:]*coalesce-kokkos-[a-z]*\.dir/[^:]*\.o')
  if [ "$reuse" = 0 ]; then
    RUN_LOG_TIMEOUT=360 run_log kokkos-build bash scripts/kokkos/build_kokkos.sh /tmp/kokkos "$jobs" "$kokkos" build &
    kokkos_pid=$!
  fi
  RUN_LOG_TIMEOUT=360 run_log coalesce-build-early cmake --build "$build" -j "$jobs" --target coalesce coalesce_app_support "${early[@]}"
  if [ "$reuse" = 0 ]; then wait "$kokkos_pid" || return 1; fi
  RUN_LOG_TIMEOUT=300 run_log coalesce-build-kokkos cmake --build "$build" -j "$jobs" \
    --target coalesce-kokkos-tests coalesce-kokkos-fe coalesce-kokkos-bench || return 1
  RUN_LOG_TIMEOUT=240 run_log kokkos-tests ctest --test-dir "$build" -R kokkos --output-on-failure
  note "  $(grep -E 'tests passed|tests failed' "$logs/kokkos-tests.log")"
  RUN_LOG_TIMEOUT=120 run_log kokkos-fe "$build/apps/kokkos_fe/coalesce-kokkos-fe" 2400000
  RUN_LOG_TIMEOUT=240 run_log kokkos-bench "$build/benchmarks/kokkos/coalesce-kokkos-bench" --size-mib 256 --reps 20 \
    --json "$logs/kokkos-bench.json"
  rc=$?
  # Per operation, type and m: the worst and best % of the same-layout deep_copy.
  awk '$1 == "ceiling" || $1 == "peer" { print } $1 ~ /^(copy|download|upload)$/ {
         key = $1 " " $4 " " $5; pct = $8 + 0
         if (!(key in lo) || pct < lo[key]) { lo[key] = pct; lo_at[key] = $2 "/" $3 }
         if (!(key in hi) || pct > hi[key]) hi[key] = pct }
       END { for (k in lo) printf "%-24s worst %5.1f %% (%s)  best %5.1f %%\n", k, lo[k], lo_at[k], hi[k] }' \
    "$logs/kokkos-bench.log" | sort > "$logs/kokkos-bench-summary.txt"
  report "$logs/kokkos-bench-summary.txt"
  return "$rc"
}

step_bench() {  # [coalesce-bench ARGS...]
  run_log bench "$bin/coalesce-bench" "$@" --out "$logs/bench"
  report "$logs/bench/results.md" bench.md
}

step_ab() {  # VARIANT... [-- ARGS...]: this build and each variant in turn, twice, the second round in reverse order
  local variants=("") args=() i word round order names=(base) legend="base = this build" b
  while [ $# -gt 0 ] && [ "$1" != -- ]; do variants+=("$1"); shift; done
  [ $# -gt 0 ] && shift
  args=("$@")
  [ ${#args[@]} -eq 0 ] && args=(--paths all --size-mib 128)
  [ ${#variants[@]} -gt 1 ] || { note "ab: name at least one variant (VAR=value or another coalesce-bench)"; return 1; }
  mkdir -p "$logs/ab"
  # Each variant as a bench and an environment: benches[i], envs[i] (words VAR=value).
  local benches=() envs=()
  for ((i = 0; i < ${#variants[@]}; ++i)); do
    b="$bin/coalesce-bench"
    local env_words=()
    # shellcheck disable=SC2086  # a variant is a list of words
    for word in ${variants[i]}; do
      if [[ $word == *=* ]]; then
        env_words+=("$word")
      elif [[ $word == *.xz ]]; then
        b=/tmp/coalesce-gpu/bench-v$i  # outside $logs: the archive stays small
        xz -dc "$word" > "$b" && chmod +x "$b"
      else
        b=$word
      fi
    done
    [ -x "$b" ] || { note "ab: $b is not a program"; return 1; }
    benches+=("$b")
    envs+=("${env_words[*]}")
    if [ "$i" -gt 0 ]; then names+=("v$i"); legend+="; v$i = ${variants[i]}"; fi
  done
  # On the H200 the variant that ran first in a round measured 1-2 points faster in both orders
  # (records A/Bs of 2026-12-03): each cell's faster of its two runs is compared.
  for round in 1 2; do
    order=()
    for ((i = 0; i < ${#variants[@]}; ++i)); do order+=("$i"); done
    if [ "$round" = 2 ]; then
      order=()
      for ((i = ${#variants[@]} - 1; i >= 0; --i)); do order+=("$i"); done
    fi
    for i in "${order[@]}"; do
      # shellcheck disable=SC2086  # envs[i] is a list of VAR=value words
      run_log "ab-${names[i]}-$round" env ${envs[i]} "${benches[i]}" "${args[@]}" --out "$logs/ab/${names[i]}-$round"
    done
  done
  { echo "A/B of coalesce-bench ${args[*]}: $legend."
    echo "Per group, kernel (this build's; '-> the last variant's' where it differs) and type: the median over"
    echo "cells of each variant's GB/s over this build's (each cell's faster of two runs), and each one's"
    echo "median % of the copy ceiling; then per group and type the spread; every cell in ab/cells.csv (logs.tgz)."
    echo
    python3 - "$logs/ab" "${names[@]}" <<'PY'
import csv, os, sys
from collections import defaultdict
out, names = sys.argv[1], sys.argv[2:]
def best(name):
    cells = {}
    for rnd in (1, 2):
        path = f"{out}/{name}-{rnd}/results.csv"
        if not os.path.exists(path):
            continue
        for r in csv.DictReader(open(path)):
            if r["group"] == "ceiling":
                continue
            k = (r["group"], r["name"], r["type"], r["m"])
            if k not in cells or float(r["median_ms"]) < float(cells[k]["median_ms"]):
                cells[k] = r
    return cells
runs = [best(n) for n in names]
keys = [k for k in runs[0] if all(k in b for b in runs[1:])]
groups = defaultdict(list)
for k in keys:
    first, last = runs[0][k]["kernel"], runs[-1][k]["kernel"]
    groups[(k[0], first if first == last else f"{first} -> {last}", k[2])].append(k)
med = lambda v: sorted(v)[len(v) // 2]
pct = lambda b, k: 100 * float(b[k]["fraction_of_ceiling"])
print("| group | kernel | type | cells | " + " | ".join(f"{n} / base" for n in names[1:]) + " | "
      + " | ".join(f"% {n}" for n in names) + " | wrong |")
print("|---|---|---|---:|" + "---:|" * (2 * len(names) - 1) + "---:|")
for (group, kern, t), ks in sorted(groups.items()):
    ratios = [med([float(runs[0][k]["median_ms"]) / float(b[k]["median_ms"]) for k in ks]) for b in runs[1:]]
    pcts = [med([pct(b, k) for k in ks]) for b in runs]
    wrong = sum(int(b[k].get("wrong") or 0) > 0 for b in runs for k in ks)
    print(f"| {group} | {kern or '-'} | {t} | {len(ks)} | " + " | ".join(f"{x:.3f}" for x in ratios) + " | "
          + " | ".join(f"{x:.1f}" for x in pcts) + f" | {wrong} |")
# Per group and type (a record struct, an element type): each variant's median, lowest and cells at >= 90%.
types = defaultdict(list)
for k in keys:
    types[(k[0], k[2])].append(k)
print("\n| group | type | cells | " + " | ".join(f"{n}: median / min / >= 90%" for n in names) + " |")
print("|---|---|---:|" + "---:|" * len(names))
for (group, t), ks in sorted(types.items()):
    cols = []
    for b in runs:
        v = sorted(pct(b, k) for k in ks)
        cols.append(f"{med(v):.1f} / {v[0]:.1f} / {sum(x >= 90 for x in v)}")
    print(f"| {group} | {t} | {len(ks)} | " + " | ".join(cols) + " |")
with open(f"{out}/cells.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["group", "name", "type", "m", "kernel"] + [f"{n}_ms" for n in names] + [f"{n}_pct" for n in names])
    for k in keys:
        w.writerow(list(k) + [runs[-1][k]["kernel"]] + [b[k]["median_ms"] for b in runs]
                   + [f"{pct(b, k):.1f}" for b in runs])
PY
  } > "$logs/ab.md" 2>&1
  report "$logs/ab.md"
  cat "$logs/ab.md"
}

step_ncu() {  # [CASE...]: coalesce-bench --records cases, clocks as found
  local cases=("$@") sections metrics r c name
  [ ${#cases[@]} -eq 0 ] && cases=("body: aos -> soa" "body: soa -> aos" "body: blocked:128 -> aos" "body: soa -> blocked:128"
                                   "element: aos -> packed" "element: aos -> blocked:128" "mixed16: aos -> soa")
  sections=(--section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats --section SchedulerStats
            --section MemoryWorkloadAnalysis --section InstructionStats)
  metrics=""
  for r in barrier long_scoreboard short_scoreboard mio_throttle lg_throttle wait no_instruction drain math_pipe_throttle \
           not_selected selected dispatch_stall branch_resolving membar; do
    metrics+=${metrics:+,}smsp__average_warp_latency_issue_stalled_$r.ratio
  done
  # The bytes the memory moved (against the fields' bytes the bench counts) and the L2's sectors.
  metrics+=,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum,gpu__time_duration.sum
  : > "$logs/ncu_summary.txt"
  for c in "${cases[@]}"; do
    name=$(echo "$c" | tr -c 'A-Za-z0-9' '_')
    RUN_LOG_TIMEOUT=120 run_log "ncu_$name" ncu --clock-control none --kernel-name regex:'record_(stage|lanes|element)' \
      --launch-skip 1 --launch-count 1 "${sections[@]}" --metrics "$metrics" \
      "$bin/coalesce-bench" --records --only "$c" --size-mib 128 --reps 3
    echo "== $c" >> "$logs/ncu_summary.txt"
    grep -E "record_|Duration|DRAM Throughput|Memory Throughput|Achieved Occupancy|Registers Per|Dynamic Shared|Issued Ipc|Executed Instructions  |Stall|cycles being stalled|Warp Cycles Per Issued|Eligible Warps|No Eligible|Block Limit|Grid Size|Bank|issue_stalled|dram__bytes|lts__t_sectors|gpu__time" \
      "$logs/ncu_$name.log" | sed 's/  */ /g' | cut -c1-220 >> "$logs/ncu_summary.txt"
  done
  report "$logs/ncu_summary.txt"
}

# --- the steps in order -------------------------------------------------------------------------------

if [ $# -eq 0 ]; then usage >&2; exit 2; fi
if [ "$1" = help ] || [ "$1" = -h ] || [ "$1" = --help ]; then usage; exit 0; fi
if [ "$1" = pack ]; then  # the CPU machine: nothing else
  shift
  step_pack "$@"
  exit
fi
for step in "$@"; do  # every step known before the first runs
  case "$step" in
    test | sanitize | stress | demo | paths | counts | apps | mpi | time | kokkos) ;;
    bench | ab | ncu) break ;;
    *) echo "gpu.sh: unknown step '$step' (pack runs alone, on the CPU machine)" >&2; usage >&2; exit 2 ;;
  esac
done
rm -rf "$logs"
mkdir -p "$out" "$logs"
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem --format=csv,noheader |
  tee -a "$out/summary.txt"
status=0
while [ $# -gt 0 ]; do
  step=$1
  shift
  rest=()
  case "$step" in bench | ab | ncu) rest=("$@"); set -- ;; esac
  [ "$step" = kokkos ] || need_bins
  note "step $step ${rest[*]}"
  "step_$step" "${rest[@]}" || status=1
  pack_logs
done
cat "$out/summary.txt"
exit $status
