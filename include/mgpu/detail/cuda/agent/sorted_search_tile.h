// One sorted search tile: each thread walks its steps of the merge of the
// haystack slice with the needles, and the CTA hands the needles' positions
// to the sink in order.
#pragma once

#include <mgpu/detail/config.h>
#include <mgpu/detail/cuda/block/tile_load.h>
#include <mgpu/detail/sorted_search_ops.h>
#include <mgpu/search.h>

#include <cub/block/block_reduce.cuh>

#include <type_traits>

namespace mgpu::detail::cuda {

// The merge's tie rule that yields the bound.
template <search_bound Bound>
inline constexpr bounds merge_bounds_for = Bound == search_bound::lower ? bounds::upper : bounds::lower;

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

} // namespace mgpu::detail::cuda
