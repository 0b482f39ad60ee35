#!/usr/bin/env python3
"""check_classes.py ENGINES_DIR — checks each engine's failure classes as data (<engine>/classes.json).

For every engine folder under ENGINES_DIR that has a found/ folder or a classes.json:
  - classes.json exists and parses, with engine, adapter, precision (float|double) and classes;
  - each class has a unique name, kind "defect" (a real bug) or "design" (a documented design
    choice), fields named as the judge names them, an explanation, and a repro file that exists;
  - every found/*.json fixture is listed in exactly one class, and every listed fixture exists;
  - a C++ repro (Box2D) is built by CMake: its name appears in ENGINES_DIR/CMakeLists.txt;
  - each Node repro (*.js) runs with exit 0 when node and the engine's packages (package.json
    dependencies) are installed; otherwise the run is skipped and named in the output.
Exit 0 all held (skipped runs listed), 1 a check failed, 2 usage error.

check_classes.py --self-test ENGINES_DIR: applies known defects to the real classes.json data in
memory (a fixture dropped, a fixture in two classes, a bad kind, a missing repro) and exits 1 unless
the checker reports each of them — so the checker itself can be seen to fail.
"""
import copy
import json
import shutil
import subprocess
import sys
from pathlib import Path

KINDS = {"defect", "design"}
PRECISIONS = {"float", "double"}
# The judge's field names: properties::Field (properties/include/minkowski/properties/
# tolerance_model.hpp), named by to_string(Field) in properties/src/bounds.cpp.
FIELDS = {"relation", "distance", "depth", "normal", "witness", "contacts", "contact_depth"}
# A repro script loads one package and runs one query: well under a second. 30 s leaves room for a
# loaded, shared machine without letting a hung script stall the test suite.
REPRO_TIMEOUT_SECONDS = 30


def engine_dirs(root):
    """Engine folders: those with found/ fixtures or a classes.json."""
    return sorted(d for d in root.iterdir() if d.is_dir() and ((d / "found").is_dir() or (d / "classes.json").exists()))


def load_classes(engine):
    """(data, error): classes.json parsed, or None and a message naming the file and line."""
    path = engine / "classes.json"
    if not path.exists():
        return None, f"{path}: missing (every engine with found/ fixtures states its failure classes there)"
    try:
        return json.loads(path.read_text()), None
    except json.JSONDecodeError as e:
        return None, f"{path}:{e.lineno}: not JSON: {e.msg}"


def check_engine(engine, data, cmake_text):
    """Every error in one engine's classes.json (data already parsed), as messages naming the file."""
    where = engine / "classes.json"
    errors = []
    if not isinstance(data, dict):
        return [f"{where}: top level is not an object"]
    for key in ("engine", "adapter"):
        if not isinstance(data.get(key), str) or not data[key]:
            errors.append(f"{where}: '{key}' missing or not a non-empty string")
    if data.get("precision") not in PRECISIONS:
        errors.append(f"{where}: precision {data.get('precision')!r} is not one of {sorted(PRECISIONS)}")
    classes = data.get("classes")
    if not isinstance(classes, list) or not classes:
        return errors + [f"{where}: 'classes' missing or empty"]

    owner = {}  # fixture path -> class names listing it
    names = set()
    for i, c in enumerate(classes):
        label = f"{where}: class {i}"
        if not isinstance(c, dict):
            errors.append(f"{label}: not an object")
            continue
        name = c.get("name")
        if not isinstance(name, str) or not name:
            errors.append(f"{label}: 'name' missing")
            name = f"#{i}"
        elif name in names:
            errors.append(f"{label}: name {name!r} used twice")
        names.add(name)
        label = f"{where}: class {name!r}"
        if c.get("kind") not in KINDS:
            errors.append(f"{label}: kind {c.get('kind')!r} is not one of {sorted(KINDS)}")
        fields = c.get("fields")
        if not isinstance(fields, list) or not fields or not set(fields) <= FIELDS:
            errors.append(f"{label}: fields {fields!r} must be a non-empty list from {sorted(FIELDS)}")
        if not isinstance(c.get("explanation"), str) or not c["explanation"]:
            errors.append(f"{label}: 'explanation' missing")
        fixtures = c.get("fixtures")
        if not isinstance(fixtures, list):
            errors.append(f"{label}: 'fixtures' is not a list")
            fixtures = []
        for f in fixtures:
            if not (engine / f).is_file():
                errors.append(f"{label}: fixture {f} does not exist")
            owner.setdefault(f, []).append(name)
        repro = c.get("repro")
        if not isinstance(repro, str) or not (engine / repro).is_file():
            errors.append(f"{label}: repro {repro!r} does not exist (every class is confirmed outside minkowski)")
        elif repro.endswith(".cpp") and Path(repro).stem not in cmake_text:
            errors.append(f"{label}: repro {repro} is not built: its name is not in CMakeLists.txt")

    for fixture in sorted((engine / "found").glob("*.json")):
        rel = f"found/{fixture.name}"
        listed = owner.get(rel, [])
        if len(listed) != 1:
            errors.append(f"{where}: {rel} is in {len(listed)} classes {listed}, must be in exactly one")
    return errors


