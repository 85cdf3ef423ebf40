// One load-balanced tile: the block-level half of transform_lbs.
//
// The partition gives tile p the work items [a0, a0 + a_len) and the segment
// offsets [b0, b0 + b_len), with a_len + b_len equal to the tile size for all
// but the last tile. The tile
//   1. stages the offsets it needs in shared memory (the one before b0, so
//      ranks of an item whose segment began in an earlier tile can be
//      computed, its own, and one after as a sentinel) together with each
//      segment's data, every value read once;
//   2. runs the serial load-balancing search: each thread walks exactly
//      items_per_thread steps of the upper-bound merge of item indices and
//      offsets, recording each item's segment;
//   3. visits the items in striped order (consecutive threads, consecutive
//      items), so the operation's reads and writes of per-item data coalesce.
#pragma once

#include <mgpu/detail/load_balance_ops.h>
#include <mgpu/search.h>

#include <thrust/iterator/counting_iterator.h>

#include <cuda/std/functional>

namespace mgpu::detail::cuda {

// Shared memory of one tile. `slots` holds the items' segment slots in
// [0, a_len), followed by the staged offsets in [a_len, a_len + b_len + 2);
// a_len + b_len never exceeds the tile size, so the two share one array.
// Slot k of an item names segment b0 - 1 + k, whose offset is
// slots[a_len + k] and whose data is staged[k].
template <class Shape, class Size, class SegmentData>
struct lbs_tile_storage
{
  static constexpr int staged_count = is_lbs_nothing_v<SegmentData> ? 1 : Shape::tile_size + 1;
  Size slots[Shape::tile_size + 2];
  SegmentData staged[staged_count];
};

// Where a tile's work starts and how much of each input it holds.
template <class Size>
struct lbs_tile_range
{
  Size item_begin;    // a0
  Size segment_begin; // b0: the first offset the tile consumes
  int item_count;     // a_len
  int offset_count;   // b_len
};

// Step 1: offsets[b0 - 1 .. b0 + b_len] into `segment_offsets` (0 before the
// first segment, `total` past the last) and segment data for segments
// b0 - 1 .. b0 + b_len - 1 into `staged`. All loads are issued before any
// shared store so they are in flight together.
template <class Shape, class Size, class OffsetIt, class Op>
__device__ MGPU_FORCEINLINE void stage_tile_segments(
  OffsetIt offsets, Size segment_count, Size total, const lbs_tile_range<Size>& range, const Op& op,
  Size* segment_offsets, typename Op::segment_data* staged)
{
  constexpr int NT = Shape::threads, loads = Shape::items_per_thread + 1; // NT * loads >= tile size + 2
  using segment_data      = typename Op::segment_data;
  constexpr bool has_data = !is_lbs_nothing_v<segment_data>;
  const int offset_slots  = range.offset_count + 2;
  const Size first        = range.segment_begin - 1;

  Size offset_values[loads];
  segment_data data[has_data ? loads : 1];
#pragma unroll
  for (int i = 0; i < loads; ++i)
  {
    const int k        = static_cast<int>(threadIdx.x) + i * NT;
    const Size segment = first + k;
    if (k < offset_slots)
      offset_values[i] = segment < 0 ? Size(0) : segment < segment_count ? static_cast<Size>(offsets[segment]) : total;
    if constexpr (has_data)
      if (k < offset_slots - 1 && segment >= 0)
        data[i] = op.load_segment(segment);
  }
#pragma unroll
  for (int i = 0; i < loads; ++i)
  {
    const int k = static_cast<int>(threadIdx.x) + i * NT;
    if (k < offset_slots)
      segment_offsets[k] = offset_values[i];
    if constexpr (has_data)
      if (k < offset_slots - 1 && first + k >= 0)
        staged[k] = data[i];
  }
}

// Step 2: the serial search. Thread t starts at the cross diagonal
// t * items_per_thread of the tile's merge of item indices (A) with its
// offsets (B) and takes items_per_thread steps; an offset equal to an item
// comes first (upper bound), so an item lands in the last segment starting
// at or before it. In a full tile no step leaves the tile, and the sentinel
// offset after the tile stops the walk over A at the right place, so the
// loop needs no range checks; the last tile clamps.
template <class Shape, bool FullTile, class Size>
__device__ MGPU_FORCEINLINE void search_tile(const lbs_tile_range<Size>& range, Size* slots)
{
  constexpr int VT         = Shape::items_per_thread;
  const int a_len          = range.item_count;
  const int b_len          = range.offset_count;
  const Size* tile_offsets = slots + a_len + 1; // offsets[b0 ...]; [b_len] is the sentinel
  const int diag           = min(VT * static_cast<int>(threadIdx.x), a_len + b_len);

  int a_pos = merge_path<bounds::upper>(
    thrust::counting_iterator<Size>(range.item_begin), a_len, tile_offsets, b_len, diag, ::cuda::std::less<Size>{});
  int b_pos = diag - a_pos;
  Size item = range.item_begin + a_pos;
  Size key  = tile_offsets[b_pos];
#pragma unroll
  for (int i = 0; i < VT; ++i)
  {
    if ((FullTile || a_pos < a_len) && item < key)
    {
      slots[a_pos] = b_pos; // the item's segment is b0 + b_pos - 1: slot b_pos
      ++a_pos, ++item;
    }
    else
    {
      ++b_pos;
      key = tile_offsets[FullTile ? b_pos : min(b_pos, b_len)];
    }
  }
}

// Step 3: every item of the tile in striped order; all of a thread's reads
// (load_item) are issued before its writes (store_item).
template <class Shape, class Size, class Op>
__device__ MGPU_FORCEINLINE void apply_tile(
  const lbs_tile_range<Size>& range, const Size* slots, const typename Op::segment_data* staged, const Op& op)
{
  constexpr int NT = Shape::threads, VT = Shape::items_per_thread;
  using segment_data          = typename Op::segment_data;
  using item_value            = typename Op::item_value;
  constexpr bool has_data     = !is_lbs_nothing_v<segment_data>;
  const int a_len             = range.item_count;
  const Size* segment_offsets = slots + a_len;
  const Size first_segment    = range.segment_begin - 1;

  // Segment data of slot k (nothing for operations that stage none).
  auto data_of = [&](int k) -> segment_data {
    if constexpr (has_data)
      return staged[k];
    else
      return {};
  };

  // The segment slots are re-read from shared memory in the second pass
  // rather than held in registers across the loads.
  item_value values[VT];
#pragma unroll
  for (int i = 0; i < VT; ++i)
  {
    const int index = static_cast<int>(threadIdx.x) + i * NT;
    if (index < a_len)
    {
      const int slot  = static_cast<int>(slots[index]);
      const Size item = range.item_begin + index;
      values[i] = op.load_item(item, first_segment + slot, item - segment_offsets[slot], data_of(slot));
    }
  }
#pragma unroll
  for (int i = 0; i < VT; ++i)
  {
    const int index = static_cast<int>(threadIdx.x) + i * NT;
    if (index < a_len)
    {
      const int slot  = static_cast<int>(slots[index]);
      const Size item = range.item_begin + index;
      op.store_item(item, first_segment + slot, item - segment_offsets[slot], data_of(slot), values[i]);
    }
  }
}

template <class Shape, bool FullTile, class Size, class OffsetIt, class Op, class Storage>
__device__ MGPU_FORCEINLINE void transform_lbs_tile(
  Storage& shared, OffsetIt offsets, Size segment_count, Size total, const lbs_tile_range<Size>& range, const Op& op)
{
  stage_tile_segments<Shape>(offsets, segment_count, total, range, op, shared.slots + range.item_count, shared.staged);
  __syncthreads();
  search_tile<Shape, FullTile>(range, shared.slots);
  __syncthreads();
  apply_tile<Shape>(range, shared.slots, shared.staged, op);
}

} // namespace mgpu::detail::cuda
