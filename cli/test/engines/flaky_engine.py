#!/usr/bin/env python3
"""An engine that fails on some cases the way real engines do, and answers correctly otherwise
(cli/test/exec_findings_cli_test.sh: the campaign must record each failure and go on).

usage: flaky_engine.py [--fail-all FAMILY] CORRECT_ENGINE_COMMAND...

It starts CORRECT_ENGINE_COMMAND (minkowski_exec_fast double) and hands it every case it does
not fail on. Which case fails is read from the case's id, family/INDEX/kind (3D: 3d/family/
INDEX/kind), so that the test can derive the counts by hand:
  INDEX % 10 == 3   aborts (SIGABRT) after an assertion message on stderr
  INDEX % 10 == 5   hangs (never answers; the time-out fires)
  INDEX % 10 == 7   writes a line that is not JSON
  INDEX % 10 == 9   dies of SIGSEGV
  any other INDEX   the correct engine's answer
  --fail-all FAMILY every case of FAMILY aborts (a family the engine cannot handle at all)
Shrinking asks about smaller cases whose id ends in /shrink: those are answered correctly (the
failure does not reproduce on them, so their fixture is the campaign's case, unshrunk). Any other
id (the probe's "probe") is answered correctly.
"""
import json
import os
import signal
import subprocess
import sys
import time

args = sys.argv[1:]
fail_all = None
if args[:1] == ["--fail-all"]:
    fail_all, args = args[1], args[2:]
if not args:
    sys.exit("usage: flaky_engine.py [--fail-all FAMILY] CORRECT_ENGINE_COMMAND...")
correct = subprocess.Popen(" ".join(args), shell=True, stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, text=True)


def family_and_index(case_id):
    """(family, index) of a campaign case's id, or (None, None) for any other id."""
    parts = case_id.split("/")
    if parts[:1] == ["3d"]:
        parts = parts[1:]
    # family/INDEX/kind, where a kind may hold a slash (sphere_face/swapped); a shrink
    # candidate's id ends in /shrink
    if len(parts) < 3 or not parts[1].isdigit() or parts[-1] == "shrink":
        return None, None
    return parts[0], int(parts[1])


def abort(why):
    sys.stderr.write("flaky_engine: assertion failed: " + why + "\n")
    sys.stderr.flush()
    os.kill(os.getpid(), signal.SIGABRT)


for line in sys.stdin:
    family, index = family_and_index(json.loads(line).get("id", ""))
    if family is not None and family == fail_all:
        abort("family " + family + " not supported")
    if index is not None:
        if index % 10 == 3:
            abort("index " + str(index))
        elif index % 10 == 5:
            time.sleep(3600)
        elif index % 10 == 7:
            print("flaky_engine: not an answer", flush=True)
            continue
        elif index % 10 == 9:
            os.kill(os.getpid(), signal.SIGSEGV)
    correct.stdin.write(line)
    correct.stdin.flush()
    print(correct.stdout.readline(), end="", flush=True)
