#pragma once
// minkowski/reports/report_writer.hpp — `minkowski report`: index.md, CSV tables and gnuplot SVG
// plots in one directory, from a campaign summary (run now, or read and merged from shards) and a
// fixed sample of the campaign's cases studied on the spot (sample_study.hpp).
//
// The summary may hold both dimensions (cells "3d/<algorithm>/<family>/<precision>" beside the 2D
// ones; properties::join_dimensions): every table and plot built from it then has 3D rows,
// labelled "3d/<algorithm>" and ordered beside their 2D twin, and CSV tables of cells or bounds
// have a "dimension" column (2 or 3), as do sweep.csv and contacts.csv.
//
// Sections of index.md, each opening with one sentence saying what its figure shows:
//   1 errors against the exact answer      errors.csv, errors_by_field_{double,float}.csv,
//                                          errors_{double,float}.svg
//   2 observed constants and bounds        bounds.csv, bounds_plot.csv, bounds.svg
//   3 tolerance sweep                      sweep.csv, sweep_<tolerance>_{double,float}.csv and
//                                          sweep_<tolerance>.svg for each of sweep_names();
//                                          3D: sweep_3d_<tolerance>_{double,float}.csv and
//                                          sweep_3d_<tolerance>.svg for the settings the 3D
//                                          library has (sample_study.hpp)
//   4 float against double                 float_vs_double.csv, float_vs_double.svg
//   5 contact points                       contacts.csv, contact_example.json,
//                                          contact_example_{manifold,internal_vertices}.svg
//                                          (render); 3D: contact_example_3d.json,
//                                          contact_example_3d_{manifold,internal_vertices}.svg
//   6 the reference                        reference.csv (2D); with a 3D campaign the hull
//                                          paths per 3D family (Summary::reference_by_family):
//                                          reference3.csv, reference3_plot.csv, reference3.svg
//   7 time per case                        timing.csv, timing.svg; 3D: timing3.csv, timing3.svg
//   8 engines (--engine NAME=summary.json) engine_<name>.csv; with --engine-classes
//     NAME=classes.json (EngineInput::classes) a table of the engine's failure classes and
//     engine_<name>_<defect|design>_<n>.svg, each drawn from the class's first fixture
//   9 worst cases                          worst_<algorithm>_<precision>.{json,svg} (render);
//                                          3D: worst_3d_<algorithm>_<precision>.{json,svg}
//  10 coverage                             coverage.csv, one table per dimension
// Without gnuplot the report is written with tables only and index.md says so at the top.
//
// Failure cases: std::runtime_error naming the file that could not be written, or the gnuplot
// script that gnuplot rejected.

#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "minkowski/properties/campaign_summary.hpp"
#include "minkowski/reports/sample_study.hpp"

namespace minkowski::reports {

struct EngineInput {
  std::string name;  ///< label given on the command line
  std::string path;  ///< the summary file
  properties::Summary summary;
  nlohmann::json raw;  ///< the file as read: optional extra keys (e.g. "worst_cases")
  /// The engine's failure classes (examples/engines/<engine>/classes.json: name, kind defect |
  /// design, fields, fixtures, repro), with the folder its paths are relative to; empty if none.
  nlohmann::json classes;
  std::filesystem::path classes_dir;
};

struct ReportInput {
  properties::Summary summary;
  std::string provenance;  ///< how the summary was obtained (the command, or the files)
  std::vector<EngineInput> engines;
  SampleOptions sample;
  std::filesystem::path out;
  bool plots = true;  ///< false: tables only (gnuplot missing)
};

struct ReportOutcome {
  std::vector<std::string> files;  ///< written, relative to the output directory
  double sample_seconds = 0;
};

ReportOutcome write_report(const ReportInput& in);

/// A one-line description of this machine for the timing section (CPU model, cores).
std::string describe_machine();

}  // namespace minkowski::reports
