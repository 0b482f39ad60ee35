#!/usr/bin/env python3
"""A deliberately wrong engine: reads a correct engine's answers (minkowski_exec_fast piped into it)
and, for the third intersecting answer only, writes the depth as NaN — Python's json writes the bare
token NaN, which is not JSON. That answer is a wrong answer of its case (a `depth` violation with its
fixture), not a malformed line: the engine must not be restarted and the campaign goes on.
cli/test/exec_cli_test.sh checks it.

usage: minkowski_exec_fast double | nan_once.py
"""
import json
import sys

seen = 0
for line in sys.stdin:
    answer = json.loads(line)
    if answer.get("intersects") and "depth" in answer:
        seen += 1
        if seen == 3:
            answer["depth"] = float("nan")
    print(json.dumps(answer), flush=True)
