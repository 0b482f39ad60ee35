#pragma once
// `minkowski fixture FILE --dir DIR`: turn each case of a batch into a fixture with the exact
// expected answer, so users can put their own nasty cases into a regression corpus.
// `minkowski replay DIR`: replay every fixture under DIR against the fast library.
// `minkowski merge FILES...`: combine shard summaries of `check --json`.
#include <CLI/CLI.hpp>

namespace minkowski::cli {
void add_fixture_command(CLI::App& app, int* status);
void add_replay_command(CLI::App& app, int* status);
void add_merge_command(CLI::App& app, int* status);
}  // namespace minkowski::cli
