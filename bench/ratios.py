#!/usr/bin/env python3
"""Ratios minkowski / Box2D (2D rows) and minkowski / fastest 3D peer (3D rows) from one
minkowski_bench run, as Markdown tables.

    taskset -c 1 <build>/bench/minkowski_bench --benchmark_repetitions=3 \\
        --benchmark_report_aggregates_only=true --benchmark_out=run.json --benchmark_out_format=json
    python3 bench/ratios.py run.json [--stat median|mean|min] [--target 0.7]

Reads benchmarks named <query>/<population>/<engine>. With repetitions it uses the chosen
aggregate (median by default; `min` takes the fastest repetition, which needs the per-repetition
rows, i.e. no --benchmark_report_aggregates_only); without, the single run. Prints:
  1. per query × population: minkowski and box2d time (ns) and the ratio, against the target;
  2. the other rows with engine minkowski only (overlap_gjk / overlap_sat);
  3. large polygons: distance/<n>gon/<support>, and the linear / logarithmic speedup;
  4. 3D rows (populations poly*, box*, capsule*): per query × population, minkowski's time, the
     fastest peer's (engines bullet*, libccd*, fcl*, ode*; not the informative MPR rows *_mpr,
     whose depth is not the minimum, nor rows that answered a hand case wrongly: counter
     hand_wrong > 0), which peer, ours / fastest against --target3 (0.5), and every peer's time;
  5. 3D large polytopes: support/<poly256|poly1024>/<linear|climb|automatic> and linear / climb.
--time cpu takes the CPU time instead of the real time (the machine is shared: another process
on the same core stretches real time, not CPU time). Only rows from the same run are compared.
Python 3 standard library only.
"""
import argparse
import json
import statistics
import sys

UNIT_NS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}
QUERY_ORDER = ["manifold", "distance", "overlap", "overlap_gjk", "overlap_sat"]
POP_ORDER = ["separated", "overlapping", "near_contact"]
QUERY3_ORDER = ["distance", "penetration", "manifold", "overlap", "support"]
POP3_ORDER = ["poly12_separated", "poly12_overlapping", "poly12_near_contact",
              "poly8to32_separated", "poly8to32_overlapping", "poly8to32_near_contact",
              "box_separated", "box_overlapping", "capsule_separated", "capsule_overlapping",
              "poly256", "poly1024"]
PEER_PREFIXES = ("bullet", "libccd", "fcl", "ode")


def is_3d(population):
    return population.startswith(("poly", "box", "capsule"))


def is_peer(engine, counters):
    return (engine.startswith(PEER_PREFIXES) and not engine.endswith("_mpr")
            and not counters.get("hand_wrong", 0))


def load(path, stat, which="real"):
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    singles, aggregates, counters = {}, {}, {}
    for b in data.get("benchmarks", []):
        name = b.get("run_name", b["name"])
        for key in ("hand_wrong", "bad", "max_err"):
            if key in b and b.get("aggregate_name") in (None, "mean", "median"):
                counters.setdefault(name, {})[key] = b[key]
        t = b[which + "_time"] * UNIT_NS.get(b.get("time_unit", "ns"), 1.0)
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
    return data.get("context", {}), times, aggregates, counters


def order_key(seq, x):
    return seq.index(x) if x in seq else len(seq)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("json")
    ap.add_argument("--stat", choices=["median", "mean", "min"], default="median")
    ap.add_argument("--target", type=float, default=0.7, help="2D ratio to meet (default 0.7)")
    ap.add_argument("--target3", type=float, default=0.5, help="3D ratio to meet (default 0.5)")
    ap.add_argument("--time", choices=["real", "cpu"], default="real", help="real or CPU time")
    args = ap.parse_args()
    context, times, aggregates, counters = load(args.json, args.stat, args.time)
    if not times:
        print("no benchmarks in " + args.json, file=sys.stderr)
        return 1

    table, table3 = {}, {}
    for name, t in times.items():
        parts = name.split("/")
        if len(parts) == 3:
            target = table3 if is_3d(parts[1]) else table
            target.setdefault((parts[0], parts[1]), {})[parts[2]] = (t, name)

    def cv(name):
        c = aggregates.get(name, {}).get("cv")
        return f" ±{100 * c:.0f}%" if c is not None else ""

    print(f"Run: {context.get('date', '?')}, {context.get('num_cpus', '?')} CPUs, "
          f"load {context.get('load_avg', '?')}; {args.time} time = {args.stat} of the repetitions "
          f"(± coefficient of variation); minkowski overlap = {context.get('minkowski_overlap', '?')}")
    print()
    if table3:
        print_3d(table3, counters, cv, args)
    if not table:
        return 0
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


def print_3d(table3, counters, cv, args):
    key = lambda k: (order_key(QUERY3_ORDER, k[0]), order_key(POP3_ORDER, k[1]))
    rows = sorted((k for k, e in table3.items() if "minkowski" in e), key=key)
    if rows:
        print(f"| query | population | minkowski (ns) | fastest peer (ns) | peer | "
              f"minkowski / fastest peer | ≤ {args.target3} | peers (ns) |")
        print("|---|---|---|---|---|---|---|---|")
        for q, p in rows:
            e = table3[(q, p)]
            ours, n_ours = e["minkowski"]
            peers = {eng: v for eng, v in e.items() if is_peer(eng, counters.get(v[1], {}))}
            others = ", ".join(f"{eng} {v[0]:.0f}" + ("" if eng in peers else " (no peer)")
                               for eng, v in sorted(e.items(), key=lambda kv: kv[1][0])
                               if eng != "minkowski")
            if peers:
                best = min(peers, key=lambda eng: peers[eng][0])
                t, n = peers[best]
                r = ours / t
                print(f"| {q} | {p} | {ours:.1f}{cv(n_ours)} | {t:.1f}{cv(n)} | {best} | **{r:.2f}** | "
                      f"{'yes' if r <= args.target3 else 'NO'} | {others} |")
            else:
                print(f"| {q} | {p} | {ours:.1f}{cv(n_ours)} | | (no peer) | | | {others} |")
        print()
    support = sorted((k for k, e in table3.items() if "linear" in e or "climb" in e), key=key)
    if support:
        print("| query | polytopes | linear (ns) | climb (ns) | automatic (ns) | linear / climb | ≥ 5 |")
        print("|---|---|---|---|---|---|---|")
        for q, p in support:
            e = table3[(q, p)]
            lin, climb, auto = (e.get(m, (None, None))[0] for m in ("linear", "climb", "automatic"))
            fmt = lambda x: f"{x:.0f}" if x is not None else ""
            speed = lin / climb if lin and climb else None
            print(f"| {q} | {p} | {fmt(lin)} | {fmt(climb)} | {fmt(auto)} | "
                  f"{f'**{speed:.1f}×**' if speed else ''} | "
                  f"{'' if speed is None else ('yes' if speed >= 5 else 'NO')} |")
        print()


if __name__ == "__main__":
    sys.exit(main())
