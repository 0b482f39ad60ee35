#pragma once
// minkowski/reports/files.hpp — output files written whole or not at all.
//
// write_text_file writes to a temporary file next to `path` and renames it into place, so a
// reader (or a crash half-way) never sees a partial file. Throws std::runtime_error naming the
// path when it cannot be written.

#include <filesystem>
#include <string>

namespace minkowski::reports {

void write_text_file(const std::filesystem::path& path, const std::string& content);

/// The whole content of a file, or of stdin for "-". Throws std::runtime_error naming the file.
std::string read_text_file(const std::string& path);

}  // namespace minkowski::reports
