#pragma once
// `minkowski check`: the randomized campaign over every family, judged against the exact
// reference; violations are shrunk and written as fixtures.
#include <CLI/CLI.hpp>

namespace minkowski::cli {
void add_check_command(CLI::App& app, int* status);
}  // namespace minkowski::cli
