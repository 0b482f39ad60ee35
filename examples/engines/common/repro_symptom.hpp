// repro_symptom.hpp — the verdict every engine repro program (examples/engines/*/repro/*.cpp)
// ends with: exit 0 while the engine still shows its failure class's symptom, 1 once it does not
// (the engine changed: revisit the class in its README). Header-only, no engine code.
#pragma once

#include <cstdio>

namespace repro {

/// Prints the verdict and returns the exit status: 0 when `present`, else 1 naming `readme`.
inline int symptom(bool present, const char* readme) {
  if (present) {
    std::printf("symptom present\n");
    return 0;
  }
  std::printf("symptom absent: revisit %s\n", readme);
  return 1;
}

}  // namespace repro
