#!/usr/bin/env python3
"""Ratios minkowski / Box2D from one minkowski_bench run, as Markdown tables.

    taskset -c 1 <build>/bench/minkowski_bench --benchmark_repetitions=3 \\
        --benchmark_report_aggregates_only=true --benchmark_out=run.json --benchmark_out_format=json
    python3 bench/ratios.py run.json [--stat median|mean|min] [--target 0.7]

Reads benchmarks named <query>/<population>/<engine>. With repetitions it uses the chosen
aggregate (median by default; `min` takes the fastest repetition, which needs the per-repetition
rows, i.e. no --benchmark_report_aggregates_only); without, the single run. Prints:
  1. per query × population: minkowski and box2d time (ns) and the ratio, against the target;
  2. the other rows with engine minkowski only (overlap_gjk / overlap_sat);
  3. large polygons: distance/<n>gon/<support>, and the linear / logarithmic speedup.
Only pairs from the same run are compared. Python 3 standard library only.
"""
import argparse
import json
import statistics
import sys

UNIT_NS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}
QUERY_ORDER = ["manifold", "distance", "overlap", "overlap_gjk", "overlap_sat"]
POP_ORDER = ["separated", "overlapping", "near_contact"]


def load(path, stat):
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    singles, aggregates = {}, {}
    for b in data.get("benchmarks", []):
        name = b.get("run_name", b["name"])
        t = b["real_time"] * UNIT_NS.get(b.get("time_unit", "ns"), 1.0)
        if b.get("run_type") == "aggregate":
            aggregates.setdefault(name, {})[b.get("aggregate_name")] = t
        elif not b.get("error_occurred"):
            singles.setdefault(name, []).append(t)
    times = {}
    for name in set(singles) | set(aggregates):
        agg, reps = aggregates.get(name, {}), singles.get(name, [])
        if stat == "min" and reps:
            times[name] = min(reps)
        elif stat in agg:
            times[name] = agg[stat]
        elif reps:
            times[name] = {"median": statistics.median, "mean": statistics.fmean, "min": min}[stat](reps)
        elif "median" in agg:  # --stat min on an aggregates-only file: no repetitions to take
            times[name] = agg["median"]
            print(f"note: {name}: no per-repetition rows, using the median", file=sys.stderr)
    return data.get("context", {}), times, aggregates


def order_key(seq, x):
    return seq.index(x) if x in seq else len(seq)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("json")
    ap.add_argument("--stat", choices=["median", "mean", "min"], default="median")
    ap.add_argument("--target", type=float, default=0.7, help="ratio to meet (default 0.7)")
    args = ap.parse_args()
    context, times, aggregates = load(args.json, args.stat)
    if not times:
        print("no benchmarks in " + args.json, file=sys.stderr)
        return 1

    table = {}
    for name, t in times.items():
        parts = name.split("/")
        if len(parts) == 3:
            table.setdefault((parts[0], parts[1]), {})[parts[2]] = (t, name)

    def cv(name):
        c = aggregates.get(name, {}).get("cv")
        return f" ±{100 * c:.0f}%" if c is not None else ""

    print(f"Run: {context.get('date', '?')}, {context.get('num_cpus', '?')} CPUs, "
          f"load {context.get('load_avg', '?')}; time = {args.stat} of the repetitions "
          f"(± coefficient of variation); minkowski overlap = {context.get('minkowski_overlap', '?')}")
    print()
    pairs = sorted((k for k, e in table.items() if "box2d" in e and "minkowski" in e),
                   key=lambda k: (order_key(QUERY_ORDER, k[0]), order_key(POP_ORDER, k[1])))
    if pairs:
        print(f"| query | population | minkowski (ns) | box2d (ns) | minkowski / box2d | ≤ {args.target} |")
        print("|---|---|---|---|---|---|")
        for q, p in pairs:
            (ours, n_ours), (box, n_box) = table[(q, p)]["minkowski"], table[(q, p)]["box2d"]
            r = ours / box
            print(f"| {q} | {p} | {ours:.1f}{cv(n_ours)} | {box:.1f}{cv(n_box)} | **{r:.2f}** | "
                  f"{'yes' if r <= args.target else 'NO'} |")
        print()
    else:
        print("(no box2d rows: Box2D was not found when minkowski_bench was configured)\n")

    ours_only = sorted((k for k, e in table.items() if "box2d" not in e and "minkowski" in e),
                       key=lambda k: (order_key(QUERY_ORDER, k[0]), order_key(POP_ORDER, k[1])))
    if ours_only:
        print("| query | population | minkowski (ns) |")
        print("|---|---|---|")
        for q, p in ours_only:
            t, n = table[(q, p)]["minkowski"]
            print(f"| {q} | {p} | {t:.1f}{cv(n)} |")
        print()

    large = sorted((k for k, e in table.items() if "linear" in e or "logarithmic" in e),
                   key=lambda k: (k[0], int("".join(c for c in k[1] if c.isdigit()) or 0)))
    if large:
        print("| query | polygons | linear (ns) | logarithmic (ns) | automatic (ns) | linear / logarithmic |")
        print("|---|---|---|---|---|---|")
        for q, p in large:
            e = table[(q, p)]
            lin, log, auto = (e.get(m, (None, None))[0] for m in ("linear", "logarithmic", "automatic"))
            fmt = lambda x: f"{x:.0f}" if x is not None else ""
            speed = f"**{lin / log:.1f}×**" if lin and log else ""
            print(f"| {q} | {p} | {fmt(lin)} | {fmt(log)} | {fmt(auto)} | {speed} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
