// main() of the CUDA consumers: runs every algorithm on the GPU and counts
// the wrong results, or says there is no GPU (a build-only machine).
#pragma once

#include <cuda_runtime_api.h>

#include <cstdio>

namespace consumer {

// Whether cudaGetDeviceCount's answer means a build-only machine (no
// device, or no driver at all) rather than a CUDA failure.
inline bool no_cuda_device(cudaError_t status, int device_count)
{
  return status == cudaErrorNoDevice || status == cudaErrorInsufficientDriver ||
         (status == cudaSuccess && device_count == 0);
}

// `wrong_results()` runs the consumer's calls and returns how many results
// were wrong; the exit status is 0 when none was (or there was no GPU or
// driver), 1 on a wrong result or a CUDA error.
template <class WrongResults>
int run_on_gpu(const char* name, WrongResults wrong_results)
{
  int device_count = 0;
  const cudaError_t status = cudaGetDeviceCount(&device_count);
  if (no_cuda_device(status, device_count))
  {
    std::printf("%s: built; no CUDA device to run on\n", name);
    return 0;
  }
  if (status != cudaSuccess)
  {
    std::printf("%s: cannot count the CUDA devices: %s\n", name, cudaGetErrorString(status));
    return 1;
  }
  const int wrong = wrong_results();
  std::printf("%s: every mgpu algorithm ran on the GPU, %d wrong results\n", name, wrong);
  return wrong == 0 ? 0 : 1;
}

} // namespace consumer
