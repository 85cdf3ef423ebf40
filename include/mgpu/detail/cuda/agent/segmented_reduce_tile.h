// One tile of the CUDA segmented reduction.
//
// The load-balancing partition gives tile p the values [a0, a0 + a_len) and
// the offsets [b0, b0 + b_len) (the segments that start in it), a_len + b_len
// steps of the Merge Path of value indices with offsets: the same tiles as
// transform_lbs, so the work is balanced whatever the segment sizes. Slot k
// of the tile names segment b0 - 1 + k: slot 0 the segment begun before the
// tile, slots 1 .. b_len those that start in it. The tile
//   1. copies its values to shared memory (by bulk copy where it can) while
//      it stages each slot's start, relative to a0 (contiguous 4-byte
//      offsets 16 bytes per load), and marks every start that falls on one
//      of its values as a head;
//   2. reduces blocked runs of items_per_thread values per thread, restarting
//      at each head with op(init, value), and leaves each run's reduction in
//      place of the run's last value; a block-wide exclusive scan of the
//      threads' runs (a segmented scan: heads stop it) gives each thread the
//      reduction carried into its first run, which it joins in place;
//   3. publishes its carry (tile_lookback-style, segmented_reduce_carry.h)
//      and writes each segment that starts and ends in it, striped across
//      the threads so the stores coalesce: an empty one gets init, another
//      the reduction at its last value;
//   4. leaves its part of the segment begun before it for the fix-up
//      pass (closing_head), which scans the tiles' carries and finishes
//      every segment that spans tiles.
// Every position is clamped to the tile, so invalid offsets give wrong sums
// but never an access outside the values, the offsets or result[0, m).
#pragma once

#include <mgpu/detail/config.h>
#include <mgpu/detail/cuda/agent/load_balance_staging.h>
#include <mgpu/detail/cuda/agent/segmented_reduce_carry.h>
#include <mgpu/detail/cuda/block/tile_load.h>
#include <mgpu/detail/cuda/runtime/dependent_launch.h>

#include <cub/block/block_scan.cuh>

#include <cuda/ptx>
#include <cuda_pipeline_primitives.h>
#include <nv/target>

#include <cstdint>
#include <type_traits>

namespace mgpu::detail::cuda {

// A run of values in the block-wide scan: its reduction, and whether a
// segment starts in it (then the reduction begins there, with init). A
// thread past the tile's values holds {init, 1}: only threads after every
// value have none, so no combination that is used reads it, and op never
// sees a value that is not the caller's.
template <class T>
struct reduced_run
{
  T value;
  int has_head;
};

// The segmented scan's operator: a run with a head discards what came before
// it; op need not be commutative, so the left run's value stays on the left.
template <class T, class Op>
struct combine_runs
{
  mutable Op op; // callers' functors need not have a const call operator

  __device__ MGPU_FORCEINLINE reduced_run<T> operator()(const reduced_run<T>& left, const reduced_run<T>& right) const
  {
    if (right.has_head)
      return right;
    return {static_cast<T>(op(left.value, right.value)), left.has_head};
  }
};

template <class Shape, class T>
struct segmented_reduce_tile_storage
{
  static constexpr int NT          = Shape::threads;
  static constexpr int value_bytes = sizeof(T) > 4 ? int(sizeof(T)) : 4;
  static constexpr int alignment   = alignof(T) > 16 ? int(alignof(T)) : 16;
  using block_scan                 = cub::BlockScan<reduced_run<T>, NT, cub::BLOCK_SCAN_WARP_SCANS>;

