# Install rules and the CMake package for find_package(mgpu).
include(CMakePackageConfigHelpers)

set(MGPU_INSTALL_CMAKEDIR ${CMAKE_INSTALL_DATADIR}/cmake/mgpu)
install(TARGETS mgpu mgpu_checked EXPORT mgpu-targets)
install(DIRECTORY include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT mgpu-targets NAMESPACE mgpu:: DESTINATION ${MGPU_INSTALL_CMAKEDIR})
configure_package_config_file(cmake/mgpu-config.cmake.in ${CMAKE_CURRENT_BINARY_DIR}/mgpu-config.cmake
  INSTALL_DESTINATION ${MGPU_INSTALL_CMAKEDIR})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/mgpu-config-version.cmake
  COMPATIBILITY SameMinorVersion ARCH_INDEPENDENT)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/mgpu-config.cmake ${CMAKE_CURRENT_BINARY_DIR}/mgpu-config-version.cmake
  DESTINATION ${MGPU_INSTALL_CMAKEDIR})
