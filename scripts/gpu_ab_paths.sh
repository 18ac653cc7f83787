#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# A/B of coalesce-bench builds on the GPU machine, in one call, so that a kernel change is judged
# against the clocks and ceiling of the same minute:
#   scripts/gpu_ab_paths.sh "<--only substring>" base=bench-before try=bench-after [name=bench ...]
# (or any variant gpu_ab_rounds.sh takes: a build and an environment; AB_BENCH_ARGS adds bench
# arguments, e.g. "--types u8 u16")
# runs --paths all (128 MiB cells) on the cells named, every build in turn, twice, and writes
# $OUT/ab.md: per kernel and type (the first build's kernel, "-> the last build's" where it differs),
# for each build after the first, the median over cells of its GB/s over the first build's (each
# cell's faster of its two runs), and every build's median % of the copy ceiling; $OUT/cells.csv has
# every cell.
set -uo pipefail
out=${OUT:-$PWD/out-ab}
only=$1
shift
mkdir -p "$out"
source "$(dirname "$0")/gpu_ab_rounds.sh"
ab_rounds "$out" "$@" -- --paths all --size-mib 128 --only "$only" ${AB_BENCH_ARGS:-}
python3 - "$out" "${names[@]}" > "$out/ab.md" <<'PY'
import csv, sys
from collections import defaultdict
out, names = sys.argv[1], sys.argv[2:]
def best(name):
    cells = {}
    for rnd in (1, 2):
        for r in csv.DictReader(open(f"{out}/{name}-{rnd}/results.csv")):
            k = (r["name"], r["type"], r["m"])
            if r["group"] == "path" and (k not in cells or float(r["median_ms"]) < float(cells[k]["median_ms"])):
                cells[k] = r
    return cells
runs = [best(n) for n in names]
groups = defaultdict(list)
for k, r in runs[0].items():
    if all(k in b for b in runs[1:]):
        last = runs[-1][k]["kernel"]  # where the last build runs another kernel: "first -> last"
        groups[(r["kernel"] if last == r["kernel"] else f'{r["kernel"]} -> {last}', k[1])].append(k)
med = lambda v: sorted(v)[len(v) // 2]
print("| kernel | type | cells | " + " | ".join(f"{n} / {names[0]}" for n in names[1:]) + " | "
      + " | ".join(f"% {n}" for n in names) + " | wrong |")
print("|---|---|---:|" + "---:|" * (2 * len(names) - 1) + "---:|")
for (kern, t), ks in sorted(groups.items()):
    ratios = [med([float(runs[0][k]["median_ms"]) / float(b[k]["median_ms"]) for k in ks]) for b in runs[1:]]
    pcts = [med([100 * float(b[k]["fraction_of_ceiling"]) for k in ks]) for b in runs]
    wrong = sum(int(b[k]["wrong"]) > 0 for b in runs for k in ks)
    print(f"| {kern} | {t} | {len(ks)} | " + " | ".join(f"{x:.3f}" for x in ratios) + " | "
          + " | ".join(f"{x:.1f}" for x in pcts) + f" | {wrong} |")
# Every cell, one line: the last build's kernel, each build's faster median (ms) and % of the ceiling.
with open(f"{out}/cells.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["name", "type", "m", "kernel"] + [f"{n}_ms" for n in names] + [f"{n}_pct" for n in names])
    for k, r in runs[-1].items():
        if all(k in b for b in runs):
            w.writerow(list(k) + [r["kernel"]] + [b[k]["median_ms"] for b in runs]
                       + [f'{100 * float(b[k]["fraction_of_ceiling"]):.1f}' for b in runs])
PY
# The device tool brings back at most 8 files: the result tables and logs travel as one archive.
tar czf "$out/results.tgz" -C "$out" $(cd "$out" && ls -d */) $(cd "$out" && ls *.log) && rm -rf "$out"/*/ "$out"/*.log
cat "$out/ab.md"
