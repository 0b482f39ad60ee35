#pragma once
// fuzz/fuzz_bytes.hpp — how the numeric fuzz targets read a case out of arbitrary bytes, and how
// they report a finding on it (fail_with_case).
//
// Layout: byte 0 and byte 1 give the point counts of shapes a and b (count = byte % (max + 1),
// so 0 — an empty shape — is reachable); then values follow, each one tag byte and maybe 8 more:
//   tag 0..15   a special value (kSpecials below: ±0, ±1, NaN, ±inf, ±denormals, the smallest
//               normal, ±1e308, 2^1022, fast's coordinate limit, "repeat the previous value",
//               "the previous value's next double up") — so the fuzzer reaches them in one byte
//               instead of guessing 11 exponent bits;
//   tag 16..47  the small integer tag − 32 (-16..15): exact touching and duplicate points;
//   tag 48..255 the next 8 bytes are a little-endian IEEE double (any bit pattern).
// Values are read in the order radius a, radius b, then a's points (x, y), then b's. Input that
// ends early gives nullopt (the target skips it). fuzz/make_seed_corpus.py writes this layout
// (tag 255 + 8 bytes) from the fixtures.

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>
#include <string>

#include "minkowski/fast/tolerances.hpp"
#include "minkowski/fixtures/case_io.hpp"

namespace minkowski::fuzz {

class ByteReader {
 public:
  ByteReader(const std::uint8_t* data, std::size_t size) : p_(data), end_(data + size) {}

  std::optional<std::uint8_t> byte() {
    if (p_ == end_) return std::nullopt;
    return *p_++;
  }

  std::optional<double> value() {
    const auto tag = byte();
    if (!tag) return std::nullopt;
    double v = 0;
    if (*tag < 16) {
      v = special(*tag);
    } else if (*tag < 48) {
      v = static_cast<double>(static_cast<int>(*tag) - 32);
    } else {
      if (end_ - p_ < 8) return std::nullopt;
      std::uint64_t bits = 0;
      for (int i = 0; i < 8; ++i) bits |= std::uint64_t{p_[i]} << (8 * i);
      p_ += 8;
      v = std::bit_cast<double>(bits);
    }
    previous_ = v;
    return v;
  }

 private:
  double special(std::uint8_t t) const {
    constexpr double inf = std::numeric_limits<double>::infinity();
    switch (t) {
      case 0:
        return 0.0;
      case 1:
        return -0.0;
      case 2:
        return 1.0;
      case 3:
        return -1.0;
      case 4:
        return std::numeric_limits<double>::quiet_NaN();
      case 5:
        return inf;
      case 6:
        return -inf;
      case 7:
        return std::numeric_limits<double>::denorm_min();
      case 8:
        return -std::numeric_limits<double>::denorm_min();
      case 9:
        return std::numeric_limits<double>::min();
      case 10:
        return 1e308;
      case 11:
        return -1e308;
      case 12:
        return 0x1p1022;  // the reference's coordinate limit (reference/src/shape.cpp)
      case 13:
        return fast::max_coordinate<double>();
      case 14:
        return previous_;  // duplicate points, zero-length edges
      default:
        return std::nextafter(previous_, inf);  // one ulp off the previous value
    }
  }

  const std::uint8_t* p_;
  const std::uint8_t* end_;
  double previous_ = 0;
};

/// Decodes a case with at most `max_points` points per shape, or nullopt if the bytes run out.
/// The case is not validated: it may hold NaN, infinities, negative radii or no points at all.
inline std::optional<fixtures::Case> decode_case(const std::uint8_t* data, std::size_t size,
                                                 std::size_t max_points) {
  ByteReader r(data, size);
  const auto na = r.byte(), nb = r.byte();
  if (!na || !nb) return std::nullopt;
  fixtures::Case c;
  const auto ra = r.value(), rb = r.value();
  if (!ra || !rb) return std::nullopt;
  c.a.radius = *ra;
  c.b.radius = *rb;
  for (auto [shape, n] :
       {std::pair{&c.a, *na % (max_points + 1)}, std::pair{&c.b, *nb % (max_points + 1)}})
    for (std::size_t i = 0; i < n; ++i) {
      const auto x = r.value(), y = r.value();
      if (!x || !y) return std::nullopt;
      shape->points.push_back({*x, *y});
    }
  return c;
}

/// A finding: prints "target: what" and the case as one JSON line to stderr (run_fuzzer.sh shows
/// both), then aborts, which libFuzzer records as a crash with the input that caused it.
[[noreturn]] inline void fail_with_case(const char* target, const fixtures::Case& c,
                                        const std::string& what) {
  std::fprintf(stderr, "%s: %s\ncase: %s\n", target, what.c_str(),
               fixtures::case_to_json(c).dump().c_str());
  std::abort();
}

}  // namespace minkowski::fuzz
