#!/usr/bin/env python3
"""Deliberately broken engines behind `minkowski check --exec` (cli/test/exec_cli_test.sh).

usage: bad_engine.py MODE
  crash    aborts (SIGABRT) on any case with a rounded shape, after a line on stderr; skips others
  hang     never answers (sleeps), so the time-out fires
  garbage  answers every case with a line that is not JSON
  badtype  answers {"intersects": "yes"}: JSON, but not a protocol answer
  twice    answers every case twice
  exit     reads one case and exits with status 0 without answering
"""
import json
import os
import signal
import sys
import time

mode = sys.argv[1]
for line in sys.stdin:
    case = json.loads(line)
    if mode == "crash":
        if case["a"].get("radius", 0) > 0 or case["b"].get("radius", 0) > 0:
            sys.stderr.write("bad_engine: cannot handle a radius\n")
            sys.stderr.flush()
            os.kill(os.getpid(), signal.SIGABRT)
        print('{"skip": true}', flush=True)
    elif mode == "hang":
        time.sleep(3600)
    elif mode == "garbage":
        print("hello, I am not JSON", flush=True)
    elif mode == "badtype":
        print('{"intersects": "yes"}', flush=True)
    elif mode == "twice":
        print('{"skip": true}\n{"skip": true}', flush=True)
    elif mode == "exit":
        sys.exit(0)
    else:
        sys.exit("bad_engine: unknown mode " + mode)
