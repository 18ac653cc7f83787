#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
"""Summarises coalesce-fe benchmark runs (scripts/bench_fe.sh).

  plot_bench.py ncu RAW.csv LAYOUTS OUT.csv     Nsight Compute --page raw CSV -> one row per layout
  plot_bench.py report BENCH.csv NCU.csv OUT.md OUT.png   Markdown tables and a bar chart
"""
import csv
import sys
from collections import OrderedDict

METRICS = {
    "ld_sectors": "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
    "ld_requests": "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum",
    "st_sectors": "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
    "st_requests": "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum",
    "dram_read": "dram__bytes_read.sum",
    "dram_write": "dram__bytes_write.sum",
    "duration_ns": "gpu__time_duration.sum",
}


def number(text):
    return float(text.replace(",", "")) if text not in ("", "n/a") else 0.0


def ncu(raw_path, layouts, out_path):
    """The k-th profiled element_forces_kernel launch is the k-th layout (coalesce-fe --profile order)."""
    with open(raw_path, newline="") as f:
        lines = [line for line in f if line.startswith('"')]
    rows = list(csv.reader(lines))
    header, data = rows[0], [r for r in rows[1:] if r and r[0].isdigit()]
    col = {name: header.index(metric) for name, metric in METRICS.items() if metric in header}
    name_col = header.index("Kernel Name")
    layouts = layouts.split(",")
    if len(data) != len(layouts):
        sys.exit(f"plot_bench.py: {len(data)} profiled launches for {len(layouts)} layouts")
    with open(out_path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["layout"] + list(METRICS) + ["ld_sectors_per_request", "st_sectors_per_request", "kernel"])
        for layout, r in zip(layouts, data):
            v = {k: number(r[c]) for k, c in col.items()}
            ld = v.get("ld_sectors", 0) / max(v.get("ld_requests", 0), 1)
            st = v.get("st_sectors", 0) / max(v.get("st_requests", 0), 1)
            w.writerow([layout] + [v.get(k, 0) for k in METRICS] + [f"{ld:.2f}", f"{st:.2f}", r[name_col][:120]])


def report(bench_path, ncu_path, md_path, png_path):
    with open(bench_path, newline="") as f:
        rows = list(csv.DictReader(f))
    sizes = OrderedDict()
    for r in rows:
        sizes.setdefault(int(r["elements"]), []).append(r)
    out = ["# coalesce-fe on the GPU: TLED element and node passes per layout", ""]
    out.append("Element floor = 124 B per element (15 + 4 + 12 words) + 12 B per node; "
               "D2D = cudaMemcpy device-to-device of the same bytes in the same run. Median of "
               f"{rows[0]['reps']} reps after warm-up; times in ms.")
    summary = []
    for elements, group in sizes.items():
        aos = next((r for r in group if r["layout"] == "aos"), group[0])
        copy = float(group[0]["copy_gbs"])
        out += ["", f"## {elements / 1e6:.2f} M elements, {int(group[0]['nodes']) / 1e6:.2f} M nodes "
                    f"(D2D copy {copy:.0f} GB/s)", "",
                "| layout | element ms (min-max) | element GB/s | of D2D | node ms | node GB/s | step ms | element vs AoS | step vs AoS |",
                "|---|---|---|---|---|---|---|---|---|"]
        for r in group:
            e, s = float(r["element_ms"]), float(r["step_ms"])
            out.append(f"| {r['layout']} | {e:.3f} ({float(r['element_min_ms']):.3f}-{float(r['element_max_ms']):.3f}) | "
                       f"{float(r['element_gbs']):.0f} | {100 * float(r['element_gbs']) / copy if copy else 0:.0f}% | "
                       f"{float(r['node_ms']):.3f} | {float(r['node_gbs']):.0f} | {s:.3f} | "
                       f"{float(aos['element_ms']) / e:.2f}x | {float(aos['step_ms']) / s:.2f}x |")
        best = min(group, key=lambda r: float(r["element_ms"]))
        best_step = min(group, key=lambda r: float(r["step_ms"]))
        summary.append(f"- {elements / 1e6:.2f} M elements: best element pass {best['layout']} "
                       f"({float(aos['element_ms']) / float(best['element_ms']):.2f}x AoS, "
                       f"{100 * float(best['element_gbs']) / copy if copy else 0:.0f}% of D2D); best step "
                       f"{best_step['layout']} ({float(aos['step_ms']) / float(best_step['step_ms']):.2f}x AoS)")
    out += ["", "## Summary", ""] + summary
    try:
        with open(ncu_path, newline="") as f:
            prof = list(csv.DictReader(f))
    except OSError:
        prof = []
    if prof:
        out += ["", "## Nsight Compute, element kernel (first size, --clock-control none)", "",
                "| layout | ld sectors/request | st sectors/request | DRAM read MB | DRAM write MB | time ms |",
                "|---|---|---|---|---|---|"]
        for p in prof:
            out.append(f"| {p['layout']} | {p['ld_sectors_per_request']} | {p['st_sectors_per_request']} | "
                       f"{float(p['dram_read']) / 1e6:.1f} | {float(p['dram_write']) / 1e6:.1f} | "
                       f"{float(p['duration_ns']) / 1e6:.3f} |")
    with open(md_path, "w") as f:
        f.write("\n".join(out) + "\n")

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    layouts = list(OrderedDict((r["layout"], 0) for r in rows))
    fig, ax = plt.subplots(figsize=(9, 4.5))
    width = 0.8 / max(len(sizes), 1)
    for k, (elements, group) in enumerate(sizes.items()):
        by = {r["layout"]: float(r["element_gbs"]) for r in group}
        xs = [i + k * width for i in range(len(layouts))]
        ax.bar(xs, [by.get(l, 0) for l in layouts], width, label=f"{elements / 1e6:.1f} M elements")
    copy = max(float(r["copy_gbs"]) for r in rows)
    if copy > 0:
        ax.axhline(copy, color="black", linestyle="--", label=f"cudaMemcpy D2D ({copy:.0f} GB/s)")
        ax.axhline(0.7 * copy, color="gray", linestyle=":", label="70% of D2D (target)")
    ax.set_xticks([i + width * (len(sizes) - 1) / 2 for i in range(len(layouts))])
    ax.set_xticklabels(layouts)
    ax.set_ylabel("element pass, GB/s of the floor bytes")
    ax.set_title("coalesce-fe element pass: effective bandwidth per layout")
    ax.legend(fontsize=8)
    fig.savefig(png_path, dpi=120, bbox_inches="tight")


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "ncu":
        ncu(*sys.argv[2:])
    elif len(sys.argv) == 6 and sys.argv[1] == "report":
        report(*sys.argv[2:])
    else:
        sys.exit(__doc__)
