#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpora from the repository's cases (never a checked-in blob).

usage: make_seed_corpus.py SOURCE_DIR OUT_DIR

OUT_DIR/text/    for case_reader_fuzz: every fixture file under fixtures/ as it is, and every case
                 line of fixtures/**/*.jsonl and examples/*.jsonl on its own;
OUT_DIR/numeric/ for fast_vs_reference_fuzz and reference_hull_fuzz: the same cases in the byte
                 layout of fuzz/fuzz_bytes.hpp (counts, then tag 255 + little-endian double per
                 value), shapes cut to their first 16 points.
OUT_DIR/numeric3/ for fast3_vs_reference_fuzz: every 3D case of the JSON Lines batches of
                 fixtures/ and examples/ (not the one-case .json fixtures) in its raw layout (byte
                 0 even, counts, radii, points), shapes cut to their first 12 points; and its
                 constructed layout (byte 0 odd) for every pair of shape kinds, free and touching
                 along each axis, exact and nudged, so that a short smoke run starts from every
                 construction (fast3_vs_reference_fuzz.cpp documents both layouts).
"""
import hashlib
import json
import pathlib
import struct
import sys

MAX_POINTS = 16  # kMaxFuzzPoints of fast_vs_reference_fuzz.cpp (the smaller of the two targets)
MAX_POINTS3 = 12  # kMaxFuzzPoints3 of fast3_vs_reference_fuzz.cpp
RAW_TAG = 255    # fuzz_bytes.hpp: tags 48..255 are followed by 8 bytes of a double
SMALL_INT_TAG = 32  # fuzz_bytes.hpp: tags 16..47 are the small integer tag - 32 (-16..15)
KINDS3 = 8  # fast3_vs_reference_fuzz.cpp: point, segment, triangle, square, box, tetra, octa, cloud


def encode(case):
    a, b = case["a"], case["b"]
    pa, pb = a["points"][:MAX_POINTS], b["points"][:MAX_POINTS]
    out = bytearray([len(pa), len(pb)])
    values = [a.get("radius", 0), b.get("radius", 0)]
    values += [float(v) for p in pa + pb for v in p]
    for v in values:
        out += bytes([RAW_TAG]) + struct.pack("<d", float(v))
    return bytes(out)


def is_3d(case):
    pts = case["a"]["points"] + case["b"]["points"]
    return bool(pts) and all(len(p) == 3 for p in pts)


def encode3(case):
    """The raw layout of fast3_vs_reference_fuzz (byte 0 even)."""
    a, b = case["a"], case["b"]
    pa, pb = a["points"][:MAX_POINTS3], b["points"][:MAX_POINTS3]
    out = bytearray([0, len(pa), len(pb)])
    values = [a.get("radius", 0), b.get("radius", 0)]
    values += [float(v) for p in pa + pb for v in p]
    for v in values:
        out += bytes([RAW_TAG]) + struct.pack("<d", float(v))
    return bytes(out)


def small(v):
    """A small integer (-16..15) as fuzz_bytes.hpp's one-byte tag."""
    return bytes([SMALL_INT_TAG + v])


def constructed3(kind_a, kind_b, placement, orient_b):
    """The constructed layout of fast3_vs_reference_fuzz (byte 0 odd): A of kind_a, half-extents
    (2, 3, 4) at the origin, unturned; B of kind_b, half-extents (1, 2, 1) at (5, 1, 2), turned by
    orientation byte orient_b, radius 1 for even kinds; the placement byte as given; scale 2^0, no
    far offset."""
    out = bytearray([1])
    for kind, h, centre, orient, radius in ((kind_a, (2, 3, 4), (0, 0, 0), 0, 0),
                                            (kind_b, (1, 2, 1), (5, 1, 2), orient_b, kind_b % 2)):
        out += bytes([kind])
        for v in h + centre:
            out += small(v)
        out += bytes([orient]) + small(radius)
        if kind == KINDS3 - 1:  # a cloud: 4 points around the centre
            out += bytes([3])
            for p in ((1, 0, 0), (0, 1, 0), (0, 0, 1), (-1, -1, -1)):
                out += b"".join(small(v) for v in p)
        out += bytes([0])  # no jitter
    out += bytes([placement, 0, 1])  # placement, scale 2^0, far byte 1 (no offset)
    return bytes(out)


def put(directory, data):
    name = hashlib.sha1(data).hexdigest()  # libFuzzer's own naming: content hash, so no duplicates
    (directory / name).write_bytes(data)


def main():
    src, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    text, numeric, numeric3 = out / "text", out / "numeric", out / "numeric3"
    for d in (text, numeric, numeric3):
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
            put(numeric, encode(c))  # 3D cases of examples/ too, as before: odd 2D seeds
        except (KeyError, TypeError, ValueError):
            pass
    for c in cases:
        try:
            if is_3d(c):
                put(numeric3, encode3(c))
        except (KeyError, TypeError, ValueError):
            pass
    # Constructed 3D seeds: every pair of kinds, free (placement 0), touching exactly along +x
    # (placement 8·0 + 24 + 1 = 25) and nudged by -1 ulp along -z (16 + 3 = 19), B turned by the
    # 3-4-5 turn about z (orientation 48 + 2 = 50) for the free pairs.
    for ka in range(KINDS3):
        for kb in range(KINDS3):
            for placement, orient in ((0, 50), (25, 0), (19, 0)):
                put(numeric3, constructed3(ka, kb, placement, orient))
    print(f"seed corpora: {len(list(text.iterdir()))} text, {len(list(numeric.iterdir()))} numeric, "
          f"{len(list(numeric3.iterdir()))} numeric3 inputs")


if __name__ == "__main__":
    main()
