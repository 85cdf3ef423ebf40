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

#include <mgpu/detail/cuda/agent/merge_tile.h>
#include <mgpu/detail/cuda/agent/sorted_search_tile.h>
#include <mgpu/detail/cuda/block/full_tile.h>
#include <mgpu/detail/cuda/block/tile_shared_storage.h>
#include <mgpu/detail/cuda/block/warp_search.h>
#include <mgpu/detail/cuda/runtime/dependent_launch.h>
#include <mgpu/detail/cuda/runtime/error.h>
#include <mgpu/detail/cuda/runtime/launch.h>
#include <mgpu/detail/cuda/runtime/temporary_buffer.h>
#include <mgpu/detail/cuda/partition/path_partition.h>
#include <mgpu/detail/cuda/tuning/policies.h>
#include <mgpu/detail/cuda/tuning/policy_hub.h>
#include <mgpu/detail/iterator.h>
#include <mgpu/detail/sorted_search_ops.h>
#include <mgpu/search.h>

namespace mgpu::detail::cuda {

// The merge's tile shapes: a search tile holds the same keys and one int
// per needle in their place.
template <class Key>
using sorted_search_hub_for = sorted_search_hub<int(sizeof(Key))>;

// The smallest tile of any tier: callers that provide the partition's
// scratch size it by this.
template <class Key>
inline constexpr int sorted_search_smallest_tile =
  sorted_search_hub_for<Key>::template policy<tuning_tier::sm90>::shape::tile_size
      < sorted_search_hub_for<Key>::template policy<tuning_tier::fallback>::shape::tile_size
    ? sorted_search_hub_for<Key>::template policy<tuning_tier::sm90>::shape::tile_size
    : sorted_search_hub_for<Key>::template policy<tuning_tier::fallback>::shape::tile_size;

// One tile per CTA. Tiles below own_split_tiles find their own splits (two
// warps each), as the merge's do; the rest read them from a_splits, written
// by the partition, which may still be running when the kernel starts
// (dependent_launch.h). When `unsorted` is not null, a tile whose slices do
// not meet its neighbours' or whose walks do not tile it (only on unsorted
// data) sets *unsorted to 1: callers that must agree with another call on
// the same data (a join and its size) learn that the answers are not to be
// trusted. Whatever the data, every needle gets at least one answer, and
// every answer lies in [0, hay_count].
template <class Hub, search_bound Bound, class Size, class HayIt, class NeedleIt, class Sink, class Compare>
__global__ void __launch_bounds__(compiled_policy_t<Hub>::shape::threads, compiled_policy_t<Hub>::min_ctas_per_sm)
  sorted_search_tile_kernel(HayIt hay, Size hay_count, NeedleIt needles, Size needle_count, const Size* a_splits,
                            Size own_split_tiles, Sink sink, Compare comp, int* unsorted)
{
  using Shape     = typename compiled_policy_t<Hub>::shape;
  using key_t     = value_of<HayIt>;
  using answer_t  = search_answer_t<Bound, Size>;
  using storage_t = sorted_search_tile_storage<Shape, key_t, sink_tally_t<Sink, Size, answer_t>, Size,
                                               typename sink_storage<Sink, Shape>::type>;
  __shared__ tile_shared_storage<storage_t> shared_storage;
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
  Size splits[2];
  if (tile < own_split_tiles) // uniform over the CTA
    find_tile_ends(splits, [&](int end) {
      return warp_merge_path<merge_bounds_for<Bound>>(hay, hay_count, needles, needle_count,
                                                      end == 0 ? diag_begin : diag_end, comp);
    });
  else
  {
    wait_for_partition();
    splits[0] = a_splits[tile];
    splits[1] = a_splits[tile + 1];
  }
  const Size a_begin = on_diagonal(splits[0], diag_begin);
  const Size a_next  = on_diagonal(splits[1], diag_end);
  const int tile_len = static_cast<int>(diag_end - diag_begin);
  // On unsorted input the splits need not be monotone: the tile's share of
  // A stays within what its diagonals allow.
  const Size a_end   = min(max(a_next, a_begin), a_begin + Size(tile_len));
  const Size b_begin = diag_begin - a_begin;
  const int a_len    = static_cast<int>(a_end - a_begin);

  // Contiguous slices come by bulk copy (tile_load.h), which places B's a
  // few elements after A's; other iterators load striped into place.
  const auto a_slice            = hay + a_begin;
  const auto b_slice            = needles + b_begin;
  const two_slice_layout layout = place_two_slices<key_t>(a_slice, a_len, b_slice, shared.data.keys);
  const key_t* const a_keys     = shared.data.keys + layout.a_shift;
  const key_t* const b_keys     = a_keys + (layout.b_offset - a_len); // indexed by merge position
  // A tile that writes its rows (consumes_tile) spends its time there, not
  // in the walk: its kernel compiles the bounds-checked walk alone.
  constexpr bool full_tiles = compiles_full_tiles_v<Size> && !consumes_tile_v<Sink>;
  const bool whole          = consume_tile<Shape::tile_size, Size, full_tiles>(tile_len, [&](auto full) {
    constexpr bool full_tile = decltype(full)::value;
    if constexpr (bulk_copyable_v<HayIt, NeedleIt, key_t>)
      load_two_slices<Shape::threads, Shape::items_per_thread>(a_slice, a_len, b_slice, tile_len - a_len,
                                                               shared.data.keys, layout, &shared.load_barrier);
    else
      load_two_ranges_to_shared<Shape, full_tile>(hay, a_begin, a_len, needles, b_begin, tile_len, shared.data.keys);
    if constexpr (Bound == search_bound::equal_range)
      if (threadIdx.x == 0)
      {
        shared.lower_before_slice = a_begin;
        if (a_begin > 0)
          shared.key_before_slice = hay[a_begin - 1];
      }
    __syncthreads();
    return sorted_search_tile<Shape, Bound, full_tile>(shared, a_keys, b_keys, hay, a_begin, b_begin, a_len, tile_len,
                                                       sink, comp);
  });
  // A sink that consumes the whole tile takes it here, once the walk is done.
  if constexpr (consumes_tile_v<Sink>)
    if (whole) // uniform: the answers are recorded
      sink.template consume_tile<Shape>(shared.sink_space, b_begin, tile_len - a_len, [&](int j) {
        return recorded_answer<Bound>(shared, a_begin, a_len, j);
      });
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
    if constexpr (tallies_v<Sink, Size, answer_t>)
      sink.add(sink(j, answer_at<Bound>(a_end)));
    else
      sink(j, answer_at<Bound>(a_end));
  }
}

