#!/usr/bin/env python3
"""compare.py — a sanity check of an --exec adapter against `minkowski query`; NOT the judge.

    compare.py MINKOWSKI ADAPTER_CMD [--cases FILE ...] [--random N] [--seed S] [--out FILE]

Feeds cases (JSON Lines files, fixture JSON files, and/or N generated cases) to the adapter and to
`minkowski query`, and sorts the adapter's answers into candidate failure classes by comparing
them with the exact answers:

  relation   intersects disagrees with the exact relation outside the band
  depth      |depth - exact depth| beyond the band
  normal     B moved by normal*depth still overlaps by more than the band (checked with a second
             `minkowski query` on the moved case, whose coordinates are rounded: hence the band)
  not_unit   normal is not a unit vector (| |n| - 1 | > 1e-9)
  distance   |distance - exact distance| beyond the band
  contacts   a contact depth outside [-band, exact depth + band]
  malformed  the answer has null (non-finite) numbers or no "intersects"

The band is kBandUlps * u * S (u = 2^-53, S = the largest absolute coordinate or radius): a
generous sanity-check band so that only systematic differences show. The real verdicts come from
`minkowski check --exec` and its tolerance model (properties/judge.hpp).
Prints counts per class and writes every flagged case (with both answers) to --out as JSON Lines.
Exit 0 when it ran (whatever it found), 2 on usage or input errors.
"""
import argparse
import json
import math
import random
import subprocess
import sys
from fractions import Fraction

# Sanity band in units of u*S: 1024 ulps of the largest coordinate. Far wider than the judge's
# constants (properties/src/bounds.cpp, at most ~50 u*S), so what is flagged here is systematic.
kBandUlps = 1024.0
kUnitRoundoff = 2.0 ** -53
# |n| must be 1 within this (a normalised double vector is within a few ulps of 1).
kUnitTolerance = 1e-9


def scale_of(case):
    s = 0.0
    for shape in (case["a"], case["b"]):
        for p in shape["points"]:
            s = max(s, abs(p[0]), abs(p[1]))
        s = max(s, shape.get("radius", 0))
    return max(s, 1e-300)


