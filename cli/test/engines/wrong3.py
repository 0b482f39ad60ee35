#!/usr/bin/env python3
"""A deliberately wrong 3D engine: reads a correct engine's answers to 3D cases
(minkowski_exec_fast piped into it) and spoils them in a way only a 3D answer can be wrong.
cli/test/exec_cli_test.sh checks that `check --exec ... --dim 3` catches each.

  flat_z   the z component of every witness point (point_a, point_b) set to 0: the points leave
           the shapes' surfaces wherever the exact witness has z != 0 (a `witness` violation)
  pairs    every vector cut to its first two components (a 2D answer to a 3D case): each answer
           is malformed, a protocol failure

usage: minkowski_exec_fast double | wrong3.py flat_z|pairs
"""
import json
import sys

mode = sys.argv[1] if len(sys.argv) > 1 else ""
if mode not in ("flat_z", "pairs"):
    sys.exit("usage: wrong3.py flat_z|pairs")

for line in sys.stdin:
    answer = json.loads(line)
    if mode == "flat_z":
        for key in ("point_a", "point_b"):
            if key in answer:
                answer[key][2] = 0.0
    else:
        for key in ("normal", "point_a", "point_b"):
            if key in answer:
                answer[key] = answer[key][:2]
        for c in answer.get("contacts", []):
            for key in ("point", "point_a", "point_b"):
                if key in c:
                    c[key] = c[key][:2]
    print(json.dumps(answer), flush=True)
