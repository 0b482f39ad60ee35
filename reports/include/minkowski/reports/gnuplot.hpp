#pragma once
// minkowski/reports/gnuplot.hpp — SVG plots drawn by gnuplot (Debian: gnuplot-nox).
//
// A plot is a gnuplot script written next to its data (CSV files in the same directory) and run
// there, so `cd reports/out && gnuplot errors_double.gp` redraws it by hand. When gnuplot is not
// installed the report degrades to tables only and says so in index.md (report_writer.cpp);
// a script that gnuplot rejects is an error naming the script and gnuplot's message.

#include <filesystem>
#include <string>

namespace minkowski::reports {

/// True when `gnuplot` runs (on PATH, or the file named by the MINKOWSKI_GNUPLOT environment
/// variable — which tests use to simulate a missing gnuplot).
bool gnuplot_available();

/// Writes `dir/name.gp` (a common preamble — SVG terminal, font, size, output — then `body`) and
/// runs it in `dir`; gnuplot draws into `name.svg.part`, renamed to `name.svg` when it succeeds.
/// Throws std::runtime_error with gnuplot's message when it fails.
void run_gnuplot(const std::filesystem::path& dir, const std::string& name, const std::string& body,
                 int width = 900, int height = 480);

}  // namespace minkowski::reports
