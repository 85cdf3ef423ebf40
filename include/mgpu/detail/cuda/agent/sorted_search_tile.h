// One sorted search tile: each thread walks its steps of the merge of the
// haystack slice with the needles, and the CTA hands the needles' positions
// to the sink in order.
#pragma once

#include <mgpu/detail/config.h>
#include <mgpu/detail/cuda/block/tile_load.h>
#include <mgpu/detail/sorted_search_ops.h>
#include <mgpu/search.h>

#include <cub/block/block_reduce.cuh>

#include <cstdint>
#include <type_traits>

namespace mgpu::detail::cuda {

// The merge's tie rule that yields the bound (equal_range walks to the upper
// bound and finds the lower on the way).
template <search_bound Bound>
inline constexpr bounds merge_bounds_for = Bound == search_bound::lower ? bounds::upper : bounds::lower;

// An equal_range answer in one int: the upper bound in A's slice in the low
// 16 bits, the lower bound above them, or before_slice when it lies before
// the slice (the needle is equivalent to A's element just before it).
inline constexpr int before_slice = 0x7fff;

__device__ MGPU_FORCEINLINE int pack_bounds(int lower, int upper) { return (lower << 16) | upper; }

// A sink that takes the tile's answers at once, after the walks, declares
// consumes_tile and its shared memory, tile_storage<Shape>.
template <class Sink, class = void>
struct consumes_tile : std::false_type
{};
template <class Sink>
struct consumes_tile<Sink, std::void_t<decltype(Sink::consumes_tile)>> : std::bool_constant<Sink::consumes_tile>
{};
template <class Sink>
inline constexpr bool consumes_tile_v = consumes_tile<Sink>::value;

struct no_sink_storage
{};
template <class Sink, class Shape, bool = consumes_tile_v<Sink>>
struct sink_storage
{
  using type = no_sink_storage;
};
template <class Sink, class Shape>
struct sink_storage<Sink, Shape, true>
{
  using type = typename Sink::template tile_storage<Shape>;
};

// Shared memory of one tile: the loaded keys (A's slice, then B's, placed
// by place_two_slices, so with room for a bulk copy's alignment slack),
// whose space then takes each needle's position in A's slice; where each
// thread's walk started in A's slice; for a tallying sink, its sum's
// reduction, and for a sink that consumes the tile, its own space; for
// equal_range, A's element before the slice and its lower bound in A; and
// the bulk copy's barrier.
template <class Shape, class Key, class Tally, class Size, class SinkSpace = no_sink_storage>
struct sorted_search_tile_storage
{
  static_assert(Shape::tile_size < before_slice, "equal_range packs two slice positions in one int");
  union space
  {
    Key keys[Shape::tile_size + 2 * slice_slack_v<Key>];
    int found[Shape::tile_size];
  };
  struct no_tally
  {};
  using tally_reduce = cub::BlockReduce<std::conditional_t<std::is_void_v<Tally>, int, Tally>, Shape::threads>;

