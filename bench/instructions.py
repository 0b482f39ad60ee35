#!/usr/bin/env python3
"""Instructions per call of each minkowski_bench query, counted by callgrind.

    python3 bench/instructions.py <build>/bench/minkowski_bench_instructions [calls] [row regex]

Runs the driver once under `valgrind --tool=callgrind`. The driver zeroes the counters before
each query's loop and dumps them after it (client requests), so every dump holds one loop:
instructions per call = Ir of the dump / calls. Prints a Markdown table (minkowski and box2d per
query and population, and the ratio) for the 2D rows; for the 3D rows (populations poly*, box*,
capsule*) minkowski, the fastest peer by instructions (as bench/ratios.py: engines bullet*,
libccd*, fcl*, ode*, not *_mpr) and the ratio, and the large polytopes' support rows. Python 3
standard library only. The driver runs with instrumentation off outside its loops
(--instr-atstart=no): the 3D populations' setup (the exact oracle) would be slow under callgrind.
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
    extra = sys.argv[3:4]
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        subprocess.run(["valgrind", "--tool=callgrind", "--instr-atstart=no",
                        "--callgrind-out-file=" + out, driver, calls] + extra,
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

    rows, rows3 = {}, {}
    for label, ir in per_call.items():
        query, population, engine = label.split("/")
        target = rows3 if population.startswith(("poly", "box", "capsule")) else rows
        target.setdefault((query, population), {})[engine] = ir
    if rows3:
        print_3d(rows3)
    if not rows:
        return 0
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


def print_3d(rows3):
    qorder = {"distance": 0, "penetration": 1, "manifold": 2, "overlap": 3, "support": 4}
    key = lambda kv: (qorder.get(kv[0][0], 9), kv[0][1])
    print("| query | population | minkowski (instr/call) | fastest peer (instr/call) | peer | ratio | peers |")
    print("|---|---|---|---|---|---|---|")
    for (q, p), e in sorted(rows3.items(), key=key):
        if "minkowski" not in e:
            continue
        peers = {k: v for k, v in e.items()
                 if k.startswith(("bullet", "libccd", "fcl", "ode")) and not k.endswith("_mpr")
                 and "hand_wrong" not in k}
        others = ", ".join(f"{k} {v:.0f}" for k, v in sorted(e.items(), key=lambda kv: kv[1])
                           if k != "minkowski")
        if peers:
            best = min(peers, key=peers.get)
            print(f"| {q} | {p} | {e['minkowski']:.0f} | {peers[best]:.0f} | {best} | "
                  f"**{e['minkowski'] / peers[best]:.2f}** | {others} |")
        else:
            print(f"| {q} | {p} | {e['minkowski']:.0f} | | | | {others} |")
    support = [(k, e) for k, e in rows3.items() if "linear" in e or "climb" in e]
    if support:
        print()
        print("| query | polytopes | linear | climb | automatic | linear / climb |")
        print("|---|---|---|---|---|---|")
        for (q, p), e in sorted(support, key=key):
            lin, cl, au = e.get("linear"), e.get("climb"), e.get("automatic")
            f = lambda x: f"{x:.0f}" if x else ""
            print(f"| {q} | {p} | {f(lin)} | {f(cl)} | {f(au)} | "
                  f"{f'{lin / cl:.1f}×' if lin and cl else ''} |")
    print()


if __name__ == "__main__":
    sys.exit(main())
