#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
"""Writes BENCHMARKS.md from the result files: one current table per capability.

Usage: scripts/benchmarks_md.py benchmarks/results > BENCHMARKS.md

The results folder holds one folder per machine kind (h200/, host-2core/, ...) of CSV files. Each file
starts with one comment line of facts,
    # gpu=..., driver=..., cuda=..., date=..., commit=..., command=...
(extra keys such as cpu= may come before date=; command= is last and runs to the end of the line),
then optional comment lines `# key: text` (title, method, ceiling, peer, target, below, note, plot),
then the CSV with its header row. Where the paths' or records' rows carry a peer (columns peer, peer_ms > 0:
coalesce-bench --peers), their tables add our speed-up over it (tests/scripts/benchmarks_md_peers.py).
Python 3 standard library only; the output depends on the files alone, so CI regenerates it and compares
(.ci/run)."""
import csv
import os
import re
import statistics
import sys
from collections import defaultdict

FACTS = ("gpu", "driver", "cuda", "date", "commit", "command")
TYPES = ("u8", "u16", "u32", "u64", "b16")


class Result:
    """One result file: its facts, its comment lines, its header and rows."""

    def __init__(self, root, rel):
        self.rel = rel
        self.path = os.path.join(root, rel)
        with open(self.path, newline="") as f:
            lines = f.read().split("\n")
        if not lines[0].startswith("# "):
            sys.exit(f"{self.path}: the first line must be '# gpu=..., ..., command=...'")
        self.facts = parse_facts(lines[0][2:], self.path)
        self.comments = []
        body = []
        for line in lines[1:]:
            if line.startswith("#"):
                key, _, text = line[1:].strip().partition(":")
                self.comments.append((key.strip(), text.strip()))
            elif line:
                body.append(line)
        table = list(csv.reader(body))
        self.header, self.rows = table[0], table[1:]

    def get(self, key):
        return [text for k, text in self.comments if k == key]

    def first(self, key, default=""):
        values = self.get(key)
        return values[0] if values else default

    def dicts(self):
        return [dict(zip(self.header, r)) for r in self.rows]


def parse_facts(line, path):
    head, sep, command = line.partition("command=")
    if not sep:
        sys.exit(f"{path}: no command= in the first line")
    facts = {}
    for item in re.split(r",\s*(?=[a-z_]+=)", head.strip().rstrip(",")):
        key, eq, value = item.partition("=")
        if eq:
            facts[key.strip()] = value.strip()
    facts["command"] = command.strip()
    missing = [k for k in FACTS if k not in facts]
    if missing:
        sys.exit(f"{path}: the first line lacks {', '.join(missing)}")
    return facts


# ---- Markdown helpers ---------------------------------------------------------------------------

def cell(text):
    return str(text).replace("|", "\\|")


def md_table(header, rows):
    numeric = []
    for i in range(len(header)):
        values = [r[i] for r in rows if i < len(r) and r[i] != ""]
        numeric.append(bool(values) and all(re.match(r"^[-+]?\d", v) for v in values))
    out = ["| " + " | ".join(cell(h) for h in header) + " |",
           "|" + "|".join("---:" if n else "---" for n in numeric) + "|"]
    for r in rows:
        out.append("| " + " | ".join(cell(c) for c in r) + " |")
    return out


def sentence(text):
    text = text.strip()
    return text if text.endswith((".", ":", "!", "?")) else text + "."


def pct(x, digits=0):
    return f"{100 * x:.{digits}f}"


