// Phase one of the multiset operations: where each tile's Balanced Path
// starts, and a fresh look-back state for the tile kernel's output offsets.
#pragma once

#include <mgpu/detail/cuda/error.h>
#include <mgpu/detail/cuda/launch.h>
#include <mgpu/search.h>

#include <cub/agent/single_pass_scan_operators.cuh>

#include <cuda_runtime_api.h>

namespace mgpu::detail::cuda {

// Tile p of a multiset operation covers A[a, next.a) and B[b, next.b) with
// `this` the p-th split; a + b exceeds p * tile_size by one where the
// diagonal is starred.
template <class Size>
struct set_split
{
  Size a;
  Size b;
};

// The offsets of the tiles' outputs come from a decoupled look-back scan over
// the tiles' output counts.
template <class Size>
using set_tile_state = cub::ScanTileState<Size>;

// How a tile's look-back waits on its predecessors. Like CUB's default it
// sleeps before the first poll and between polls once the grid is large
// (hundreds of tiles polling without pause crowd the L2: 13-23% slower on an
// H200), but the first sleep is longer than CUB's 450 ns (see
// set_tuning in tuning.h for the measurements).
template <unsigned FirstNs, unsigned PollNs>
struct set_lookback_delay
{
  static constexpr unsigned large_grid = 500;
  static __device__ MGPU_FORCEINLINE void sleep_in_large_grid(unsigned ns)
  {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
    if (gridDim.x >= large_grid)
      __nanosleep(ns);
#else
    (void) ns;
#endif
  }
  struct delay_t
  {
    __device__ MGPU_FORCEINLINE void operator()() const { sleep_in_large_grid(PollNs); }
  };
  __device__ MGPU_FORCEINLINE explicit set_lookback_delay(unsigned int /* tile */) { sleep_in_large_grid(FirstNs); }
  __device__ MGPU_FORCEINLINE delay_t operator()() const { return {}; }
};

// Thread i finds split i for i in [0, num_tiles] and, alongside, marks tile
// i's look-back status as not yet available.
template <key_multiplicity Multiplicity, class Size, class AIt, class BIt, class Compare>
__global__ void set_partition_kernel(AIt a, Size a_count, BIt b, Size b_count, Size tile_size, Size num_tiles,
                                     set_split<Size>* splits, set_tile_state<Size> tile_state, Compare comp)
{
  const Size split = static_cast<Size>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (split <= num_tiles)
  {
    const Size diag = split < num_tiles ? split * tile_size : a_count + b_count;
    // Global searches span long ranges: bias 4 levels towards the run's end.
    const auto cut  = balanced_path<Multiplicity, 4>(a, a_count, b, b_count, diag, comp);
    splits[split]   = set_split<Size>{cut.a, cut.b};
  }
  tile_state.InitializeStatus(static_cast<int>(num_tiles));
}

template <key_multiplicity Multiplicity, class Size, class AIt, class BIt, class Compare>
void launch_set_partition(cudaStream_t stream, AIt a, Size a_count, BIt b, Size b_count, Size tile_size,
                          Size num_tiles, set_split<Size>* splits, set_tile_state<Size> tile_state, Compare comp,
                          const char* algorithm)
{
  constexpr int threads = 128;
  const Size num_splits = num_tiles + 1;
  set_partition_kernel<Multiplicity><<<static_cast<unsigned>(ceil_div(num_splits, Size(threads))), threads, 0, stream>>>(
    a, a_count, b, b_count, tile_size, num_tiles, splits, tile_state, comp);
  check_launch(algorithm, "set partition kernel");
}

} // namespace mgpu::detail::cuda
