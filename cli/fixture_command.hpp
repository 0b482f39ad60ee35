#pragma once
// `minkowski fixture FILE --dir DIR`: turn each case of a batch (2D and 3D lines) into a fixture
// with the exact expected answer, so users can put their own nasty cases into a regression corpus.
// `minkowski replay DIR`: replay every fixture under DIR, 2D and 3D, against the fast library (the
// exact answer must still be the stored one; every fast algorithm of the fixture's dimension is
// judged in float and double), counted per dimension. With --exec the engine is asked instead,
// 2D and 3D fixtures alike in file order, each held to its dimension's engine bounds.
// `minkowski merge FILES...`: combine shard summaries of `check --json`.
#include <CLI/CLI.hpp>

namespace minkowski::cli {
void add_fixture_command(CLI::App& app, int* status);
void add_replay_command(CLI::App& app, int* status);
void add_merge_command(CLI::App& app, int* status);
}  // namespace minkowski::cli