  space data;
  int walk_start[Shape::threads];
  std::conditional_t<std::is_void_v<Tally>, no_tally, typename tally_reduce::TempStorage> tally;
  Key key_before_slice;
  Size lower_before_slice;
  std::uint64_t load_barrier;
  SinkSpace sink_space; // last: the other members' offsets do not depend on it
};

// The first position in [0, end) whose element is not ordered before
// data[end - 1], found by galloping back from the end: a run of r equal
// keys costs about 2 log r reads, wherever it lies. Expects end > 0.
template <class It, class Size, class Key, class Compare>
__device__ Size run_start_before(It data, Size end, const Key& key, Compare comp)
{
  Size found         = end - 1; // not ordered before the key (it is the key)
  long long step     = 1;        // 64 bits: doubling never overflows
  while (found >= step && !comp(Key(data[found - Size(step)]), key))
  {
    found -= Size(step);
    step *= 2;
  }
  // data[begin - 1] is ordered before the key
  Size begin = found >= step ? found - Size(step) + 1 : Size(0);
  while (begin < found)
  {
    const Size mid = begin + (found - begin) / 2;
    if (comp(Key(data[mid]), key))
      begin = mid + 1;
    else
      found = mid;
  }
  return found;
}

// Needle (b_key) before haystack element (a_key) in the merge.
template <search_bound Bound, class Key, class Compare>
__device__ MGPU_FORCEINLINE bool needle_first(const Key& b_key, const Key& a_key, Compare comp)
{
  if constexpr (Bound == search_bound::lower)
    return !comp(a_key, b_key);
  else
    return comp(b_key, a_key);
}

// Needle j's answer as the tile recorded it, once the walks are done (and
// tiled the slice): positions inside A's slice, or the run found before it.
template <search_bound Bound, class Storage, class Size>
__device__ MGPU_FORCEINLINE search_answer_t<Bound, Size> recorded_answer(const Storage& shared, Size a_begin,
                                                                         int a_len, int j)
{
  const int found_j = shared.data.found[j];
  if constexpr (Bound == search_bound::equal_range)
  {
    const int upper  = min(max(found_j & 0xffff, 0), a_len);
    const int lower  = found_j >> 16;
    const Size first = lower == before_slice ? shared.lower_before_slice : a_begin + Size(min(max(lower, 0), upper));
    return {first, a_begin + Size(upper)};
  }
  else
    return a_begin + Size(min(max(found_j, 0), a_len));
}

// One tile: each thread walks items_per_thread steps of the merge from its
// Merge Path split, recording for each needle it takes how many of A's
// slice precede it; the CTA then hands the needles to the sink in order.
// A's slice is a_keys[0, a_len); B's element j - a_len is b_keys[j] (its
// slice may lie a few elements after A's, as a bulk copy placed it), so the
// walk indexes both by its merge positions.
// On any data the walk reads only the slices, records needles inside B's
// slice and gives the sink positions inside A's. Returns whether the walks
// tiled the slice exactly (every thread's walk ended where the next began):
// always on sorted data; otherwise the sink sees unspecified positions.
// equal_range also tracks, along the walk, A's elements ordered before the
// current needle; `hay` (A) is read before the slice only for needles
// equivalent to the element just before it, whose run may start earlier.
template <class Shape, search_bound Bound, bool FullTile, class Storage, class Key, class HayIt, class Size,
          class Sink, class Compare>
__device__ MGPU_FORCEINLINE bool sorted_search_tile(Storage& shared, const Key* a_keys, const Key* b_keys, HayIt hay,
                                                    Size a_begin, Size b_begin, int a_len, int tile_len,
                                                    const Sink& sink, Compare comp)
{
  constexpr bool equal_range = Bound == search_bound::equal_range;
  constexpr int NT = Shape::threads, VT = Shape::items_per_thread;
  const int tid    = static_cast<int>(threadIdx.x);
  const int b_len  = tile_len - a_len;

  const int diag = min(VT * tid, tile_len);
  int a_pos      = merge_path<merge_bounds_for<Bound>>(a_keys, a_len, b_keys + a_len, b_len, diag, comp);
  int b_pos      = a_len + diag - a_pos; // B's merge positions follow A's
  shared.walk_start[tid] = a_pos;
  const int first_needle = b_pos - a_len;
  const int steps        = FullTile ? VT : min(VT, tile_len - diag);
  const int last         = tile_len - 1;

  Key a_key = a_keys[min(a_pos, last)];
  Key b_key = b_keys[min(b_pos, last)];
  // equal_range: A's elements in the slice ordered before b_key, and whether
  // any needle's run starts before the slice.
  [[maybe_unused]] int below             = 0;
  [[maybe_unused]] bool any_before       = false;
  [[maybe_unused]] const bool has_before = a_begin > 0;
  if constexpr (equal_range)
    below = lower_bound_index(a_keys, a_pos, b_key, comp);
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
        const Key next = b_keys[min(++b_pos, last)];
        if constexpr (equal_range)
        {
          const bool before = below == 0 && has_before && !comp(shared.key_before_slice, b_key);
          found[i]          = pack_bounds(before ? before_slice : below, a_pos);
          any_before |= before;
          if (comp(b_key, next))
            below = a_pos; // everything taken is ordered before a greater needle
        }
        b_key = next;
      }
      else
      {
        if constexpr (equal_range)
          if (comp(a_key, b_key))
            below = a_pos + 1;
        a_key = a_keys[min(++a_pos, last)];
      }
    }
  }
  // Every walk is done with the keys: their space takes the answers. A run
  // that starts before the slice is found once per tile.
  if constexpr (equal_range)
  {
    if (__syncthreads_or(any_before) && tid == 0)
      shared.lower_before_slice = run_start_before(hay, a_begin, shared.key_before_slice, comp);
  }
  else
    __syncthreads();
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

  using answer_t = search_answer_t<Bound, Size>;
  auto answer    = [&](int j) { return sink(b_begin + Size(j), recorded_answer<Bound>(shared, a_begin, a_len, j)); };
  if constexpr (consumes_tile_v<Sink>)
    ; // the kernel hands the tile to the sink, once after either walk
  else if constexpr (tallies_v<Sink, Size, answer_t>)
  {
    sink_tally_t<Sink, Size, answer_t> tally{};
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
