// One load-balanced tile: the block-level half of transform_lbs.
//
// The partition gives tile p the work items [a0, a0 + a_len) and the segment
// offsets [b0, b0 + b_len), with a_len + b_len equal to the tile size for all
// but the last tile. The tile
//   1. loads its offsets (16 bytes per load where they are contiguous 4-byte
//      integers; and each segment's data, for operations that read some)
//      with every load in flight before the first shared-memory store,
//      and stages them in shared memory as 32-bit positions relative to a0:
//      every offset the tile consumes lies in [a0, a0 + a_len], so the
//      search runs on ints whatever the index width; a tile whose offsets
//      break that order (only invalid ones) stops here
//      (load_balance_staging.h);
//   2. runs the serial load-balancing search: each thread walks exactly
//      items_per_thread steps of the upper-bound merge of item positions and
//      segment starts, recording each item's segment slot; operations that
//      need no rank and read at most 4 bytes per segment (interval_expand)
//      load that data meanwhile and then store it over the starts, so their
//      tiles need no staged array and are as large as the search's;
//   3. visits the items in striped order (consecutive threads, consecutive
//      items), so the operation's reads and writes of per-item data coalesce;
//      operations that write result[i] to a contiguous result write it in
//      striped 16-byte vectors instead (vector_store.h).
#pragma once

#include <mgpu/detail/cuda/agent/load_balance_staging.h>
#include <mgpu/detail/cuda/block/full_tile.h>
#include <mgpu/detail/cuda/block/tile_load.h>
#include <mgpu/detail/cuda/block/vector_store.h>
#include <mgpu/detail/load_balance_ops.h>
#include <mgpu/search.h>

#include <thrust/iterator/counting_iterator.h>

#include <cuda/std/functional>

#include <type_traits>

namespace mgpu::detail::cuda {

// Shared memory of one tile. The tile's `local` array, at most 3 ints into
// `slots_and_starts` (so that the slots of 16-byte-aligned outputs are
// 16-byte aligned too), holds the items' segment slots in [0, a_len), then
// b_len + 2 segment starts from a_len (or up to 3 ints later, so that
// offsets staged 16 bytes at a time land on 16-byte boundaries); slots and
// starts never exceed tile_size + 2 together. Slot k of an item names
// segment b0 - 1 + k. Its start, relative to a0, is starts[k]:
// starts[0] = 0 for the segment begun before the tile (whose items' ranks
// also add head_rank), starts[k] = offsets[b0 + k - 1] - a0 for the tile's
// own segments, and starts[b_len + 1] = a_len, the sentinel that ends the
// merge walk over the items. The segment's data is staged[k], or, for
// operations that restage it, in the place of starts[k] after the walk.
template <class Shape, class Size, class SegmentData>
struct lbs_tile_storage
{
  static constexpr int staged_count = is_lbs_nothing_v<SegmentData> ? 1 : Shape::tile_size + 1;
  alignas(16) int slots_and_starts[Shape::tile_size + 2 + 3 + 3];
  SegmentData staged[staged_count];
  Size head_rank; // a0 - offsets[b0 - 1]: the rank of item a0 in slot 0 (for operations that use ranks)
};

// Step 2: the serial search. Thread t starts at the cross diagonal
// t * items_per_thread of the tile's merge of item positions (A, a counting
// sequence: never loaded) with its segment starts (B) and takes
// items_per_thread steps; a start equal to an item comes first (upper
// bound), so an item lands in the last segment starting at or before it. In
// a full tile no step leaves the tile, and the sentinel after the tile's
// starts stops the walk over B at the right place, so the loop needs no range
// checks; the last tile clamps. The tile walks only starts that
// stage_tile_segments found ordered, so the walks tile the items exactly.
template <class Shape, bool FullTile>
__device__ MGPU_FORCEINLINE void walk_tile(int a_len, int b_len, int* local, const int* starts)
{
  constexpr int VT        = Shape::items_per_thread;
  const int* tile_offsets = starts + 1; // starts of segments b0 ...; [b_len] is the sentinel
  const int diag          = min(VT * static_cast<int>(threadIdx.x), a_len + b_len);

  int a_pos = merge_path<bounds::upper>(
    thrust::counting_iterator<int>(0), a_len, tile_offsets, b_len, diag, ::cuda::std::less<int>{});
  int b_pos = diag - a_pos;
  int key   = tile_offsets[b_pos];
#pragma unroll
  for (int i = 0; i < VT; ++i)
  {
    if ((FullTile || a_pos < a_len) && a_pos < key)
    {
      local[a_pos] = b_pos; // the item's segment is b0 + b_pos - 1: slot b_pos
      ++a_pos;
    }
    else
    {
      ++b_pos;
      key = tile_offsets[FullTile ? b_pos : min(b_pos, b_len)];
    }
  }
}

// Operations with restaged data, during and after the walk: each thread
// loads the data of slots tid, tid + NT, ... (slot k: segment b0 - 1 + k,
// for k in [0, b_len]; slot 0 only when b0 > 0) into registers before the
// walk, so the loads run under it, and stores them over the starts after
// it. Slots past a pass of lbs_stage_chunk rows (only in tiles of mostly
// empty segments) are loaded after the walk.
template <class Shape, class Op>
struct restaged_segment_data
{
  static constexpr int NT    = Shape::threads;
  static constexpr int chunk = lbs_stage_chunk<Shape>;
  using data                 = typename Op::segment_data;
  data early[chunk];

