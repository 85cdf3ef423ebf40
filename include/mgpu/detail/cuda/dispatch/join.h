// The CUDA steps a join by expansion chains on the policy's stream besides
// the sorted searches and the load-balanced expansion: a per-index kernel,
// CUB's in-place scan, clearing and reading back a few words. None
// synchronizes except the read-back.
#pragma once

#include <mgpu/detail/cuda/runtime/error.h>
#include <mgpu/detail/cuda/runtime/launch.h>

#include <cub/device/device_scan.cuh>
#include <thrust/iterator/transform_iterator.h>

#include <cuda_runtime_api.h>

#include <cstddef>

namespace mgpu::detail::cuda {

template <class Wide>
struct widen
{
  template <class T>
  __host__ __device__ Wide operator()(T value) const
  {
    return static_cast<Wide>(value);
  }
};

// `values` read as Wides.
template <class Wide, class T>
auto widened(const T* values)
{
  return thrust::make_transform_iterator(values, widen<Wide>{});
}

template <class Index, class F>
__global__ void for_each_index_kernel(Index count, F f)
{
  const Index stride = Index(gridDim.x) * Index(blockDim.x);
  for (Index i = Index(blockIdx.x) * Index(blockDim.x) + Index(threadIdx.x); i < count; i += stride)
    f(i);
}

// f(i) for every i in [0, count), in no particular order.
template <class Policy, class Index, class F>
void for_each_index(Policy& policy, Index count, const F& f, const char* algorithm)
{
  if (!(count > 0))
    return;
  constexpr int threads = 256;
  const Index most_blocks = Index(1) << 20; // then every thread takes several indices
  const Index blocks      = ceil_div(count, Index(threads)) < most_blocks ? ceil_div(count, Index(threads)) : most_blocks;
  for_each_index_kernel<<<static_cast<unsigned>(blocks), threads, 0, stream_of(policy)>>>(count, f);
  check_launch(algorithm, "join row kernel");
}

// Scratch bytes of an in-place inclusive sum of `count` Ts.
template <class T, class Index>
std::size_t inclusive_sum_scratch_bytes(Index count, const char* algorithm)
{
  std::size_t bytes = 0;
  check(cub::DeviceScan::InclusiveSum(nullptr, bytes, static_cast<T*>(nullptr), count), algorithm,
        "size the scan's scratch");
  return bytes;
}

template <class Policy, class T, class Index>
void inclusive_sum_in_place(Policy& policy, T* data, Index count, void* scratch, std::size_t scratch_bytes,
                            const char* algorithm)
{
  check(cub::DeviceScan::InclusiveSum(scratch, scratch_bytes, data, count, stream_of(policy)), algorithm,
        "scan the row counts");
}

// Scratch bytes of a sum of `count` Ts into wider Wides (join_row_count).
template <class Wide, class T, class Index>
std::size_t widened_sum_scratch_bytes(Index count, const char* algorithm)
{
  std::size_t bytes = 0;
  check(cub::DeviceScan::InclusiveSum(nullptr, bytes, widened<Wide>(static_cast<const T*>(nullptr)),
                                      static_cast<Wide*>(nullptr), count),
        algorithm, "size the scan's scratch");
  return bytes;
}

// out[i] = in[0] + ... + in[i], summed as Wides.
template <class Policy, class Wide, class T, class Index>
void inclusive_sum_widened(Policy& policy, const T* in, Wide* out, Index count, void* scratch,
                           std::size_t scratch_bytes, const char* algorithm)
{
  check(cub::DeviceScan::InclusiveSum(scratch, scratch_bytes, widened<Wide>(in), out, count, stream_of(policy)),
        algorithm, "scan the row counts");
}

template <class Policy>
void clear_bytes(Policy& policy, void* data, std::size_t bytes, const char* algorithm)
{
  check(cudaMemsetAsync(data, 0, bytes, stream_of(policy)), algorithm, "clear the join's totals");
}

// Copies *value to the host on the policy's stream and waits for it: the
// one synchronization of a join.
template <class Policy, class T>
T read_back(Policy& policy, const T* value, const char* algorithm)
{
  T host{};
  const cudaStream_t stream = stream_of(policy);
  check(cudaMemcpyAsync(&host, value, sizeof(T), cudaMemcpyDeviceToHost, stream), algorithm,
        "read back the row count");
  check(cudaStreamSynchronize(stream), algorithm, "synchronize");
  return host;
}

} // namespace mgpu::detail::cuda
