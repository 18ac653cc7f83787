#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
"""Access counts of counted views as a heatmap PNG: usage plot_counts.py counts.json out.png.
One panel per array (or record) of the JSON (docs/analyzer.md): components (record fields' components)
across, reads and writes down, colour and number = accesses per vector (count / n)."""
import json
import os
import sys

try:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    if not os.environ.get("COALESCE_PLOT_QUIET"):  # set by the programs, which say it themselves
        print("plot_counts.py: matplotlib is not installed (Debian: python3-matplotlib)", file=sys.stderr)
    sys.exit(3)  # the programs' "no matplotlib" code


def panels(counts):
    """(title, column labels, reads, writes, n) of every array and record."""
    out = []
    for a in counts.get("arrays", []):
        title = f"{a['name']}: {a['n']} x {a['m']} {a['type']}, counted in {a['layout']}"
        out.append((title, [str(i) for i in range(a["m"])], a["reads"], a["writes"], a["n"]))
    for r in counts.get("records", []):
        labels, reads, writes = [], [], []
        for f in r["fields"]:
            labels += [f["name"] if f["count"] == 1 else f"{f['name']}[{c}]" for c in range(f["count"])]
            reads += f["reads"]
            writes += f["writes"]
        out.append((f"{r['name']}: {r['n']} records, counted in {r['layout']}", labels, reads, writes, r["n"]))
    return out


def main(src, dst):
    with open(src) as f:
        counts = json.load(f)
    rows = panels(counts)
    if not rows:
        print(f"plot_counts.py: {src} has no arrays or records", file=sys.stderr)
        return 1
    widest = max(len(labels) for _, labels, _, _, _ in rows)
    fig, axes = plt.subplots(len(rows), 1, figsize=(max(6.0, 0.45 * widest + 2.5), 1.5 * len(rows) + 1.0), squeeze=False)
    for ax, (title, labels, reads, writes, n) in zip(axes[:, 0], rows):
        per = [[x / n if n else 0 for x in reads], [x / n if n else 0 for x in writes]]
        image = ax.imshow(per, aspect="auto", cmap="magma_r", vmin=0)
        top = max(max(per[0]), max(per[1])) or 1
        for y in range(2):
            for x, value in enumerate(per[y]):
                text = f"{value:.3g}" if value else "0"
                ax.text(x, y, text, ha="center", va="center", fontsize=7, color="white" if value > top / 2 else "black")
        ax.set_xticks(range(len(labels)))
        ax.set_xticklabels(labels, rotation=90 if len(labels) > 16 or max(map(len, labels)) > 3 else 0, fontsize=7)
        ax.set_yticks([0, 1])
        ax.set_yticklabels(["reads", "writes"])
        ax.set_title(title, fontsize=9)
        fig.colorbar(image, ax=ax, label="per vector", pad=0.01)
    fig.suptitle(counts.get("source", "access counts"), fontsize=10)
    fig.tight_layout()
    fig.savefig(dst, dpi=130)
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__.splitlines()[0], file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2]))
