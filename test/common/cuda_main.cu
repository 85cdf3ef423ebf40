// doctest entry point for GPU tests: exits with 77 (CTest: skipped) when no
// CUDA device is present, so a machine without a GPU reports them as skipped
// rather than passed.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <cuda_runtime_api.h>

#include <cstdio>

int main(int argc, char** argv)
{
  int device_count = 0;
  if (cudaGetDeviceCount(&device_count) != cudaSuccess || device_count == 0)
  {
    std::puts("No CUDA device: GPU tests skipped.");
    return 77;
  }
  cudaDeviceProp properties{};
  cudaGetDeviceProperties(&properties, 0);
  std::printf("GPU tests on %s (sm_%d%d)\n", properties.name, properties.major, properties.minor);
  doctest::Context context(argc, argv);
  return context.run();
}
