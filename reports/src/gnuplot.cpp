#include "minkowski/reports/gnuplot.hpp"

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "minkowski/reports/files.hpp"

namespace minkowski::reports {
namespace {

std::string gnuplot_command() {
  const char* env = std::getenv("MINKOWSKI_GNUPLOT");
  return env && *env ? env : "gnuplot";
}

// Single-quotes `s` for /bin/sh.
std::string sh_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

}  // namespace

bool gnuplot_available() {
  const std::string cmd = sh_quote(gnuplot_command()) + " --version >/dev/null 2>&1";
  return std::system(cmd.c_str()) == 0;
}

void run_gnuplot(const std::filesystem::path& dir, const std::string& name, const std::string& body,
                 int width, int height) {
  const std::string script = fmt::format(
                                 "set terminal svg size {},{} dynamic enhanced font 'DejaVu "
                                 "Sans,12' background rgb 'white'\n"
                                 "set output '{}'\n"
                                 "set datafile separator ','\n"
                                 "set key outside right top box opaque noenhanced\n"
                                 "set grid ytics lc rgb '#dddddd'\n",
                                 width, height, name + ".svg.part") +
                             body + "unset output\n";
  write_text_file(dir / (name + ".gp"), script);
  const std::filesystem::path log = dir / (name + ".gp.log");
  const std::string cmd =
      fmt::format("cd {} && {} {} > {} 2>&1", sh_quote(dir.string()), sh_quote(gnuplot_command()),
                  sh_quote(name + ".gp"), sh_quote(log.filename().string()));
  const int rc = std::system(cmd.c_str());
  std::ifstream in(log);
  std::stringstream msg;
  msg << in.rdbuf();
  std::error_code ignored;
  if (rc != 0 || !std::filesystem::exists(dir / (name + ".svg.part"))) {
    std::filesystem::remove(dir / (name + ".svg.part"), ignored);
    throw std::runtime_error(
        fmt::format("gnuplot failed on {}: {}", (dir / (name + ".gp")).string(), msg.str()));
  }
  std::filesystem::rename(dir / (name + ".svg.part"), dir / (name + ".svg"));
  if (msg.str().empty()) std::filesystem::remove(log, ignored);
}

}  // namespace minkowski::reports
