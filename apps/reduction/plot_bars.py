#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
"""Bar chart of a benchmark's GB/s: plot_bars.py DATA.csv OUT.png TITLE.

DATA.csv has the columns label,gbs,group; bars are coloured by group (kernel, library, ceiling, host).
Exits with 3 when matplotlib is missing, so the caller can say the chart was skipped.
"""
import csv
import os
import sys

COLOURS = {"kernel": "#4C72B0", "library": "#DD8452", "ceiling": "#55A868", "host": "#8172B3"}


def main() -> int:
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    data, out, title = sys.argv[1:]
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        if not os.environ.get("COALESCE_PLOT_QUIET"):  # set by the programs, which say it themselves
            print("plot_bars.py: matplotlib is not installed; no chart", file=sys.stderr)
        return 3
    with open(data, newline="") as f:
        rows = list(csv.DictReader(f))
    labels = [r["label"] for r in rows]
    values = [float(r["gbs"]) for r in rows]
    colours = [COLOURS.get(r["group"], "#999999") for r in rows]
    fig, ax = plt.subplots(figsize=(max(6.0, 0.75 * len(rows) + 2), 4.8))
    bars = ax.bar(range(len(rows)), values, color=colours)
    ax.bar_label(bars, labels=[f"{v:.0f}" for v in values], fontsize=7, padding=2)
    ax.set_xticks(range(len(rows)), labels, rotation=35, ha="right", fontsize=8)
    ax.set_ylabel("GB/s (bytes read / median time)")
    ax.set_title(title, fontsize=10)
    handles = [plt.Rectangle((0, 0), 1, 1, color=c) for g, c in COLOURS.items() if any(r["group"] == g for r in rows)]
    names = [g for g in COLOURS if any(r["group"] == g for r in rows)]
    ax.legend(handles, names, fontsize=8, loc="upper left")
    fig.tight_layout()
    fig.savefig(out, dpi=130)
    return 0


if __name__ == "__main__":
    sys.exit(main())
