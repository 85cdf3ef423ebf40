# Helpers for mgpu's own tests, examples and benchmarks (not installed).

# Warnings for the project's own code only; consumers get no flags from mgpu,
# and the library must build without nvcc's relaxed-constexpr or lambda flags.
function(mgpu_dev_target target)
  target_link_libraries(${target} PRIVATE mgpu::mgpu)
  target_compile_options(${target} PRIVATE
    $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra>
    $<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=-Wall>)
endfunction()

# A target whose sources g++ compiles against the sequential host backend;
# the toolkit's headers too, for tests that read the CUDA backend's tuning.
function(mgpu_host_target target)
  mgpu_dev_target(${target})
  target_include_directories(${target} SYSTEM PRIVATE ${CUDAToolkit_INCLUDE_DIRS})
  target_compile_definitions(${target} PRIVATE THRUST_DEVICE_SYSTEM=THRUST_DEVICE_SYSTEM_CPP)
endfunction()

# doctest is header-only: find its header wherever the system put it.
find_path(MGPU_DOCTEST_INCLUDE_DIR doctest/doctest.h)
