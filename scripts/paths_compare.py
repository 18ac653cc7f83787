#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
"""Compares two coalesce-bench --paths results.csv files cell by cell (group path; same name, type
and m): per class of the new file's cells (the pair, block sizes folded), the median % of the copy
ceiling before and after, the kernels after, and the cells that lost more than 5 points. Markdown on
stdout. Usage: scripts/paths_compare.py before.csv after.csv   (before: e.g. benchmarks/results/h200/paths.csv)"""
import sys
from collections import defaultdict

from paths_summary import end_class, path_rows


def cells(path):
    return {(r["name"], r["type"], r["m"]): r for r in path_rows(path)}


def main(before_path, after_path):
    before, after = cells(before_path), cells(after_path)
    common = [k for k in after if k in before]
    frac = lambda r: 100 * float(r["fraction_of_ceiling"])
    classes = defaultdict(list)
    for k in common:
        classes[end_class(k[0]) + " " + k[1]].append(k)
    print(f"{len(common)} cells in both ({len(after)} after); "
          f"{sum(int(after[k]['wrong']) > 0 for k in after)} with wrong data after.\n")
    print("| class | cells | median before | median after | kernels after |\n|---|---:|---:|---:|---|")
    median = lambda v: sorted(v)[len(v) // 2]
    for c, ks in sorted(classes.items()):
        kernels = sorted({after[k]["kernel"] for k in ks})
        print(f"| {c} | {len(ks)} | {median([frac(before[k]) for k in ks]):.0f}% | "
              f"{median([frac(after[k]) for k in ks]):.0f}% | {'; '.join(kernels)} |")
    worse = sorted((frac(after[k]) - frac(before[k]), k) for k in common if frac(after[k]) < frac(before[k]) - 5)
    print(f"\n{len(worse)} cells lost more than 5 points:\n")
    for d, k in worse[:40]:
        print(f"- {k[0]} {k[1]} m={k[2]}: {frac(before[k]):.0f}% -> {frac(after[k]):.0f}% "
              f"({before[k]['kernel']} -> {after[k]['kernel']})")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
