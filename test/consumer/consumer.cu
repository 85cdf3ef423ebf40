// A CUDA consumer of mgpu: builds with plain nvcc (no extra flags), runs every
// algorithm on the GPU when there is one and checks the results.
#include "every_algorithm.h"

#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>

#include <cuda_runtime_api.h>

#include <cstdio>

int main()
{
  int device_count = 0;
  if (cudaGetDeviceCount(&device_count) != cudaSuccess || device_count == 0)
  {
    std::puts("consumer: built; no CUDA device to run on");
    return 0;
  }
  const int wrong = consumer::call_every_algorithm<thrust::device_vector>(thrust::device);
  std::printf("consumer: every mgpu algorithm ran on the GPU, %d wrong results\n", wrong);
  return wrong == 0 ? 0 : 1;
}
