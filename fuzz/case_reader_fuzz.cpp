// fuzz/case_reader_fuzz.cpp — the case and fixture readers (fixtures/case_io.hpp,
// fixtures/fixture_io.hpp) on arbitrary bytes: truncated JSON, non-UTF-8, wrong types, huge
// numbers, duplicate keys, deep nesting.
//
// Asserts, aborting (a libFuzzer finding) otherwise:
//   - read_batch never throws and reports every bad line through on_error with a message that
//     names the source and a line number within the input, and that is printable ASCII (so
//     `query` can answer the line with {"error": message}: a non-UTF-8 byte would make writing
//     that JSON throw);
//   - fixture_from_text either returns or throws CaseError (nothing else), with a line within the
//     input;
//   - every case either reader accepts is valid (reference::validate passes) and survives
//     write → read bit for bit (case_to_json, then parse_case_line).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>

#include "minkowski/fixtures/fixture_io.hpp"

namespace {

using namespace minkowski;

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "case_reader_fuzz: %s\n", what.c_str());
  std::abort();
}

void check_message(const std::string& message) {
  for (const unsigned char ch : message)
    if (ch < 0x20 || ch >= 0x7f) fail("error message has a non-printable byte: " + message);
}

bool same_bits(double x, double y) { return std::memcmp(&x, &y, sizeof x) == 0; }

bool same_shape(const reference::Shape& a, const reference::Shape& b) {
  if (a.points.size() != b.points.size() || !same_bits(a.radius, b.radius)) return false;
  for (std::size_t i = 0; i < a.points.size(); ++i)
    if (!same_bits(a.points[i].x, b.points[i].x) || !same_bits(a.points[i].y, b.points[i].y))
      return false;
  return true;
}

void check_accepted(const fixtures::Case& c) {
  try {
    reference::validate(c.a, "shape a");
    reference::validate(c.b, "shape b");
  } catch (const reference::InputError& e) {
    fail(std::string("reader accepted an invalid case: ") + e.what());
  }
  const fixtures::Case back =
      fixtures::parse_case_line(fixtures::case_to_json(c).dump(), "<roundtrip>", 1);
  if (back.id != c.id || !same_shape(back.a, c.a) || !same_shape(back.b, c.b))
    fail("case changed on write → read: " + fixtures::case_to_json(c).dump());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const std::size_t lines =
      1 + static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));

  std::istringstream in(text);
  std::size_t errors = 0;
  try {
    const std::size_t bad = fixtures::read_batch(
        in, "<fuzz>", [&](std::size_t, fixtures::Case&& c) { check_accepted(c); },
        [&](const fixtures::CaseError& e) {
          ++errors;
          check_message(e.what());
          if (e.source() != "<fuzz>" || e.line() < 1 || e.line() > lines)
            fail(std::string("batch error with a wrong place: ") + e.what());
        });
    if (bad != errors) fail("read_batch's count of bad lines differs from the errors it reported");
  } catch (const std::exception& e) {
    fail(std::string("read_batch threw: ") + e.what());
  }

  try {
    const fixtures::Fixture f = fixtures::fixture_from_text(text, "<fuzz>");
    check_accepted(f.c);
  } catch (const fixtures::CaseError& e) {
    check_message(e.what());
    if (e.line() < 1 || e.line() > lines)
      fail(std::string("fixture error with a wrong line: ") + e.what());
  } catch (const std::exception& e) {
    fail(std::string("fixture_from_text threw something other than CaseError: ") + e.what());
  }
  return 0;
}
