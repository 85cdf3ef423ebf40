// After bad input on the GPU: the CUDA context still allocates, launches,
// synchronizes and reports no error.
#pragma once

#include <doctest/doctest.h>

#include <thrust/count.h>
#include <thrust/device_ptr.h>
#include <thrust/execution_policy.h>
#include <thrust/fill.h>

#include <cuda_runtime_api.h>

#include <cstddef>

namespace mgpu_test {

inline void check_context_usable()
{
  const std::size_t count = std::size_t(1) << 20;
  int* raw = nullptr;
  REQUIRE(cudaMalloc(&raw, count * sizeof(int)) == cudaSuccess);
  const auto first = thrust::device_pointer_cast(raw);
  thrust::fill(thrust::device, first, first + count, 42);
  CHECK(cudaDeviceSynchronize() == cudaSuccess);
  CHECK(thrust::count(thrust::device, first, first + count, 42) == std::ptrdiff_t(count));
  CHECK(cudaFree(raw) == cudaSuccess);
  CHECK(cudaGetLastError() == cudaSuccess);
}

} // namespace mgpu_test
