// CUDA status checks that surface as thrust::system_error naming the mgpu
// algorithm, the way Thrust reports its own CUDA failures.
#pragma once

#include <cuda_runtime_api.h>
#include <thrust/system/cuda/error.h>
#include <thrust/system_error.h>

#include <string>

namespace mgpu::detail::cuda {

// Throws when `status` is an error; `algorithm` and `step` make the message
// say where it happened ("mgpu::merge: tile kernel launch").
inline void check(cudaError_t status, const char* algorithm, const char* step)
{
  if (status != cudaSuccess)
  {
    cudaGetLastError(); // clear the sticky launch error so later calls start clean
    throw thrust::system_error(status, thrust::cuda_category(), std::string(algorithm) + ": " + step);
  }
}

// After a <<<...>>> launch: configuration errors are reported here, without
// synchronizing.
inline void check_launch(const char* algorithm, const char* kernel)
{
  check(cudaPeekAtLastError(), algorithm, kernel);
}

} // namespace mgpu::detail::cuda
