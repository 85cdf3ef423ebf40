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

#include <mgpu/detail/cuda/dependent_launch.h>
#include <mgpu/detail/cuda/error.h>
#include <mgpu/detail/cuda/launch.h>
#include <mgpu/detail/cuda/load_balance_tile.h>
#include <mgpu/detail/cuda/load_balance_partition.h>
#include <mgpu/detail/cuda/temporary_buffer.h>
#include <mgpu/detail/cuda/tuning.h>
#include <mgpu/detail/cuda/warp_search.h>
#include <mgpu/detail/load_balance_ops.h>
#include <mgpu/search.h>

#include <cub/util_type.cuh>
#include <thrust/iterator/counting_iterator.h>

#include <type_traits>

namespace mgpu::detail::cuda {

// Shared memory and registers decide how many tiles an SM holds. The kernel
// asks ptxas for registers enough to keep as many resident as shared memory
// allows, up to 8 at 256 threads (32 registers) for lean operations and 5
// (48) for the others, including callers' functors, and 8 at 128 threads
// (64), so the loads of several tiles are in flight at once. On an H200,
// interval_expand (int32, 256 x 23) took 237 instead of 271 us at mean count
// 1 and 117 instead of 131 at mean count 16 as a lean operation; gather and
// move, capped at 40 or 32 registers, spill and are no faster.
template <class Shape, class Storage, bool Lean>
constexpr int lbs_min_tiles_per_sm()
{
  constexpr int shared_per_sm = 227 * 1024, reserved_per_tile = 1024;
  constexpr int by_shared     = shared_per_sm / int(sizeof(Storage) + reserved_per_tile);
  constexpr int by_threads    = Shape::threads >= 256 ? (Lean ? 2048 : 1280) / Shape::threads : 1024 / Shape::threads;
  constexpr int tiles         = by_shared < by_threads ? by_shared : by_threads;
  return tiles > 1 ? tiles : 1;
}

template <class Shape, class Size, class Op>
using lbs_storage_for = lbs_tile_storage<Shape, Size, lbs_staged_array_t<Op>>;

// Lean operations run with fewer registers while they hold no staged array
// (whose loads take registers of their own).
template <class Op>
inline constexpr bool lbs_runs_lean_v = Op::lean && is_lbs_nothing_v<lbs_staged_array_t<Op>>;

// Tiles below `own_range_tiles` search the offsets for their own item range
// (two warps, one per end); the others read it from the partition's
// item_splits, once the partition has finished.
template <class Shape, int MinTilesPerSM, class Size, class OffsetIt, class Op>
__global__ void __launch_bounds__(Shape::threads, MinTilesPerSM)
  transform_lbs_tile_kernel(OffsetIt offsets, Size segment_count, Size total, const Size* item_splits,
                            Size own_range_tiles, Op op)
{
  static_assert(Shape::threads >= 64, "one warp searches each end of the tile");
  __shared__ cub::Uninitialized<lbs_storage_for<Shape, Size, Op>> shared_storage;

  const Size tile       = blockIdx.x;
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
    wait_for_partition(); // everything below depends on the tile's item range
    a_begin = item_splits[tile];
    a_end   = item_splits[tile + 1];
  }
  const Size b_begin = diag_begin - a_begin;
  const lbs_tile_range<Size> range{a_begin, b_begin, static_cast<int>(a_end - a_begin),
                                   static_cast<int>((diag_end - a_end) - b_begin)};

  if (diag_end - diag_begin == Size(Shape::tile_size))
    transform_lbs_tile<Shape, true>(shared_storage.Alias(), offsets, range, op);
  else
    transform_lbs_tile<Shape, false>(shared_storage.Alias(), offsets, range, op);
}

// MinTilesPerSM = 0: lbs_min_tiles_per_sm's choice. On sm_90 and later
// (`sm90_or_later`), with a wave being as many tiles as the device holds at
// once:
// - a launch of at most MGPU_LBS_OWN_RANGE_WAVES waves (tuning.h) runs the
//   tiles alone, each finding its own item range: no partition kernel, no
//   scratch, one launch. In larger launches the later start of every tile
//   costs more than that saves (docs/performance.md).
// - otherwise the tile kernel launches while the partition is still running
//   (dependent_launch.h), and its first MGPU_LBS_HEAD_WAVES waves find their
//   own item ranges, so they work instead of waiting for the partition.
// Before sm_90 every tile waits for the partition.
template <class Size, class Shape, int MinTilesPerSM = 0, class Policy, class OffsetIt, class Op>
void transform_lbs_with_shape(Policy& policy, OffsetIt offsets, Size segment_count, Size total, const Op& op,
                              bool sm90_or_later, const char* algorithm)
{
  constexpr int min_tiles =
    MinTilesPerSM > 0 ? MinTilesPerSM : lbs_min_tiles_per_sm<Shape, lbs_storage_for<Shape, Size, Op>, lbs_runs_lean_v<Op>>();
  const Size tile_size      = Shape::tile_size;
  const Size num_tiles      = ceil_div(total + segment_count, tile_size);
  const cudaStream_t stream = stream_of(policy);
  const auto kernel         = transform_lbs_tile_kernel<Shape, min_tiles, Size, OffsetIt, Op>;

  constexpr bool own_ranges_tuned = MGPU_LBS_OWN_RANGE_WAVES > 0 || MGPU_LBS_HEAD_WAVES > 0;
  const Size wave = sm90_or_later && own_ranges_tuned ? Size(current_sm_count(algorithm)) * min_tiles : Size(0);
  const Size head_tiles = Size(MGPU_LBS_HEAD_WAVES) * wave;
  // Also when the head would take every tile: the partition would go unread.
  if (num_tiles <= Size(MGPU_LBS_OWN_RANGE_WAVES) * wave || num_tiles <= head_tiles)
  {
    kernel<<<static_cast<unsigned>(num_tiles), Shape::threads, 0, stream>>>(
      offsets, segment_count, total, static_cast<const Size*>(nullptr), num_tiles, op);
    check_launch(algorithm, "load-balance tile kernel");
  }
  else
  {
    temporary_buffer<Size, Policy> item_splits(policy, num_tiles + 1);
    partition_load_balance(stream, offsets, segment_count, total, tile_size, num_tiles, item_splits.get(), algorithm);
    launch_tile_kernel(sm90_or_later, kernel, static_cast<unsigned>(num_tiles), Shape::threads, stream, algorithm,
                       offsets, segment_count, total, static_cast<const Size*>(item_splits.get()), head_tiles,
                       op);
  }
  finish(policy, algorithm);
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
// (int32 or int64) indices. Expects total > 0 and segment_count > 0. Exposed
// so tests can drive the 64-bit path on small inputs.
template <class Size, class Policy, class OffsetIt, class Op>
void transform_lbs(Policy& policy, OffsetIt offsets, Size segment_count, Size total, const Op& op,
                   const char* algorithm)
{
  if (current_arch(algorithm) >= 90)
    transform_lbs_with_shape<Size, typename load_balance_tuning_sm90<lbs_staged_bytes<Op>, int(sizeof(Size))>::shape>(
      policy, offsets, segment_count, total, op, true, algorithm);
  else
    transform_lbs_with_shape<Size, typename load_balance_tuning_fallback<lbs_staged_bytes<Op>, int(sizeof(Size))>::shape>(
      policy, offsets, segment_count, total, op, false, algorithm);
}

} // namespace mgpu::detail::cuda
