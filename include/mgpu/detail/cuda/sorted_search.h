// CUDA vectorized sorted search: the merge of the haystack (A) with the
// needles (B), partitioned by Merge Path exactly as the merge is, with a tile
// that writes no merged keys, only each needle's position in the haystack.
//
// Needle j lands at merge position (haystack elements before it) + j; the
// tie rule decides the bound. Needles placed before equal haystack elements
// (B wins ties: bounds::upper) are counted past the elements ordered before
// them, a lower bound; placed after them (A wins ties: bounds::lower), past
// the elements not ordered after them, an upper bound.
#pragma once

#include <mgpu/detail/cuda/error.h>
#include <mgpu/detail/cuda/launch.h>
#include <mgpu/detail/cuda/merge.h>
#include <mgpu/detail/cuda/merge_partition.h>
#include <mgpu/detail/cuda/policy_hub.h>
#include <mgpu/detail/cuda/temporary_buffer.h>
#include <mgpu/detail/cuda/tile_load.h>
#include <mgpu/detail/cuda/tuning.h>
#include <mgpu/detail/iterator.h>
#include <mgpu/detail/sorted_search_ops.h>
#include <mgpu/search.h>

#include <cub/block/block_reduce.cuh>
#include <cub/util_type.cuh>

#include <cstdint>
#include <type_traits>

namespace mgpu::detail::cuda {

// The merge's tie rule that yields the bound.
template <search_bound Bound>
inline constexpr bounds merge_bounds_for = Bound == search_bound::lower ? bounds::upper : bounds::lower;

// The merge's tile shapes: a search tile holds the same keys and one int
// per needle in their place.
template <class Key>
using sorted_search_hub = merge_hub<int(sizeof(Key))>;

// The smallest tile of any tier: callers that provide the partition's
// scratch size it by this.
template <class Key>
inline constexpr int sorted_search_smallest_tile =
  sorted_search_hub<Key>::template policy<tuning_tier::sm90>::shape::tile_size
      < sorted_search_hub<Key>::template policy<tuning_tier::fallback>::shape::tile_size
    ? sorted_search_hub<Key>::template policy<tuning_tier::sm90>::shape::tile_size
    : sorted_search_hub<Key>::template policy<tuning_tier::fallback>::shape::tile_size;

// Shared memory of one tile: the loaded keys (A's slice, then B's), whose
// space then takes each needle's position in A's slice; where each thread's
// walk started in A's slice; and, for a tallying sink, its sum's reduction.
template <class Shape, class Key, class Tally>
struct sorted_search_tile_storage
{
  union space
  {
    Key keys[Shape::tile_size];
    int found[Shape::tile_size];
  };
  struct no_tally
  {};
  using key_type     = Key;
  using tally_reduce = cub::BlockReduce<std::conditional_t<std::is_void_v<Tally>, int, Tally>, Shape::threads>;