// Runs the search with `Size` (int32 or int64) offsets, launched as the
// merge is (plan_path_launch); both iterators' elements are the search key.
// `splits`: scratch for num_tiles + 1 Sizes
// (at least (hay_count + needle_count) / sorted_search_smallest_tile + 2),
// or null to take it from the policy. Synchronizes at the end (as Thrust
// does, except under par_nosync) only when `synchronize`: the joins chain
// several searches on one stream. Expects needle_count > 0. `Hub`: the
// tuning (the tuning benchmarks pass their own as the last argument).
template <search_bound Bound, class Size, class Policy, class HayIt, class NeedleIt, class Sink, class Compare,
          class Hub = sorted_search_hub_for<value_of<HayIt>>>
void sorted_search_with_offsets(
  Policy& policy, HayIt hay, Size hay_count, NeedleIt needles, Size needle_count, const Sink& sink, Compare comp,
  int* unsorted, Size* splits, bool synchronize, const char* algorithm, Hub = {})
{
  constexpr auto kernel = sorted_search_tile_kernel<Hub, Bound, Size, HayIt, NeedleIt, Sink, Compare>;
  const int arch        = kernel_arch<kernel>(algorithm);
  with_policy<Hub>(arch, [&](auto tuning) {
    using tuning_t            = decltype(tuning);
    using Shape               = typename tuning_t::shape;
    const Size total          = hay_count + needle_count;
    const Size num_tiles      = ceil_div(total, Size(Shape::tile_size));
    const cudaStream_t stream = stream_of(policy);
    const auto plan           = plan_path_launch<tuning_t, Policy>(num_tiles, arch, algorithm);
    temporary_buffer<Size, Policy> own_splits(policy, plan.partitioned && splits == nullptr ? num_tiles + 1 : 0);
    Size* const a_splits = splits == nullptr ? own_splits.get() : splits;
    if (plan.partitioned)
      launch_merge_partition<merge_bounds_for<Bound>>(
        stream, hay, hay_count, needles, needle_count, Size(Shape::tile_size), num_tiles, a_splits, comp, algorithm);
    launch_tile_kernel(plan.overlap, kernel, static_cast<unsigned>(num_tiles), Shape::threads, stream, algorithm,
                       hay, hay_count, needles, needle_count, static_cast<const Size*>(a_splits),
                       plan.own_split_tiles, sink, comp, unsorted);
    if (synchronize)
      finish(policy, algorithm);
  });
}

} // namespace mgpu::detail::cuda
