#!/usr/bin/env python3
"""Instructions per call of each minkowski_bench query, counted by callgrind.

    python3 bench/instructions.py <build>/bench/minkowski_bench_instructions [calls]

Runs the driver once under `valgrind --tool=callgrind`. The driver zeroes the counters before
each query's loop and dumps them after it (client requests), so every dump holds one loop:
instructions per call = Ir of the dump / calls. Prints a Markdown table (minkowski and box2d per
query and population, and the ratio). Python 3 standard library only.
"""
import glob
import os
import re
import subprocess
import sys
import tempfile


def main() -> int:
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    driver = sys.argv[1]
    calls = sys.argv[2] if len(sys.argv) > 2 else "3072"
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, driver, calls],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        per_call = {}
        for path in glob.glob(out + ".*"):
            desc = total = None
            with open(path, encoding="utf-8", errors="replace") as f:
                for line in f:
                    if line.startswith("desc: Trigger: Client Request:"):
                        desc = line.split(":", 3)[3].strip()
                    elif line.startswith("summary:"):  # the counter itself ("totals:" is the
                        total = int(line.split()[1])  # sum of the listed costs, can differ)
            if desc and total is not None:
                label, n = desc.rsplit(" ", 1)
                per_call[label] = total / int(n)
    if not per_call:
        print("no callgrind dumps found (driver built without <valgrind/callgrind.h>?)", file=sys.stderr)
        return 1

    rows = {}
    for label, ir in per_call.items():
        query, population, engine = label.split("/")
        rows.setdefault((query, population), {})[engine] = ir
    order = {"manifold": 0, "distance": 1, "overlap": 2, "overlap_gjk": 3, "overlap_sat": 4}
    pops = {"separated": 0, "overlapping": 1, "near_contact": 2}
    print("| query | population | minkowski (instr/call) | box2d (instr/call) | ratio |")
    print("|---|---|---|---|---|")
    for (q, p), e in sorted(rows.items(), key=lambda kv: (order.get(kv[0][0], 9), pops.get(kv[0][1], 9), kv[0])):
        if "minkowski" not in e:
            continue
        ours, box = e["minkowski"], e.get("box2d")
        ratio = f"{ours / box:.2f}" if box else ""
        print(f"| {q} | {p} | {ours:.0f} | {box:.0f} | {ratio} |" if box else f"| {q} | {p} | {ours:.0f} | | |")
    large = [(q, p, e) for (q, p), e in rows.items() if "minkowski" not in e]
    if large:
        print()
        print("| query | polygons | support | instr/call |")
        print("|---|---|---|---|")
        for q, p, e in sorted(large, key=lambda r: (int(re.sub(r"\D", "", r[1]) or 0), r[1])):
            for method in ("linear", "logarithmic", "automatic"):
                if method in e:
                    print(f"| {q} | {p} | {method} | {e[method]:.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
