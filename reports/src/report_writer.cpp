#include "minkowski/reports/report_writer.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <thread>

#include <fmt/format.h>

#include "report_parts.hpp"

namespace minkowski::reports {

using namespace detail;

std::string describe_machine() {
  std::string model = "unknown CPU";
  std::ifstream cpu("/proc/cpuinfo");
  for (std::string line; std::getline(cpu, line);)
    if (line.rfind("model name", 0) == 0) {
      model = line.substr(line.find(':') + 2);
      break;
    }
  return fmt::format("{}, {} hardware threads", model, std::thread::hardware_concurrency());
}

namespace {
// " (N 2D, M 3D)" when the summary holds cells of both dimensions, " (3D)" for 3D alone, else "".
// A family's cases are the most any of its cells counts (every subject judges every case).
std::string dimensions_note(const properties::Summary& s) {
  std::map<std::string, std::uint64_t> per_family;  // "<dim>/<family>" -> cases
  for (const auto& [key, c] : s.cells) {
    const Key k = split_key(key);
    std::uint64_t& n = per_family[std::to_string(k.dim) + "/" + k.family];
    n = std::max(n, c.cases);
  }
  std::uint64_t two = 0, three = 0;
  for (const auto& [f, n] : per_family) (f[0] == '3' ? three : two) += n;
  if (three == 0) return "";
  if (two == 0) return " (3D)";
  return fmt::format(" ({} 2D, {} 3D)", two, three);
}
}  // namespace

ReportOutcome write_report(const ReportInput& in) {
  std::filesystem::create_directories(in.out);
  const SampleStudy st = run_sample_study(in.sample);
  Report r(in);
  r.outcome().sample_seconds = st.seconds;
  auto& md = r.md();
  const properties::Summary& s = in.summary;
  md << "# minkowski tolerance report\n\n";
  if (!in.plots)
    md << "> **Tables only: gnuplot was not found**, so no plots were drawn. Install it (Debian: "
          "`apt-get install "
          "gnuplot-nox`) and run the report again.\n\n";
  md << fmt::format(
      "Fast answers judged against the exact reference under the tolerance model of "
      "docs/design.md. Campaign: {}; "
      "{} cases{}, {} violations{}. Options: `{}`. The sample studies (sweep, contacts, timing, "
      "worst cases) use the "
      "first {} cases of each family of seed {} ({:.1f} s).\n\n"
      "Units: errors are in u·S — u the unit roundoff of the fast type (2^-53 double, 2^-24 "
      "float), S the largest "
      "absolute coordinate or radius of the case — so they compare across scales and types.\n",
      in.provenance, s.cases, dimensions_note(s), s.violations,
      s.interrupted ? " (interrupted: partial)" : "", s.options.dump(), in.sample.per_family,
      in.sample.seed, st.seconds);
  section_errors(r);
  section_bounds(r);
  section_sweep(r, st);
  section_float_double(r);
  section_contacts(r, st);
  section_reference(r);
  section_reference3(r);
  section_timing(r, st);
  section_timing3(r, st);
  section_engines(r);
  section_worst(r, st);
  section_coverage(r);
  r.file("index.md", md.str());
  return r.outcome();
}

}  // namespace minkowski::reports