def read_cases(paths):
    cases = []
    for path in paths:
        with open(path) as f:
            text = f.read()
        if path.endswith(".json"):
            j = json.loads(text)
            cases.append({"id": j.get("id", path), "a": j["a"], "b": j["b"]})
            continue
        for n, line in enumerate(text.splitlines(), 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            try:
                j = json.loads(line)
            except json.JSONDecodeError as e:
                sys.exit(f"compare.py: {path}:{n}: not JSON: {e}")
            j.setdefault("id", f"{path}:{n}")
            cases.append(j)
    return cases


def regular(cx, cy, r, n, phase):
    return [[cx + r * math.cos(phase + 2 * math.pi * i / n), cy + r * math.sin(phase + 2 * math.pi * i / n)]
            for i in range(n)]


def generated(count, seed):
    """A small mix of the campaign's families (properties/generators.hpp), generated here because
    `minkowski check` cannot hand its cases to an adapter before --exec lands."""
    rng = random.Random(seed)
    kinds = ["convex", "box_pair", "containment", "near_parallel", "circle_poly", "circles",
             "concentric", "scale", "segment", "point", "collinear"]
    out = []
    for i in range(count):
        kind = kinds[i % len(kinds)]
        u = rng.uniform
        if kind == "convex":
            a = {"points": [[u(-1, 1), u(-1, 1)] for _ in range(rng.randint(3, 16))]}
            b = {"points": [[u(-1, 1) + u(-1, 1), u(-1, 1)] for _ in range(rng.randint(3, 16))]}
        elif kind == "box_pair":
            w, h = u(0.1, 2), u(0.1, 2)
            x, y = u(-w, w), u(-h, h)
            a = {"points": [[0, 0], [w, 0], [w, h], [0, h]]}
            b = {"points": [[x, y], [x + u(0.1, 2), y], [x + u(0.1, 2), y + u(0.1, 2)], [x, y + u(0.1, 2)]]}
        elif kind == "containment":
            a = {"points": regular(0, 0, 5, rng.randint(3, 12), u(0, 6.3))}
            b = {"points": regular(u(-1, 1), u(-1, 1), u(0.2, 1.5), rng.randint(3, 12), u(0, 6.3))}
        elif kind == "near_parallel":
            t = u(1e-5, 1e-2)
            a = {"points": [[0, 0], [4, 0], [4, 1], [0, 1]]}
            b = {"points": [[1, 1 - 0.5 * t + 4 * t * u(-0.1, 0.1)], [3, 1 + 1.5 * t], [3, 2], [1, 2]]}
        elif kind == "circle_poly":
            a = {"points": regular(0, 0, 1, rng.randint(3, 10), u(0, 6.3))}
            b = {"points": [[u(-1.5, 1.5), u(-1.5, 1.5)]], "radius": u(0.05, 1)}
            if rng.random() < 0.5:
                a, b = b, a
        elif kind == "circles":
            a = {"points": [[u(-1, 1), u(-1, 1)]], "radius": u(0.1, 1)}
            b = {"points": [[u(-1, 1), u(-1, 1)]], "radius": u(0.1, 1)}
        elif kind == "concentric":
            c = [u(-1, 1), u(-1, 1)]
            a = {"points": [c], "radius": u(0.1, 1)}
            b = {"points": [c], "radius": u(0.1, 1)} if rng.random() < 0.5 else \
                {"points": regular(c[0], c[1], u(0.1, 1), 4, 0.0)}
        elif kind == "scale":
            k = 10.0 ** rng.choice([-6, -3, 3, 6])
            off = rng.choice([0.0, 1e6])
            a = {"points": [[off + k * u(-1, 1), k * u(-1, 1)] for _ in range(rng.randint(3, 8))]}
            b = {"points": [[off + k * u(-1, 1), k * u(-1, 1)] for _ in range(rng.randint(3, 8))]}
        elif kind == "segment":
            a = {"points": [[u(-1, 1), u(-1, 1)], [u(-1, 1), u(-1, 1)]]}
            b = {"points": [[u(-1, 1), u(-1, 1)] for _ in range(rng.randint(2, 4))]}
        elif kind == "collinear":
            d = [u(-1, 1), u(-1, 1)]
            t = sorted(u(-2, 2) for _ in range(4))
            a = {"points": [[d[0] * t[0], d[1] * t[0]], [d[0] * t[1], d[1] * t[1]]]}
            b = {"points": [[d[0] * t[2], d[1] * t[2]], [d[0] * t[3], d[1] * t[3]]]}
        else:
            a = {"points": [[u(-1, 1), u(-1, 1)]]}
            b = {"points": regular(0, 0, 0.7, rng.randint(3, 8), u(0, 6.3))}
        out.append({"id": f"gen-{kind}-{i}", "a": a, "b": b})
    return out


def run_lines(cmd, lines, shell):
    p = subprocess.run(cmd, input="".join(l + "\n" for l in lines), capture_output=True, text=True, shell=shell)
    if p.returncode not in (0, 1):
        sys.exit(f"compare.py: `{cmd}` exited {p.returncode}: {p.stderr[-2000:]}")
    out = [l for l in p.stdout.splitlines() if l.strip()]
    if len(out) != len(lines):
        sys.exit(f"compare.py: `{cmd}` gave {len(out)} answers to {len(lines)} cases: {p.stderr[-2000:]}")
    return [json.loads(l) for l in out]


def exact_of(q):
    e = q["exact"]
    sd = float(e["signed_distance"])
    return e["relation"], sd


def has_null(x):
    if x is None:
        return True
    if isinstance(x, list):
        return any(has_null(v) for v in x)
    if isinstance(x, dict):
        return any(has_null(v) for v in x.values())
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("minkowski")
    ap.add_argument("adapter", help="shell command of the adapter, e.g. 'node examples/engines/sat-js/adapter.js'")
    ap.add_argument("--cases", nargs="*", default=[])
    ap.add_argument("--random", type=int, default=0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default=None)
    args = ap.parse_args()

    cases = read_cases(args.cases) + generated(args.random, args.seed)
    if not cases:
        ap.error("no cases: give --cases FILE or --random N")
    lines = [json.dumps(c) for c in cases]
    answers = run_lines(args.adapter, lines, shell=True)
    exact = run_lines([args.minkowski, "query"], lines, shell=False)

    # Second batch: B moved by normal*depth, for every answer that has both.
    moved_index, moved_lines = {}, []
    for i, (c, ans) in enumerate(zip(cases, answers)):
        if ans.get("intersects") and isinstance(ans.get("normal"), list) and isinstance(ans.get("depth"), (int, float)) \
                and not has_null(ans["normal"]):
            v = [ans["normal"][0] * ans["depth"], ans["normal"][1] * ans["depth"]]
            b = dict(c["b"])
            b["points"] = [[p[0] + v[0], p[1] + v[1]] for p in c["b"]["points"]]
            moved_index[i] = len(moved_lines)
            moved_lines.append(json.dumps({"id": f"{c['id']}-moved", "a": c["a"], "b": b}))
    moved = run_lines([args.minkowski, "query"], moved_lines, shell=False) if moved_lines else []

    counts = {"cases": len(cases), "skip": 0}
    flagged = []
    for i, (c, ans, q) in enumerate(zip(cases, answers, exact)):
        if ans.get("skip"):
            counts["skip"] += 1
            continue
        band = kBandUlps * kUnitRoundoff * scale_of(c)
        rel, sd = exact_of(q)
        classes = []
        if "intersects" not in ans or has_null(ans):
            classes.append("malformed")
        else:
            if ans["intersects"] != (sd <= 0) and abs(sd) > band:
                classes.append("relation")
            depth_exact = max(-sd, 0.0)
            if ans["intersects"] and isinstance(ans.get("depth"), (int, float)) and abs(ans["depth"] - depth_exact) > band:
                classes.append("depth")
            if "normal" in ans:
                n = ans["normal"]
                if abs(math.hypot(n[0], n[1]) - 1) > kUnitTolerance:
                    classes.append("not_unit")
                if i in moved_index:
                    _, sd_moved = exact_of(moved[moved_index[i]])
                    if sd_moved < -band:
                        classes.append("normal")
            if "distance" in ans and abs(ans["distance"] - max(sd, 0.0)) > band:
                classes.append("distance")
            for k in ans.get("contacts", []):
                if not (-band <= k["depth"] <= depth_exact + band):
                    classes.append("contacts")
                    break
        for cl in classes:
            counts[cl] = counts.get(cl, 0) + 1
        if classes:
            flagged.append({"classes": classes, "case": c, "answer": ans, "exact_relation": rel,
                            "exact_signed_distance": q["exact"]["signed_distance"]})
    print(json.dumps(counts))
    if args.out:
        with open(args.out, "w") as f:
            for r in flagged:
                f.write(json.dumps(r) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
