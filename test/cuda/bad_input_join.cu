#include "common/test_support.h"

using backend = mgpu_test::cuda_backend;

#include "cases/bad_input_join_cases.h"

#include <thrust/count.h>
#include <thrust/fill.h>

#include <cuda_runtime_api.h>

// Runs last in doctest's default order (by file, then line): after every
// bad input above, the context must still allocate, launch and synchronize.
TEST_CASE("bad input: the CUDA context keeps working after the searches and joins")
{
  bad_input_join_cases::valid_join_still_right();
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
