// minkowski — exact and fast 2D and 3D convex collision queries, and the tools that check one
// against the other. Subcommands are registered from one file each (*_command.cpp).
#include <iostream>

#include <CLI/CLI.hpp>

#include "minkowski/version.hpp"
#include "check_command.hpp"
#include "fixture_command.hpp"
#include "query_command.hpp"
#include "render_command.hpp"
#include "report_command.hpp"

int main(int argc, char** argv) {
  CLI::App app{"minkowski: exact oracle and fast narrow phase for 2D and 3D convex collision"};
  app.set_version_flag("--version", std::string("minkowski ") + MINKOWSKI_VERSION);
  app.require_subcommand(1);
  int status = 0;
  minkowski::cli::add_query_command(app, &status);
  minkowski::cli::add_check_command(app, &status);
  minkowski::cli::add_fixture_command(app, &status);
  minkowski::cli::add_replay_command(app, &status);
  minkowski::cli::add_merge_command(app, &status);
  minkowski::cli::add_report_command(app, &status);
  minkowski::cli::add_render_command(app, &status);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    // Usage errors exit 2 (docs/design.md, "Command line": 2 = usage or input error).
    return code == 0 ? 0 : 2;
  }
  return status;
}
