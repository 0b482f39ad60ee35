# Every dependency comes from Debian packages (scripts/install-deps.sh) and is found here.
# Facts about the targets: ../shared/NOTES-deps.md.
find_package(Qhull 8.0 CONFIG REQUIRED)          # Qhull::qhull_r (reentrant C API only; never
                                                 # qhullcpp in the same process: QH10025)
find_package(Boost 1.74 CONFIG REQUIRED)         # Boost::headers (Multiprecision)
find_package(PkgConfig REQUIRED)
pkg_check_modules(GMP REQUIRED IMPORTED_TARGET gmp)
pkg_check_modules(MPFR REQUIRED IMPORTED_TARGET mpfr)
find_package(nlohmann_json 3.10 CONFIG REQUIRED)
find_package(CLI11 CONFIG REQUIRED)
find_package(fmt CONFIG REQUIRED)
if(MINKOWSKI_FAST_ALLOCATOR)
  # libjemalloc-dev; see MINKOWSKI_FAST_ALLOCATOR in the top CMakeLists.txt.
  pkg_check_modules(JEMALLOC QUIET IMPORTED_TARGET jemalloc)
  if(NOT JEMALLOC_FOUND)
    message(STATUS "minkowski: jemalloc not found; the command uses the C library's allocator")
  endif()
endif()

# RapidCheck drives the property suites and the generators of `minkowski check`.
find_package(rapidcheck CONFIG REQUIRED)         # targets rapidcheck, rapidcheck_gtest (not namespaced)
if(MINKOWSKI_BUILD_TESTS)
  find_package(GTest CONFIG REQUIRED)
endif()
if(MINKOWSKI_BUILD_BENCH)
  find_package(benchmark CONFIG REQUIRED)
endif()
# Optional: the side-by-side benchmarks and the Box2D engine behind `check --exec`
# (examples/engines/box2d); both are skipped when it is not installed.
find_package(box2d CONFIG QUIET)
