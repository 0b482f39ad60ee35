#!/usr/bin/env python3
"""A deliberately wrong engine: reads a correct engine's answers (minkowski_exec_fast piped into it)
and reports every penetration depth 0.1 too deep — normal·depth then overshoots the exact MTV, and
every contact claims 0.1 more depth. cli/test/exec_cli_test.sh checks that `check --exec` catches
it and shrinks the case.

usage: minkowski_exec_fast double | wrong_depth.py
"""
import json
import sys

for line in sys.stdin:
    answer = json.loads(line)
    if answer.get("intersects") and "depth" in answer:
        answer["depth"] += 0.1
    print(json.dumps(answer), flush=True)