  space data;
  int walk_start[Shape::threads];
  std::conditional_t<std::is_void_v<Tally>, no_tally, typename tally_reduce::TempStorage> tally;
};

// Needle (b_key) before haystack element (a_key) in the merge.
template <search_bound Bound, class Key, class Compare>
__device__ MGPU_FORCEINLINE bool needle_first(const Key& b_key, const Key& a_key, Compare comp)
{
  if constexpr (Bound == search_bound::lower)
    return !comp(a_key, b_key);
  else
    return comp(b_key, a_key);
}

// One tile: each thread walks items_per_thread steps of the merge from its
// Merge Path split, recording for each needle it takes how many of A's
// slice precede it; the CTA then hands the needles to the sink in order.
// On any data the walk reads only the slices, records needles inside B's
// slice and gives the sink positions inside A's. Returns whether the walks
// tiled the slice exactly (every thread's walk ended where the next began):
// always on sorted data; otherwise the sink sees unspecified positions.
template <class Shape, search_bound Bound, bool FullTile, class Storage, class Size, class Sink, class Compare>
__device__ MGPU_FORCEINLINE bool sorted_search_tile(
  Storage& shared, Size a_begin, Size b_begin, int a_len, int tile_len, const Sink& sink, Compare comp)
{
  constexpr int NT = Shape::threads, VT = Shape::items_per_thread;
  const int tid    = static_cast<int>(threadIdx.x);
  const int b_len  = tile_len - a_len;
  using Key        = typename Storage::key_type;

  const Key* keys = shared.data.keys;
  const int diag  = min(VT * tid, tile_len);
  int a_pos       = merge_path<merge_bounds_for<Bound>>(keys, a_len, keys + a_len, b_len, diag, comp);
  int b_pos       = a_len + diag - a_pos; // B's elements follow A's in the tile
  shared.walk_start[tid] = a_pos;
  const int first_needle = b_pos - a_len;
  const int steps        = FullTile ? VT : min(VT, tile_len - diag);
  const int last         = tile_len - 1;

  Key a_key = keys[min(a_pos, last)];
  Key b_key = keys[min(b_pos, last)];
  int found[VT]; // for each step that took a needle: A's elements before it; else -1
#pragma unroll
  for (int i = 0; i < VT; ++i)
  {
    found[i] = -1;
    if (FullTile || i < steps)
    {
      // Within the walk a_pos + b_pos < tile_len: an exhausted A leaves a needle.
      const bool take_needle = b_pos < tile_len && (a_pos >= a_len || needle_first<Bound>(b_key, a_key, comp));
      if (take_needle)
      {
        found[i] = a_pos;
        b_key    = keys[min(++b_pos, last)];
      }
      else
        a_key = keys[min(++a_pos, last)];
    }
  }
  __syncthreads(); // every walk is done with the keys: their space takes the answers
  const int next_start = tid + 1 < NT ? shared.walk_start[tid + 1] : a_len;
  // Walks that do not tile the slice may share needles: they record none, so
  // no two threads write one slot, and the sink sees unspecified positions.
  const bool whole = __syncthreads_and(a_pos == next_start);
  if (whole)
  {
    int slot = first_needle; // needles are taken in order, so they fill consecutive slots
#pragma unroll
    for (int i = 0; i < VT; ++i)
      if (found[i] >= 0)
        shared.data.found[slot++] = found[i];
  }
  __syncthreads();

  auto answer = [&](int j) {
    const int before = min(max(shared.data.found[j], 0), a_len);
    return sink(b_begin + Size(j), a_begin + Size(before));
  };
  if constexpr (tallies_v<Sink, Size>)
  {
    sink_tally_t<Sink, Size> tally{};
    for_each_striped<NT, VT>(b_len, [&](int, int j) { tally += answer(j); });
    tally = typename Storage::tally_reduce(shared.tally).Sum(tally);
    if (tid == 0)
      sink.add(tally);
  }
  else
    for_each_striped<NT, VT>(b_len, [&](int, int j) { answer(j); });
  return whole;
}

// One tile per CTA; `a_splits` from the merge partition. When `unsorted` is
// not null, a tile whose slices do not meet its neighbours' or whose walks
// do not tile it (only on unsorted data) sets *unsorted to 1: callers that
// must agree with another call on the same data (a join and its size) learn
// that the answers are not to be trusted. Whatever the data, every needle
// gets at least one answer, and every answer lies in [0, hay_count].
template <class Hub, search_bound Bound, class Size, class HayIt, class NeedleIt, class Sink, class Compare>
__global__ void __launch_bounds__(compiled_policy_t<Hub>::shape::threads) sorted_search_tile_kernel(
  HayIt hay, Size hay_count, NeedleIt needles, Size needle_count, const Size* a_splits, Sink sink, Compare comp,
  int* unsorted)
{
  using Shape     = typename compiled_policy_t<Hub>::shape;
  using key_t     = value_of<HayIt>;
  using storage_t = sorted_search_tile_storage<Shape, key_t, sink_tally_t<Sink, Size>>;
  __shared__ cub::Uninitialized<storage_t> shared_storage;
  storage_t& shared = shared_storage.Alias();

  const Size tile       = blockIdx.x;
  const Size total      = hay_count + needle_count;
  const Size diag_begin = tile * Size(Shape::tile_size);
  // Not min(diag_begin + tile_size, total): that may wrap int32 near 2^31.
  const Size diag_end = total - diag_begin > Size(Shape::tile_size) ? diag_begin + Size(Shape::tile_size) : total;
  // A split as its own diagonal allows: the same value for this tile's end
  // and the next tile's start.
  auto on_diagonal = [&](Size split, Size diag) {
    return min(max(split, max(Size(0), diag - needle_count)), min(diag, hay_count));
  };
  const Size a_begin = on_diagonal(a_splits[tile], diag_begin);
  const Size a_next  = on_diagonal(a_splits[tile + 1], diag_end);
  const int tile_len = static_cast<int>(diag_end - diag_begin);
  // On unsorted input the splits need not be monotone: the tile's share of
  // A stays within what its diagonals allow.
  const Size a_end   = min(max(a_next, a_begin), a_begin + Size(tile_len));
  const Size b_begin = diag_begin - a_begin;
  const int a_len    = static_cast<int>(a_end - a_begin);

  bool whole;
  if (tile_len == Shape::tile_size)
  {
    load_two_ranges_to_shared<Shape, true>(hay, a_begin, a_len, needles, b_begin, tile_len, shared.data.keys);
    __syncthreads();
    whole = sorted_search_tile<Shape, Bound, true>(shared, a_begin, b_begin, a_len, tile_len, sink, comp);
  }
  else
  {
    load_two_ranges_to_shared<Shape, false>(hay, a_begin, a_len, needles, b_begin, tile_len, shared.data.keys);
    __syncthreads();
    whole = sorted_search_tile<Shape, Bound, false>(shared, a_begin, b_begin, a_len, tile_len, sink, comp);
  }
  if (a_end == a_next)
  {
    if (unsorted != nullptr && threadIdx.x == 0 && !whole)
      *unsorted = 1;
    return;
  }
  // Unsorted input only: the next tile starts elsewhere. Needles between this
  // tile's last and the next tile's first still get an answer inside the
  // haystack, so every needle is answered at least once.
  if (unsorted != nullptr && threadIdx.x == 0)
    *unsorted = 1;
  const Size b_end  = b_begin + Size(tile_len - a_len);
  const Size b_next = diag_end - a_next;
  for (Size j = b_end + Size(threadIdx.x); j < b_next; j += Size(Shape::threads))
  {
    if constexpr (tallies_v<Sink, Size>)
      sink.add(sink(j, a_end));
    else
      sink(j, a_end);
  }
}

// Runs the search with `Size` (int32 or int64) offsets; both iterators'
// elements are the search key. `splits`: scratch for num_tiles + 1 Sizes
// (at least (hay_count + needle_count) / sorted_search_smallest_tile + 2),
// or null to take it from the policy. Synchronizes at the end (as Thrust
// does, except under par_nosync) only when `synchronize`: the joins chain
// several searches on one stream. Expects needle_count > 0.
template <search_bound Bound, class Size, class Policy, class HayIt, class NeedleIt, class Sink, class Compare>
void sorted_search_with_offsets(
  Policy& policy, HayIt hay, Size hay_count, NeedleIt needles, Size needle_count, const Sink& sink, Compare comp,
  int* unsorted, Size* splits, bool synchronize, const char* algorithm)
{
  using key_t = value_of<HayIt>;
  using Hub   = sorted_search_hub<key_t>;
  constexpr auto kernel = sorted_search_tile_kernel<Hub, Bound, Size, HayIt, NeedleIt, Sink, Compare>;
  with_policy<Hub>(kernel_arch<kernel>(algorithm), [&](auto tuning) {
    using Shape               = typename decltype(tuning)::shape;
    const Size total          = hay_count + needle_count;
    const Size num_tiles      = ceil_div(total, Size(Shape::tile_size));
    const cudaStream_t stream = stream_of(policy);
    temporary_buffer<Size, Policy> own_splits(policy, splits == nullptr ? num_tiles + 1 : 0);
    Size* const a_splits = splits == nullptr ? own_splits.get() : splits;
    launch_merge_partition<merge_bounds_for<Bound>>(
      stream, hay, hay_count, needles, needle_count, Size(Shape::tile_size), num_tiles, a_splits, comp, algorithm);
    kernel<<<static_cast<unsigned>(num_tiles), Shape::threads, 0, stream>>>(
      hay, hay_count, needles, needle_count, static_cast<const Size*>(a_splits), sink, comp, unsorted);
    check_launch(algorithm, "sorted search tile kernel");
    if (synchronize)
      finish(policy, algorithm);
  });
}

} // namespace mgpu::detail::cuda
