#pragma once
// `minkowski render CASE [--out FILE.svg] [--algorithm A] [--precision float|double]`: an SVG
// drawing of one case (reports/case_drawing.hpp). CASE is a case file (one JSON object), a
// fixture file, or `-` for stdin, 2D or 3D (a 3D case is drawn as three orthographic views; its
// --algorithm is a 3D one: gjk, penetration, sat, manifold). Exit 0 drawn, 2 bad input (named
// with file and line).
#include <CLI/CLI.hpp>

namespace minkowski::cli {
void add_render_command(CLI::App& app, int* status);
}  // namespace minkowski::cli
