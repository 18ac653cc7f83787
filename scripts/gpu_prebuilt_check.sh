#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# On the GPU machine, with .dev/bins.tar.xz from scripts/pack_prebuilt.sh (and .deps/debs from
# scripts/pack_offline_mpi.sh for the MPI step) carried along:
#   scripts/gpu_prebuilt_check.sh [step ...]   steps: tests sanitize demo records mpi (default: all), stress (the random
#   record and vector stress: 10^5 record chains), stress-sanitize (memcheck and racecheck on a sample), time, misaligned,
#   pitched, anybd and anybd-ab (blocked sides of any bd through the transpose kernel: tests and
#   sanitizers; A/Bs), records-first (memcheck and an A/B of the "+1" cells), shifted-columns (the
#   user's columns off 16 bytes: test, sanitizers, A/B), shifted-copy (device copies at any distance:
#   test, sanitizers, A/B against cudaMemcpyAsync), matrix (the whole path
#   matrix, compared with docs/paths-h200-latest.csv), narrow (columnar runs in narrow chunks, rows the
#   transpose declines: tests, sanitizers, A/B), padded-rows (odd-pitch source rows through the record
#   kernels: sanitizers, A/Bs), turn and turn-wide (the transpose kernel's turned columnar chunks for
#   every word size: tests, sanitizers, A/Bs), swizzle-check and swizzle-ab (record rows images
#   swizzled by the bank model, 1-byte shifted columns: tests, sanitizers; A/Bs), shifted-u8 (1-byte
#   words through shifted columns: tests, sanitizers, A/B against another build), shifted-rows (rows
#   off 16 bytes through the transpose: tests, sanitizers, A/B of the "+1" cells), shifted-rows-base
#   (the aos cells against the build before)
# tests: every GPU test program; apps: scripts/gpu_apps_check.sh's particles and fe steps on these
# binaries; sanitize: compute-sanitizer memcheck and racecheck on the record
# kernels; paths: scripts/gpu_paths_check.sh (transform tests, sanitizers, coalesce-bench --paths all);
# counts: the counted-view GPU tests under memcheck and racecheck; demo: coalesce-demo, timed; records:
# coalesce-bench --records; mpi: the MPI tests with 1, 2
# and 4 ranks sharing the GPU, coalesce-fe-mpi --check, coalesce-particles-mpi --check (CUDA, every
# record layout), coalesce-mpi-bench (pack on 1 rank, exchange on 2 and 4); time (not in the default set):
# scripts/validate_time_model.sh on these binaries, into $OUT/time; misaligned (not in the default set):
# the transform GPU tests, memcheck and racecheck on the misaligned-row cases (the shifted runs and
# tiled kernels), and the path matrix (--paths all, 128 MiB cells like docs/paths-h200.csv) compared
# cell by cell with that file into misaligned.md. Logs and a summary go to $OUT.
set -uo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-$PWD/out-gpu}
mkdir -p "$out" /tmp/cb
tar xJf .dev/bins.tar.xz -C /tmp/cb
bin=/tmp/cb
steps=("$@")
[ ${#steps[@]} -eq 0 ] && steps=(tests sanitize demo records mpi)
source scripts/gpu_log.sh
gpu_banner
# The 1-byte user:cols and soa:packed cells, /tmp/cb/coalesce-bench-old against this build, into
# $OUT/shifted-u8-{cols,packed}.md and .csv.
ab_shifted_u8() {
  local f only
  for f in cols packed; do
    [ $f = cols ] && only=user:cols || only=soa:packed
    OUT="$out/shifted-u8-$f" AB_BENCH_ARGS="--types u8" timeout 150 bash scripts/gpu_ab_paths.sh "$only" \
      old=@/tmp/cb/coalesce-bench-old new= > "$out/shifted-u8-$f.log" 2>&1
    note "shifted u8 A/B $only: exit $?"
    cp "$out/shifted-u8-$f/ab.md" "$out/shifted-u8-$f.md" 2>/dev/null
    cp "$out/shifted-u8-$f/cells.csv" "$out/shifted-u8-$f.csv" 2>/dev/null && rm -rf "${out:?}/shifted-u8-$f"
  done
}
for step in "${steps[@]}"; do
  case "$step" in
    tests)
      for t in coalesce-gpu-tests coalesce-fe-gpu-tests coalesce-apps-gpu-tests coalesce-thrust-cuda-tests \
               coalesce-particles-gpu-tests; do
        [ -x "$bin/$t" ] && run_log "$t" "$bin/$t"
      done ;;
    stress)
      # The random stress (tests/device/stress_gpu_tests.cu): 10^5 record chains and 2 x 10^4 vector chains.
      export COALESCE_STRESS_CASES=100000
      RUN_LOG_TIMEOUT=300 run_log stress-records "$bin/coalesce-gpu-tests" -tc='record.gpu.stress.*,record.gpu.split_blocks_of_one'
      export COALESCE_STRESS_CASES=20000
      RUN_LOG_TIMEOUT=120 run_log stress-vectors "$bin/coalesce-gpu-tests" -tc='vector.gpu.stress.*'
      unset COALESCE_STRESS_CASES ;;
    stress-sanitize)
      # memcheck on 100 record and 100 vector chains and the split layouts of blocks of one record,
      # racecheck on 20 record chains and the split layouts.
      export COALESCE_STRESS_CASES=100
      RUN_LOG_TIMEOUT=240 sanitized memcheck stress 'record.gpu.stress.*,vector.gpu.stress.*,record.gpu.split_blocks_of_one'
      export COALESCE_STRESS_CASES=20
      RUN_LOG_TIMEOUT=240 sanitized racecheck stress 'record.gpu.stress.*,record.gpu.split_blocks_of_one'
      unset COALESCE_STRESS_CASES ;;
    sanitize)
      filter='record.gpu.padding*,record.gpu.user_device*,record.gpu.views*,record.gpu.async*,record.gpu.bad*'
      sanitized memcheck records "$filter"
      sanitized racecheck records 'record.gpu.padding*,record.gpu.views*'
      sanitized memcheck threads 'runtime.threads.*'
      sanitized memcheck pack 'pack.cuda.matches_wire_format.float,pack.cuda.matches_wire_format.other_widths,pack.records.cuda.small,pack.records.cuda.errors'
      sanitized racecheck pack 'pack.cuda.matches_wire_format.double,pack.records.cuda.small' ;;
    time)
      mkdir -p "$out/time"
      VALIDATE_TIME_BIN="$bin/coalesce-validate-time" ADVISE_BIN="$bin/coalesce-advise" OUT="$out/time" \
        timeout 560 bash scripts/validate_time_model.sh > "$out/time.log" 2>&1
      note "time model validation: exit $? $(grep -E 'first layout within|predicted time within' "$out/time/time_model.md" 2>/dev/null | tr -s ' ' | tr '\n' ' ')" ;;
    demo)
      start=$(date +%s%N)
      run_log demo "$bin/coalesce-demo"
      note "demo wall time: $(( ($(date +%s%N) - start) / 1000000 )) ms"
      tail -40 "$out/demo.log" ;;
    apps)
      mkdir -p build/prebuilt/apps/particles build/prebuilt/apps/fe_tled
      ln -sf "$bin/coalesce-particles" build/prebuilt/apps/particles/coalesce-particles
      ln -sf "$bin/coalesce-fe" build/prebuilt/apps/fe_tled/coalesce-fe
      OUT="$out/apps" BUILD_DIR=build/prebuilt BUILD=build/prebuilt timeout 540 scripts/gpu_apps_check.sh particles fe \
        > "$out/apps.log" 2>&1
      note "apps: exit $?"
      cat "$out/apps/summary.txt" >> "$out/summary.txt" ;;
    paths)
      SKIP_TESTS=1 BIN="$bin" OUT="$out/paths" timeout 560 bash scripts/gpu_paths_check.sh > "$out/paths.log" 2>&1
      note "paths (transform tests, sanitizers, the path matrix): exit $? $(grep -E '^== ' "$out/paths/summary.txt" 2>/dev/null | tr -s ' ' | tr '\n' ' ' | cut -c1-400)" ;;
    pitched)
      # The transpose's pitched rows: transform GPU tests, memcheck and racecheck on the user's rows of
      # every pitch, then an A/B of the path matrix's pitched cells against the tiled kernel they had
      # (COALESCE_PITCHED_ROWS=0, the same binary) into $OUT/pitched/ab.md.
      run_log pitched-tests "$bin/coalesce-gpu-tests" -tc='transform.cuda.*,runtime.cuda.*'
      RUN_LOG_TIMEOUT=150 sanitized memcheck pitched 'transform.cuda.user_rows_of_any_pitch_and_alignment'
      RUN_LOG_TIMEOUT=120 sanitized racecheck pitched 'transform.cuda.user_rows_of_any_pitch_and_alignment'
      OUT="$out/pitched" timeout 300 bash scripts/gpu_ab_paths.sh "${PITCHED_ONLY:-pitch}" \
        "tiled=$bin/coalesce-bench COALESCE_PITCHED_ROWS=0" transpose="$bin/coalesce-bench" > "$out/pitched.log" 2>&1
      note "pitched A/B: exit $?" ;;
    misaligned)
      # About 2-3 minutes on the H200, the sanitizers last and bounded, so that one 10-minute call holds it.
      run_log misaligned-tests "$bin/coalesce-gpu-tests" -tc='transform.cuda.*,runtime.cuda.*'
      # The whole matrix (under a minute at 128 MiB): the misaligned cells, and any aligned cell the
      # kernels' changes could have slowed.
      run_log misaligned-paths "$bin/coalesce-bench" --paths all --size-mib 128 --out "$out/misaligned"
      python3 scripts/paths_compare.py docs/paths-h200.csv "$out/misaligned/results.csv" > "$out/misaligned.md" 2>&1
      python3 scripts/paths_summary.py "$out/misaligned/results.csv" >> "$out/misaligned.md" 2>&1
      head -3 "$out/misaligned.md" | tee -a "$out/summary.txt"
      shifted='transform.cuda.misaligned.*,transform.cuda.user_rows_of_any_pitch_and_alignment'
      RUN_LOG_TIMEOUT=200 sanitized memcheck misaligned "$shifted"
      RUN_LOG_TIMEOUT=150 sanitized racecheck misaligned 'transform.cuda.misaligned.float,transform.cuda.misaligned.tiny' ;;
    anybd)
      # Blocked sides of a bd not a power of two through the transpose kernel: the transform GPU tests,
      # then memcheck and racecheck on its own test.
      run_log anybd-tests "$bin/coalesce-gpu-tests" -tc='transform.cuda.*,runtime.cuda.*'
      RUN_LOG_TIMEOUT=200 sanitized memcheck anybd 'transform.cuda.transpose_blocks_of_any_size'
      RUN_LOG_TIMEOUT=200 sanitized racecheck anybd 'transform.cuda.transpose_blocks_of_any_size' ;;
    anybd-ab)
      # A/Bs of the path matrix's cells with blocked:96 and blocked:1000 (this build with
      # COALESCE_ANY_BD_TRANSPOSE=0: the tiled kernel they had, and the build before, ANYBD_OLD), and
      # with blocked:128 (the build before: the power-of-two bd's kernels, recompiled with divisions;
      # and COALESCE_PITCHED_ROWS=0: the records or tiled kernels where the transpose takes pitched or
      # unaligned rows), into $OUT/anybd.md. About 3 minutes.
      old=${ANYBD_OLD:-.dev/old/coalesce-bench}
      for bd in 96 1000; do
        OUT="$out/anybd-$bd" timeout 300 bash scripts/gpu_ab_paths.sh "blocked:$bd" "old=@$old" \
          tiled=COALESCE_ANY_BD_TRANSPOSE=0 new= > "$out/anybd-$bd.log" 2>&1
        note "anybd A/B blocked:$bd: exit $?"
        { echo "## blocked:$bd"; cat "$out/anybd-$bd/ab.md"; } >> "$out/anybd.md"
      done
      OUT="$out/anybd-128" timeout 200 bash scripts/gpu_ab_paths.sh "blocked:128" "old=@$old" \
        unpitched=COALESCE_PITCHED_ROWS=0 new= \
        > "$out/anybd-128.log" 2>&1
      note "anybd A/B blocked:128: exit $?"
      { echo "## blocked:128"; cat "$out/anybd-128/ab.md"; } >> "$out/anybd.md" ;;
    records-first)
      # Rows destinations one element off through the record kernels before the transpose
      # (vector_records_first): memcheck on the user's rows test, then an A/B of the "+1" cells
      # against the build before (ANYBD_OLD) into $OUT/anybd.md.
      RUN_LOG_TIMEOUT=200 sanitized memcheck user-rows 'transform.cuda.user_rows_of_any_pitch_and_alignment'
      OUT="$out/anybd-user1" timeout 200 bash scripts/gpu_ab_paths.sh "user+1" "old=@${ANYBD_OLD:-.dev/old/coalesce-bench}" \
        new= > "$out/anybd-user1.log" 2>&1
      note "records-first A/B user+1: exit $?"
      { echo "## user+1"; cat "$out/anybd-user1/ab.md"; } >> "$out/anybd.md" ;;
    shifted-columns)
      # The user's columns off 16 bytes through the transpose's shifted columns: the new GPU test, under
      # memcheck and racecheck, and an A/B of the "user:cols" cells against the build before (ANYBD_OLD).
      run_log cols-tests "$bin/coalesce-gpu-tests" -tc='transform.cuda.user_components*'
      RUN_LOG_TIMEOUT=200 sanitized memcheck cols 'transform.cuda.user_components*'
      RUN_LOG_TIMEOUT=200 sanitized racecheck cols 'transform.cuda.user_components*'
      OUT="$out/anybd-cols" timeout 200 bash scripts/gpu_ab_paths.sh "user:cols" "old=@${ANYBD_OLD:-.dev/old/coalesce-bench}" \
        new= > "$out/anybd-cols.log" 2>&1
      note "shifted-columns A/B user:cols: exit $?"
      { echo "## user:cols"; cat "$out/anybd-cols/ab.md"; } >> "$out/anybd.md" ;;
    shifted-copy)
      # Device copies whose addresses differ by other than a multiple of 4 bytes through the shifted copy
      # kernel: its GPU test under memcheck and racecheck, the user's rows test under memcheck, and an
      # A/B of the "user+1" cells against cudaMemcpyAsync (COALESCE_SHIFTED_COPY=0) into $OUT/shifted-copy.md.
      run_log copy-tests "$bin/coalesce-gpu-tests" -tc='transform.cuda.device_copies*'
      RUN_LOG_TIMEOUT=200 sanitized memcheck copy 'transform.cuda.device_copies*'
      RUN_LOG_TIMEOUT=200 sanitized racecheck copy 'transform.cuda.device_copies*'
      RUN_LOG_TIMEOUT=200 sanitized memcheck user-rows 'transform.cuda.user_rows_of_any_pitch_and_alignment'
      OUT="$out/shifted-copy" timeout 200 bash scripts/gpu_ab_paths.sh "user+1" "memcpy=COALESCE_SHIFTED_COPY=0" \
        shifted= > "$out/shifted-copy.log" 2>&1
      note "shifted-copy A/B user+1: exit $?"
      cp "$out/shifted-copy/ab.md" "$out/shifted-copy.md" 2>/dev/null ;;
    narrow)
      # Columnar runs in 8-, 4- and 2-byte chunks, and rows on the grid that the transpose declines
      # through the record kernels: the transform GPU tests, memcheck and racecheck on the narrow runs'
      # test and the user's components, then an A/B of the 1- and 2-byte cells of the whole matrix
      # (both off, both on) into $OUT/narrow.md. About 5 minutes.
      run_log narrow-tests "$bin/coalesce-gpu-tests" -tc='transform.cuda.*,runtime.cuda.*'
      RUN_LOG_TIMEOUT=200 sanitized memcheck narrow 'transform.cuda.runs_of_narrow_chunks,transform.cuda.user_components*'
      RUN_LOG_TIMEOUT=200 sanitized racecheck narrow 'transform.cuda.runs_of_narrow_chunks,transform.cuda.user_components*'
      OUT="$out/narrow" AB_BENCH_ARGS="--types u8 u16" timeout 300 bash scripts/gpu_ab_paths.sh "" \
        "before=COALESCE_NARROW_RUNS=0 COALESCE_RECORDS_ALIGNED_ROWS=0" after= > "$out/narrow.log" 2>&1
      note "narrow A/B: exit $?"
      cp "$out/narrow/ab.md" "$out/narrow.md" 2>/dev/null ;;
    turn|turn-wide)
      # The transpose kernel's columnar chunks turned by quarter chunks for 1- and 2-byte words too
      # (column_turn). turn: the transform GPU tests, memcheck and racecheck on the narrow words'
      # transposes, and an A/B of the matrix's 1- and 2-byte cells: the build before (TURN_OLD,
      # xz-packed), this build with the turn off (COALESCE_NARROW_TURN=0) and on, into $OUT/turn.md
      # and every cell into $OUT/turn-cells.csv (about 4 minutes). turn-wide: the 4- and 8-byte
      # cells, whose turn code was rewritten, against the build before, into $OUT/turn-wide.md and
      # turn-wide-cells.csv (about 2 minutes). TURN_ONLY: a --only filter for both.
      xz -dc "${TURN_OLD:-.dev/old/coalesce-bench.xz}" > /tmp/cb/coalesce-bench-old && chmod +x /tmp/cb/coalesce-bench-old
      if [ "$step" = turn ]; then
        run_log turn-tests "$bin/coalesce-gpu-tests" -tc='transform.cuda.*'
        RUN_LOG_TIMEOUT=150 sanitized memcheck turn 'transform.cuda.transposes_of_narrow_words'
        RUN_LOG_TIMEOUT=150 sanitized racecheck turn 'transform.cuda.transposes_of_narrow_words'
        variants=(old=@/tmp/cb/coalesce-bench-old "off=COALESCE_NARROW_TURN=0" on=)
        types="u8 u16"
      else
        variants=(old=@/tmp/cb/coalesce-bench-old new=)
        types="float double"
      fi
      OUT="$out/$step" AB_BENCH_ARGS="--types $types" timeout 330 bash scripts/gpu_ab_paths.sh "${TURN_ONLY:-}" "${variants[@]}" \
        > "$out/$step.log" 2>&1
      note "$step A/B: exit $?"
      cp "$out/$step/ab.md" "$out/$step.md" 2>/dev/null
      cp "$out/$step/cells.csv" "$out/$step-cells.csv" 2>/dev/null && rm -rf "${out:?}/$step" ;;
    swizzle-check|swizzle-ab)
      # The staged record kernel's rows images swizzled where the bank model finds fewer conflicts
      # (stage_plan::rows_swizzle) and 1-byte words through the transpose's shifted columns.
      # swizzle-check (about 2 minutes on the H200): the transform and record GPU tests, memcheck and racecheck on
      # the new record test and on the user's columns. swizzle-ab (about a minute): A/Bs against the
      # build before (SWIZZLE_OLD, xz-packed): mixed16's record pairs, with a third variant
      # COALESCE_RECORD_ONCE=80 (a tile per block up to 80 KiB, for the resident grids) into
      # $OUT/swizzle-records.md, and the 1-byte user:cols and soa:packed cells into
      # $OUT/shifted-u8-{cols,packed}.md and .csv.
      if [ "$step" = swizzle-check ]; then
        run_log swizzle-tests "$bin/coalesce-gpu-tests" -tc='transform.cuda.*,record.gpu.*'
        RUN_LOG_TIMEOUT=120 sanitized memcheck swizzle 'record.gpu.swizzled_rows_every_pair'
        RUN_LOG_TIMEOUT=120 sanitized racecheck swizzle 'record.gpu.swizzled_rows_every_pair'
        RUN_LOG_TIMEOUT=150 sanitized memcheck cols 'transform.cuda.user_components*'
        RUN_LOG_TIMEOUT=150 sanitized racecheck cols 'transform.cuda.user_components*'
        continue
      fi
      xz -dc "${SWIZZLE_OLD:-.dev/old/coalesce-bench.xz}" > /tmp/cb/coalesce-bench-old && chmod +x /tmp/cb/coalesce-bench-old
      OUT="$out/swizzle-records" timeout 200 bash scripts/gpu_ab_records.sh "mixed16" old=@/tmp/cb/coalesce-bench-old \
        new= once80=COALESCE_RECORD_ONCE=80 > "$out/swizzle-records.log" 2>&1
      note "swizzle records A/B: exit $?"
      cp "$out/swizzle-records/ab.md" "$out/swizzle-records.md" 2>/dev/null && rm -rf "${out:?}/swizzle-records"
      ab_shifted_u8 ;;
    shifted-u8)
      # 1-byte words through the transpose's shifted columns (variants tried this way: 3 blocks per SM,
      # turned chunks): the transform GPU tests, memcheck and racecheck on the user's columns, the A/B of
      # ab_shifted_u8 against SHIFTED_OLD (xz-packed).
      run_log shifted-u8-tests "$bin/coalesce-gpu-tests" -tc='transform.cuda.*'
      RUN_LOG_TIMEOUT=150 sanitized memcheck cols 'transform.cuda.user_components*'
      RUN_LOG_TIMEOUT=150 sanitized racecheck cols 'transform.cuda.user_components*'
      xz -dc "${SHIFTED_OLD:-.dev/old/coalesce-bench.xz}" > /tmp/cb/coalesce-bench-old && chmod +x /tmp/cb/coalesce-bench-old
      ab_shifted_u8 ;;
    shifted-rows)
      # Rows whose pointer lies off 16 bytes (a user's array one element in) through the transpose's
      # shifted rows: the transform GPU tests, memcheck and racecheck on the misaligned cases, and an A/B
      # of every "+1" cell against COALESCE_SHIFTED_ROWS=0 (the record, tiled or word-by-word kernels
      # they had) into $OUT/shifted-rows.md and .csv.
      run_log shifted-rows-tests "$bin/coalesce-gpu-tests" -tc='transform.cuda.*'
      RUN_LOG_TIMEOUT=150 sanitized memcheck misaligned 'transform.cuda.misaligned.*'
      RUN_LOG_TIMEOUT=150 sanitized racecheck misaligned 'transform.cuda.misaligned.u8*,transform.cuda.misaligned.u16,transform.cuda.misaligned.tiny'
      OUT="$out/shifted-rows" timeout 200 bash scripts/gpu_ab_paths.sh "+1" old=COALESCE_SHIFTED_ROWS=0 new= \
        > "$out/shifted-rows.log" 2>&1
      note "shifted rows A/B: exit $?"
      cp "$out/shifted-rows/ab.md" "$out/shifted-rows.md" 2>/dev/null
      cp "$out/shifted-rows/cells.csv" "$out/shifted-rows.csv" 2>/dev/null && rm -rf "${out:?}/shifted-rows" ;;
    shifted-rows-base)
      # The build before the shifted rows (SHIFTED_ROWS_OLD, xz-packed) against this one on every cell
      # with aos on a side (rows on 16 bytes: their kernels must not lose) into $OUT/shifted-rows-base.md.
      xz -dc "${SHIFTED_ROWS_OLD:-.dev/old/coalesce-bench.xz}" > /tmp/cb/coalesce-bench-old && chmod +x /tmp/cb/coalesce-bench-old
      OUT="$out/shifted-rows-base" timeout 300 bash scripts/gpu_ab_paths.sh "aos" old=@/tmp/cb/coalesce-bench-old new= \
        > "$out/shifted-rows-base.log" 2>&1
      note "shifted rows A/B against the build before: exit $?"
      cp "$out/shifted-rows-base/ab.md" "$out/shifted-rows-base.md" 2>/dev/null
      cp "$out/shifted-rows-base/cells.csv" "$out/shifted-rows-base.csv" 2>/dev/null && rm -rf "${out:?}/shifted-rows-base" ;;
    padded-rows)
      # Source rows of a pitch under 16 bytes past m (an odd pitch, also one element off) through the
      # record kernels, whose staged kernel leaves the last row's padding unloaded: memcheck and
      # racecheck on the user's rows of every pitch and on the record kernels, an A/B of the odd-pitch
      # cells (COALESCE_RECORDS_PADDED_ROWS=0: the tiled kernel they had) into $OUT/padded.md, and the
      # particle records against the build before (PADDED_OLD, xz-packed; the staged kernel's new
      # bound) into $OUT/padded-records.md. About 6 minutes.
      RUN_LOG_TIMEOUT=200 sanitized memcheck user-rows 'transform.cuda.user_rows_of_any_pitch_and_alignment'
      RUN_LOG_TIMEOUT=150 sanitized racecheck user-rows 'transform.cuda.user_rows_of_any_pitch_and_alignment'
      sanitized memcheck records 'record.gpu.padding*,record.gpu.user_device*,record.gpu.views*,record.gpu.async*,record.gpu.bad*'
      OUT="$out/padded" timeout 200 bash scripts/gpu_ab_paths.sh "odd-pitch" "before=COALESCE_RECORDS_PADDED_ROWS=0" \
        after= > "$out/padded.log" 2>&1
      note "padded-rows A/B: exit $?"
      cp "$out/padded/ab.md" "$out/padded.md" 2>/dev/null
      old=${PADDED_OLD:-.dev/old/coalesce-bench.xz}
      xz -dc "$old" > /tmp/cb/coalesce-bench-old && chmod +x /tmp/cb/coalesce-bench-old
      OUT="$out/padded-records" timeout 200 bash scripts/gpu_ab_records.sh "particle:" old=@/tmp/cb/coalesce-bench-old \
        new= > "$out/padded-records.log" 2>&1
      note "padded-rows records A/B: exit $?"
      cp "$out/padded-records/ab.md" "$out/padded-records.md" 2>/dev/null ;;
    matrix)
      # The whole path matrix at 128 MiB (about a minute), compared cell by cell with docs/paths-h200-latest.csv.
      run_log matrix "$bin/coalesce-bench" --paths all --size-mib 128 --out "$out/matrix"
      python3 scripts/paths_compare.py docs/paths-h200-latest.csv "$out/matrix/results.csv" > "$out/matrix.md" 2>&1
      python3 scripts/paths_summary.py "$out/matrix/results.csv" >> "$out/matrix.md" 2>&1 ;;
    counts)
      sanitized memcheck counted '*counted.gpu*'
      sanitized racecheck counted '*counted.gpu*' ;;
    records)
      run_log records-bench "$bin/coalesce-bench" --records --reps 20 --out "$out/records"
      cp "$out/records/results.md" "$out/records.md" 2>/dev/null ;;
    mpi)
      mkdir -p /opt/ompi
      for d in .deps/debs/*.deb; do dpkg -x "$d" /opt/ompi; done
      export OPAL_PREFIX=/opt/ompi/usr PATH=/opt/ompi/usr/bin:$PATH
      export LD_LIBRARY_PATH=/opt/ompi/usr/lib/x86_64-linux-gnu:/opt/ompi/usr/lib/x86_64-linux-gnu/openmpi/lib:${LD_LIBRARY_PATH:-}
      export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl=self,vader
      export OMPI_MCA_btl_vader_single_copy_mechanism=none
      [ -n "${MPI_BENCH_ONLY:-}" ] || for np in 1 2 4; do
        run_log "mpi-tests-np$np" mpirun -np $np --oversubscribe --bind-to none "$bin/coalesce-mpi-tests"
        run_log "fe-mpi-np$np" mpirun -np $np --oversubscribe --bind-to none "$bin/coalesce-fe-mpi" --check --steps 200 \
          --box 96x32x32 --size 3,1,1
        run_log "particles-mpi-np$np" mpirun -np $np --oversubscribe --bind-to none "$bin/coalesce-particles-mpi" --check \
          --backend cuda --layout all --n 20000 --steps 100
      done
      for np in 2 4; do
        run_log "mpi-bench-np$np" mpirun -np $np --oversubscribe --bind-to none "$bin/coalesce-mpi-bench" --only exchange
      done
      run_log mpi-bench-np1 "$bin/coalesce-mpi-bench" --only pack ;;
  esac
done
# The logs travel as one archive (the device tool brings back few files).
tar czf "$out/logs.tgz" -C "$out" --exclude logs.tgz $(cd "$out" && ls -d *.log records misaligned matrix time anybd-* shifted-copy narrow padded padded-records 2>/dev/null) 2>/dev/null
# The path matrix's result files travel in the archive only (misaligned.md and anybd.md summarize them).
[ -s "$out/logs.tgz" ] && rm -rf "$out/misaligned" "$out/matrix" "$out"/anybd-*/ "$out"/shifted-copy/ "$out"/narrow/ "$out"/padded/ "$out"/padded-records/ "$out"/*.log
cat "$out/summary.txt"
