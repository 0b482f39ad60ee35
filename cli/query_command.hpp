#pragma once
// `minkowski query [FILE]`: one JSON result per case — the exact answer, and each fast
// algorithm's answer with its error against the exact one.
#include <CLI/CLI.hpp>

namespace minkowski::cli {

/// Registers the subcommand; the callback stores its exit status in *status.
void add_query_command(CLI::App& app, int* status);

}  // namespace minkowski::cli
