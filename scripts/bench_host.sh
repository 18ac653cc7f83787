#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# The host backend's table (BENCHMARKS.md, Host backend): every relayout pair of aos, soa and
# blocked:128 on one thread and on all of them, three runs each, the median per cell; each run's
# cells are against the median of that run's six copies of the same bytes (coalesce-bench).
# Usage: CPU="the machine in words" scripts/bench_host.sh [BENCH]
#   BENCH: a coalesce-bench (default build/default/benchmarks/coalesce-bench); writes
#   benchmarks/results/host-2core/transforms.csv (then: python3 scripts/benchmarks_md.py
#   benchmarks/results > BENCHMARKS.md).
set -euo pipefail
cd "$(dirname "$0")/.."
bench=${1:-build/default/benchmarks/coalesce-bench}
args=(--backend host --size-mib 64 --reps 10 --m 2 3 4 9 12 16 32)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
all=$(nproc)
for threads in 1 "$all"; do
  for run in 1 2 3; do
    OMP_NUM_THREADS=$threads "$bench" "${args[@]}" --out "$work/t$threads-$run" > "$work/log" 2>&1
  done
done
python3 - "$work" "$all" "${CPU:-$(lscpu | sed -n 's/^Model name: *//p' | head -1)}" "$(git rev-parse --short HEAD)" \
  "${args[*]}" > benchmarks/results/host-2core/transforms.csv <<'PY'
import csv, datetime, glob, os, statistics, sys
work, all_threads, cpu, commit, args = sys.argv[1:]
cells = {}
for path in glob.glob(os.path.join(work, "t*-*", "results.csv")):
    threads = os.path.basename(os.path.dirname(path))[1:].split("-")[0]
    for r in csv.DictReader(open(path)):
        if r["group"] == "relayout" and r["m"] != "1":
            cells.setdefault((f"{r['name']} ({r['type']})", threads), {}).setdefault(int(r["m"]), []).append(
                float(r["fraction_of_ceiling"]))
ms = sorted({m for v in cells.values() for m in v})
below = sum(statistics.median(x) < 0.8 for v in cells.values() for x in v.values())
total = sum(len(v) for v in cells.values())
print(f"# gpu=none (host backend), driver=none, cuda=none, cpu={all_threads} cores of {cpu}, date={datetime.date.today()}, "
      f"commit={commit}, command=scripts/bench_host.sh (coalesce-bench {args}, OMP_NUM_THREADS=1 and {all_threads})")
print("# title: Host relayout, % of the run's copy (median of three runs), on one thread and on all")
print("# method: 64 MiB arrays; median of 10 repetitions after one warm-up; three runs, the median per cell")
print("# ceiling: the median of six timings of the backend's own aos -> aos copy of the same bytes on the same "
      "threads (three before the cases, three after), in the same run")
print("# peer: none timed: a hand-written loop or Kokkos deep_copy between host Views of other layouts was not measured")
print(f"# target: >= 80% of the copy for every pair: {'met' if below == 0 else f'not met ({below} of {total} cells below)'}")
print("pair,threads," + ",".join(f"m={m}" for m in ms))
for (pair, threads) in sorted(cells, key=lambda k: (k[0], int(k[1]))):
    v = cells[(pair, threads)]
    print(f"{pair},{threads}," + ",".join(f"{100 * statistics.median(v[m]):.0f}" if m in v else "" for m in ms))
PY
echo "bench_host: wrote benchmarks/results/host-2core/transforms.csv"