  // The tile's values (up to 12 bytes in, where a bulk copy wants them),
  // then its starts (up to 12 bytes further, where 16-byte stores want
  // them): a_len values and b_len + 2 ints, a_len + b_len <= tile_size.
  alignas(alignment) unsigned char values_and_starts[Shape::tile_size * value_bytes + 48];
  // Bit i of heads[t]: a segment starts at the tile's value t * VT + i.
  std::uint32_t heads[NT];
  T tile_carry; // the carry the tile publishes (step 3)
  typename block_scan::TempStorage scan;
  T window[32]; // the look-back's values
  std::uint64_t load_barrier;
};

// Step 1, values: the copy of src[0, count) to dst starts here and ends in
// finish_value_load, so the offsets are staged while it runs. Raw pointers
// (or device_vector iterators) to T copy by bulk copy on sm_90 and by
// cp.async before it, with nothing in registers; other iterators load and
// convert each value to T.
template <int NT, int Rows, class T, class It>
__device__ MGPU_FORCEINLINE void start_value_load(It src, int count, T* dst, std::uint64_t* barrier)
{
  if constexpr (async_copyable_v<It, T>)
  {
    const T* from = thrust::unwrap_contiguous_iterator(src);
    if constexpr (bulk_copyable_v<It, It, T>)
    {
      NV_IF_ELSE_TARGET(
        NV_PROVIDES_SM_90,
        (constexpr int slack = slice_slack_v<T>;
         static_assert(NT >= 32 + 2 * slack, "the second warp copies the edges");
         const int tid = static_cast<int>(threadIdx.x);
         if (tid == 0) {
           ::cuda::ptx::mbarrier_init(barrier, 1);
           // The copy engine must see the barrier initialized.
           ::cuda::ptx::fence_proxy_async(::cuda::ptx::space_shared);
           const std::uint32_t bytes = bulk_copy_blocks(from, count, dst, barrier);
           ::cuda::ptx::mbarrier_arrive_expect_tx(
             ::cuda::ptx::sem_release, ::cuda::ptx::scope_cta, ::cuda::ptx::space_shared, barrier, bytes);
         } else if (tid >= 32 && tid < 32 + 2 * slack) copy_slice_edges(from, count, dst, tid - 32);),
        (copy_rows_async<NT, Rows>(from, count, dst); __pipeline_commit();))
    }
    else
    {
      copy_rows_async<NT, Rows>(from, count, dst);
      __pipeline_commit();
    }
  }
  else
  {
    // All of the thread's loads in flight before its first store.
    T loaded[Rows];
    for_each_striped<NT, Rows>(count, [&](int i, int j) { loaded[i] = static_cast<T>(src[j]); });
    for_each_striped<NT, Rows>(count, [&](int i, int j) { dst[j] = loaded[i]; });
  }
  (void) barrier;
}

// Ends the copy and synchronizes the CTA: then every thread sees the values
// and whatever the CTA stored to shared memory before.
template <class T, class It>
__device__ MGPU_FORCEINLINE void finish_value_load(std::uint64_t* barrier)
{
  if constexpr (async_copyable_v<It, T>)
  {
    if constexpr (bulk_copyable_v<It, It, T>)
    {
      NV_IF_ELSE_TARGET(NV_PROVIDES_SM_90,
                        (__syncthreads(); // publishes the barrier's initialization and the edges
                         while (!::cuda::ptx::mbarrier_try_wait_parity(barrier, 0));),
                        (__pipeline_wait_prior(0); __syncthreads();))
    }
    else
    {
      __pipeline_wait_prior(0);
      __syncthreads();
    }
  }
  else
    __syncthreads();
  (void) barrier;
}

// Step 1, offsets: starts[k] for slot k, relative to a0 and clamped to [0,
// a_len] (starts[0] = 0, starts[b_len + 1] = a_len), and a head bit for each
// start below a_len. Passes of `chunk` rows issue all their loads before
// their first store; rows past the tile's offsets are skipped (uniform over
// the CTA). `heads` must be clear.
template <class Shape, class Size, class OffsetIt>
__device__ MGPU_FORCEINLINE void stage_segment_starts(OffsetIt offsets, const lbs_tile_range<Size>& range, int* starts,
                                                      std::uint32_t* heads)
{
  constexpr int NT    = Shape::threads;
  constexpr int VT    = Shape::items_per_thread;
  constexpr int chunk = lbs_stage_chunk<Shape>;
  const int tid       = static_cast<int>(threadIdx.x);
  const int a_len     = range.item_count;
  const int b_len     = range.offset_count;
  const auto tile_offsets = offsets + range.segment_begin;
  for (int row = 0; row < b_len; row += NT * chunk)
  {
    value_of<OffsetIt> loaded[chunk];
    for_each_staged_offset<Shape>(row, b_len, [&](int i, int k) { loaded[i] = tile_offsets[k]; });
    for_each_staged_offset<Shape>(row, b_len, [&](int i, int k) {
      const int start = tile_start(loaded[i], range.item_begin, a_len, a_len);
      starts[k + 1]   = start;
      if (start < a_len)
        atomicOr(heads + start / VT, 1u << (start % VT));
    });
  }
  if (tid == 0)
  {
    starts[0]         = 0;
    starts[b_len + 1] = a_len;
  }
}

// Marks the heads of one thread's starts. Valid offsets ascend, so their
// starts fall in the first start's head word or the last's: one atomicOr
// each; any other start (within a long run of starts, or out of order) takes
// its own.
template <int VT, int Count>
__device__ MGPU_FORCEINLINE void mark_heads(const int (&start)[Count], int a_len, std::uint32_t* heads)
{
  const int first_word = start[0] / VT, last_word = start[Count - 1] / VT;
  std::uint32_t first_bits = 0u, last_bits = 0u;
#pragma unroll
  for (int i = 0; i < Count; ++i)
  {
    const int at            = start[i] / VT;
    const std::uint32_t bit = 1u << (start[i] - at * VT);
    if (start[i] >= a_len)
      continue;
    if (at == first_word)
      first_bits |= bit;
    else if (at == last_word)
      last_bits |= bit;
    else
      atomicOr(heads + at, bit);
  }
  if (first_bits != 0u)
    atomicOr(heads + first_word, first_bits);
  if (last_bits != 0u)
    atomicOr(heads + last_word, last_bits);
}

// Whether a tile stages its offsets 16 bytes per load: contiguous 4-byte ones.
template <class OffsetIt>
inline constexpr bool stages_start_vectors_v = contiguous_vector_width<OffsetIt>() == 4;

// Step 1, offsets, for stages_start_vectors_v: as stage_segment_starts, with
// a quarter of the loads and shared stores. The `head` offsets before the
// first 16-byte boundary and the fewer than four after the last vector are
// staged one per thread by the first threads; `starts + 1 + head` is
// 16-byte aligned.
template <class Shape, class Size, class OffsetIt>
__device__ MGPU_FORCEINLINE void stage_segment_start_vectors(OffsetIt offsets, const lbs_tile_range<Size>& range,
                                                             int head, int* starts, std::uint32_t* heads)
{
  constexpr int NT      = Shape::threads;
  constexpr int VT      = Shape::items_per_thread;
  constexpr int rows    = (lbs_stage_chunk<Shape> + 3) / 4;
  using offset_t        = value_of<OffsetIt>;
  using vector          = vector_of<offset_t, 4>;
  const int tid         = static_cast<int>(threadIdx.x);
  const int a_len       = range.item_count;
  const int b_len       = range.offset_count;
  const Size a0         = range.item_begin;
  const offset_t* first = thrust::unwrap_contiguous_iterator(offsets) + range.segment_begin;
  const int vectors     = (b_len - head) / 4;
  const int tail_begin  = head + vectors * 4;

  const int edge_k   = tid < head ? tid : tail_begin + tid - head;
  const bool is_edge = edge_k < b_len;
  offset_t edge{};
  if (is_edge)
    edge = first[edge_k];

  const auto* body = reinterpret_cast<const vector*>(first + head);
  for (int pass = 0; pass < vectors; pass += NT * rows)
  {
    vector loaded[rows];
#pragma unroll
    for (int i = 0; i < rows; ++i)
    {
      if (pass + i * NT >= vectors)
        break;
      const int v = pass + tid + i * NT;
      if (v < vectors)
        loaded[i] = body[v];
    }
#pragma unroll
    for (int i = 0; i < rows; ++i)
    {
      if (pass + i * NT >= vectors)
        break;
      const int v = pass + tid + i * NT;
      if (v >= vectors)
        continue;
      int start[4];
      vector_of<int, 4> stored;
#pragma unroll
      for (int w = 0; w < 4; ++w)
        stored.lanes[w] = start[w] = tile_start(loaded[i].lanes[w], a0, a_len, a_len);
      store_start_vector(starts + 1 + head + v * 4, stored);
      mark_heads<VT>(start, a_len, heads);
    }
  }
  if (is_edge)
  {
    const int start[1] = {tile_start(edge, a0, a_len, a_len)};
    starts[edge_k + 1] = start[0];
    mark_heads<VT>(start, a_len, heads);
  }
  if (tid == 0)
  {
    starts[0]         = 0;
    starts[b_len + 1] = a_len;
  }
}

// Step 2: the thread's values t * VT ... in order, each run (up to the next
// head) reduced in place of its last value, and the thread's last value
// replaced by its last run's reduction so far; returns that run. Threads
// whose VT values all lie in the tile (all but one of those with values) run
// without a bound per value.
template <class Shape, class T, class Op>
__device__ MGPU_FORCEINLINE reduced_run<T> reduce_thread_runs(T* values, int a_len, const std::uint32_t* heads,
                                                              const T& init, Op& op)
{
  constexpr int VT = Shape::items_per_thread;
  static_assert(VT <= 32, "one head word per thread");
  const int first = static_cast<int>(threadIdx.x) * VT;
  const int count = ::min(::max(a_len - first, 0), VT);
  if (count == 0)
    return {init, 1};
  const std::uint32_t mine = heads[threadIdx.x];
  T* const thread_values   = values + first;
  T run{};
  auto step = [&](int i, bool last) {
    const T value = thread_values[i];
    if ((mine >> i) & 1u)
      run = static_cast<T>(op(init, value));
    else
      run = i == 0 ? value : static_cast<T>(op(run, value));
    if (last || ((mine >> (i + 1)) & 1u))
      thread_values[i] = run;
  };
  if (count == VT)
  {
#pragma unroll
    for (int i = 0; i < VT; ++i)
      step(i, i + 1 == VT);
  }
  else
  {
#pragma unroll
    for (int i = 0; i < VT; ++i)
      if (i < count)
        step(i, i + 1 == count);
  }
  return {run, mine != 0u};
}

// Step 2, after the scan: a thread's first run, when it continues a segment
// begun in an earlier thread, joins what the scan carried in, in place, so
// that every run's last value holds its segment's reduction within the tile.
// Thread 0 has nothing carried in; a thread whose first value is a head
// begins its first run itself.
template <class Shape, class T, class Op>
__device__ MGPU_FORCEINLINE void complete_first_run(T* values, int a_len, const std::uint32_t* heads,
                                                    const T& carried_in, Op& op)
{
  constexpr int VT         = Shape::items_per_thread;
  const int first          = static_cast<int>(threadIdx.x) * VT;
  const int count          = ::min(::max(a_len - first, 0), VT);
  const std::uint32_t mine = heads[threadIdx.x];
  if (threadIdx.x == 0 || count == 0 || (mine & 1u))
    return;
  // The run ends before the thread's first head, or at its last value.
  const int end = mine != 0u ? __ffs(static_cast<int>(mine)) - 1 : count;
  T& run_end    = values[first + end - 1];
  run_end       = static_cast<T>(op(carried_in, run_end));
}

template <class OutputIt, class Size, class T>
__device__ MGPU_FORCEINLINE void store_result(OutputIt result, Size segment, const T& value)
{
  using difference_t = typename thrust::iterator_traits<OutputIt>::difference_type;
  *(result + static_cast<difference_t>(segment)) = value;
}

// The whole tile. `heads` must be clear and visible to every thread. The
// carries are absent (words == nullptr) in a launch of one tile.
template <class Shape, class Storage, class Size, class ValueIt, class OffsetIt, class OutputIt, class T, class Op>
__device__ MGPU_FORCEINLINE void segmented_reduce_tile(Storage& shared, ValueIt values, OffsetIt offsets,
                                                       const lbs_tile_range<Size>& range, Size tile, bool last_tile,
                                                       OutputIt result, const T& init, Op& op,
                                                       const tile_carries<T>& carries)
{
  constexpr int NT  = Shape::threads;
  const int tid     = static_cast<int>(threadIdx.x);
  const int a_len   = range.item_count;
  const int b_len   = range.offset_count;
  const Size b0     = range.segment_begin;
  const bool opens  = b_len > 0; // a segment starts in the tile
  const bool shared_carries = carries.words != nullptr;

  // Step 1.
  T* const base                 = reinterpret_cast<T*>(shared.values_and_starts);
  const ValueIt source          = values + range.item_begin;
  const two_slice_layout layout = place_two_slices<T>(source, a_len, source, base);
  T* const tile_values          = base + layout.a_shift;
  // The starts follow the values at a byte offset into the (16-byte aligned)
  // storage, so that the compiler addresses them as shared memory.
  int starts_at   = (static_cast<int>(sizeof(T)) * (layout.a_shift + a_len) + 3) & ~3;
  int vector_head = 0;
  if constexpr (stages_start_vectors_v<OffsetIt>)
  {
    vector_head = offsets_before_alignment(offsets, range);
    starts_at += (16 - (starts_at + 4 * (1 + vector_head)) % 16) % 16; // up to 12 bytes, within the spare ones
  }
  int* const starts = reinterpret_cast<int*>(shared.values_and_starts + starts_at);
  start_value_load<NT, Shape::items_per_thread>(source, a_len, tile_values, &shared.load_barrier);
  if constexpr (stages_start_vectors_v<OffsetIt>)
    stage_segment_start_vectors<Shape>(offsets, range, vector_head, starts, shared.heads);
  else
    stage_segment_starts<Shape>(offsets, range, starts, shared.heads);
  finish_value_load<T, ValueIt>(&shared.load_barrier);

  // Step 2.
  const reduced_run<T> run = reduce_thread_runs<Shape>(tile_values, a_len, shared.heads, init, op);
  reduced_run<T> carried_in;
  typename Storage::block_scan(shared.scan).ExclusiveScan(run, carried_in, combine_runs<T, Op>{op});
  complete_first_run<Shape>(tile_values, a_len, shared.heads, carried_in.value, op);

  // Step 3. The carry: the reduction of the last segment the tile opens (init
  // alone if it holds no value here), or of all its values if it opens none
  // (then it has some: every tile takes at least one step), completed at the
  // tile's last value. The thread that holds that value (thread 0 when the
  // tile holds none) has it.
  const bool publishes_inclusive = tile == Size(0) || opens;
  if (tid == (a_len > 0 ? (a_len - 1) / Shape::items_per_thread : 0))
  {
    T carry = a_len > 0 ? static_cast<T>(tile_values[a_len - 1]) : init;
    if (opens && starts[b_len] >= a_len)
      carry = init;
    shared.tile_carry = carry;
    if (shared_carries)
    {
      wait_for_partition(); // which clears the look-back state of a partitioned launch
      carries.publish(static_cast<std::size_t>(tile), publishes_inclusive ? carry_inclusive : carry_aggregate, carry);
    }
  }
  __syncthreads(); // the completed runs and the tile's carry

  // Slots 1 .. b_len - 1 start and end in the tile; slot b_len too in the
  // last tile, where the last segment ends with the values. A pass reads the
  // starts of its slots before it stores any result, so their loads overlap.
  const int slot_end = last_tile ? b_len + 1 : b_len;
  constexpr int slots_per_pass = 4;
  for (int pass = 1 + tid; pass < slot_end; pass += NT * slots_per_pass)
  {
    int first[slots_per_pass], end[slots_per_pass];
#pragma unroll
    for (int i = 0; i < slots_per_pass; ++i)
    {
      const int k = pass + i * NT;
      first[i] = k < slot_end ? starts[k] : 0;
      end[i]   = k < slot_end ? starts[k + 1] : 0;
    }
#pragma unroll
    for (int i = 0; i < slots_per_pass; ++i)
    {
      const int k = pass + i * NT;
      if (k < slot_end)
        store_result(result, b0 + Size(k - 1),
                     end[i] > first[i] ? static_cast<T>(tile_values[end[i] - 1]) : init);
    }
  }

  // Step 4: slot 0 ends here when the tile opens a segment (or the values
  // end); the fix-up pass joins what the tile holds of it to the previous
  // tile's carry. Segment -1, before offsets[0], exists only with invalid
  // offsets and is never written. A tile that closes nothing leaves its
  // cleared closing head (kind none).
  if (shared_carries && tid == 0 && b0 > Size(0) && (opens || last_tile))
  {
    closing_head<T, Size> head{T{}, b0 - Size(1), closing_kind::with_values};
    if (!opens)
      head.values = shared.tile_carry;
    else if (starts[1] > 0)
      head.values = tile_values[starts[1] - 1];
    else
      head.kind = closing_kind::carry_only;
    wait_for_partition(); // which clears the sector in a partitioned launch
    carries.leave_closing(static_cast<std::size_t>(tile), head);
  }
}

// The fix-up, after every tile: finishes the segment that each tile p in
// [1, num_tiles) closes, from tile p - 1's inclusive carry and the closing
// tile's values in it. Thread j of block b takes tile t = b * NT + j and
// closes tile t + 1. Where some of the block's carries are aggregates, a
// segmented scan (a tile that opens a segment begins a run) makes them
// inclusive within the block, and the threads before the block's first
// inclusive carry join what the earlier blocks carry in, found by decoupled
// look-back over `block_carries` (cleared).
template <int NT, class Pace, class Storage, class T, class Size, class OutputIt, class Op>
__device__ MGPU_FORCEINLINE void finish_closing_segments(Storage& shared, const tile_carries<T>& carries,
                                                         const tile_carries<T>& block_carries, Size num_tiles,
                                                         OutputIt result, Op& op)
{
  const int tid          = static_cast<int>(threadIdx.x);
  const Size block       = Size(blockIdx.x);
  const Size tile        = block * Size(NT) + Size(tid);
  const bool closes_next = tile + Size(1) < num_tiles;
  const bool block_last  = tile + Size(1) == ::min(block * Size(NT) + Size(NT), num_tiles - Size(1));
  // A thread past the tiles holds a run of its own, which no used
  // combination reads (as in the tiles' scan).
  closing_head<T, Size> head{T{}, Size(0), closing_kind::none};
  reduced_run<T> run{T{}, 1};
  if (closes_next)
  {
    // Both loads in flight before either is needed.
    head                           = carries.template closing<Size>(static_cast<std::size_t>(tile + Size(1)));
    const published_carry<T> carry = carries.read(static_cast<std::size_t>(tile));
    run                            = {carry.value, carry.status == carry_inclusive};
  }
  if (__syncthreads_or(!run.has_head))
  {
    reduced_run<T> inclusive;
    typename Storage::block_scan(shared.scan).InclusiveScan(run, inclusive, combine_runs<T, Op>{op});
    // The block's carry, published before it looks back, as the tiles' are.
    if (block_last)
    {
      shared.tile_carry = inclusive.value;
      // Whether that carry is already inclusive, for thread 0 after the look-back.
      shared.heads[0] = static_cast<std::uint32_t>(inclusive.has_head);
      block_carries.publish(static_cast<std::size_t>(block), inclusive.has_head ? carry_inclusive : carry_aggregate,
                            inclusive.value);
    }
    // Never in block 0: tile 0's carry is inclusive.
    const bool takes_carry_in = !inclusive.has_head;
    if (__syncthreads_or(takes_carry_in))
    {
      if (tid < 32)
      {
        const T before = look_back_carry<Pace>(block_carries, block, op, shared.window);
        if (tid == 0)
        {
          if (!shared.heads[0])
            block_carries.publish(static_cast<std::size_t>(block), carry_inclusive,
                                  static_cast<T>(op(before, shared.tile_carry)));
          shared.tile_carry = before;
        }
      }
      __syncthreads(); // what the earlier blocks carry in
      if (takes_carry_in)
        inclusive.value = static_cast<T>(op(shared.tile_carry, inclusive.value));
    }
    run = inclusive;
  }
  else if (block_last) // every carry of the block inclusive
    block_carries.publish(static_cast<std::size_t>(block), carry_inclusive, run.value);
  if (head.kind == closing_kind::none)
    return;
  store_result(result, head.segment,
               head.kind == closing_kind::with_values ? static_cast<T>(op(run.value, head.values)) : run.value);
}

// Wide carries: the fix-up out of line, so that its spills stay out of the
// tiles' code.
template <int NT, class Pace, class Storage, class T, class Size, class OutputIt, class Op>
__device__ __noinline__ void finish_closing_segments_out_of_line(Storage& shared, const tile_carries<T>& carries,
                                                                 const tile_carries<T>& block_carries, Size num_tiles,
                                                                 OutputIt result, Op& op)
{
  finish_closing_segments<NT, Pace>(shared, carries, block_carries, num_tiles, result, op);
}

} // namespace mgpu::detail::cuda
