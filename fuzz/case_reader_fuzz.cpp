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
//     write → read bit for bit (case_to_json, then parse_case_line);
//   - read_any_batch (2D and 3D cases, the arity of the points deciding) keeps the same rules:
//     never throws, every bad line named, every accepted case of either dimension valid and
//     surviving write → read bit for bit (parse_any_case_line); and a line read_batch accepts,
//     read_any_batch accepts as the same 2D case.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>
#include <variant>

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

bool same_shape(const reference::Shape3& a, const reference::Shape3& b) {
  if (a.points.size() != b.points.size() || !same_bits(a.radius, b.radius)) return false;
  for (std::size_t i = 0; i < a.points.size(); ++i)
    if (!same_bits(a.points[i].x, b.points[i].x) || !same_bits(a.points[i].y, b.points[i].y) ||
        !same_bits(a.points[i].z, b.points[i].z))
      return false;
  return true;
}

void check_accepted3(const fixtures::Case3& c) {
  try {
    reference::validate(c.a, "shape a");
    reference::validate(c.b, "shape b");
  } catch (const reference::InputError& e) {
    fail(std::string("reader accepted an invalid 3D case: ") + e.what());
  }
  const fixtures::AnyCase back = fixtures::parse_any_case_line(
      fixtures::case_to_json(fixtures::AnyCase(c)).dump(), "<roundtrip>", 1);
  const auto* b3 = std::get_if<fixtures::Case3>(&back);
  if (!b3 || b3->id != c.id || !same_shape(b3->a, c.a) || !same_shape(b3->b, c.b))
    fail("3D case changed on write → read: " + fixtures::case_to_json(fixtures::AnyCase(c)).dump());
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
  std::size_t errors = 0, cases_2d = 0;
  try {
    const std::size_t bad = fixtures::read_batch(
        in, "<fuzz>",
        [&](std::size_t, fixtures::Case&& c) {
          ++cases_2d;
          check_accepted(c);
        },
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

  // The reader of either dimension: the same rules, and the 2D cases read_batch accepted.
  std::istringstream in_any(text);
  std::size_t any_errors = 0, any_cases_2d = 0;
  try {
    const std::size_t bad = fixtures::read_any_batch(
        in_any, "<fuzz>",
        [&](std::size_t, fixtures::AnyCase&& c) {
          if (const auto* c2 = std::get_if<fixtures::Case>(&c)) {
            ++any_cases_2d;
            check_accepted(*c2);
          } else {
            check_accepted3(std::get<fixtures::Case3>(c));
          }
        },
        [&](const fixtures::CaseError& e) {
          ++any_errors;
          check_message(e.what());
          if (e.source() != "<fuzz>" || e.line() < 1 || e.line() > lines)
            fail(std::string("read_any_batch error with a wrong place: ") + e.what());
        });
    if (bad != any_errors) fail("read_any_batch's count of bad lines differs from its errors");
  } catch (const std::exception& e) {
    fail(std::string("read_any_batch threw: ") + e.what());
  }
  if (any_cases_2d != cases_2d)
    fail("read_batch and read_any_batch accepted different numbers of 2D cases");

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
