#!/usr/bin/env bash
# The main job: builds minkowski and answers the example batch exactly, writing one JSON result
# per case to reports/out/query.jsonl. (The randomized campaign that ends in a report replaces
# this when `minkowski check` and `minkowski report` land: see the README's "Not done yet".)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake --preset default
cmake --build --preset default -j "$(nproc)" --target minkowski
mkdir -p reports/out
./build/default/cli/minkowski query examples/cases.jsonl > reports/out/query.jsonl
echo "main-job: $(wc -l < reports/out/query.jsonl) exact answers in reports/out/query.jsonl"
