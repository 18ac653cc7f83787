#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
"""Summarizes coalesce-bench --paths results.csv by class: the pair with block sizes and the user's
pitch folded together, per element size: cells, the lowest and the median % of the copy ceiling
(data bytes), the lowest by sectors, and how many cells reach 90%. Markdown on stdout.
Usage: scripts/paths_summary.py results.csv   (e.g. benchmarks/results/h200/paths.csv, the current matrix)"""
import csv
import re
import sys
from collections import defaultdict


def end_class(name):
    name = re.sub(r"blocked:\d+", "blocked", name)
    return name


def path_rows(path):
    """The cells of a results.csv; comment lines (the facts line of benchmarks/results files) are skipped."""
    with open(path, newline="") as f:
        return [r for r in csv.DictReader(line for line in f if not line.startswith("#")) if r["group"] == "path"]


def main(path):
    rows = path_rows(path)
    frac = lambda r: float(r["fraction_of_ceiling"])
    types = sorted({r["type"] for r in rows}, key=lambda t: {"u8": 1, "u16": 2, "u32": 4, "u64": 8, "b16": 16}.get(t, 99))
    classes = defaultdict(lambda: defaultdict(list))
    for r in rows:
        a, b = r["name"].split(" -> ")
        classes[end_class(a) + " -> " + end_class(b)][r["type"]].append(r)
    total = len(rows)
    at90 = sum(frac(r) >= 0.9 for r in rows)
    print(f"{total} cells, {at90} ({100 * at90 / total:.0f}%) at >= 90% of cudaMemcpy D2D (data bytes), "
          f"{sum(int(r['wrong']) > 0 for r in rows)} with wrong data.\n")
    print("| class | " + " | ".join(f"{t}: min / median (sectors min) / >=90%" for t in types) + " |")
    print("|---|" + "---|" * len(types))
    order = sorted(classes, key=lambda c: min(frac(r) for t in classes[c] for r in classes[c][t]))
    for c in order:
        cells = []
        for t in types:
            v = classes[c].get(t, [])
            if not v:
                cells.append("")
                continue
            f = sorted(frac(r) for r in v)
            s = min(float(r["sector_fraction"]) for r in v)
            cells.append(f"{100 * f[0]:.0f} / {100 * f[len(f) // 2]:.0f} ({100 * s:.0f}) / {sum(x >= 0.9 for x in f)}of{len(f)}")
        print(f"| {c} | " + " | ".join(cells) + " |")
    kernels = defaultdict(list)
    for r in rows:
        kernels[r["kernel"]].append(frac(r))
    print("\n| kernel | cells | min | median | max | >= 90% |\n|---|---:|---:|---:|---:|---:|")
    for k, v in sorted(kernels.items(), key=lambda kv: -len(kv[1])):
        v.sort()
        print(f"| {k} | {len(v)} | {100 * v[0]:.1f}% | {100 * v[len(v) // 2]:.1f}% | {100 * v[-1]:.1f}% | {sum(x >= 0.9 for x in v)} |")


if __name__ == "__main__":
    main(sys.argv[1])
