// The launch that bulk remove and bulk insert share: a partition of the keys
// (indices or insertion positions) over tiles of `total` elements, then one
// tile kernel, which may start while the partition is still running.
#pragma once

#include <mgpu/detail/cuda/partition/bulk_partition.h>
#include <mgpu/detail/cuda/runtime/dependent_launch.h>
#include <mgpu/detail/cuda/runtime/launch.h>
#include <mgpu/detail/cuda/runtime/temporary_buffer.h>
#include <mgpu/detail/offsets.h>

#include <cuda_runtime_api.h>

namespace mgpu::detail::cuda {

// `kernel` takes the partition's splits, then `args`.
template <class Tuning, class Size, class Policy, class Keys, class... Params, class... Args>
void run_bulk_tiles(Policy& policy, int arch, Keys keys, Size total, void (*kernel)(const Size*, Params...),
                    const char* algorithm, Args... args)
{
  using shape               = typename Tuning::shape;
  const Size num_tiles      = ceil_div(total, Size(shape::tile_size));
  const cudaStream_t stream = stream_of(policy);
  temporary_buffer<Size, Policy> splits(policy, num_tiles + 1);
  partition_sorted_keys(stream, keys, Size(shape::tile_size), num_tiles, splits.get(), algorithm);
  launch_tile_kernel(waits_for_partition(arch) && Tuning::overlap_partition, kernel,
                     static_cast<unsigned>(num_tiles), shape::threads, stream, algorithm,
                     static_cast<const Size*>(splits.get()), args...);
  finish(policy, algorithm);
}

} // namespace mgpu::detail::cuda
