// CUDA load-balanced engine: an upper-bound Merge Path partition of the work
// item indices (a counting iterator, never stored) against the segment
// offsets, then one tile of exactly tile_size items + segments per CTA.
// Every load-balanced algorithm (load_balance_search, transform_lbs, the
// interval family) is this engine running a different operation.
#pragma once

#include <mgpu/detail/cuda/error.h>
#include <mgpu/detail/cuda/launch.h>
#include <mgpu/detail/cuda/load_balance_tile.h>
#include <mgpu/detail/cuda/merge_partition.h>
#include <mgpu/detail/cuda/temporary_buffer.h>
#include <mgpu/detail/cuda/tuning.h>
#include <mgpu/detail/load_balance_ops.h>
#include <mgpu/search.h>

#include <cub/util_type.cuh>
#include <thrust/iterator/counting_iterator.h>

namespace mgpu::detail::cuda {

// The partition's comparison: does work item `item` come before `offset` in
// the upper-bound merge? (An offset equal to the item comes first.)
template <class Size>
struct item_precedes_offset
{
  template <class Offset>
  MGPU_HD MGPU_FORCEINLINE bool operator()(Size item, const Offset& offset) const
  {
    return item < static_cast<Size>(offset);
  }
};

// At least this many tiles resident per SM: caps registers at 64 for 128
// threads, so the loads of many tiles are in flight at once and ptxas never
// trades occupancy for spills.
inline constexpr int lbs_min_tiles_per_sm = 8;

template <class Shape, class Size, class OffsetIt, class Op>
__global__ void __launch_bounds__(Shape::threads, lbs_min_tiles_per_sm) transform_lbs_tile_kernel(
  OffsetIt offsets, Size segment_count, Size total, const Size* item_splits, Op op)
{
  using storage_t = lbs_tile_storage<Shape, Size, typename Op::segment_data>;
  __shared__ cub::Uninitialized<storage_t> shared_storage;

  const Size tile       = blockIdx.x;
  const Size diag_begin = tile * Size(Shape::tile_size);
  const Size diag_end   = min(diag_begin + Size(Shape::tile_size), total + segment_count);
  const Size a_begin    = item_splits[tile];
  const Size a_end      = item_splits[tile + 1];
  const Size b_begin    = diag_begin - a_begin;
  const lbs_tile_range<Size> range{a_begin, b_begin, static_cast<int>(a_end - a_begin),
                                   static_cast<int>((diag_end - a_end) - b_begin)};

  if (diag_end - diag_begin == Size(Shape::tile_size))
    transform_lbs_tile<Shape, true>(shared_storage.Alias(), offsets, segment_count, total, range, op);
  else
    transform_lbs_tile<Shape, false>(shared_storage.Alias(), offsets, segment_count, total, range, op);
}

// item_splits[p] = number of work items among the first p * tile_size
// elements of the upper-bound merge of item indices with offsets, for p in
// [0, num_tiles]: tile p takes items [item_splits[p], item_splits[p + 1]) and
// tile_size minus that many offsets, whatever the counts look like.
template <class Size, class OffsetIt>
void partition_load_balance(cudaStream_t stream, OffsetIt offsets, Size segment_count, Size total, Size tile_size,
                            Size num_tiles, Size* item_splits, const char* algorithm)
{
  launch_merge_partition<bounds::upper>(stream, thrust::counting_iterator<Size>(0), total, offsets, segment_count,
                                        tile_size, num_tiles, item_splits, item_precedes_offset<Size>{}, algorithm);
}

template <class Size, class Shape, class Policy, class OffsetIt, class Op>
void transform_lbs_with_shape(
  Policy& policy, OffsetIt offsets, Size segment_count, Size total, const Op& op, const char* algorithm)
{
  const Size tile_size = Shape::tile_size;
  const Size num_tiles = ceil_div(total + segment_count, tile_size);
  temporary_buffer<Size, Policy> item_splits(policy, num_tiles + 1);
  const cudaStream_t stream = stream_of(policy);

  partition_load_balance(stream, offsets, segment_count, total, tile_size, num_tiles, item_splits.get(), algorithm);
  transform_lbs_tile_kernel<Shape><<<static_cast<unsigned>(num_tiles), Shape::threads, 0, stream>>>(
    offsets, segment_count, total, item_splits.get(), op);
  check_launch(algorithm, "load-balanced tile kernel");
  finish(policy, algorithm);
}

// Register state of one item or segment with `Size` indices: picks the tile
// shape.
template <class T>
constexpr int lbs_bytes_of()
{
  if constexpr (is_lbs_nothing_v<T>)
    return 0;
  else
    return int(sizeof(T));
}
template <class Size, class Op>
inline constexpr int lbs_state_bytes =
  int(sizeof(Size)) + (lbs_bytes_of<typename Op::segment_data>() > lbs_bytes_of<typename Op::item_value>()
                         ? lbs_bytes_of<typename Op::segment_data>()
                         : lbs_bytes_of<typename Op::item_value>());

// Runs `op` over `total` work items in `segment_count` segments with `Size`
// (int32 or int64) indices. Expects total > 0 and segment_count > 0. Exposed
// so tests can drive the 64-bit path on small inputs.
template <class Size, class Policy, class OffsetIt, class Op>
void transform_lbs(Policy& policy, OffsetIt offsets, Size segment_count, Size total, const Op& op,
                   const char* algorithm)
{
  if (current_arch(algorithm) >= 90)
    transform_lbs_with_shape<Size, typename load_balance_tuning_sm90<lbs_state_bytes<Size, Op>>::shape>(
      policy, offsets, segment_count, total, op, algorithm);
  else
    transform_lbs_with_shape<Size, typename load_balance_tuning_fallback<lbs_state_bytes<Size, Op>>::shape>(
      policy, offsets, segment_count, total, op, algorithm);
}

} // namespace mgpu::detail::cuda
