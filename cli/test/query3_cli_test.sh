#!/usr/bin/env bash
# End-to-end test of `minkowski query` on 3D cases: the exact 3D answer with the 2D answer's keys
# and 3-vectors, "fast" marked skipped, 2D and 3D lines mixed in one batch, each class of bad 3D
# input refused with its message naming the line (and the case id) while the other lines are
# answered and the exit status is 2; and the commands that read only 2D cases (fixture, render,
# replay) refusing a 3D case as such. Every expected value is derived by hand in the comments.
# usage: query3_cli_test.sh MINKOWSKI_BINARY
set -u
bin="$1"
fail() { echo "FAIL: $*"; exit 1; }
command -v python3 >/dev/null || fail "python3 needed to parse JSON output"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

python3 - "$bin" "$tmp" <<'PY' || exit 1
import json, subprocess, sys
from fractions import Fraction as F

bin, tmp = sys.argv[1], sys.argv[2]

def run(args, stdin):
    p = subprocess.run([bin] + args, input=stdin.encode(), capture_output=True, timeout=300)
    return p.returncode, p.stdout.decode(), p.stderr.decode()

def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)

def check(cond, msg):
    if not cond:
        fail(msg)

def box(lo, hi):
    """The 8 corners of the box [lo, hi] (3-vectors)."""
    return [[x, y, z] for x in (lo[0], hi[0]) for y in (lo[1], hi[1]) for z in (lo[2], hi[2])]

def case(id, a, b, ra=0, rb=0):
    return json.dumps({"id": id, "a": {"points": a, "radius": ra}, "b": {"points": b, "radius": rb}})

def q(v):
    return [F(x) for x in v]

def positive_multiple(v, of):
    """v = t·of for some t > 0 (exact rationals)."""
    v, of = q(v), [F(x) for x in of]
    k = next(i for i, x in enumerate(of) if x != 0)
    t = v[k] / of[k]
    return t > 0 and all(v[i] == t * of[i] for i in range(3))

unit = box([0, 0, 0], [1, 1, 1])
lines = [
    # Unit cubes face to face at distance 1/2: A = [0,1]³, B = [1.5,2.5]×[0,1]². D = A − B =
    # [−2.5,−0.5]×[−1,1]², a box (8 vertices out of 8·8 = 64 difference points); its point
    # nearest the origin is (−1/2, 0, 0): squared distance 1/4, signed distance 1/2, the one
    # direction from A towards B is +x; closest points on A's face x = 1 and B's face x = 3/2,
    # equal in y and z.
    case("cubes-face-to-face", unit, box([1.5, 0, 0], [2.5, 1, 1])),
    # A point inside a cube: A = [0,2]³, B = {(1/2, 1, 1)}. D = [−1/2,3/2]×[−1,1]², the origin
    # inside at distance 1/2 from the face x = −1/2 and 1 or more from the others: depth 1/2,
    # squared 1/4; the one penetration direction is −x (B leaves A through x = 0), MTV
    # (−1/2, 0, 0).
    case("point-inside-cube", box([0, 0, 0], [2, 2, 2]), [[0.5, 1, 1]]),
    # A 2D line in the same batch: the unit square against the point (3, 4); the square's
    # nearest point is its corner (1, 1): squared distance 2² + 3² = 13.
    json.dumps({"id": "square-2d", "a": {"points": [[0, 0], [1, 0], [1, 1], [0, 1]]},
                "b": {"points": [[3, 4]]}}),
    # A point at the centre of a cube: A = [0,2]³, B = {(1,1,1)}: depth 1 to all six faces, six
    # tied penetration directions ±x, ±y, ±z, each with its MTV of length 1.
    case("point-at-cube-centre", box([0, 0, 0], [2, 2, 2]), [[1, 1, 1]]),
    # A sphere of radius 1 at the origin against the point (3, 4, 0): core distance 5, signed
    # distance 5 − 1 = 4, core_squared 25, radius 1, no "squared" (a radius is not 0).
    case("sphere-vs-point", [[0, 0, 0]], [[3, 4, 0]], ra=1),
    # Two flat unit squares in parallel planes z = 0 and z = 2, one above the other: D is the flat
    # square [−1,1]²×{−2} (dimension 2); distance 2, squared 4, direction +z.
    case("parallel-flat-squares", [[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]],
         [[0, 0, 2], [1, 0, 2], [1, 1, 2], [0, 1, 2]]),
]
batch = "\n".join(lines) + "\n"
st, out, err = run(["query", "-"], batch)
check(st == 0, f"good batch: exit {st}: {err}")
ans = [json.loads(l) for l in out.splitlines()]
check([a["id"] for a in ans] == ["cubes-face-to-face", "point-inside-cube", "square-2d",
                                 "point-at-cube-centre", "sphere-vs-point", "parallel-flat-squares"],
      f"ids: {[a.get('id') for a in ans]}")
