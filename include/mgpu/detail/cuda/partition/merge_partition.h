// Phase one of the two-phase merge: where each tile's Merge Path starts.
#pragma once

#include <mgpu/detail/cuda/runtime/error.h>
#include <mgpu/detail/cuda/runtime/launch.h>
#include <mgpu/search.h>

#include <cuda_runtime_api.h>

namespace mgpu::detail::cuda {

// a_splits[p] = number of A elements among the first p * tile_size outputs,
// for p in [0, num_tiles]; tile p then covers A[a_splits[p], a_splits[p+1]).
// One thread per split. The deep levels of each binary search are scattered
// DRAM reads, so this kernel's cost grows with the number of tiles: one
// reason the tiles are large. (Probing 32 points per round with a whole warp
// cuts the rounds from 27 to 6 but multiplies the scattered reads: slower.)
template <bounds Bounds, class Size, class AIt, class BIt, class Compare>
__global__ void merge_partition_kernel(
  AIt a, Size a_count, BIt b, Size b_count, Size tile_size, Size num_splits, Size* a_splits, Compare comp)
{
  const Size split = static_cast<Size>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (split < num_splits)
  {
    const Size total = a_count + b_count;
    const Size diag  = split < num_splits - 1 ? split * tile_size : total; // num_tiles * tile_size may wrap int32
    a_splits[split]  = merge_path<Bounds>(a, a_count, b, b_count, diag, comp);
  }
}

template <bounds Bounds, class Size, class AIt, class BIt, class Compare>
void launch_merge_partition(
  cudaStream_t stream, AIt a, Size a_count, BIt b, Size b_count, Size tile_size, Size num_tiles, Size* a_splits,
  Compare comp, const char* algorithm)
{
  constexpr int threads = 128;
  const Size num_splits = num_tiles + 1;
  merge_partition_kernel<Bounds><<<static_cast<unsigned>(ceil_div(num_splits, Size(threads))), threads, 0, stream>>>(
    a, a_count, b, b_count, tile_size, num_splits, a_splits, comp);
  check_launch(algorithm, "merge partition kernel");
}

} // namespace mgpu::detail::cuda