  // Slot k names a segment: one of the tile's, or the one begun before it.
  template <class Size>
  static __device__ MGPU_FORCEINLINE bool names_segment(const lbs_tile_range<Size>& range, int k)
  {
    return k <= range.offset_count && (k > 0 || range.segment_begin > 0);
  }

  template <class Size>
  __device__ MGPU_FORCEINLINE void load(const lbs_tile_range<Size>& range, const Op& op)
  {
    const int tid = static_cast<int>(threadIdx.x);
#pragma unroll
    for (int i = 0; i < chunk; ++i)
    {
      const int k = tid + i * NT;
      if (names_segment(range, k))
        early[i] = op.load_segment(range.segment_begin - 1 + k);
    }
  }

  // `slots` holds the starts until this call (after the walk's barrier).
  template <class Size>
  __device__ MGPU_FORCEINLINE void store(const lbs_tile_range<Size>& range, const Op& op, data* slots) const
  {
    const int tid = static_cast<int>(threadIdx.x);
#pragma unroll
    for (int i = 0; i < chunk; ++i)
    {
      const int k = tid + i * NT;
      if (names_segment(range, k))
        slots[k] = early[i];
    }
    for (int k = tid + chunk * NT; k <= range.offset_count; k += NT)
      slots[k] = op.load_segment(range.segment_begin - 1 + k);
  }
};

// Where the segment data of slot k is: the staged array, the starts' slots
// (restaged), or nowhere (operations that read none).
template <class Op, class Storage>
__device__ MGPU_FORCEINLINE typename Op::segment_data* segment_data_slots(Storage& shared, int* starts)
{
  if constexpr (lbs_restages_data_v<Op>)
    return reinterpret_cast<typename Op::segment_data*>(starts);
  else if constexpr (is_lbs_nothing_v<typename Op::segment_data>)
    return nullptr;
  else
    return shared.staged;
}

template <class Data>
__device__ MGPU_FORCEINLINE Data data_of_slot(const Data* slots, int k)
{
  if constexpr (is_lbs_nothing_v<Data>)
    return {};
  else
    return slots[k];
}

// Step 3: every item of the tile in striped order; all of a thread's reads
// (load_item) are issued before its writes (store_item). Rows past the
// tile's items are skipped (uniform over the CTA).
template <class Shape, class Size, class Op, class Storage>
__device__ MGPU_FORCEINLINE void apply_tile(const lbs_tile_range<Size>& range,
                                            const int* local,
                                            const int* starts,
                                            const Storage& shared,
                                            const typename Op::segment_data* staged,
                                            const Op& op)
{
  constexpr int NT = Shape::threads, VT = Shape::items_per_thread;
  using item_value         = typename Op::item_value;
  const Size first_segment = range.segment_begin - 1;
  Size head_rank           = 0; // written only for operations that use ranks
  if constexpr (Op::uses_rank)
    head_rank = shared.head_rank;

  // Rank of the item at tile position `index` in slot k (0 for operations
  // that ignore it: restaged data may have replaced the starts).
  auto rank_of = [&](int index, int k) {
    if constexpr (!Op::uses_rank)
      return Size(0);
    else
      return Size(index - starts[k]) + (k == 0 ? head_rank : Size(0));
  };

  // The segment slots are re-read from shared memory in the second pass
  // rather than held in registers across the loads.
  item_value values[VT];
  for_each_striped<NT, VT>(range.item_count, [&](int i, int index) {
    const int slot = local[index];
    values[i] =
      op.load_item(range.item_begin + index, first_segment + slot, rank_of(index, slot), data_of_slot(staged, slot));
  });
  for_each_striped<NT, VT>(range.item_count, [&](int i, int index) {
    const int slot = local[index];
    op.store_item(
      range.item_begin + index, first_segment + slot, rank_of(index, slot), data_of_slot(staged, slot), values[i]);
  });
}

// Step 3 for operations that write result[i] = item_output(s, data) to a
// contiguous result: `head` items up to the result's first 16-byte boundary
// (threads 0 .. head - 1), then striped vectors of Width items, whose slots
// are aligned in `local` too (transform_lbs_tile shifts `local` so), then
// the fewer than Width items left (threads Width ...).
template <class Shape, int Width, class Size, class Op>
__device__ MGPU_FORCEINLINE void store_tile_vectors(const lbs_tile_range<Size>& range,
                                                    int head,
                                                    const int* local,
                                                    const typename Op::segment_data* staged,
                                                    const Op& op)
{
  constexpr int NT   = Shape::threads;
  constexpr int Rows = (Shape::items_per_thread + Width - 1) / Width;
  using output_t     = value_of<decltype(op.result)>;
  output_t* result   = thrust::unwrap_contiguous_iterator(op.result) + range.item_begin;
  const Size first_segment = range.segment_begin - 1;
  auto output_of = [&](int slot) {
    return static_cast<output_t>(op.item_output(first_segment + slot, data_of_slot(staged, slot)));
  };

  const int a_len    = range.item_count;
  const int vectors  = (a_len - head) / Width;
  const int body_end = head + vectors * Width;
  const int tid      = static_cast<int>(threadIdx.x);
  const int edge     = tid < head ? tid : body_end + tid - Width;
  if (tid < head || (tid >= Width && edge < a_len))
    result[edge] = output_of(local[edge]);

  for_each_striped<NT, Rows>(vectors, [&](int, int v) {
    const int index  = head + v * Width;
    const auto slots = *reinterpret_cast<const vector_of<int, Width>*>(local + index);
    vector_of<output_t, Width> outputs;
#pragma unroll
    for (int w = 0; w < Width; ++w)
      outputs.lanes[w] = output_of(slots.lanes[w]);
    *reinterpret_cast<vector_of<output_t, Width>*>(result + index) = outputs;
  });
}

// Items of the tile before its result's first 16-byte boundary (0 for
// operations stored one item at a time).
template <int Width, class Size, class Op>
__device__ MGPU_FORCEINLINE int vector_head(const lbs_tile_range<Size>& range, const Op& op)
{
  if constexpr (Width == 1)
    return 0;
  else
    return min(range.item_count, items_before_alignment(thrust::unwrap_contiguous_iterator(op.result) + range.item_begin));
}

// The whole tile; only the walk is compiled twice, for full tiles (no range
// checks) and for the partial last tile (full_tile.h).
template <class Shape, class Size, class OffsetIt, class Op, class Storage>
__device__ MGPU_FORCEINLINE void transform_lbs_tile(
  Storage& shared, OffsetIt offsets, const lbs_tile_range<Size>& range, const Op& op)
{
  constexpr int Width = store_width<Op>();
  const int head      = vector_head<Width>(range, op);
  // local + head is 16-byte aligned, so is every vector's first slot.
  int* local = shared.slots_and_starts + ((4 - head) & 3);

  constexpr bool offset_vectors = lbs_offset_vector_width<OffsetIt, Op> > 1;
  const int offset_head         = offset_vector_head<Op>(offsets, range);
  int* const starts = local + range.item_count + starts_shift<offset_vectors>(local, range.item_count, offset_head);
  auto* const staged = segment_data_slots<Op>(shared, starts);

  // A tile whose starts are not ordered (only with invalid offsets) skips its items.
  bool ordered;
  if constexpr (offset_vectors)
    ordered = stage_tile_offset_vectors<Shape>(offsets, range, offset_head, op, starts, shared);
  else
    ordered = stage_tile_segments<Shape>(offsets, range, op, local, shared);
  if (!__syncthreads_and(ordered))
    return;
  auto walk = [&] {
    consume_tile<Shape::tile_size, Size>(range.item_count + range.offset_count, [&](auto full) {
      walk_tile<Shape, decltype(full)::value>(range.item_count, range.offset_count, local, starts);
    });
  };
  if constexpr (lbs_restages_data_v<Op>)
  {
    restaged_segment_data<Shape, Op> restaged;
    restaged.load(range, op);
    walk();
    __syncthreads();
    restaged.store(range, op, staged); // over the starts, which the walk no longer needs
  }
  else
    walk();
  __syncthreads();

  if constexpr (Width > 1)
    store_tile_vectors<Shape, Width>(range, head, local, staged, op);
  else
    apply_tile<Shape>(range, local, starts, shared, staged, op);
}

} // namespace mgpu::detail::cuda