by = {a["id"]: a for a in ans}
keys2d = ["relation", "signed_distance", "squared", "core_squared", "radius", "core_location",
          "directions", "witness", "hull"]

e = by["cubes-face-to-face"]["exact"]
check(list(e) == keys2d[:8] + ["difference_dimension", "hull"], f"cubes: keys {list(e)}")
check(e["relation"] == "separated" and e["squared"] == "1/4" and e["core_squared"] == "1/4"
      and e["radius"] == "0" and e["core_location"] == "outside", f"cubes: {e}")
check(e["signed_distance"].startswith("5.000000000000000000000000000000000") and
      e["signed_distance"].endswith("e-01"), f"cubes: signed distance {e['signed_distance']}")
check(len(e["directions"]) == 1 and e["directions"][0]["kind"] == "ray"
      and positive_multiple(e["directions"][0]["from"], [1, 0, 0]), f"cubes: {e['directions']}")
w = e["witness"]
ca, cb = q(w["core_a"]), q(w["core_b"])
check(ca[0] == 1 and cb[0] == F(3, 2) and ca[1:] == cb[1:] and all(0 <= v <= 1 for v in ca[1:]),
      f"cubes: witness {w}")
check(all(len(w[k]) == 3 for k in ("point_a", "point_b", "core_a", "core_b")), f"cubes: {w}")
check(e["difference_dimension"] == 3 and e["hull"]["points"] == 64 and e["hull"]["vertices"] == 8,
      f"cubes: hull {e['hull']} dimension {e['difference_dimension']}")
check(by["cubes-face-to-face"]["fast"] == {"skipped": "no fast 3D narrow phase yet"},
      f"cubes: fast {by['cubes-face-to-face'].get('fast')}")

e = by["point-inside-cube"]["exact"]
check(e["relation"] == "overlapping" and e["squared"] == "1/4" and e["core_location"] == "inside"
      and e["signed_distance"].startswith("-5.0000000000000000000000000000000"), f"inside: {e}")
check(len(e["directions"]) == 1 and positive_multiple(e["directions"][0]["from"], [-1, 0, 0])
      and q(e["directions"][0]["mtv"]) == [F(-1, 2), 0, 0], f"inside: {e['directions']}")
check("witness" not in e, "inside: a witness although the origin is inside core(D)")
check(e["hull"]["points"] == 8 and e["difference_dimension"] == 3, f"inside: {e['hull']}")

s2 = by["square-2d"]
check(s2["exact"]["squared"] == "13" and "difference_dimension" not in s2["exact"]
      and len(s2["exact"]["witness"]["core_a"]) == 2, f"2D line: {s2['exact']}")
check("gjk/double" in s2["fast"], f"2D line: fast algorithms missing: {list(s2['fast'])}")

e = by["point-at-cube-centre"]["exact"]
check(e["relation"] == "overlapping" and e["squared"] == "1", f"centre: {e}")
axes = [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]]
dirs = e["directions"]
check(len(dirs) == 6 and all(d["kind"] == "ray" for d in dirs), f"centre: {dirs}")
for ax in axes:
    check(sum(positive_multiple(d["from"], ax) for d in dirs) == 1, f"centre: axis {ax} in {dirs}")
check(all(q(d["mtv"]) in [q(ax) for ax in axes] for d in dirs), f"centre: mtvs {dirs}")

