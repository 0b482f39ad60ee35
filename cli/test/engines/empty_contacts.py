#!/usr/bin/env python3
"""A deliberately wrong engine: reads a correct engine's answers (minkowski_exec_fast piped into it)
and drops every contact point of an intersecting answer, keeping "contacts": [] — the manifold of an
engine that finds no contact when only edges cross. Each listed contact is judged, and none are
listed, so it passed until an empty list for overlapping shapes became a `contacts` violation.
cli/test/exec_cli_test.sh checks that `check --exec` catches it.

usage: minkowski_exec_fast double | empty_contacts.py
"""
import json
import sys

for line in sys.stdin:
    answer = json.loads(line)
    if answer.get("intersects") and "contacts" in answer:
        answer["contacts"] = []
    print(json.dumps(answer), flush=True)
