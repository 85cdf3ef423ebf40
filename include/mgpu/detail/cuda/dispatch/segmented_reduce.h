// CUDA segmented reduction on the load-balancing engine's tiles: the
// partition of the Merge Path of value indices with offsets
// (load_balance_partition.h), or, in launches of a few waves and the first
// wave of larger ones, each tile's own search for its range, as
// transform_lbs does; then one tile per CTA (segmented_reduce_tile.h), none
// waiting for another, and a fix-up pass that scans the tiles' carries and
// finishes each segment spanning tiles from its closing tile's part and its
// predecessor's carry (segmented_reduce_carry.h). One pass over the values,
// one read of each offset (and the partition's probes), one write of each
// result.
#pragma once

#include <mgpu/detail/cuda/agent/segmented_reduce_carry.h>
#include <mgpu/detail/cuda/agent/segmented_reduce_tile.h>
#include <mgpu/detail/cuda/block/tile_lookback.h>
#include <mgpu/detail/cuda/block/tile_shared_storage.h>
#include <mgpu/detail/cuda/block/warp_search.h>
#include <mgpu/detail/cuda/dispatch/transform_lbs.h>
#include <mgpu/detail/cuda/partition/load_balance_partition.h>
#include <mgpu/detail/cuda/runtime/dependent_launch.h>
#include <mgpu/detail/cuda/runtime/error.h>
#include <mgpu/detail/cuda/runtime/launch.h>
#include <mgpu/detail/cuda/runtime/temporary_buffer.h>
#include <mgpu/detail/cuda/tuning/policies.h>
#include <mgpu/detail/cuda/tuning/policy_hub.h>

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace mgpu::detail::cuda {

template <class Tuning, class T>
using segmented_reduce_storage_for = segmented_reduce_tile_storage<typename Tuning::shape, T>;

// Tiles per SM for the kernel's register cap: as many as shared memory holds
// with one more T per thread beside each tile's storage, up to the policy's
// resident threads. The extra T keeps the cap wide values were tuned with,
// below which they spill (tuning.md, "Runs completed in place").
template <class Tuning, class T>
constexpr int segmented_reduce_min_tiles_per_sm()
{
  constexpr int shared_per_sm = 227 * 1024, reserved_per_tile = 1024;
  constexpr int storage       = int(sizeof(segmented_reduce_storage_for<Tuning, T>)) +
                                Tuning::shape::threads * int(sizeof(T));
  constexpr int by_shared  = shared_per_sm / (storage + reserved_per_tile);
  constexpr int by_threads = Tuning::resident_threads / Tuning::shape::threads;
  constexpr int tiles      = by_shared < by_threads ? by_shared : by_threads;
  return tiles > 1 ? tiles : 1;
}

// The fix-up's blocks: one thread per tile that has a successor.
template <int NT, class Size>
MGPU_HD constexpr Size segmented_reduce_fixup_blocks(Size num_tiles)
{
  return num_tiles > Size(1) ? (num_tiles - Size(1) + Size(NT - 1)) / Size(NT) : Size(0);
}

// One kernel, launched twice: the tiles, then (with `fixup_tiles` = their
// count) the fix-up of the segments that span them, so a call builds one
// kernel image.
template <class Hub, class Size, class ValueIt, class OffsetIt, class OutputIt, class T, class Op>
__global__ void __launch_bounds__(compiled_policy_t<Hub>::shape::threads,
                                  segmented_reduce_min_tiles_per_sm<compiled_policy_t<Hub>, T>())
  segmented_reduce_tile_kernel(ValueIt values, OffsetIt offsets, Size segment_count, Size total,
                               const Size* item_splits, Size own_range_tiles, OutputIt result, T init, Op op,
                               tile_carries<T> carries, tile_carries<T> block_carries, Size fixup_tiles)
{
  using Tuning = compiled_policy_t<Hub>;
  using Shape  = typename Tuning::shape;
  static_assert(Shape::threads >= 64, "one warp searches each end of the tile");
  __shared__ tile_shared_storage<segmented_reduce_storage_for<Tuning, T>> shared_storage;
  auto& shared = shared_storage.Alias();
  if (fixup_tiles > Size(0))
  {
    wait_for_partition(); // here the tiles: their carries and closing heads are visible
    using pace = lookback_pace<0, Tuning::lookback_poll_sleep>;
    if constexpr (packs_carry_v<T>)
      finish_closing_segments<Shape::threads, pace>(shared, carries, block_carries, fixup_tiles, result, op);
    else
      finish_closing_segments_out_of_line<Shape::threads, pace>(shared, carries, block_carries, fixup_tiles, result,
                                                                op);
    return;
  }
  allow_dependent_launch(); // the fix-up takes only the slots the last wave leaves

  shared.heads[threadIdx.x] = 0u;
  const Size tile = blockIdx.x;
  // The fix-up's look-back state, cleared by the tiles it follows.
  if (threadIdx.x == 0 && carries.words != nullptr &&
      tile < segmented_reduce_fixup_blocks<Shape::threads>(Size(gridDim.x)))
    block_carries.clear(static_cast<std::size_t>(tile));
  const lbs_tile_range<Size> range =
    load_balance_tile_range<Shape>(offsets, segment_count, total, item_splits, own_range_tiles, tile);
  __syncthreads(); // the heads are clear before any start marks one
  segmented_reduce_tile<Shape>(shared, values, offsets, range, tile, blockIdx.x + 1 == gridDim.x, result, init, op,
                               carries);
}

// The partition's splits, the tiles' and the fix-up blocks' look-back state
// in one allocation from the policy, each part 256-byte aligned.
template <class Size, class T>
struct segmented_reduce_scratch_layout
{
  std::size_t splits_bytes, status_offset, block_status_offset, values_offset, block_values_offset, total_bytes;

  segmented_reduce_scratch_layout(Size num_tiles, Size fixup_blocks, bool partitioned)
  {
    auto align        = [](std::size_t bytes) { return (bytes + 255) & ~std::size_t(255); };
    const auto tiles  = static_cast<std::size_t>(num_tiles);
    const auto blocks = static_cast<std::size_t>(fixup_blocks);
    splits_bytes        = partitioned ? align((tiles + 1) * sizeof(Size)) : 0;
    status_offset       = splits_bytes;
    block_status_offset = status_offset + (tiles > 1 ? align(tile_carries<T>::status_bytes(tiles)) : 0);
    values_offset       = block_status_offset + (tiles > 1 ? align(tile_carries<T>::status_bytes(blocks)) : 0);
    block_values_offset = values_offset + (tiles > 1 ? tile_carries<T>::value_bytes(tiles) : 0);
    total_bytes         = block_values_offset + (tiles > 1 ? tile_carries<T>::value_bytes(blocks) : 0);
  }
};

// The tiles find their ranges as the load-balancing engine's do
// (plan_load_balance_launch); a partitioned launch's tile kernel may start
// while the partition runs (dependent_launch.h). A launch of one tile needs
// no look-back and takes no scratch; in any other the look-back statuses are
// cleared first, by a memset or, in a partitioned launch, by the partition
// kernel, and the fix-up pass follows the tiles, starting as the last of
// them run.
// `Hub`: the tuning; sweeps pass their own (fixed_hub).
template <class Size, class Hub, class Policy, class ValueIt, class OffsetIt, class OutputIt, class T, class Op>
void segmented_reduce_with_hub(Policy& policy, ValueIt values, OffsetIt offsets, Size segment_count, Size total,
                               OutputIt result, const T& init, const Op& op, const char* algorithm)
{
  static_assert(std::is_default_constructible_v<T>, "the CUDA backend needs a default-constructible T");
  constexpr auto kernel = segmented_reduce_tile_kernel<Hub, Size, ValueIt, OffsetIt, OutputIt, T, Op>;
  const int arch        = kernel_arch<kernel>(algorithm);
  with_policy<Hub>(arch, [&](auto tuning) {
    using Tuning              = decltype(tuning);
    using Shape               = typename Tuning::shape;
    constexpr int min_tiles   = segmented_reduce_min_tiles_per_sm<Tuning, T>();
    const Size tile_size      = Shape::tile_size;
    const Size num_tiles      = ceil_div(total + segment_count, tile_size);
    const cudaStream_t stream = stream_of(policy);

    const auto plan = plan_load_balance_launch<Tuning, min_tiles, Policy>(num_tiles, algorithm);
    const Size fixup_blocks = segmented_reduce_fixup_blocks<Shape::threads>(num_tiles);
    const segmented_reduce_scratch_layout<Size, T> layout(num_tiles, fixup_blocks, plan.partitioned);
    temporary_buffer<char, Policy> scratch(policy, static_cast<std::ptrdiff_t>(layout.total_bytes));
    tile_carries<T> carries{}, block_carries{};
    if (num_tiles > 1)
    {
      carries.words = reinterpret_cast<decltype(carries.words)>(scratch.get() + layout.status_offset);
      carries.place_values(scratch.get() + layout.values_offset, static_cast<std::size_t>(num_tiles));
      block_carries.words = reinterpret_cast<decltype(block_carries.words)>(scratch.get() + layout.block_status_offset);
      block_carries.place_values(scratch.get() + layout.block_values_offset, static_cast<std::size_t>(fixup_blocks));
    }

    // Every launch goes through one call: the tiles, then their fix-up.
    const auto launch = [&](bool overlap, Size blocks, const Size* splits, Size head_tiles, Size fixup_tiles) {
      launch_tile_kernel(overlap, kernel, static_cast<unsigned>(blocks), Shape::threads, stream, algorithm, values,
                         offsets, segment_count, total, splits, head_tiles, result, init, op, carries, block_carries,
                         fixup_tiles);
    };
    if (!plan.partitioned)
    {
      if (num_tiles > 1)
        check(cudaMemsetAsync(carries.words, 0, tile_carries<T>::status_bytes(static_cast<std::size_t>(num_tiles)),
                              stream),
              algorithm, "clear the look-back state");
      launch(false, num_tiles, nullptr, num_tiles, Size(0));
    }
    else
    {
      // The partition kernel clears the look-back state too.
      static_assert(tile_carries<T>::words_per_tile * sizeof(*carries.words) == lookback_sector_bytes,
                    "the partition kernel clears one sector of this size per tile");
      Size* const item_splits = reinterpret_cast<Size*>(scratch.get());
      partition_load_balance(stream, offsets, segment_count, total, tile_size, num_tiles, item_splits, algorithm,
                             reinterpret_cast<std::uint64_t*>(carries.words));
      launch(waits_for_partition(arch) && Tuning::overlap_partition, num_tiles, item_splits, plan.head_tiles,
             Size(0));
    }
    if (num_tiles > 1)
      launch(waits_for_partition(arch), fixup_blocks, nullptr, Size(0), num_tiles);
    finish(policy, algorithm);
  });
}

template <class Size, class Policy, class ValueIt, class OffsetIt, class OutputIt, class T, class Op>
void segmented_reduce(Policy& policy, ValueIt values, OffsetIt offsets, Size segment_count, Size total,
                      OutputIt result, const T& init, const Op& op, const char* algorithm)
{
  segmented_reduce_with_hub<Size, segmented_reduce_hub<int(sizeof(T))>>(policy, values, offsets, segment_count, total,
                                                                        result, init, op, algorithm);
}

} // namespace mgpu::detail::cuda