e = by["sphere-vs-point"]["exact"]
check(e["relation"] == "separated" and "squared" not in e and e["core_squared"] == "25"
      and e["radius"] == "1" and e["signed_distance"].startswith("4.00000000000000000000000000000")
      and e["signed_distance"].endswith("e+00"), f"sphere: {e}")
check(positive_multiple(e["directions"][0]["from"], [3, 4, 0]), f"sphere: {e['directions']}")
# The witness on the sphere's surface is (3/5, 4/5, 0), on B the point itself.
pa = [float(x) for x in e["witness"]["point_a"]]
check(abs(pa[0] - 0.6) < 1e-15 and abs(pa[1] - 0.8) < 1e-15 and pa[2] == 0, f"sphere: {pa}")

e = by["parallel-flat-squares"]["exact"]
check(e["relation"] == "separated" and e["squared"] == "4" and e["difference_dimension"] == 2
      and positive_multiple(e["directions"][0]["from"], [0, 0, 1]), f"flat squares: {e}")

# --exact-only: no "fast"; --magnitudes-only: no witness and no mtv (as in 2D).
st, out, err = run(["query", "--exact-only", "-"], batch)
check(st == 0 and all("fast" not in json.loads(l) for l in out.splitlines()), f"--exact-only: {out}")
st, out, err = run(["query", "--magnitudes-only", "-"], batch)
check(st == 0, f"--magnitudes-only: exit {st}")
for l in out.splitlines():
    a = json.loads(l)
    check("witness" not in a["exact"] and all("mtv" not in d for d in a["exact"]["directions"]),
          f"--magnitudes-only: {l[:300]}")
    if a["id"] == "point-inside-cube":
        check(a["exact"]["squared"] == "1/4", f"--magnitudes-only changed the answer: {l[:300]}")
print("3D answers: cubes face to face, point inside a cube (and at its centre, six ties), sphere "
      "against a point, parallel flat squares, as derived by hand; mixed with a 2D line")

# Bad input: each class on line 2 of a three-line file, good lines 1 and 3 answered, exit 2, the
# error on stdout as {"id": id or null, "line": 2, "error": ...} and on stderr.
good = case("good", unit, box([2, 0, 0], [3, 1, 1]))
B = '"b":{"points":[[0,0,0]]}'
bad_cases = {
    "mixed-arity": ('{"id":"mix","a":{"points":[[0,0,0],[1,1,1]]},"b":{"points":[[0,0,0],[1,0]]}}',
                    "shape b: point 1 has 2 coordinates but shape a's points have 3", "mix"),
    "nan-literal": ('{"a":{"points":[[0,NaN,0]]},' + B + '}', "not valid JSON (", None),
    "nan-string": ('{"a":{"points":[[0,"NaN",0]]},' + B + '}',
                   'shape a: point 0 must be a triple of numbers [x, y, z], got [0,"NaN",0]', None),
    "infinity-literal": ('{"a":{"points":[[0,0,Infinity]]},' + B + '}', "not valid JSON (", None),
    "huge-1e400": ('{"a":{"points":[[0,0,1e400]]},' + B + '}',
                   "number out of the range of double (", None),
    "empty-points": ('{"id":"empty","a":{"points":[[0,0,0]]},"b":{"points":[]}}',
                     "shape b: no points (a shape needs at least one)", "empty"),
    "negative-radius": ('{"id":"neg","a":{"points":[[0,0,0]],"radius":-0.5},' + B + '}',
                        "shape a: radius -0.5 is negative", "neg"),
    # 2^1022 ≈ 4.49e307 is the limit (reference::kMaxReferenceCoordinate): 1e308 is beyond.
    "beyond-2^1022": ('{"a":{"points":[[0,0,0]]},"b":{"points":[[1e308,0,0]]}}',
                      "shape b: point 0 has coordinate 1e+308, beyond ±2^1022", None),
    "four-coordinates": ('{"a":{"points":[[0,0,0,0]]},' + B + '}',
                         "shape a: point 0 has 4 coordinates: [0,0,0,0] (a point is [x, y] or [x, y, z])", None),
    "one-coordinate": ('{"a":{"points":[[0,0,0],[5]]},' + B + '}',
                       "shape a: point 1 has 1 coordinates: [5] (a point is [x, y] or [x, y, z])", None),
    # reference::kMaxReferencePoints = 2^20: one more.
    "too-many-points": ('{"id":"big","a":{"points":[' + ",".join(["[0,0,0]"] * ((1 << 20) + 1))
                        + ']},' + B + '}', "shape a: 1048577 points, more than the limit of 1048576", "big"),
}
for name, (line, msg, id) in bad_cases.items():
    path = f"{tmp}/{name}.jsonl"
    with open(path, "w") as f:
        f.write(good + "\n" + line + "\n" + good.replace('"good"', '"good3"') + "\n")
    st, out, err = run(["query", "--exact-only", path], "")
    check(st == 2, f"{name}: exit {st}, want 2")
    check(f"{path}:2: {msg}" in err, f"{name}: stderr lacks '{path}:2: {msg}': {err[:400]}")
    outs = [json.loads(l) for l in out.splitlines()]
    check(len(outs) == 3, f"{name}: {len(outs)} output lines, want 3")
    check(outs[0]["id"] == "good" and outs[2]["id"] == "good3"
          and outs[0]["exact"]["squared"] == "1", f"{name}: good lines not answered: {out[:400]}")
    check(outs[1]["id"] == id and outs[1]["line"] == 2 and "exact" not in outs[1]
          and msg in outs[1]["error"], f"{name}: error line {outs[1]}")
    if id:
        check(outs[1]["error"].endswith(f'(case id "{id}")'), f"{name}: id not named: {outs[1]}")

