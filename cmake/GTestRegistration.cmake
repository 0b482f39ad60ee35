# How the gtest executables become ctest tests.
#
# MINKOWSKI_DISCOVER_TESTS=ON (default): one ctest test per gtest test (gtest_discover_tests), so
# a failure names its test and tests spread over the cores. OFF (the `asan` preset): one ctest
# test per executable, or per gtest filter given with SHARDS. Under AddressSanitizer every process
# pays for shadow-memory set-up and the libraries' static initialisation, which for ~280 processes
# was about half of the suite's CPU time (docs/performance.md, "Figures behind choices in the code").
option(MINKOWSKI_DISCOVER_TESTS "One ctest test per gtest test (OFF: one per executable)" ON)

# minkowski_add_gtests(target [ENVIRONMENT var=value...] [SHARDS filter...])
#   SHARDS: with discovery off, one ctest test per --gtest_filter pattern (name target.<n>), so a
#   long executable still uses both cores; the patterns must cover every test (end with a
#   negative filter of the others).
function(minkowski_add_gtests target)
  cmake_parse_arguments(arg "" "" "ENVIRONMENT;SHARDS" ${ARGN})
  # Before the target's own options (fast/'s MINKOWSKI_FAST_TESTS_FLAGS come later and win).
  get_target_property(own_options ${target} COMPILE_OPTIONS)
  if(NOT own_options)
    set(own_options "")
  endif()
  set_target_properties(${target} PROPERTIES COMPILE_OPTIONS "${MINKOWSKI_UNIT_TESTS_FLAGS};${own_options}")
  if(MINKOWSKI_DISCOVER_TESTS)
    if(arg_ENVIRONMENT)
      gtest_discover_tests(${target} DISCOVERY_TIMEOUT 60 PROPERTIES ENVIRONMENT "${arg_ENVIRONMENT}")
    else()
      gtest_discover_tests(${target} DISCOVERY_TIMEOUT 60)
    endif()
    return()
  endif()
  if(NOT arg_SHARDS)
    set(arg_SHARDS "*")
  endif()
  set(n 0)
  foreach(filter IN LISTS arg_SHARDS)
    math(EXPR n "${n} + 1")
    add_test(NAME ${target}.${n} COMMAND ${target} --gtest_filter=${filter})
    if(arg_ENVIRONMENT)
      set_tests_properties(${target}.${n} PROPERTIES ENVIRONMENT "${arg_ENVIRONMENT}")
    endif()
  endforeach()
endfunction()
