// CUDA load-balanced engine: a partition of the upper-bound merge of the
// work item indices (a counting sequence, never stored or read) with the
// segment offsets into tiles of exactly tile_size steps
// (load_balance_partition.h), then one tile per CTA (load_balance_tile.h).
// Launches of a few waves of tiles skip the partition: each tile searches
// for its own cuts instead, as the first wave of larger launches does while
// the partition runs.
// Every load-balanced algorithm (load_balance_search, transform_lbs, the
// interval family) is this engine running a different operation.
#pragma once

#include <mgpu/detail/cuda/agent/load_balance_tile.h>
#include <mgpu/detail/cuda/block/tile_shared_storage.h>
#include <mgpu/detail/cuda/block/warp_search.h>
#include <mgpu/detail/cuda/runtime/dependent_launch.h>
#include <mgpu/detail/cuda/runtime/error.h>
#include <mgpu/detail/cuda/runtime/launch.h>
#include <mgpu/detail/cuda/runtime/temporary_buffer.h>
#include <mgpu/detail/cuda/partition/load_balance_partition.h>
#include <mgpu/detail/cuda/tuning/policies.h>
#include <mgpu/detail/cuda/tuning/policy_hub.h>
#include <mgpu/detail/load_balance_ops.h>
#include <mgpu/search.h>

#include <thrust/iterator/counting_iterator.h>

#include <algorithm>
#include <type_traits>

