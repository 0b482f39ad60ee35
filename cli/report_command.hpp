#pragma once
// `minkowski report`: the tolerance comparison report (reports/report_writer.hpp) in --out DIR.
//   --cases N [--seed S] [--threads T]   run a campaign of N cases per family now, or
//   --from A.json [B.json ...]           read `check --json` summaries (shards are merged);
//   --engine NAME=summary.json           a section per external engine (repeatable);
//   --engine-classes NAME=classes.json   that engine's failure classes (NAME must be given by an
//                                        --engine), each drawn from its first fixture;
//   --sample N                           cases per family of the sample studies.
// Exit 0 written, 2 usage or input error (a summary that cannot be read, an unwritable DIR).
#include <CLI/CLI.hpp>

namespace minkowski::cli {
void add_report_command(CLI::App& app, int* status);
}  // namespace minkowski::cli
