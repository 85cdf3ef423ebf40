// The CUDA steps a join by expansion chains on the policy's stream besides
// the sorted searches and the load-balanced expansion: a per-index kernel,
// CUB's in-place scan, clearing and reading back a few words. None
// synchronizes except the read-back.
#pragma once

#include <mgpu/detail/cuda/agent/join_tile.h>
#include <mgpu/detail/cuda/dispatch/sorted_search.h>
#include <mgpu/detail/cuda/runtime/error.h>
#include <mgpu/detail/cuda/runtime/launch.h>

#include <cub/device/device_scan.cuh>
#include <thrust/iterator/transform_iterator.h>

#include <cuda_runtime_api.h>

#include <cstddef>
#include <type_traits>

namespace mgpu::detail::cuda {

template <class Sum>
struct convert_to_sum
{
  template <class T>
  __host__ __device__ Sum operator()(T value) const
  {
    return static_cast<Sum>(value);
  }
};

// `values` read as Sums: the pointer itself when they are.
template <class Sum, class T>
auto summed_as(T* values)
{
  if constexpr (std::is_same_v<std::remove_const_t<T>, Sum>)
    return values;
  else
    return thrust::make_transform_iterator(values, convert_to_sum<Sum>{});
}

// Whether a search tile of `Key`s with the rows sink's shared memory fits
// static shared memory in every tier: otherwise joins take the expansion.
template <tuning_tier Tier, class Key, class Index, class OutA, class OutB>
constexpr std::size_t join_tile_bytes()
{
  using shape = typename sorted_search_hub_for<Key>::template policy<Tier>::shape;
  using sink  = join_tile_rows_sink<Index, OutA, OutB>;
  return sizeof(sorted_search_tile_storage<shape, Key, void, Index, typename sink_storage<sink, shape>::type>);
}
template <class Key, class Index, class OutA, class OutB>
inline constexpr bool join_tiles_fit_v = join_tile_bytes<tuning_tier::sm90, Key, Index, OutA, OutB>() <= 48 * 1024 &&
                                         join_tile_bytes<tuning_tier::fallback, Key, Index, OutA, OutB>() <= 48 * 1024;

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

// Scratch bytes of inclusive_sum over `count` Ts summed as Sums.
template <class Sum, class T, class Index>
std::size_t inclusive_sum_scratch_bytes(Index count, const char* algorithm)
{
  std::size_t bytes = 0;
  check(cub::DeviceScan::InclusiveSum(nullptr, bytes, summed_as<Sum>(static_cast<T*>(nullptr)),
                                      static_cast<Sum*>(nullptr), count),
        algorithm, "size the scan's scratch");
  return bytes;
}

// out[i] = in[0] + ... + in[i], summed as Sums; `out` may be `in`.
template <class Policy, class T, class Sum, class Index>
void inclusive_sum(Policy& policy, T* in, Sum* out, Index count, void* scratch, std::size_t scratch_bytes,
                   const char* algorithm)
{
  check(cub::DeviceScan::InclusiveSum(scratch, scratch_bytes, summed_as<Sum>(in), out, count, stream_of(policy)),
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