namespace mgpu::detail::cuda {

template <class Shape, class Size, class Op>
using lbs_storage_for = lbs_tile_storage<Shape, Size, lbs_staged_array_t<Op>>;

// Lean operations run with fewer registers while they hold no staged array
// (whose loads take registers of their own).
template <class Op>
inline constexpr bool lbs_runs_lean_v = Op::lean && is_lbs_nothing_v<lbs_staged_array_t<Op>>;

// Shared memory and registers decide how many tiles an SM holds. The kernel
// asks ptxas for registers enough to keep as many resident as shared memory
// allows, up to the policy's resident threads (more for lean operations),
// including callers' functors, so the loads of several tiles are in flight
// at once.
template <class Tuning, class Size, class OffsetIt, class Op>
constexpr int lbs_min_tiles_per_sm()
{
  using Shape                 = typename Tuning::shape;
  constexpr int shared_per_sm = 227 * 1024, reserved_per_tile = 1024;
  constexpr int by_shared     = shared_per_sm / int(sizeof(lbs_storage_for<Shape, Size, Op>) + reserved_per_tile);
  constexpr int lean_threads  = lbs_offset_vector_width<OffsetIt, Op> > 1 ? Tuning::vector_lean_resident_threads
                                                                           : Tuning::lean_resident_threads;
  constexpr int threads_per_sm =
    Shape::threads >= 256 ? (lbs_runs_lean_v<Op> ? lean_threads : Tuning::resident_threads) : 1024;
  constexpr int by_threads = threads_per_sm / Shape::threads;
  constexpr int tiles      = by_shared < by_threads ? by_shared : by_threads;
  return tiles > 1 ? tiles : 1;
}

// The tile's share of items and offsets. Tiles below `own_range_tiles`
// search the offsets for their own range (two warps, one per end); the others
// read it from the partition's item_splits once it has finished. Invalid
// offsets can make neighbouring ends disagree: the range is clamped to the
// tile's diagonals, items to [0, total) and offsets to [0, segment_count).
template <class Shape, class Size, class OffsetIt>
__device__ MGPU_FORCEINLINE lbs_tile_range<Size> load_balance_tile_range(
  OffsetIt offsets, Size segment_count, Size total, const Size* item_splits, Size own_range_tiles, Size tile)
{
  const Size diag_begin = tile * Size(Shape::tile_size);
  const Size diag_end   = min(diag_begin + Size(Shape::tile_size), total + segment_count);
  Size a_begin, a_end;
  if (tile < own_range_tiles) // uniform over the CTA
  {
    Size item_ends[2];
    find_tile_ends(item_ends, [&](int end) {
      const Size diag = end == 0 ? diag_begin : diag_end;
      return diag - warp_offsets_before(offsets, segment_count, total, diag);
    });
    a_begin = item_ends[0];
    a_end   = item_ends[1];
  }
  else
  {
    wait_for_partition(); // everything below depends on the tile's range
    a_begin = item_splits[tile];
    a_end   = item_splits[tile + 1];
  }
  const Size tile_len = diag_end - diag_begin;
  a_begin             = min(max(a_begin, max(Size(0), diag_begin - segment_count)), min(diag_begin, total));
  const Size b_begin  = diag_begin - a_begin;
  const int a_len     = static_cast<int>(
    min(max(a_end - a_begin, max(Size(0), b_begin + tile_len - segment_count)), min(tile_len, total - a_begin)));
  return {a_begin, b_begin, a_len, static_cast<int>(tile_len) - a_len};
}

template <class Hub, class Size, class OffsetIt, class Op>
__global__ void __launch_bounds__(compiled_policy_t<Hub>::shape::threads,
                                  lbs_min_tiles_per_sm<compiled_policy_t<Hub>, Size, OffsetIt, Op>())
  transform_lbs_tile_kernel(OffsetIt offsets, Size segment_count, Size total, const Size* item_splits,
                            Size own_range_tiles, Op op)
{
  using Shape = typename compiled_policy_t<Hub>::shape;
  static_assert(Shape::threads >= 64, "one warp searches each end of the tile");
  __shared__ tile_shared_storage<lbs_storage_for<Shape, Size, Op>> shared_storage;

  const lbs_tile_range<Size> range =
    load_balance_tile_range<Shape>(offsets, segment_count, total, item_splits, own_range_tiles, Size(blockIdx.x));
  if (range.segment_begin == 0 && range.offset_count == 0) // uniform: every item precedes offsets[0], in no segment
    return;

  transform_lbs_tile<Shape>(shared_storage.Alias(), offsets, range, op);
}

// How a launch of the load-balancing engine finds its tiles' ranges: the
// first head_tiles tiles search their own; `partitioned` says whether the
// partition kernel runs for the rest. With a wave being as many tiles as the
// device holds at once (MinTiles per SM), a launch of at most
// own_range_waves waves, or one the head waves cover, skips the partition.
template <class Size>
struct load_balance_launch_plan
{
  Size head_tiles;
  bool partitioned;
};

template <class Tuning, int MinTiles, class Policy, class Size>
load_balance_launch_plan<Size> plan_load_balance_launch(Size num_tiles, const char* algorithm)
{
  constexpr bool own_ranges_tuned =
    !partitions_every_launch_v<Policy> && (Tuning::own_range_waves > 0 || Tuning::head_waves > 0);
  const Size wave       = own_ranges_tuned ? Size(current_sm_count(algorithm)) * MinTiles : Size(0);
  const Size head_tiles = Size(Tuning::head_waves) * wave;
  // Also when the head would take every tile: the partition would go unread.
  return {head_tiles, !(num_tiles <= Size(Tuning::own_range_waves) * wave || num_tiles <= head_tiles)};
}

// With a wave being as many tiles as the device holds at once:
// - a launch of at most own_range_waves waves runs the tiles alone, each
//   finding its own item range: no partition kernel, no scratch, one launch.
//   In larger launches the later start of every tile costs more than that
//   saves.
// - otherwise the tile kernel may launch while the partition is still
//   running (dependent_launch.h), and its first head_waves waves find their
//   own item ranges, so they work instead of waiting for the partition.
// The fallback tuning partitions every launch and waits for it.
template <class Size, class Hub, class Policy, class OffsetIt, class Op>
void transform_lbs_with_hub(Policy& policy, OffsetIt offsets, Size segment_count, Size total, const Op& op,
                            const char* algorithm)
{
  constexpr auto kernel = transform_lbs_tile_kernel<Hub, Size, OffsetIt, Op>;
  const int arch        = kernel_arch<kernel>(algorithm);
  with_policy<Hub>(arch, [&](auto tuning) {
    using Tuning              = decltype(tuning);
    using Shape               = typename Tuning::shape;
    constexpr int min_tiles   = lbs_min_tiles_per_sm<Tuning, Size, OffsetIt, Op>();
    const Size tile_size      = Shape::tile_size;
    const Size num_tiles      = ceil_div(total + segment_count, tile_size);
    const cudaStream_t stream = stream_of(policy);

    const auto plan = plan_load_balance_launch<Tuning, min_tiles, Policy>(num_tiles, algorithm);
    // Both launches go through one call.
    const auto launch = [&](bool overlap, const Size* splits, Size head_tiles) {
      launch_tile_kernel(overlap, kernel, static_cast<unsigned>(num_tiles), Shape::threads, stream, algorithm,
                         offsets, segment_count, total, splits, head_tiles, op);
    };
    if (!plan.partitioned)
    {
      launch(false, nullptr, num_tiles);
      finish(policy, algorithm);
      return;
    }
    temporary_buffer<Size, Policy> item_splits(policy, num_tiles + 1);
    partition_load_balance(stream, offsets, segment_count, total, tile_size, num_tiles, item_splits.get(), algorithm);
    launch(waits_for_partition(arch) && Tuning::overlap_partition, item_splits.get(), plan.head_tiles);
    finish(policy, algorithm);
  });
}

// What an operation stages per segment in its own array: picks the tile
// shape.
template <class T>
constexpr int lbs_bytes_of()
{
  if constexpr (is_lbs_nothing_v<T>)
    return 0;
  else
    return int(sizeof(T));
}
template <class Op>
inline constexpr int lbs_staged_bytes = lbs_bytes_of<lbs_staged_array_t<Op>>();

// Runs `op` over `total` work items in `segment_count` segments with `Size`
// (int32 or int64) indices. Expects total > 0 and segment_count > 0. The
// tuning sees the wider of the index and the offset values: both take
// registers while the tile stages its offsets.
template <class Size, class Policy, class OffsetIt, class Op>
void transform_lbs(Policy& policy, OffsetIt offsets, Size segment_count, Size total, const Op& op,
                   const char* algorithm)
{
  constexpr int index_bytes = int(std::max(sizeof(Size), sizeof(value_of<OffsetIt>)));
  transform_lbs_with_hub<Size, load_balance_hub<lbs_staged_bytes<Op>, index_bytes>>(policy, offsets, segment_count,
                                                                                   total, op, algorithm);
}

} // namespace mgpu::detail::cuda
