#include "minkowski/reference/numbers.hpp"

#include <sstream>

namespace minkowski::reference {

std::string to_string(const Rational& r) {
  return r.str();  // GMP prints "p/q" in lowest terms, "p" when q = 1
}

std::string to_decimal(const Real& r, int digits) {
  if (r == 0) return "0";
  std::ostringstream os;
  os.precision(digits);
  os << std::scientific << r;
  return os.str();
}

std::string to_decimal(const Rational& r, int digits) {
  if (r == 0) return "0";
  return to_decimal(Real(numerator(r)) / Real(denominator(r)), digits);
}

}  // namespace minkowski::reference