def upper_median(values):
    values = sorted(values)
    return values[len(values) // 2]


def peer_ratio(r):
    """Our speed-up over the peer timed on the same ends in the same run (peer_ms / median_ms; > 1: coalesce
    is faster), or None where the row has no peer (none timed, or the peer's result was wrong)."""
    peer_ms = float(r.get("peer_ms") or 0)
    return peer_ms / float(r["median_ms"]) if peer_ms > 0 else None


def peer_ratios(rows):
    return [x for x in map(peer_ratio, rows) if x is not None]


def peer_names(rows):
    """The peers the rows were timed against ("" when none was): named in a table's lead sentence."""
    return " / ".join(dict.fromkeys(r["peer"] for r in rows if peer_ratio(r) is not None))


def times(x):
    return f"{x:.2f}x"


class Page:
    def __init__(self, root):
        self.root = root
        self.repo_rel = os.path.relpath(os.path.abspath(root),
                                        os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        self.lines = []

    def load(self, rel):
        return Result(self.root, rel) if os.path.exists(os.path.join(self.root, rel)) else None

    def link(self, rel):
        return f"{self.repo_rel}/{rel}".replace(os.sep, "/")

    def add(self, *lines):
        self.lines.extend(lines)

    def facts(self, res, pre=()):
        """The list under a section's title: machine, date, command, method, ceiling, and what the table shows."""
        f = res.facts
        if f["driver"] == "none":
            where = "the host backend, " + f.get("cpu", "unknown CPU")
        else:
            where = f"{f['gpu']}, driver {f['driver']}, CUDA {f['cuda']}"
        self.add(f"- **Measured** on {where}; {f['date']}; commit {f['commit']}; "
                 f"command `{f['command']}`; data [{res.rel}]({self.link(res.rel)})")
        for key in ("method", "ceiling"):
            for text in res.get(key):
                self.add(f"- **{key.capitalize()}**: {sentence(text)}")
        self.add(*(f"- {sentence(t)}" for t in pre))
        self.add("")

    def after(self, res, post=(), also=()):
        """Peer, target, the reasons for cells below it, notes, other files and plots of a result."""
        lines = [f"- **Peer**: {sentence(t)}" for t in res.get("peer")]
        lines += [f"- **Target**: {sentence(t)}" for t in res.get("target")]
        below = res.get("below")
        if len(below) == 1:
            lines.append(f"- **Below target**: {sentence(below[0])}")
        elif below:
            lines.append("- **Below target**:")
            lines += [f"  - {sentence(t)}" for t in below]
        lines += [f"- {sentence(t)}" for t in list(res.get("note")) + list(post)]
        others = [r for r in also if r]
        if others:
            lines.append("- Also measured: " + "; ".join(
                f"[{r.first('title', r.rel).rstrip('.')}]({self.link(r.rel)}) ({r.facts['date']})" for r in others) + ".")
        if lines:
            self.add("", *lines)
        for text in res.get("plot"):
            name, _, alt = text.partition("|")
            self.add("", f"![{alt}]({self.link(os.path.dirname(res.rel) + '/' + name)})")
        self.add("")

    def section(self, heading, res, table, also=()):
        """table: the Markdown table's lines, or (bullets before it, its lines, bullets after it)."""
        pre, lines, post = table if isinstance(table, tuple) else ((), table, ())
        self.add(f"## {heading}", "")
        title = res.first("title")
        if title:
            self.add(sentence(title))
        self.facts(res, pre)
        self.add(*lines)
        self.after(res, post, also)


# ---- Sections ------------------------------------------------------------------------------------

def plain(res):
    return md_table(res.header, res.rows)


def pivot(res, key_cols, split_col, value_cols, split_label=lambda v: v):
    """One row per key, the value columns of each value of split_col side by side (the values as stored)."""
    rows = res.dicts()
    splits = list(dict.fromkeys(r[split_col] for r in rows))
    keys = list(dict.fromkeys(tuple(r[k] for k in key_cols) for r in rows))
    got = {(tuple(r[k] for k in key_cols), r[split_col]): r for r in rows}
    header = list(key_cols) + [f"{split_label(s)}: {v}" for s in splits for v in value_cols]
    body = [list(k) + [got[(k, s)][v] if (k, s) in got else "" for s in splits for v in value_cols] for k in keys]
    return md_table(header, body)


def kokkos_table(res):
    """copy and download of each View kind and layout side by side; upload and deep_copy rows as stored."""
    cols = res.header[1:]
    rows = res.dicts()
    body, moves = [], {}
    for r in rows:
        op, sep, what = r["case"].partition(": ")
        if sep and op in ("copy", "download", "upload"):
            moves.setdefault(what, {})[op] = r
        else:
            body.append([r["case"]] + [r[c] for c in cols])
    ops = [op for op in ("copy", "download") if any(op in m for m in moves.values())]
    body += [[f"{what}, {' / '.join(ops)}"] + [" / ".join(m[op][c] for op in ops if op in m) for c in cols]
             for what, m in moves.items()]
    pre = [f"Rows of coalesce moves give {' and '.join(ops)} (View -> existing array / array -> View); "
           "the upload rows (a new array each time) are in the data file"]
    return pre, md_table(["case"] + cols, body), ()


def end_kind(end):
    """The kind of array end a path matrix cell starts or ends at."""
    if end.startswith("blocked"):
        return "blocked"
    if end in ("soa", "soa:packed") or end.startswith("user:cols"):
        return "columns"
    if end == "pitched" or end.startswith("user:malloc-pitch"):
        return "pitched rows"
    if end.startswith("user:odd-pitch"):
        return "rows with a gap"
    return "rows"


def paths_table(res):
    rows = [r for r in res.dicts() if r["group"] == "path"]
    ceiling = [r for r in res.dicts() if r["group"] == "ceiling" and r["name"].startswith("cudaMemcpy D2D")]
    frac = lambda r: float(r["fraction_of_ceiling"])
    sect = lambda r: float(r["sector_fraction"])
    classes = defaultdict(lambda: defaultdict(list))
    for r in rows:
        a, b = r["name"].split(" -> ")
        classes[f"{end_kind(a)} -> {end_kind(b)}"][r["type"]].append(r)
    types = [t for t in TYPES if any(t in c for c in classes.values())]
    own = lambda r: float(r.get("fraction_of_move_ceiling") or 0)
    replayed = any(own(r) > 0 for r in rows)
    at90 = sum(frac(r) >= 0.9 for r in rows)
    sect90 = sum(sect(r) >= 0.9 for r in rows)
    wrong = sum(int(r["wrong"]) > 0 for r in rows)
    d2d = f"{float(ceiling[0]['gbs']):.0f} GB/s" if ceiling else "unknown"
    pre = [f"**{len(rows)} cells: {at90} at >= 90% of `cudaMemcpy` D2D ({d2d} in this run) by data bytes, "
           f"{sect90} by sectors; {wrong} with wrong data**",
           "Per class of ends (rows: aos, user, user+1; rows with a gap: user:odd-pitch[+1]; pitched rows: pitched, "
           "user:malloc-pitch[+1]; columns: soa, soa:packed, user:cols[+1]; blocked: every bd) and word size: the "
           "median % of D2D (by sectors), the lowest, and the cells at >= 90%. Every cell and its kernel: the data file; "
           "`scripts/paths_summary.py FILE` summarizes it per pair, `scripts/paths_compare.py BEFORE AFTER` compares "
           "two runs cell by cell"]
    if replayed:
        pre.insert(1, f"**Against each move's own ceiling** (the slower of its replay, which reads and writes exactly "
                      f"the bytes the move must, and D2D of its data bytes): median {pct(upper_median(own(r) for r in rows))}, "
                      f"lowest {pct(min(own(r) for r in rows))}, {sum(own(r) >= 0.9 for r in rows)} of {len(rows)} cells "
                      "at >= 90%; per class in the last column")
    peer = peer_names(rows)
    if peer:
        ratios = peer_ratios(rows)
        pre.insert(2 if replayed else 1,
                   f"**Against the peer**, {peer} on the same ends in the same run (its time over ours; > 1: "
                   f"coalesce is faster): median {times(upper_median(ratios))}, lowest {times(min(ratios))}, coalesce "
                   f"faster in {sum(x > 1 for x in ratios)} of {len(ratios)} cells with a peer; per class in the last "
                   "column")
    header = ["class", "cells"] + [f"{t}: median (sectors) / min / >= 90%" for t in types]
    if replayed:
        header.append("own ceiling: median / min / >= 90%")
    if peer:
        header.append("vs peer: median / min / faster")
    body = []
    for name in sorted(classes, key=lambda c: -statistics.median(frac(r) for t in classes[c] for r in classes[c][t])):
        c = classes[name]
        out = [name, str(sum(len(v) for v in c.values()))]
        for t in types:
            v = c.get(t, [])
            if not v:
                out.append("")
                continue
            out.append(f"{pct(upper_median(frac(r) for r in v))} ({pct(upper_median(sect(r) for r in v))}) / "
                       f"{pct(min(frac(r) for r in v))} / {sum(frac(r) >= 0.9 for r in v)} of {len(v)}")
        if replayed:
            v = [r for t in c for r in c[t]]
            out.append(f"{pct(upper_median(own(r) for r in v))} / {pct(min(own(r) for r in v))} / "
                       f"{sum(own(r) >= 0.9 for r in v)} of {len(v)}")
        if peer:
            v = peer_ratios(r for t in c for r in c[t])
            out.append(f"{times(upper_median(v))} / {times(min(v))} / {sum(x > 1 for x in v)} of {len(v)}" if v else "")
        body.append(out)
    return pre, md_table(header, body), ()


def records_table(page, res, host):
    rows = res.dicts()
    ours = {r["name"]: r for r in rows if r["group"] == "records"}
    naive = {r["name"]: r for r in rows if r["group"] == "records-naive"}
    structs = list(dict.fromkeys(n.split(": ")[0] for n in ours))
    pairs = list(dict.fromkeys(n.split(": ")[1] for n in ours))
    frac = lambda r: float(r["fraction_of_ceiling"])
    ceiling = [r for r in rows if r["group"] == "ceiling" and r["name"].startswith("cudaMemcpy D2D")]
    pre, post = [], []
    if ceiling:
        pre.append(f"% of `cudaMemcpy` D2D ({float(ceiling[0]['gbs']):.0f} GB/s in this run); in brackets the "
                   "hand-written kernel of the same pair, same run; each cell a -> b / b -> a")
    body, seen = [], set()
    for p in pairs:
        a, b = p.split(" -> ")
        if (b, a) in seen:
            continue
        seen.add((a, b))
        both = [p, f"{b} -> {a}"]
        out = [f"{a} <-> {b}"]
        for s in structs:
            keys = [f"{s}: {q}" for q in both if f"{s}: {q}" in ours]
            text = " / ".join(pct(frac(ours[k]), 1) for k in keys)
            if keys and all(k in naive for k in keys):
                text += " (" + " / ".join(pct(frac(naive[k]), 1) for k in keys) + ")"
            out.append(text)
        body.append(out)
    own = lambda r: float(r.get("fraction_of_move_ceiling") or 0)
    own_rows = ()
    if any(own(r) > 0 for r in ours.values()):
        own_rows = (("median of the move's own ceiling", lambda v, n: pct(upper_median(own(r) for r in v), 1)),
                    ("lowest of the move's own ceiling", lambda v, n: pct(min(own(r) for r in v), 1)))
    summaries = (("median", lambda v, n: pct(upper_median(frac(r) for r in v), 1)),
                 ("lowest", lambda v, n: pct(min(frac(r) for r in v), 1)),
                 (">= 90%", lambda v, n: f"{sum(frac(r) >= 0.9 for r in v)} of {len(v)}"),
                 ("faster than the hand-written kernel",
                  lambda v, n: f"{sum(frac(r) > frac(n[r['name']]) for r in v if r['name'] in n)} of {len(v)}"))
    peer = peer_names(ours.values())
    peer_rows = ()
    if peer:
        pre.append(f"Against {peer} on the same ends in the same run: its time over ours in the last rows (> 1: "
                   "coalesce is faster), over the pairs where it was timed")
        over = lambda fn: lambda v, n: fn(peer_ratios(v)) if peer_ratios(v) else ""  # a struct with no peer: ""
        peer_rows = ((f"median speed-up over {peer}", over(lambda x: times(upper_median(x)))),
                     (f"lowest speed-up over {peer}", over(lambda x: times(min(x)))),
                     (f"faster than {peer}", over(lambda x: f"{sum(y > 1 for y in x)} of {len(x)}")))
    for label, fn in summaries + own_rows + peer_rows:
        body.append([f"**{label}**"] + [fn([ours[k] for k in ours if k.startswith(s + ": ")], naive)
                                       for s in structs])
    lines = md_table(["layouts a <-> b"] + structs, body)
    transfers = [r for r in rows if r["group"] in ("upload", "download")]
    if transfers:
        pinned = defaultdict(list)
        for r in transfers:
            if "pinned" in r["name"]:
                pinned[r["group"]].append(frac(r))
        post += ["Upload and download of particle records (host aos <-> device soa, blocked:128, split; same "
                  "run), % of a pinned `cudaMemcpy` of the same bytes: uploads "
                  f"{pct(min(pinned['upload']))}-{pct(max(pinned['upload']))}%, downloads "
                  f"{pct(min(pinned['download']))}-{pct(max(pinned['download']))}% (the CPU writes each struct's "
                  "field bytes into the user's array, never its padding)."]
    if host:
        hrows = [r for r in host.dicts() if r["group"] == "records"]
        per = defaultdict(list)
        for r in hrows:
            per[r["type"]].append(frac(r))
        post += [f"Host backend ([{host.rel}]({page.link(host.rel)}), {host.facts['date']}, one thread, "
                  f"`{host.facts['command']}`), % of the host copy: " + "; ".join(
                      f"{s} median {pct(upper_median(v))}% ({pct(min(v))}-{pct(max(v))}%)" for s, v in per.items())
                  + ". " + " ".join(sentence(t) for t in host.get("note"))]
    return pre, lines, post


def pack_table(res):
    rows = [r for r in res.dicts() if r["group"] == "pack"]
    sizes = sorted({int(r["vectors"]) for r in rows})
    big = str(sizes[-1])
    cases = [("pack", "pack"), ("unpack", "unpack"), ("unpack sum", "sum")]
    ids = ("run", "sorted", "random")
    keyed = {(r["layout"], r["type"], r["m"], r["case"], r["ids"]): r for r in rows if r["vectors"] == big}
    first = lambda key: list(dict.fromkeys(r[key] for r in rows))
    layouts, types = first("layout"), first("type")
    groups = sorted(dict.fromkeys((r["layout"], r["type"], r["m"]) for r in rows if r["vectors"] == big),
                    key=lambda g: (layouts.index(g[0]), types.index(g[1]), int(g[2])))
    body = []
    for g in groups:
        out = list(g)
        for case, _ in cases:
            for i in ids:
                r = keyed[g + (case, i)]
                gbs = float(r["gbs"])
                out.append(f"{gbs / float(r['copy_gbs']) * 100:.0f} ({gbs / float(r['sector_gbs']) * 100:.0f})")
        body.append(out)
    mi = int(big) // (1 << 20)
    pre = [f"{mi} Mi ids out of {2 * mi} Mi vectors, % of the copy (% of the sector ceiling); the "
           f"{sizes[0] // (1 << 20)} Mi-id cases (arrays that stay in the L2) are in the data file"]
    return pre, md_table(["layout", "type", "m"] + [f"{short} {i}" for _, short in cases for i in ids], body), ()


def halo_line(page, halo):
    """The halo exchange in one line: the staged exchange against MPI_Type_indexed, per message size."""
    rows = halo.dicts()
    staged = [h for h in halo.header if h.endswith("staged")]
    ratios = defaultdict(list)
    for r in rows:
        for h in staged:
            peer = h.replace("staged", "MPI_Type_indexed")
            ratio = float(r[peer].split()[0]) / float(r[h].split()[0])
            ratios[int(r["vectors per message"])].append(ratio)
    spans = "; ".join(f"{n}: {min(v):.2g}-{max(v):.2g}x" for n, v in sorted(ratios.items()))
    f = halo.facts
    title = halo.first("title").rstrip(".")
    return (f"**Halo exchange** ([{halo.rel}]({page.link(halo.rel)}); {f['date']}; `{f['command']}`; "
            f"{title[:1].lower() + title[1:]}). Peer: {halo.first('peer').rstrip('.')}. The staged exchange's "
            f"speed over the peer, by vectors per message: {spans}. "
            + " ".join(sentence(t) for t in halo.get("below")))


def transpose_table(res):
    rows = res.dicts()
    pct_col = next(h for h in res.header if h.startswith("%"))
    shapes = list(dict.fromkeys(r["rows x cols"] for r in rows))
    kernels = list(dict.fromkeys(r["kernel"] for r in rows if "ceiling" not in r["kernel"]))
    ceilings = {r["rows x cols"]: r["GB/s"] for r in rows if "ceiling" in r["kernel"]}
    body = []
    for s in shapes:
        for pitch in dict.fromkeys(r["pitch"] for r in rows if r["rows x cols"] == s and "ceiling" not in r["kernel"]):
            got = {r["kernel"]: r[pct_col] for r in rows if r["rows x cols"] == s and r["pitch"] == pitch}
            body.append([s, pitch, ceilings.get(s, "")] + [got.get(k, "") for k in kernels])
    pre = ["% of `cudaMemcpy` D2D of the same floats, same run (times, GB/s and checks: the data file)"]
    return pre, md_table(["rows x cols", "pitch (in / out)", "cudaMemcpy D2D GB/s"] + kernels, body), ()


INTRO = """\
# Benchmarks

Measured figures of coalesce: one current table per capability, each with its machine, driver, date,
command and the ceiling measured in the same run. Generated by `scripts/benchmarks_md.py {root} >
BENCHMARKS.md` from the result files in [{root}/]({root}/): edit those (or the script), not this page;
CI regenerates it and fails on a difference.

**Reading the figures.** A transform's % is its bandwidth over that of `cudaMemcpy` device-to-device
of the same bytes in the same run: the data bytes read plus written, padding not counted. "By
sectors" counts the 32-byte sectors both ends touch instead; where it is far above the data-byte
figure, the memory system, not the kernel, sets the bound (rows narrower than their pitch,
partial-sector writes). Figures are medians of timed repetitions after warm-up (CUDA events, clocks
as found). "Peer" is what a user would run instead.

{machines}

**Reproducing** on a machine with a GPU (results land in `out/`; to update a table, replace its file
under `{root}/`, keeping its first line's facts true, and regenerate):

```sh
BUILD=build/cuda scripts/gpu.sh pack                 # on the CPU machine: the GPU programs into .dev/bins.tar.xz
OUT=out scripts/gpu.sh test bench                     # on the GPU machine: every GPU test, then coalesce-bench
OUT=out scripts/gpu.sh bench --records --reps 20      # the records table
OUT=out scripts/gpu.sh paths apps time                # the path matrix, the apps' benchmarks, the time model
```
"""


def machines(page):
    out = ["| folder | machine | driver, CUDA | dates |", "|---|---|---|---|"]
    for folder in sorted(os.listdir(page.root)):
        path = os.path.join(page.root, folder)
        if not os.path.isdir(path):
            continue
        results = [Result(page.root, os.path.join(folder, f)) for f in sorted(os.listdir(path)) if f.endswith(".csv")]
        if not results:
            continue
        f = results[0].facts
        cpus = sorted({r.facts.get("cpu", "unknown") for r in results})
        if f["driver"] != "none":
            what = f["gpu"]
        elif len(cpus) == 1:
            what = "no GPU (host backend): " + cpus[0]
        else:
            what = "no GPU (host backend): small VMs, the CPU of each in its section"
        dates = sorted({d for r in results for d in re.findall(r"\d{4}-\d{2}-\d{2}", r.facts["date"])})
        span = f"{dates[0]} to {dates[-1]}" if len(dates) > 1 else (dates[0] if dates else "unknown")
        drv = "none" if f["driver"] == "none" else f"{f['driver']}, CUDA {f['cuda']}"
        out.append(f"| [{folder}/]({page.link(folder)}/) | {cell(what)} | {drv} | {span} |")
    return "\n".join(out)


def main(root):
    page = Page(root)
    page.add(*INTRO.format(root=page.repo_rel, machines=machines(page)).split("\n"))

    res = page.load("h200/transforms.csv")
    if res:
        page.section("Layout transforms", res, plain(res))

    res = page.load("h200/paths.csv")
    if res:
        page.section("Every transform path", res, paths_table(res))

    res = page.load("host-2core/transforms.csv")
    if res:
        page.section("Host backend", res, plain(res))

    res = page.load("h200/records.csv")
    if res:
        page.section("Records", res, records_table(page, res, page.load("host-2core/records.csv")))

    res = page.load("h200/transfers.csv")
    if res:
        page.section("Upload and download pipelines", res,
                     pivot(res, ["transfer", "ceiling"], "m", ["GB/s", "% of ceiling"], lambda m: f"m = {m}"))

    res = page.load("h200/pack.csv")
    if res:
        pre, lines, post = pack_table(res)
        halo = page.load("h200/halo.csv")
        if halo:
            post = [halo_line(page, halo)]
        page.section("Pack, unpack and halo exchange", res, (pre, lines, post))

    res = page.load("h200/kokkos.csv")
    if res:
        page.section("Kokkos Views", res, kokkos_table(res))

    res = page.load("h200/demo.csv")
    if res:
        page.section("Kernels on each layout (the demo)", res, plain(res))

    res = page.load("h200/fe.csv")
    if res:
        page.section("FE deformation (TLED)", res,
                     (["Per mesh size (elements): the element pass's % of D2D, and the element pass and the whole "
                       "step against aos (times, GB/s and the node pass: the data file)"],
                      pivot(res, ["layout"], "elements", ["of D2D", "element vs AoS", "step vs AoS"]), ()),
                     also=[page.load("h200/fe-records.csv"), page.load("h200/fe-ncu.csv")])

    res = page.load("h200/particles.csv")
    if res:
        page.section("Particles", res, plain(res))

    res = page.load("h200/reduce.csv")
    if res:
        page.section("Reductions", res, plain(res),
                     also=[page.load("h200/reduce-progression.csv"), page.load("h200/reduce-components.csv")])

    res = page.load("h200/transpose.csv")
    if res:
        page.section("Transpose and pitched matrices", res, transpose_table(res),
                     also=[page.load("h200/transpose-rowsums.csv")])

    res = page.load("h200/advisor.csv")
    if res:
        page.section("The advisor's accuracy", res, plain(res))

    tried = [r for r in (page.load("h200/tried.csv"), page.load("host-2core/tried.csv")) if r]
    if tried:
        page.add("## Tried and not kept", "",
                 "Measured slower (or no faster) than what the library does, in the same run, so not in the code ("
                 + "; ".join(f"[{r.rel}]({page.link(r.rel)}), {r.facts['date']}" for r in tried) + "):", "")
        for r in tried:
            where = "GPU" if r.facts["driver"] != "none" else "Host"
            page.add(*(f"- {where}. {row[0]}: {row[1]}." for row in r.rows))
        page.add("")

    while page.lines and page.lines[-1] == "":
        page.lines.pop()
    text = "\n".join(page.lines) + "\n"
    text = re.sub(r"\n{3,}", "\n\n", text)
    for word in (r"\bsessions?\b", r"\bissues? \d+"):
        found = re.search(word, text, re.IGNORECASE)
        if found:
            sys.exit(f"benchmarks_md.py: '{found.group(0)}' in the page; reword the result file's comments")
    sys.stdout.write(text)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