# A pair too big for the oracle: 200 points on the moment curve (t, t², t³) are all vertices of
# their hull (a cyclic polytope), so A − B would have 200 · 200 = 40,000 > 16,384 points
# (reference::kMaxDifferencePoints): refused naming both hull sizes, the others answered.
curve = [[t, t * t, t ** 3] for t in range(200)]
path = f"{tmp}/difference-too-large.jsonl"
with open(path, "w") as f:
    f.write(good + "\n" + case("huge-pair", curve, [[-x for x in p] for p in curve]) + "\n")
st, out, err = run(["query", "--exact-only", path], "")
outs = [json.loads(l) for l in out.splitlines()]
check(st == 2 and len(outs) == 2 and outs[0]["id"] == "good" and outs[1]["id"] == "huge-pair"
      and "200" in outs[1]["error"] and "16384" in outs[1]["error"] and f"{path}:2: " in err,
      f"difference too large: exit {st}: {out[:400]} {err[:400]}")
print(f"bad 3D input: {len(bad_cases) + 1} classes refused, naming line and id; other lines answered")

# The commands that read only 2D cases refuse a 3D case as such and go on.
cube3 = case("cube3", unit, box([2, 0, 0], [3, 1, 1]))
square = json.dumps({"id": "square", "a": {"points": [[0, 0], [1, 0], [1, 1]]},
                     "b": {"points": [[3, 3]]}})
path = f"{tmp}/mixed.jsonl"
with open(path, "w") as f:
    f.write(square + "\n" + cube3 + "\n")
st, out, err = run(["fixture", path, "--dir", f"{tmp}/fx"], "")
check(st == 2 and f"{path}:2: 3D case: `minkowski fixture` does not read 3D cases yet" in err
      and out.count(".json") == 1, f"fixture: exit {st}: {out} {err}")
with open(f"{tmp}/one3.json", "w") as f:
    f.write(cube3)
st, out, err = run(["render", f"{tmp}/one3.json", "--out", f"{tmp}/x.svg"], "")
check(st == 2 and "3D case: `minkowski render` does not read 3D cases yet" in err,
      f"render: exit {st}: {err}")
fx = json.loads(cube3)
fx["expected"] = {}
fxdir = f"{tmp}/fx"
with open(f"{fxdir}/cube3.json", "w") as f:
    json.dump(fx, f, indent=2)
st, out, err = run(["replay", fxdir], "")
check(st == 2 and f"unreadable: {fxdir}/cube3.json:1: 3D case: `minkowski replay` does not read 3D cases yet" in err
      and "2 fixtures" in out and "1 unreadable" in out, f"replay: exit {st}: {out} {err}")
print("fixture, render, replay: a 3D case refused as such, the 2D cases still handled")
print("query 3D CLI: all checks passed")
PY
