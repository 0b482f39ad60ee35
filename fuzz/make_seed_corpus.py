#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpora from the repository's cases (never a checked-in blob).

usage: make_seed_corpus.py SOURCE_DIR OUT_DIR

OUT_DIR/text/    for case_reader_fuzz: every fixture file under fixtures/ as it is, and every case
                 line of fixtures/**/*.jsonl and examples/*.jsonl on its own;
OUT_DIR/numeric/ for fast_vs_reference_fuzz and reference_hull_fuzz: the same cases in the byte
                 layout of fuzz/fuzz_bytes.hpp (counts, then tag 255 + little-endian double per
                 value), shapes cut to their first 16 points.
"""
import hashlib
import json
import pathlib
import struct
import sys

MAX_POINTS = 16  # kMaxFuzzPoints of fast_vs_reference_fuzz.cpp (the smaller of the two targets)
RAW_TAG = 255    # fuzz_bytes.hpp: tags 48..255 are followed by 8 bytes of a double


def encode(case):
    a, b = case["a"], case["b"]
    pa, pb = a["points"][:MAX_POINTS], b["points"][:MAX_POINTS]
    out = bytearray([len(pa), len(pb)])
    values = [a.get("radius", 0), b.get("radius", 0)]
    values += [float(v) for p in pa + pb for v in p]
    for v in values:
        out += bytes([RAW_TAG]) + struct.pack("<d", float(v))
    return bytes(out)


def put(directory, data):
    name = hashlib.sha1(data).hexdigest()  # libFuzzer's own naming: content hash, so no duplicates
    (directory / name).write_bytes(data)


def main():
    src, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    text, numeric = out / "text", out / "numeric"
    for d in (text, numeric):
        d.mkdir(parents=True, exist_ok=True)
    cases = []
    for f in sorted((src / "fixtures").rglob("*.json")):
        raw = f.read_bytes()
        put(text, raw)
        cases.append(json.loads(raw))
    for f in sorted(list((src / "fixtures").rglob("*.jsonl")) + list((src / "examples").glob("*.jsonl"))):
        for line in f.read_text().splitlines():
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            put(text, line.encode())
            try:
                cases.append(json.loads(line))
            except ValueError:
                pass  # a deliberately bad example line: a text seed only
    for c in cases:
        try:
            put(numeric, encode(c))
        except (KeyError, TypeError, ValueError):
            pass
    print(f"seed corpora: {len(list(text.iterdir()))} text, {len(list(numeric.iterdir()))} numeric inputs")


if __name__ == "__main__":
    main()
