#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# A/B of record kernel choices on the GPU machine, in one call, so that a change is judged against
# the clocks and ceiling of the same minute:
#   BENCH=/tmp/cb/coalesce-bench scripts/gpu_ab_records.sh "<--only substring>" base= try=VAR=value \
#     [name=VAR=value ...] [old=@/path/to/another/coalesce-bench [VAR=value ...]]
# runs coalesce-bench --records (128 MiB cells) on the cells named with each environment in turn,
# twice, and writes $OUT/ab.md: every cell's % of the copy ceiling per variant (each cell's faster
# of its two runs), and per struct the median and minimum, and the cells at >= 90%.
set -uo pipefail
out=${OUT:-$PWD/out-ab-records}
bench=${BENCH:-/tmp/cb/coalesce-bench}
only=$1
shift
mkdir -p "$out"
source "$(dirname "$0")/gpu_ab_rounds.sh"
ab_rounds "$out" "$@" -- --records --size-mib "${SIZE_MIB:-128}" --reps "${REPS:-10}" --only "$only"
python3 - "$out" "${names[@]}" > "$out/ab.md" <<'PY'
import csv, sys
from collections import defaultdict
out, names = sys.argv[1], sys.argv[2:]
def best(name):
    cells = {}
    for rnd in (1, 2):
        try:
            rows = list(csv.DictReader(open(f"{out}/{name}-{rnd}/results.csv")))
        except OSError:
            continue
        for r in rows:
            if r["group"] != "records":
                continue
            k = r["name"]
            if k not in cells or float(r["median_ms"]) < float(cells[k]["median_ms"]):
                cells[k] = r
    return cells
runs = [best(n) for n in names]
keys = [k for k in runs[0] if all(k in b for b in runs[1:])]
pct = lambda b, k: 100 * float(b[k]["fraction_of_ceiling"])
print("| cell | " + " | ".join(names) + " |")
print("|---|" + "---:|" * len(names))
for k in keys:
    print(f"| {k} | " + " | ".join(f"{pct(b, k):.1f}" for b in runs) + " |")
print()
structs = defaultdict(list)
for k in keys:
    structs[k.split(" ")[0]].append(k)
print("| struct | cells | " + " | ".join(f"{n}: median / min / >= 90%" for n in names) + " |")
print("|---|---:|" + "---:|" * len(names))
for s, ks in structs.items():
    cols = []
    for b in runs:
        v = sorted(pct(b, k) for k in ks)
        cols.append(f"{v[len(v) // 2]:.1f} / {v[0]:.1f} / {sum(x >= 90 for x in v)}")
    print(f"| {s} | {len(ks)} | " + " | ".join(cols) + " |")
PY
# The device tool brings back few files: only ab.md stays (failed runs keep their logs).
rm -rf "$out"/*/
for f in "$out"/*.log; do grep -q "exit\|error" "$f" || rm -f "$f"; done
cat "$out/ab.md" | tail -8
