# Installation: headers, libraries, the `minkowski` command, the CMake package `minkowski` and the
# pkg-config file `minkowski-fast.pc`. Included at the end of the top-level CMakeLists.txt.
#
#   cmake --install build/default --prefix /opt/minkowski
#
#   <prefix>/include/minkowski/{fast,reference,fixtures}/*.hpp, minkowski/version.hpp
#   <prefix>/<libdir>/libminkowski_reference.a, libminkowski_fixtures.a
#   <prefix>/bin/minkowski
#   <prefix>/<libdir>/cmake/minkowski/minkowskiConfig.cmake, minkowskiConfigVersion.cmake,
#                                     minkowski-{fast,reference,fixtures}-targets*.cmake
#   <prefix>/<datadir>/pkgconfig/minkowski-fast.pc   (header-only, so arch-independent: datadir)
#
# The package has one component per library, each in its own export set, so that
# `find_package(minkowski COMPONENTS fast)` loads the standard-library-only target without asking
# for Qhull, Boost, GMP, MPFR or fmt (cmake/minkowskiConfig.cmake.in).
include(CMakePackageConfigHelpers)

set(MINKOWSKI_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/minkowski
    CACHE STRING "Where minkowskiConfig.cmake is installed (relative to the prefix)")
mark_as_advanced(MINKOWSKI_INSTALL_CMAKEDIR)

# Exported names: minkowski::fast, minkowski::reference, minkowski::fixtures (the same names the
# ALIAS targets give inside this build).
set_target_properties(minkowski_fast PROPERTIES EXPORT_NAME fast)
set_target_properties(minkowski_reference PROPERTIES EXPORT_NAME reference)
set_target_properties(minkowski_fixtures PROPERTIES EXPORT_NAME fixtures)

# Headers: every header under each library's include/ (new headers are picked up without edits),
# and the generated version header. One include prefix: <minkowski/...>.
foreach(lib IN ITEMS fast reference fixtures)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/${lib}/include/
          DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
          FILES_MATCHING PATTERN "*.hpp" PATTERN "*.h")
endforeach()
install(FILES ${MINKOWSKI_GENERATED_INCLUDE_DIR}/minkowski/version.hpp
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/minkowski)

foreach(lib IN ITEMS fast reference fixtures)
  install(TARGETS minkowski_${lib} EXPORT minkowski-${lib}
          ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
          LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
          RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})  # include dirs: the targets' INSTALL_INTERFACE
  install(EXPORT minkowski-${lib} NAMESPACE minkowski::
          FILE minkowski-${lib}-targets.cmake
          DESTINATION ${MINKOWSKI_INSTALL_CMAKEDIR})
endforeach()

install(TARGETS minkowski RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# The package configuration and its version file (SameMajorVersion: a request for 0.1 accepts
# any 0.x >= 0.1; note that before 1.0 a minor release may still change the API).
configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/minkowskiConfig.cmake.in
  ${PROJECT_BINARY_DIR}/package/minkowskiConfig.cmake
  INSTALL_DESTINATION ${MINKOWSKI_INSTALL_CMAKEDIR})
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/package/minkowskiConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/package/minkowskiConfig.cmake
              ${PROJECT_BINARY_DIR}/package/minkowskiConfigVersion.cmake
        DESTINATION ${MINKOWSKI_INSTALL_CMAKEDIR})

# pkg-config for the fast library. Relocatable: the prefix is found from the .pc file's own
# location (${pcfiledir}), so `cmake --install --prefix ANY` yields a working file.
set(MINKOWSKI_PC_DIR ${CMAKE_INSTALL_DATADIR}/pkgconfig)
if(IS_ABSOLUTE "${MINKOWSKI_PC_DIR}")
  set(MINKOWSKI_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
else()
  file(RELATIVE_PATH _minkowski_pc_up "/prefix/${MINKOWSKI_PC_DIR}" "/prefix")
  string(REGEX REPLACE "/$" "" _minkowski_pc_up "${_minkowski_pc_up}")
  set(MINKOWSKI_PC_PREFIX "\${pcfiledir}/${_minkowski_pc_up}")
endif()
if(IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(MINKOWSKI_PC_INCLUDEDIR "${CMAKE_INSTALL_INCLUDEDIR}")
else()
  set(MINKOWSKI_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
endif()
configure_file(${PROJECT_SOURCE_DIR}/cmake/minkowski-fast.pc.in
               ${PROJECT_BINARY_DIR}/package/minkowski-fast.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/package/minkowski-fast.pc DESTINATION ${MINKOWSKI_PC_DIR})
