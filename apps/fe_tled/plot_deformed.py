#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
"""The deformed surface of a coalesce-fe run as a PNG: usage plot_deformed.py surface.csv out.png.
The CSV (x,y,z,magnitude of the surface nodes, deformed) comes from coalesce-fe --png."""
import csv
import os
import sys

try:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    if not os.environ.get("COALESCE_PLOT_QUIET"):  # set by the programs, which say it themselves
        print("plot_deformed.py: matplotlib is not installed (Debian: python3-matplotlib)", file=sys.stderr)
    sys.exit(3)  # the programs' "no matplotlib" code


def main(src, dst):
    xs, ys, zs, mags = [], [], [], []
    with open(src, newline="") as f:
        for row in csv.DictReader(f):
            xs.append(float(row["x"]))
            ys.append(float(row["y"]))
            zs.append(float(row["z"]))
            mags.append(float(row["magnitude"]))
    fig = plt.figure(figsize=(7, 6))
    ax = fig.add_subplot(projection="3d")
    points = ax.scatter(xs, ys, zs, c=mags, s=2, cmap="viridis")
    fig.colorbar(points, ax=ax, shrink=0.7, label="|u| (m)")
    ax.set_xlabel("x (m)")
    ax.set_ylabel("y (m)")
    ax.set_zlabel("z (m)")
    ax.set_title("coalesce-fe: deformed surface")
    span = max(max(v) - min(v) for v in (xs, ys, zs))
    for setter, v in ((ax.set_xlim, xs), (ax.set_ylim, ys), (ax.set_zlim, zs)):
        mid = (max(v) + min(v)) / 2
        setter(mid - span / 2, mid + span / 2)
    fig.savefig(dst, dpi=120, bbox_inches="tight")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: plot_deformed.py surface.csv out.png")
    main(sys.argv[1], sys.argv[2])
