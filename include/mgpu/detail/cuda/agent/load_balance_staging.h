// Step 1 of a load-balanced tile (load_balance_tile.h): loading the tile's
// segment offsets, checking that they are ordered, and staging them in
// shared memory as 32-bit starts relative to the tile's first item. The
// segmented reduce tile stages its starts with the same pieces.
#pragma once

#include <mgpu/detail/config.h>
#include <mgpu/detail/cuda/block/offset_clamp.h>
#include <mgpu/detail/cuda/block/vector_store.h>
#include <mgpu/detail/iterator.h>
#include <mgpu/detail/load_balance_ops.h>

#include <thrust/type_traits/unwrap_contiguous_iterator.h>

#include <cstdint>
#include <type_traits>

namespace mgpu::detail::cuda {

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

// f(i, k) for each row i of the staging pass from `row` on and the thread's
// offset k = row + tid + i * NT in it, while k < b_len; rows past the tile's
// offsets are skipped (uniform over the CTA).
template <class Shape, class F>
__device__ MGPU_FORCEINLINE void for_each_staged_offset(int row, int b_len, F&& f)
{
  constexpr int NT = Shape::threads;
#pragma unroll
  for (int i = 0; i < lbs_stage_chunk<Shape>; ++i)
  {
    if (row + i * NT >= b_len)
      break;
    const int k = row + static_cast<int>(threadIdx.x) + i * NT;
    if (k < b_len)
      f(i, k);
  }
}

// A tile's start of `offset`, relative to a0: valid offsets of the tile lie
// in [a0, a0 + a_len]; any other value gives `outside` (a_len to clamp it
// into the tile, -1 for the order check, which rejects it against a
// predecessor of at least 0).
template <class Size, class Offset>
__device__ MGPU_FORCEINLINE int tile_start(Offset offset, Size a0, int a_len, int outside)
{
  // Offsets below a0 (negative ones too) wrap above any a_len.
  using unsigned_t          = std::make_unsigned_t<std::common_type_t<Offset, Size>>;
  const unsigned_t relative = unsigned_t(offset) - unsigned_t(a0);
  return relative <= unsigned_t(a_len) ? static_cast<int>(relative) : outside;
}

// The segment begun before the tile: its offset (for ranks) and data, which
// thread 0 loads while the rows load theirs.
template <class Size, class SegmentData>
struct lbs_head_segment
{
  bool present = false;
  Size offset  = 0;
  SegmentData data{};
};

template <class Op, class SegmentData, class Size, class OffsetIt>
__device__ MGPU_FORCEINLINE lbs_head_segment<Size, SegmentData> load_head_segment(
  OffsetIt offsets, const lbs_tile_range<Size>& range, const Op& op)
{
  constexpr bool has_data = !is_lbs_nothing_v<SegmentData>;
  lbs_head_segment<Size, SegmentData> head;
  // Only ranks and staged data need the segment begun before the tile.
  head.present = (Op::uses_rank || has_data) && threadIdx.x == 0 && range.segment_begin > 0;
  if (head.present)
  {
    const Size b0 = range.segment_begin;
    head.offset   = offset_within(value_of<OffsetIt>(offsets[b0 - 1]), range.item_begin); // a0 - offset >= 0: a rank
    if constexpr (has_data)
      head.data = op.load_segment(b0 - 1);
  }
  return head;
}

// The first tile's items before offsets[0] would lie in no segment. Thread 0
// checks there are none: here, before staging, for a tile without offsets;
// on its staged offsets[0] in finish_tile_segments otherwise.
template <class Size>
__device__ MGPU_FORCEINLINE bool first_tile_starts_at_an_offset(const lbs_tile_range<Size>& range)
{
  return !(threadIdx.x == 0 && range.segment_begin == 0 && range.offset_count == 0 && range.item_count > 0);
}

// Thread 0's part of step 1, after the rows: slot 0 (start 0), the sentinel,
// the head's rank and data. Returns false if the first tile's offsets[0],
// which this thread staged, is not its first item.
template <class Op, class Size, class SegmentData, class Storage>
__device__ MGPU_FORCEINLINE bool finish_tile_segments(const lbs_tile_range<Size>& range,
                                                      const lbs_head_segment<Size, SegmentData>& head,
                                                      int* starts,
                                                      Storage& shared)
{
  const int b_len   = range.offset_count;
  const bool tid0   = threadIdx.x == 0;
  const bool covers = !(tid0 && range.segment_begin == 0 && b_len > 0) || starts[1] == 0;
  if (tid0)
  {
    starts[0]         = 0;
    starts[b_len + 1] = range.item_count;
    if constexpr (Op::uses_rank)
      shared.head_rank = head.present ? range.item_begin - head.offset : Size(0);
    if constexpr (!is_lbs_nothing_v<SegmentData>)
      if (head.present)
        shared.staged[0] = head.data;
  }
  return covers;
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
// Returns whether the thread's offsets lie in [a0, a0 + a_len] and none is
// below its predecessor (the lane before's, by shuffle; for lane 0 of row
// j, the previous warp's, which lane j loads beside its own), and no item
// of the first tile precedes offsets[0]. When all threads agree the starts
// never decrease, so the walks tile the items, each once.
template <class Shape, class Size, class OffsetIt, class Op, class Storage>
__device__ MGPU_FORCEINLINE bool stage_tile_segments(
  OffsetIt offsets, const lbs_tile_range<Size>& range, const Op& op, int* local, Storage& shared)
{
  constexpr int NT        = Shape::threads;
  constexpr int chunk     = lbs_stage_chunk<Shape>;
  using segment_data      = lbs_staged_array_t<Op>;
  constexpr bool has_data = !is_lbs_nothing_v<segment_data>;
  const int tid           = static_cast<int>(threadIdx.x);
  const int lane          = tid % 32;
  const int a_len         = range.item_count;
  const int b_len         = range.offset_count;
  const Size b0           = range.segment_begin;
  const Size a0           = range.item_begin;
  int* starts             = local + a_len;

  const auto head = load_head_segment<Op, segment_data>(offsets, range, op);
  bool ordered    = first_tile_starts_at_an_offset(range);

  // Two explicit row loops rather than for_each_striped: with the helper,
  // ptxas gives the search's tile more registers.
  static_assert(chunk <= 32, "lane j loads the predecessor of row j");
  const auto tile_offsets = offsets + b0;
  for (int row = 0; row < b_len; row += NT * chunk)
  {
    value_of<OffsetIt> offset_values[chunk];
    value_of<OffsetIt> warp_predecessor{}; // lane j: the offset before lane 0's of row j
    segment_data data[has_data ? chunk : 1];
    for_each_staged_offset<Shape>(row, b_len, [&](int i, int k) {
      offset_values[i] = tile_offsets[k];
      if constexpr (has_data)
        data[i] = op.load_segment(b0 + k);
    });
    const int lane_0_k = row + (tid - lane) + lane * NT; // lane 0's k in row `lane`
    if (lane < chunk && lane_0_k > 0 && lane_0_k < b_len)
      warp_predecessor = tile_offsets[lane_0_k - 1];
    // Offset -1 is the head's: the segment begun before the tile starts at 0.
    const int warp_predecessor_start = lane_0_k > 0 ? tile_start(warp_predecessor, a0, a_len, -1) : 0;
#pragma unroll
    for (int i = 0; i < chunk; ++i)
    {
      if (row + i * NT >= b_len)
        break;
      const int k           = row + tid + i * NT;
      const int start       = k < b_len ? tile_start(offset_values[i], a0, a_len, -1) : a_len;
      const int lane_before = __shfl_up_sync(0xffffffffu, start, 1);
      const int warp_before = __shfl_sync(0xffffffffu, warp_predecessor_start, i);
      ordered               = ordered && (lane > 0 ? lane_before : warp_before) <= start;
      if (k < b_len)
      {
        starts[k + 1] = start;
        if constexpr (has_data)
          shared.staged[k + 1] = data[i];
      }
    }
  }
  const bool covers = finish_tile_segments<Op>(range, head, starts, shared);
  return ordered && covers;
}

// Offsets per load a tile stages: 4 for contiguous 4-byte offsets of an
// operation that stages no segment data beside them (8-byte offsets measured
// no faster two per load), else 1.
template <class OffsetIt, class Op>
inline constexpr int lbs_offset_vector_width =
  is_lbs_nothing_v<lbs_staged_array_t<Op>> && contiguous_vector_width<OffsetIt>() == 4 ? 4 : 1;

// The tile's contiguous offsets before their first 16-byte boundary.
template <class Size, class OffsetIt>
__device__ MGPU_FORCEINLINE int offsets_before_alignment(OffsetIt offsets, const lbs_tile_range<Size>& range)
{
  return min(range.offset_count,
             items_before_alignment(thrust::unwrap_contiguous_iterator(offsets) + range.segment_begin));
}

// The tile's offsets before their first 16-byte boundary (0 for offsets
// staged one at a time).
template <class Op, class Size, class OffsetIt>
__device__ MGPU_FORCEINLINE int offset_vector_head(OffsetIt offsets, const lbs_tile_range<Size>& range)
{
  if constexpr (lbs_offset_vector_width<OffsetIt, Op> == 1)
    return 0;
  else
    return offsets_before_alignment(offsets, range);
}

// One 16-byte shared-memory store of a vector of 4-byte starts: written
// out, because the compiler may split a vector assembled across shuffles
// into two 8-byte stores of twice the bank wavefronts.
__device__ MGPU_FORCEINLINE void store_start_vector(int* slot, const vector_of<int, 4>& starts)
{
  const auto address = static_cast<std::uint32_t>(__cvta_generic_to_shared(slot));
  asm volatile("st.shared.v4.b32 [%0], {%1, %2, %3, %4};" ::"r"(address), "r"(starts.lanes[0]),
               "r"(starts.lanes[1]), "r"(starts.lanes[2]), "r"(starts.lanes[3])
               : "memory");
}

// Step 1 for offsets staged in 16-byte vectors, a quarter of the loads and
// shared stores of one per offset. Each warp takes up to `rows` rows of 32
// consecutive vectors, so every predecessor is in the warp's registers: the
// starts of a vector are ordered in registers, and its first is checked
// against the last of the lane before by one rotation per row (lane 0
// against lane 31 of the row before, or, in the warp's first row, against
// the offset before it, which lane 0 loads). The `head` offsets before the
// first vector (offset_vector_head) and the fewer than Width after the last
// are staged by lanes of the first warp, each loading its predecessor beside
// it. `starts + 1 + head` is 16-byte aligned. Returns what
// stage_tile_segments returns.
template <class Shape, class Size, class OffsetIt, class Op, class Storage>
__device__ MGPU_FORCEINLINE bool stage_tile_offset_vectors(
  OffsetIt offsets, const lbs_tile_range<Size>& range, int head, const Op& op, int* starts, Storage& shared)
{
  constexpr int NT      = Shape::threads;
  constexpr int Width   = lbs_offset_vector_width<OffsetIt, Op>;
  constexpr int rows    = (lbs_stage_chunk<Shape> + Width - 1) / Width;
  using offset_t        = value_of<OffsetIt>;
  using vector          = vector_of<offset_t, Width>;
  static_assert(Width == 4 && sizeof(offset_t) == 4, "the starts of one vector fill one 16-byte store");
  const int tid         = static_cast<int>(threadIdx.x);
  const int lane        = tid % 32;
  const int a_len       = range.item_count;
  const int b_len       = range.offset_count;
  const Size a0         = range.item_begin;
  const offset_t* first = thrust::unwrap_contiguous_iterator(offsets) + range.segment_begin;
  const int vectors     = (b_len - head) / Width;
  const int tail_begin  = head + vectors * Width;
  auto start_of         = [&](offset_t offset) { return tile_start(offset, a0, a_len, -1); };

  const auto tile_head = load_head_segment<Op, lbs_nothing>(offsets, range, op);
  // Lanes 0 .. head - 1 take the offsets before the first vector, the next
  // lanes those after the last (so thread 0 stages offsets[b0] whichever
  // part holds it); offset -1 is the head's, at start 0.
  const int edge_k   = tid < head ? tid : tail_begin + tid - head;
  const bool is_edge = edge_k < b_len;
  offset_t edge{}, edge_before{};
  if (is_edge)
  {
    edge = first[edge_k];
    if (edge_k > 0)
      edge_before = first[edge_k - 1];
  }

  bool ordered     = first_tile_starts_at_an_offset(range);
  const auto* body = reinterpret_cast<const vector*>(first + head);
  for (int pass = 0; pass < vectors; pass += NT * rows)
  {
    // Every warp takes the same number of rows, as few as cover the pass, so
    // the row tests below are uniform over the block.
    const int pass_rows  = (min(vectors - pass, NT * rows) + NT - 1) / NT;
    const int warp_first = pass + (tid - lane) * pass_rows; // the warp's first vector of the pass
    vector values[rows];
#pragma unroll
    for (int i = 0; i < rows; ++i)
    {
      const int v = warp_first + i * 32 + lane;
      if (i < pass_rows && v < vectors)
        values[i] = body[v];
    }
    const int warp_first_k = head + warp_first * Width;
    offset_t predecessor{}; // lane 0: the offset before the warp's first vector
    if (lane == 0 && warp_first_k > 0 && warp_first < vectors)
      predecessor = first[warp_first_k - 1];
    int row_before = warp_first_k > 0 ? start_of(predecessor) : 0; // what lane 0 of the row compares with
#pragma unroll
    for (int i = 0; i < rows; ++i)
    {
      if (i >= pass_rows)
        break;
      const int v = warp_first + i * 32 + lane;
      vector_of<int, Width> vector_starts;
      bool inner = true;
#pragma unroll
      for (int w = 0; w < Width; ++w)
      {
        vector_starts.lanes[w] = start_of(values[i].lanes[w]);
        if (w > 0)
          inner = inner && vector_starts.lanes[w - 1] <= vector_starts.lanes[w];
      }
      const int rotated = __shfl_sync(0xffffffffu, vector_starts.lanes[Width - 1], (lane + 31) % 32);
      if (v < vectors)
      {
        ordered = ordered && inner && (lane > 0 ? rotated : row_before) <= vector_starts.lanes[0];
        store_start_vector(starts + 1 + head + v * Width, vector_starts);
      }
      row_before = rotated; // lane 0: lane 31's last start, before the next row's first
    }
  }
  if (is_edge)
  {
    const int start    = start_of(edge);
    ordered            = ordered && (edge_k > 0 ? start_of(edge_before) : 0) <= start;
    starts[edge_k + 1] = start;
  }
  const bool covers = finish_tile_segments<Op>(range, tile_head, starts, shared);
  return ordered && covers;
}

// How far after the slots the starts go: 0, or for offsets staged in vectors
// as far as makes the first vector's slot (starts + 1 + vector_head) 16-byte
// aligned.
template <bool OffsetVectors>
__device__ MGPU_FORCEINLINE int starts_shift(const int* local, int a_len, int vector_head)
{
  if constexpr (!OffsetVectors)
    return 0;
  else
  {
    const auto words = reinterpret_cast<std::uintptr_t>(local + a_len + 1 + vector_head) / sizeof(int);
    return static_cast<int>((4 - words % 4) % 4);
  }
}

} // namespace mgpu::detail::cuda
