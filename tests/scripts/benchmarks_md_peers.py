#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
"""scripts/benchmarks_md.py on small synthetic result files whose rows carry a peer (coalesce-bench --peers):
the paths and records tables show our speed-up over it (its peer_ms over our median_ms), per class and per
struct, with the peer named in the lead sentence; rows without a peer time (none timed, or the peer's result
was wrong) count for nothing; and files without peers give the page they gave before peers existed (the same
files with and without the peer columns give the same page). Python 3 standard library only (.ci/run)."""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "scripts", "benchmarks_md.py")
FACTS = "# gpu=Test GPU, driver=1.0, cuda=13.0, date=2026-01-01, commit=test, command=coalesce-bench {}\n"
HEADER = ("group,name,type,m,n,bytes,median_ms,min_ms,max_ms,reps,gbs,ceiling,fraction_of_ceiling,kernel,"
          "sector_fraction,wrong,replay_ms,fraction_of_move_ceiling,peer,peer_ms\n")
CEILING = 'ceiling,"cudaMemcpy D2D (bytes read + written)",,0,0,2e9,1,1,1,10,2000,"",0,"",0,0,0,0,"",0\n'
CUB = "cub::DeviceTransform"


def row(group, name, typ, median_ms, fraction, peer_ms):
    peer = CUB if peer_ms else ""
    return (f'{group},"{name}",{typ},3,1000,1e9,{median_ms},{median_ms},{median_ms},10,1000,"cudaMemcpy D2D",'
            f'{fraction},"kernel",{fraction},0,0,0,"{peer}",{peer_ms}\n')


# Paths: one cell per class of ends; blocked -> rows has no peer time (its peer was wrong).
PATHS = [row("path", "aos -> soa", "u32", 1.0, 0.95, 2.0),           # rows -> columns: 2.00x
         row("path", "soa -> aos", "u32", 2.0, 0.90, 1.0),           # columns -> rows: 0.50x
         row("path", "aos -> blocked:128", "u32", 1.0, 0.80, 1.5),   # rows -> blocked: 1.50x
         row("path", "blocked:128 -> aos", "u32", 1.0, 0.70, 0)]     # blocked -> rows: none
# Records: body has two peers (3.00x, 0.50x), particle one (1.25x), element none; the hand-written kernel's
# rows never carry one.
RECORDS = []
for struct, cells in (("body", ((1.0, 3.0), (2.0, 1.0))), ("particle", ((1.0, 0), (1.0, 1.25))),
                      ("element", ((1.0, 0), (1.0, 0)))):
    for pair, (median_ms, peer_ms) in zip(("aos -> soa", "soa -> aos"), cells):
        RECORDS.append(row("records", f"{struct}: {pair}", struct, median_ms, 0.9, peer_ms))
        RECORDS.append(row("records-naive", f"{struct}: {pair}", struct, 2 * median_ms, 0.45, 0))


def page(files, drop_peers=False, no_peers=False):
    """The generated page of the files {name: rows}; drop_peers: without the peer columns, no_peers: with
    them, all empty."""
    with tempfile.TemporaryDirectory() as root:
        os.makedirs(os.path.join(root, "h200"))
        for name, rows in files.items():
            lines = [HEADER, CEILING] + rows
            if no_peers:
                lines = [line.rsplit(",", 2)[0] + ',"",0\n' if line != HEADER else line for line in lines]
            if drop_peers:
                lines = [line.rsplit(",", 2)[0] + "\n" for line in lines]
            with open(os.path.join(root, "h200", name), "w") as f:
                f.write(FACTS.format(name) + "".join(lines))
        out = subprocess.run([sys.executable, SCRIPT, root], check=True, capture_output=True, text=True).stdout
        # The page names the folder as given and relative to the repository (../tmpXXXX from a clone in /tmp).
        return out.replace(os.path.relpath(root, ROOT), "ROOT").replace(root, "ROOT")


def expect(text, wanted):
    for line in wanted:
        if line not in text:
            sys.exit(f"benchmarks_md_peers: expected\n  {line}\nin the page:\n{text}")


files = {"paths.csv": PATHS, "records.csv": RECORDS}
with_peers = page(files)
expect(with_peers, [
    f"**Against the peer**, {CUB} on the same ends in the same run (its time over ours; > 1: coalesce is "
    "faster): median 1.50x, lowest 0.50x, coalesce faster in 2 of 3 cells with a peer; per class in the last column",
    "| vs peer: median / min / faster |",
    "| rows -> columns | 1 | 95 (95) / 95 / 1 of 1 | 2.00x / 2.00x / 1 of 1 |",
    "| columns -> rows | 1 | 90 (90) / 90 / 1 of 1 | 0.50x / 0.50x / 0 of 1 |",
    "| rows -> blocked | 1 | 80 (80) / 80 / 0 of 1 | 1.50x / 1.50x / 1 of 1 |",
    "| blocked -> rows | 1 | 70 (70) / 70 / 0 of 1 |  |",
    f"- Against {CUB} on the same ends in the same run: its time over ours in the last rows (> 1: coalesce is "
    "faster), over the pairs where it was timed.",
    "| **faster than the hand-written kernel** | 2 of 2 | 2 of 2 | 2 of 2 |",
    f"| **median speed-up over {CUB}** | 3.00x | 1.25x |  |",
    f"| **lowest speed-up over {CUB}** | 0.50x | 1.25x |  |",
    f"| **faster than {CUB}** | 1 of 2 | 1 of 1 |  |",
])
without = page(files, drop_peers=True)
if CUB in without or "vs peer" in without:
    sys.exit(f"benchmarks_md_peers: a page without peers names one:\n{without}")
if page(files, no_peers=True) != without:
    sys.exit("benchmarks_md_peers: empty peer columns change the page")
print("benchmarks_md_peers: ok")
