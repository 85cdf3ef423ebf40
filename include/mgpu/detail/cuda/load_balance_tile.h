// One load-balanced tile: the block-level half of transform_lbs.
//
// The partition gives tile p the work items [a0, a0 + a_len) and the segment
// offsets [b0, b0 + b_len), with a_len + b_len equal to the tile size for all
// but the last tile. The tile
//   1. loads its offsets (and each segment's data, for operations that read
//      some) with every load in flight before the first shared-memory store,
//      and stages them in shared memory as 32-bit positions relative to a0:
//      every offset the tile consumes lies in [a0, a0 + a_len], so the
//      search runs on ints whatever the index width;
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

#include <mgpu/detail/cuda/offset_clamp.h>
#include <mgpu/detail/cuda/tile_load.h>
#include <mgpu/detail/cuda/vector_store.h>
#include <mgpu/detail/load_balance_ops.h>
#include <mgpu/search.h>

#include <thrust/iterator/counting_iterator.h>

#include <cuda/std/functional>

#include <cstdint>
#include <type_traits>

namespace mgpu::detail::cuda {

// Where the threads' walks start and end (tile_walk_is_whole): per thread
// where no segment data is staged (spare shared memory, scarce registers),
// else each warp's first start, the next lane's passing in a register.
template <class Shape, bool PerThread>
struct lbs_walk_bounds
{
  static constexpr bool per_thread = true;
  static_assert(Shape::tile_size < 65536, "tile positions fit in 16 bits");
  std::uint16_t start[Shape::threads];
  std::uint16_t end[Shape::threads];
};

template <class Shape>
struct lbs_walk_bounds<Shape, false>
{
  static constexpr bool per_thread = false;
  int warp_start[Shape::threads / 32];
};

// Shared memory of one tile. The tile's `local` array, at most 3 ints into
// `slots_and_starts` (so that the slots of 16-byte-aligned outputs are
// 16-byte aligned too), holds the items' segment slots in [0, a_len), then
// the segment starts in [a_len, a_len + b_len + 2); the two never exceed
// tile_size + 2 together. Slot k of an item names segment
// b0 - 1 + k. Its start, relative to a0, is starts[k] = local[a_len + k]:
// starts[0] = 0 for the segment begun before the tile (whose items' ranks
// also add head_rank), starts[k] = offsets[b0 + k - 1] - a0 for the tile's
// own segments, and starts[b_len + 1] = a_len, the sentinel that ends the
// merge walk over the items. The segment's data is staged[k], or, for
// operations that restage it, in the place of starts[k] after the walk.
template <class Shape, class Size, class SegmentData>
struct lbs_tile_storage
{
  static constexpr int staged_count = is_lbs_nothing_v<SegmentData> ? 1 : Shape::tile_size + 1;
  alignas(16) int slots_and_starts[Shape::tile_size + 2 + 3];
  SegmentData staged[staged_count];
  Size head_rank; // a0 - offsets[b0 - 1]: the rank of item a0 in slot 0
  lbs_walk_bounds<Shape, is_lbs_nothing_v<SegmentData>> walk_bounds;
};

// Whether an operation's segment data goes where the segment starts were,
// once the walk is done with them, rather than in an array of its own.
template <class Op>
constexpr bool lbs_restages_data()
{
  using data = typename Op::segment_data;
  if constexpr (Op::uses_rank || is_lbs_nothing_v<data>)
    return false;
  else
    return sizeof(data) <= sizeof(int) && alignof(data) <= alignof(int) && std::is_trivially_copyable_v<data>;
}
template <class Op>
inline constexpr bool lbs_restages_data_v = lbs_restages_data<Op>();

// The segment data a tile stages in its own array during step 1.
template <class Op>
using lbs_staged_array_t = std::conditional_t<lbs_restages_data_v<Op>, lbs_nothing, typename Op::segment_data>;

// Where a tile's work starts and how much of each input it holds.
template <class Size>
struct lbs_tile_range
{
  Size item_begin;    // a0
  Size segment_begin; // b0: the first offset the tile consumes
  int item_count;     // a_len
  int offset_count;   // b_len
};

// Rows of a staging pass: enough for a tile of half items and half segments.
template <class Shape>
inline constexpr int lbs_stage_chunk = (Shape::items_per_thread + 2) / 2;

// A tile's start of `offset`, relative to a0: valid offsets of the tile lie
// in [a0, a0 + a_len]. With `Clamped` (operations that use ranks: a rank is
// an item minus its start) any other value is clamped there; without, it
// wraps, which only moves items between slots.
template <bool Clamped, class Size, class Offset>
__device__ MGPU_FORCEINLINE int tile_start(Offset offset, Size a0, int a_len)
{
  if constexpr (Clamped)
  {
    using common_t = std::common_type_t<Offset, Size>;
    if (offset_below(offset, a0))
      return 0;
    const common_t relative = common_t(offset) - common_t(a0);
    return relative > common_t(a_len) ? a_len : static_cast<int>(relative);
  }
  else
  {
    using unsigned_t = std::make_unsigned_t<Size>;
    return static_cast<int>(unsigned_t(static_cast<Size>(offset)) - unsigned_t(a0));
  }
}

// Step 1: offsets[b0 - 1 .. b0 + b_len - 1] and the data of the same
// segments (segment -1, before the first, has neither). Thread 0 takes slot
// 0 (the segment begun before the tile) and the sentinel; the rows take
// slots 1 .. b_len, offsets[b0 + k] at slot k + 1, so their addresses are
// one base plus a constant per row and need no test beyond k < b_len. A
// pass covers `chunk` rows of the tile's threads, enough for a tile of half
// items and half segments; rows past the tile's offsets are skipped (the
// tests are uniform over the CTA), and all of a pass's loads (and thread 0's)
// are issued before its first shared store, so they are in flight together.
template <class Shape, class Size, class OffsetIt, class Op, class Storage>
__device__ MGPU_FORCEINLINE void stage_tile_segments(
  OffsetIt offsets, const lbs_tile_range<Size>& range, const Op& op, int* local, Storage& shared)
{
  constexpr int NT        = Shape::threads;
  constexpr int chunk     = lbs_stage_chunk<Shape>;
  using segment_data      = lbs_staged_array_t<Op>;
  constexpr bool has_data = !is_lbs_nothing_v<segment_data>;
  const int tid           = static_cast<int>(threadIdx.x);
  const int a_len         = range.item_count;
  const int b_len         = range.offset_count;
  const Size b0           = range.segment_begin;
  const Size a0           = range.item_begin;
  int* starts             = local + a_len;

  const bool has_head = tid == 0 && b0 > 0;
  Size head_offset    = 0;
  segment_data head_data{};
  if (has_head)
  {
    head_offset = offset_within(value_of<OffsetIt>(offsets[b0 - 1]), a0); // a0 - head_offset >= 0: a rank
    if constexpr (has_data)
      head_data = op.load_segment(b0 - 1);
  }

  // Two explicit row loops rather than for_each_striped: with the helper,
  // ptxas gives the search's tile 40 registers instead of 32.
  const auto tile_offsets = offsets + b0;
  for (int row = 0; row < b_len; row += NT * chunk)
  {
    value_of<OffsetIt> offset_values[chunk];
    segment_data data[has_data ? chunk : 1];
#pragma unroll
    for (int i = 0; i < chunk; ++i)
    {
      if (row + i * NT >= b_len)
        break;
      const int k = row + tid + i * NT;
      if (k < b_len)
      {
        offset_values[i] = tile_offsets[k];
        if constexpr (has_data)
          data[i] = op.load_segment(b0 + k);
      }
    }
#pragma unroll
    for (int i = 0; i < chunk; ++i)
    {
      if (row + i * NT >= b_len)
        break;
      const int k = row + tid + i * NT;
      if (k < b_len)
      {
        starts[k + 1] = tile_start<Op::uses_rank>(offset_values[i], a0, a_len);
        if constexpr (has_data)
          shared.staged[k + 1] = data[i];
      }
    }
  }

  if (tid == 0)
  {
    starts[0]         = 0;
    starts[b_len + 1] = a_len;
    shared.head_rank  = has_head ? a0 - head_offset : Size(0);
    if constexpr (has_data)
      if (has_head)
        shared.staged[0] = head_data;
  }
}

// Step 2: the serial search. Thread t starts at the cross diagonal
// t * items_per_thread of the tile's merge of item positions (A, a counting
// sequence: never loaded) with its segment starts (B) and takes
// items_per_thread steps; a start equal to an item comes first (upper
// bound), so an item lands in the last segment starting at or before it. In
// a full tile no step leaves the tile, and the sentinel after the tile's
// starts stops the walk over B at the right place, so the loop needs no range
// checks; the last tile clamps. On any starts a full tile's walk stays in
// bounds: it ends by diagonal tile_size, so it writes below local[tile_size]
// and cannot pass the sentinel (that takes a_pos >= a_len at that diagonal);
// its slots lie in [0, b_len]. Returns where it ended, where the next
// lane's began (or records both in `bounds`, lbs_walk_bounds) and whether
// its first item's segment starts at or before it: every later step keeps
// that, so ranks are never negative when all walks begin so.
struct lbs_walk
{
  int end;
  int next_start;
  bool starts_in_segment;
  bool head_item; // thread 0: an item lies before the tile's first start
};

template <class Shape, bool FullTile, class Bounds>
__device__ MGPU_FORCEINLINE lbs_walk walk_tile(int a_len, int b_len, int* local, Bounds& bounds)
{
  constexpr int VT        = Shape::items_per_thread;
  const int* tile_offsets = local + a_len + 1; // starts of segments b0 ...; [b_len] is the sentinel
  const int diag          = min(VT * static_cast<int>(threadIdx.x), a_len + b_len);

  int a_pos = merge_path<bounds::upper>(
    thrust::counting_iterator<int>(0), a_len, tile_offsets, b_len, diag, ::cuda::std::less<int>{});
  int b_pos = diag - a_pos;
  int key   = tile_offsets[b_pos];
  const bool starts_in_segment = b_pos == 0 || tile_offsets[b_pos - 1] <= a_pos;
  // Read before the walk: restaged data may replace the starts after it.
  const bool head_item = threadIdx.x == 0 && tile_offsets[0] > 0;

  int next_start = 0;
  if constexpr (Bounds::per_thread)
    bounds.start[threadIdx.x] = static_cast<std::uint16_t>(a_pos);
  else
  {
    next_start = __shfl_down_sync(0xffffffffu, a_pos, 1);
    if (threadIdx.x % 32 == 0)
      bounds.warp_start[threadIdx.x / 32] = a_pos;
  }
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
  if constexpr (Bounds::per_thread)
    bounds.end[threadIdx.x] = static_cast<std::uint16_t>(a_pos);
  return {a_pos, next_start, starts_in_segment, head_item};
}

// After the walk's barrier: whether the walks tiled the items exactly once
// (each ended where the next began), none fell before the first start with
// no segment there (slot 0 would name segment -1), and every item's rank is
// at least 0 (each walk began inside its segment; the segment begun before
// the tile starts at or before a0). Always with valid offsets; else slots
// may be unwritten or ranks negative, and walks may have overlapped
// (racecheck reports their writes to one slot; the tile discards them).
template <class Shape, class Size, class Bounds>
__device__ MGPU_FORCEINLINE bool tile_walk_is_whole(const lbs_tile_range<Size>& range, const lbs_walk& walk,
                                                    const Bounds& bounds, Size head_rank)
{
  const unsigned tid = threadIdx.x;
  const bool last    = tid == Shape::threads - 1;
  int end, next;
  if constexpr (Bounds::per_thread)
  {
    end  = bounds.end[tid];
    next = last ? range.item_count : bounds.start[tid + 1];
  }
  else
  {
    end  = walk.end;
    next = last ? range.item_count : tid % 32 == 31 ? bounds.warp_start[tid / 32 + 1] : walk.next_start;
  }
  const bool head_ok = !walk.head_item || (range.segment_begin > 0 && head_rank >= 0);
  return head_ok && walk.starts_in_segment && end == next;
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
                                            const Storage& shared,
                                            const typename Op::segment_data* staged,
                                            const Op& op)
{
  constexpr int NT = Shape::threads, VT = Shape::items_per_thread;
  using item_value         = typename Op::item_value;
  const int* starts        = local + range.item_count;
  const Size first_segment = range.segment_begin - 1;
  const Size head_rank     = shared.head_rank;

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

template <class Shape, bool FullTile, class Size, class OffsetIt, class Op, class Storage>
__device__ MGPU_FORCEINLINE void transform_lbs_tile(
  Storage& shared, OffsetIt offsets, const lbs_tile_range<Size>& range, const Op& op)
{
  constexpr int Width = store_width<Op>();
  const int head      = vector_head<Width>(range, op);
  // local + head is 16-byte aligned, so is every vector's first slot.
  int* local = shared.slots_and_starts + ((4 - head) & 3);

  auto* const staged = segment_data_slots<Op>(shared, local + range.item_count);

  stage_tile_segments<Shape>(offsets, range, op, local, shared);
  __syncthreads();
  // A tile whose walks are not whole (only with invalid offsets) skips its items.
  if constexpr (lbs_restages_data_v<Op>)
  {
    restaged_segment_data<Shape, Op> restaged;
    restaged.load(range, op);
    const lbs_walk walk = walk_tile<Shape, FullTile>(range.item_count, range.offset_count, local, shared.walk_bounds);
    __syncthreads();
    const bool whole = tile_walk_is_whole<Shape>(range, walk, shared.walk_bounds, shared.head_rank);
    restaged.store(range, op, staged); // over the starts, which the walk no longer needs
    if (!__syncthreads_and(whole))
      return;
  }
  else
  {
    const lbs_walk walk = walk_tile<Shape, FullTile>(range.item_count, range.offset_count, local, shared.walk_bounds);
    __syncthreads();
    if (!__syncthreads_and(tile_walk_is_whole<Shape>(range, walk, shared.walk_bounds, shared.head_rank)))
      return;
  }

  if constexpr (Width > 1)
    store_tile_vectors<Shape, Width>(range, head, local, staged, op);
  else
    apply_tile<Shape>(range, local, shared, staged, op);
}

} // namespace mgpu::detail::cuda