def node_repros(engine, data):
    """The Node repro scripts of an engine's classes, or (None, why) when they cannot run here."""
    scripts = [engine / c["repro"] for c in data.get("classes", []) if str(c.get("repro", "")).endswith(".js")]
    if not scripts:
        return [], None
    if shutil.which("node") is None:
        return None, "node is not installed (scripts/install-engines.sh)"
    package = engine / "package.json"
    deps = json.loads(package.read_text()).get("dependencies", {}) if package.exists() else {}
    missing = [d for d in deps if not (engine / "node_modules" / d).is_dir()]
    if missing:
        return None, f"{', '.join(missing)} not installed in {engine / 'node_modules'} (scripts/install-engines.sh)"
    return scripts, None


def run_repro(script):
    """None if the script ran with exit 0, else a message."""
    try:
        r = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=REPRO_TIMEOUT_SECONDS)
    except subprocess.TimeoutExpired:
        return f"{script}: no exit within {REPRO_TIMEOUT_SECONDS} s"
    print(f"  {script.parent.parent.name}/repro/{script.name}: {r.stdout.strip()[:200]}")
    if r.returncode != 0:
        return f"{script}: exit {r.returncode}: {r.stderr.strip()[:500]}"
    return None


def check_all(root):
    cmake_text = (root / "CMakeLists.txt").read_text() if (root / "CMakeLists.txt").exists() else ""
    errors, skipped, ran = [], [], 0
    for engine in engine_dirs(root):
        data, error = load_classes(engine)
        if error:
            errors.append(error)
            continue
        engine_errors = check_engine(engine, data, cmake_text)
        errors += engine_errors
        if engine_errors:
            continue
        scripts, why = node_repros(engine, data)
        if scripts is None:
            skipped.append(f"{engine.name}: {why}")
            continue
        for script in scripts:
            ran += 1
            message = run_repro(script)
            if message:
                errors.append(message)
    return errors, skipped, ran


def self_test(root):
    """Known defects, each applied to a real engine's classes.json, must each be reported."""
    cmake_text = (root / "CMakeLists.txt").read_text()
    engines = [e for e in engine_dirs(root) if load_classes(e)[0] and any((e / "found").glob("*.json"))]
    if not engines:
        print(f"FAIL: no engine with classes.json and found/ fixtures under {root}")
        return 1
    engine = engines[0]
    data = load_classes(engine)[0]
    if check_engine(engine, data, cmake_text):
        print(f"FAIL: {engine}/classes.json is not clean to start with")
        return 1
    first = next(i for i, c in enumerate(data["classes"]) if c["fixtures"])

    def dropped(d):
        d["classes"][first]["fixtures"].pop()

    def doubled(d):
        d["classes"].append(copy.deepcopy(d["classes"][first]) | {"name": "copy"})

    def bad_kind(d):
        d["classes"][0]["kind"] = "bug"

    def no_repro(d):
        d["classes"][0]["repro"] = "repro/does_not_exist.js"

    def bad_field(d):
        d["classes"][0]["fields"] = ["penetration"]

    failed = 0
    for mutation in (dropped, doubled, bad_kind, no_repro, bad_field):
        mutated = copy.deepcopy(data)
        mutation(mutated)
        found = check_engine(engine, mutated, cmake_text)
        print(f"{'ok' if found else 'FAIL'}: {mutation.__name__} on {engine.name}: {found[:1] or 'not reported'}")
        failed += not found
    return 1 if failed else 0


def main(argv):
    if len(argv) == 3 and argv[1] == "--self-test":
        return self_test(Path(argv[2]))
    if len(argv) != 2 or not Path(argv[1]).is_dir():
        print("usage: check_classes.py [--self-test] ENGINES_DIR", file=sys.stderr)
        return 2
    errors, skipped, ran = check_all(Path(argv[1]))
    for e in errors:
        print(f"FAIL: {e}")
    for s in skipped:
        print(f"SKIPPED repro runs of {s}")
    if errors:
        return 1
    print(f"ok: classes.json of every engine checked; {ran} Node repro scripts ran with exit 0")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
