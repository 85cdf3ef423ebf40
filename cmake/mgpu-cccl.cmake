# CCCL (Thrust, CUB, libcu++) for mgpu::mgpu in the build tree: the CMake
# package the CUDA Toolkit ships, unless CCCL_DIR points at another CCCL.
find_package(CUDAToolkit REQUIRED)
find_package(CCCL CONFIG REQUIRED COMPONENTS Thrust CUB libcudacxx
  HINTS "${CUDAToolkit_LIBRARY_DIR}/cmake" "${CUDAToolkit_TARGET_DIR}")

# CCCL's header targets that pick no Thrust system (CCCL::Thrust would pick
# CUDA and break host-only consumers); mgpu-config.cmake.in links the same.
set(MGPU_CCCL_TARGETS Thrust::Thrust CCCL::CUB CCCL::libcudacxx)
