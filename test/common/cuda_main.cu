// doctest entry point for GPU tests: exits with 77 (CTest: skipped) when no
// CUDA device or driver is present, so a machine without a GPU reports them as
// skipped rather than passed; MGPU_REQUIRE_GPU set in the environment turns
// that into a failure, for GPU machines.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include "consumer/gpu_consumer.h"

#include <cuda_runtime_api.h>

#include <cstdio>
#include <cstdlib>

int main(int argc, char** argv)
{
  int device_count = 0;
  const cudaError_t status = cudaGetDeviceCount(&device_count);
  // A build-only machine skips; any other CUDA error is a failure.
  const bool no_gpu = consumer::no_cuda_device(status, device_count);
  if (!no_gpu && status != cudaSuccess)
  {
    std::printf("GPU tests cannot start: %s\n", cudaGetErrorString(status));
    return 1;
  }
  if (no_gpu)
  {
    if (std::getenv("MGPU_REQUIRE_GPU") != nullptr)
    {
      std::puts("No CUDA device, and MGPU_REQUIRE_GPU is set: GPU tests failed.");
      return 1;
    }
    std::puts("No CUDA device: GPU tests skipped.");
    return 77;
  }
  cudaDeviceProp properties{};
  cudaGetDeviceProperties(&properties, 0);
  std::printf("GPU tests on %s (sm_%d%d)\n", properties.name, properties.major, properties.minor);
  doctest::Context context(argc, argv);
  return context.run();
}
