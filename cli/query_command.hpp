#pragma once
// `minkowski query [FILE]`: one JSON result per case — the exact answer, and each fast
// algorithm's answer with its error against the exact one. A 3D case (points [x, y, z]) gets the
// exact 3D answer (same keys, 3-vectors) and "fast": {"skipped": "no fast 3D narrow phase yet"};
// 2D and 3D lines may be mixed in one batch.
#include <CLI/CLI.hpp>

namespace minkowski::cli {

/// Registers the subcommand; the callback stores its exit status in *status.
void add_query_command(CLI::App& app, int* status);

}  // namespace minkowski::cli
