#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
"""Plots coalesce-bench results: each case's bandwidth as a fraction of its ceiling (same run)."""
import json
import os
import sys

try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    if not os.environ.get("COALESCE_PLOT_QUIET"):  # set by the programs, which say it themselves
        print("plot.py: matplotlib is not installed (Debian: python3-matplotlib)", file=sys.stderr)
    sys.exit(3)  # the programs' "no matplotlib" code


def main(src, dst):
    with open(src) as f:
        run = json.load(f)
    cases = [r for r in run["results"] if r["group"] == "relayout"]
    transfers = [r for r in run["results"] if r["group"] in ("upload", "download")]
    fig, axes = plt.subplots(1, 2, figsize=(15, 5.5), gridspec_kw={"width_ratios": [3, 2]})
    ax = axes[0]
    series = {}
    for r in cases:
        series.setdefault(f'{r["name"]} ({r["type"]})', []).append((r["m"], r["fraction_of_ceiling"]))
    for name, points in sorted(series.items()):
        points.sort()
        ax.plot([p[0] for p in points], [100 * p[1] for p in points], marker="o", label=name)
    ax.axhline(90, color="grey", linestyle="--", linewidth=1)
    ax.set_xscale("log", base=2)
    ax.set_xlabel("m (components per vector)")
    ax.set_ylabel("% of cudaMemcpy D2D (same run)" if "cuda" in run["machine"] else "% of host copy (same run)")
    ax.set_title("Device-to-device relayout")
    ax.legend(fontsize=7, ncol=2)
    ax.grid(alpha=0.3)
    ax = axes[1]
    if transfers:
        labels = [f'{r["group"]} {r["name"]} m={r["m"]}' for r in transfers]
        ax.barh(range(len(labels)), [100 * r["fraction_of_ceiling"] for r in transfers], color="tab:blue")
        ax.set_yticks(range(len(labels)))
        ax.set_yticklabels(labels, fontsize=6)
        ax.axvline(95, color="grey", linestyle="--", linewidth=1)
        ax.set_xlabel("% of plain cudaMemcpy from the same buffer")
        ax.set_title("Upload / download with the layout change")
    else:
        ax.axis("off")
    fig.suptitle(f'coalesce-bench: {run["machine"]}, {run["date"]}', fontsize=9)
    fig.tight_layout()
    fig.savefig(dst, dpi=110)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
