# Helpers for mgpu's own tests, examples and benchmarks (not installed).

# CCCL's headers for translation units that g++ compiles with the host
# (CPP) device system: those must build without nvcc.
set(MGPU_CCCL_INCLUDE_DIRS ${CUDAToolkit_INCLUDE_DIRS})
foreach(dir IN LISTS CUDAToolkit_INCLUDE_DIRS)
  if(EXISTS "${dir}/cccl/thrust")
    list(APPEND MGPU_CCCL_INCLUDE_DIRS "${dir}/cccl")
  endif()
endforeach()

# Warnings for the project's own code only; consumers get no flags from mgpu.
function(mgpu_dev_target target)
  target_link_libraries(${target} PRIVATE mgpu::mgpu)
  target_compile_options(${target} PRIVATE
    $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra>
    $<$<COMPILE_LANGUAGE:CUDA>:--extended-lambda --expt-relaxed-constexpr -Xcompiler=-Wall>)
endfunction()

# A target whose sources g++ compiles against the sequential host backend.
function(mgpu_host_target target)
  mgpu_dev_target(${target})
  target_include_directories(${target} SYSTEM PRIVATE ${MGPU_CCCL_INCLUDE_DIRS})
  target_compile_definitions(${target} PRIVATE THRUST_DEVICE_SYSTEM=THRUST_DEVICE_SYSTEM_CPP)
endfunction()

# doctest is header-only: find its header wherever the system put it.
find_path(MGPU_DOCTEST_INCLUDE_DIR doctest/doctest.h)
