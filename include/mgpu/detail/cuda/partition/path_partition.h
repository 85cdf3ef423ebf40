// Phase one of the engines over two sorted inputs: where each tile's Merge
// Path starts (merge, sorted search) or its Balanced Path (the multiset
// operations, with a fresh look-back state for their output offsets).
#pragma once

#include <mgpu/detail/cuda/block/sample_position.h>
#include <mgpu/detail/cuda/block/tile_lookback.h>
#include <mgpu/detail/cuda/block/tile_shared_storage.h>
#include <mgpu/detail/cuda/block/warp_search.h>
#include <mgpu/detail/cuda/runtime/dependent_launch.h>
#include <mgpu/detail/cuda/runtime/error.h>
#include <mgpu/detail/cuda/runtime/launch.h>
#include <mgpu/detail/cuda/tuning/policies.h>
#include <mgpu/detail/iterator.h>
#include <mgpu/search.h>

#include <thrust/type_traits/is_contiguous_iterator.h>
#include <thrust/type_traits/unwrap_contiguous_iterator.h>

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace mgpu::detail::cuda {

// Tile p of a multiset operation covers A[a, next.a) and B[b, next.b) with
// `this` the p-th split; a + b exceeds p * tile_size by one where the
// diagonal is starred.
template <class Size>
struct set_split
{
  Size a;
  Size b;
};

// On unsorted input neighbouring cuts need not agree: keep a tile between its
// own (possibly starred) diagonals, inside both inputs, neither share
// negative. Valid cuts pass unchanged.
template <class Size>
__device__ MGPU_FORCEINLINE void clamp_tile_cuts(
  set_split<Size>& first, set_split<Size>& last, Size diag_begin, Size diag_end, Size a_count, Size b_count)
{
  const Size d0 = diag_begin + min(max(first.a + first.b - diag_begin, Size(0)), Size(1));
  const Size d1 = min(diag_end + min(max(last.a + last.b - diag_end, Size(0)), Size(1)), a_count + b_count);
  first.a       = min(max(first.a, max(Size(0), d0 - b_count)), min(d0, a_count));
  first.b       = d0 - first.a;
  last.a        = min(max(last.a, max(first.a, d1 - b_count)), min(a_count, d1 - first.b));
  last.b        = d1 - last.a;
}

// The offsets of the tiles' outputs come from a decoupled look-back over
// the tiles' output counts (tile_lookback.h).
template <class Size>
using set_tile_state = tile_offsets_state<Size>;

// Threads per partition CTA (= splits per CTA), samples of each input per
// thread and narrowing rounds: more samples only add DRAM sectors, since a
// CTA's splits span its whole window and later rounds narrow little.
// Wide keys take fewer samples (and, wider still, fewer threads), so that
// every round's samples of both inputs fit in 32 KiB of shared memory.
template <int KeyBytes>
struct path_partition_shape
{
  static constexpr int threads =
    threads_fitting(128, [](int t) { return 2 * t * KeyBytes <= 32 * 1024; }, 32);
  static constexpr int samples_per_thread = 2 * 2 * 2 * threads * KeyBytes <= 32 * 1024 ? 2 : 1;
  static constexpr int rounds = 2 * 2 * samples_per_thread * threads * KeyBytes <= 32 * 1024 ? 2 : 1;
};

// Where a Merge Path launch keeps its splits: tile t's first and last at
// at[t * stride] and at[t * stride + 1]. With stride 1, one array of
// num_tiles + 1 splits that neighbouring tiles share; with a larger stride,
// the first bytes of each tile's own output, which only that tile writes,
// after it has read them. Tiles below first_stored find their own splits and
// get none stored.
template <class Size>
struct path_splits
{
  Size* at;
  std::ptrdiff_t stride;
  Size first_stored;

  __device__ MGPU_FORCEINLINE Size first_of(Size tile) const { return at[std::ptrdiff_t(tile) * stride]; }
  __device__ MGPU_FORCEINLINE Size last_of(Size tile) const { return at[std::ptrdiff_t(tile) * stride + 1]; }

  // Split p (of num_tiles + 1) begins tile p and ends tile p - 1.
  __device__ MGPU_FORCEINLINE void store(Size p, Size num_tiles, Size a_split) const
  {
    if (stride == 1)
    {
      at[p] = a_split;
      return;
    }
    if (p < num_tiles && p >= first_stored)
      at[std::ptrdiff_t(p) * stride] = a_split;
    if (p > first_stored)
      at[std::ptrdiff_t(p - 1) * stride + 1] = a_split;
  }
};

// The splits of a Merge Path launch that writes tiles of TileSize elements
// to `out`, kept in the first bytes of each tile's output: possible where
// the output is a Size-aligned contiguous array of trivially copyable
// elements and every tile's output, the last one's included, holds two
// Size words at a multiple of Size's width; else `at` is nullptr.
template <int TileSize, class Size, class OutputIt>
path_splits<Size> splits_in_output(OutputIt out, Size total, Size num_tiles, Size first_stored)
{
  if constexpr (thrust::is_contiguous_iterator_v<OutputIt>)
  {
    auto* const first = thrust::unwrap_contiguous_iterator(out);
    using element_t   = std::remove_cv_t<std::remove_pointer_t<decltype(first)>>;
    constexpr std::size_t tile_bytes = std::size_t(TileSize) * sizeof(element_t);
    if constexpr (std::is_trivially_copyable_v<element_t> && tile_bytes % sizeof(Size) == 0 &&
                  tile_bytes >= 2 * sizeof(Size))
    {
      const std::size_t last_bytes = std::size_t(total - (num_tiles - 1) * Size(TileSize)) * sizeof(element_t);
      if (num_tiles > 0 && reinterpret_cast<std::uintptr_t>(first) % alignof(Size) == 0 &&
          last_bytes >= 2 * sizeof(Size))
        return {reinterpret_cast<Size*>(first), std::ptrdiff_t(tile_bytes / sizeof(Size)), first_stored};
    }
  }
  return {nullptr, 1, Size(0)};
}

// What the partition writes: Merge Path splits, the elements of A before
// each tile's diagonal, `Ties` saying which input goes first on equal keys.
template <bounds Ties, class Size>
struct merge_path_cuts
{
  static constexpr bounds ties     = Ties;
  static constexpr bool balanced   = false;
  path_splits<Size> splits;
  __device__ MGPU_FORCEINLINE void clear_tile(Size) const {}
};

// ... or Balanced Path cuts, A first on equal keys, each tile's look-back
// status cleared alongside.
template <key_multiplicity Multiplicity, class Size>
struct balanced_path_cuts
{
  static constexpr bounds ties                   = bounds::lower;
  static constexpr bool balanced                 = true;
  static constexpr key_multiplicity multiplicity = Multiplicity;
  set_split<Size>* splits;
  set_tile_state<Size> tile_state;
  __device__ MGPU_FORCEINLINE void clear_tile(Size tile) const { tile_state.reset(tile); }
};

// Where the merge places a sample of one input: between `first` and `last`
// (merge positions). Both grow with the sample.
template <class Size>
struct merge_position_bounds
{
  Size first;
  Size last;
};

// Samples of both inputs are kept as `Key`s, the type comparisons take.
template <class Shape, class Key, class Size>
struct path_partition_storage
{
  static constexpr int samples = Shape::threads * Shape::samples_per_thread;
  Key a_keys[Shape::rounds][samples]; // every round's samples: the run searches use them all
  Key b_keys[Shape::rounds][samples];
  merge_position_bounds<Size> a_bounds[samples];
  merge_position_bounds<Size> b_bounds[samples];
  Size a_window[2]; // the CTA's Merge Path splits lie in [a_window[0], a_window[1]] of A
  Size b_window[2]; // ... and in [b_window[0], b_window[1]] of B
};

// Thread i finds split i for i in [0, num_tiles] and, alongside, clears
// tile i's look-back status where the cuts have one.
//
// Each split is Merge Path's (`a_merge` elements of A before the diagonal),
// for Balanced Path cuts then moved to keep key-rank matches whole. A full
// binary search per split chains ~27 rounds of dependent loads of A and B.
// Instead the CTA's splits, consecutive diagonals, narrow their ranges
// together, as the sorted-key partition does: each round every thread loads
// evenly spaced keys of the CTA's window of A and of B into shared memory.
// The merge places A's element i at i + (the number of B's elements ordered
// before it); B's samples bracket that number within one sample spacing, so
// each A sample is known to lie before or after a diagonal unless the
// diagonal falls in that bracket, and likewise each B sample. Every thread
// narrows its own range of a_merge from both, and the CTA's windows shrink to
// what its splits can still need. A short binary search finishes each split.
template <class Shape, class Cuts, class Size, class AIt, class BIt, class Compare>
__global__ void __launch_bounds__(Shape::threads)
  path_partition_kernel(AIt a, Size a_count, BIt b, Size b_count, Size tile_size, Size num_tiles, Cuts cuts,
                        Compare comp)
{
  constexpr int NT  = Shape::threads;
  constexpr int SPT = Shape::samples_per_thread;
  constexpr int S   = NT * SPT;
  using key_t       = key_of<AIt>; // both inputs are compared as A's keys, as the tiles do
  using storage_t   = path_partition_storage<Shape, key_t, Size>;
  __shared__ tile_shared_storage<storage_t> shared_storage;
  storage_t& shared = shared_storage.Alias();
  allow_dependent_launch(); // a merge's tiles wait for the splits themselves
  const int tid          = static_cast<int>(threadIdx.x);
  const Size total       = a_count + b_count;
  const Size first_split = Size(blockIdx.x) * NT;
  const Size last_split  = min(first_split + Size(NT - 1), num_tiles);
  const Size split       = min(first_split + Size(tid), last_split); // idle threads repeat the last
  auto diag_of           = [&](Size p) { return p < num_tiles ? p * tile_size : total; };
  const Size diag        = diag_of(split);
  if (first_split + Size(tid) < num_tiles)
    cuts.clear_tile(first_split + Size(tid));

  // a_merge lies in [lo, hi]; at most b_count elements of B precede the cut.
  Size lo        = max(Size(0), diag - b_count);
  Size hi        = min(diag, a_count);
  Size a_win_lo  = max(Size(0), diag_of(first_split) - b_count);
  Size a_win_hi  = min(diag_of(last_split), a_count);
  Size b_win_lo  = max(Size(0), diag_of(first_split) - a_count);
  Size b_win_hi  = min(diag_of(last_split), b_count);
  // Each round's sampled window, for the run searches' hints: a span of 0
  // (an empty window, or a round not run) has no samples.
  Size a_sampled_lo[Shape::rounds], a_sampled_span[Shape::rounds] = {};
  Size b_sampled_lo[Shape::rounds], b_sampled_span[Shape::rounds] = {};

#pragma unroll
  for (int round = 0; round < Shape::rounds; ++round)
  {
    const Size a_span = a_win_hi - a_win_lo, b_span = b_win_hi - b_win_lo;
    if (a_span <= Size(S) && b_span <= Size(S)) // uniform over the CTA: every thread breaks
      break;
    // An empty window has no sample (its position would be past the input).
    const int a_samples = a_span > 0 ? S : 0, b_samples = b_span > 0 ? S : 0;
    a_sampled_lo[round] = a_win_lo, a_sampled_span[round] = a_span;
    b_sampled_lo[round] = b_win_lo, b_sampled_span[round] = b_span;
    key_t* const a_keys = shared.a_keys[round];
    key_t* const b_keys = shared.b_keys[round];
    auto a_position = [&](int k) { return sample_position<S>(a_win_lo, a_span, k); };
    auto b_position = [&](int k) { return sample_position<S>(b_win_lo, b_span, k); };
    {
      key_t a_loaded[SPT];
      key_t b_loaded[SPT];
#pragma unroll
      for (int i = 0; i < SPT; ++i)
      {
        if (a_samples)
          a_loaded[i] = as_key<key_t>(a[a_position(tid + i * NT)]);
        if (b_samples)
          b_loaded[i] = as_key<key_t>(b[b_position(tid + i * NT)]);
      }
#pragma unroll
      for (int i = 0; i < SPT; ++i)
      {
        if (a_samples)
          a_keys[tid + i * NT] = a_loaded[i];
        if (b_samples)
          b_keys[tid + i * NT] = b_loaded[i];
      }
    }
    __syncthreads();

    // A's sample at position p has before it the B elements the merge puts
    // first: those ordered before its key where A goes first on ties (a
    // lower bound), those not after it where B does. More than the last B
    // sample counted, at most the next. B's sample likewise, ties reversed.
    auto b_samples_before = [&](const key_t& key) {
      return Cuts::ties == bounds::lower ? lower_bound_index(b_keys, b_samples, key, comp)
                                         : upper_bound_index(b_keys, b_samples, key, comp);
    };
    auto a_samples_before = [&](const key_t& key) {
      return Cuts::ties == bounds::lower ? upper_bound_index(a_keys, a_samples, key, comp)
                                         : lower_bound_index(a_keys, a_samples, key, comp);
    };
#pragma unroll
    for (int i = 0; i < SPT; ++i)
    {
      const int k = tid + i * NT;
      if (a_samples)
      {
        const int m = b_samples_before(a_keys[k]);
        const Size p = a_position(k);
        shared.a_bounds[k] = {p + (m > 0 ? b_position(m - 1) + 1 : Size(0)), p + (m < b_samples ? b_position(m) : b_count)};
      }
      if (b_samples)
      {
        const int m = a_samples_before(b_keys[k]);
        const Size p = b_position(k);
        shared.b_bounds[k] = {p + (m > 0 ? a_position(m - 1) + 1 : Size(0)), p + (m < a_samples ? a_position(m) : a_count)};
      }
    }
    __syncthreads();

    // A's sample at p lies before the cut (p < a_merge) when its last
    // possible position is before the diagonal, after it (a_merge <= p) when
    // its first is not; B's sample at p likewise bounds diag - a_merge.
    auto last_before = [&](const merge_position_bounds<Size>* positions, int count) {
      return lower_bound_index(positions, count, diag, [](const merge_position_bounds<Size>& x, Size d) { return x.last < d; });
    };
    auto first_after = [&](const merge_position_bounds<Size>* positions, int count) {
      return lower_bound_index(positions, count, diag, [](const merge_position_bounds<Size>& x, Size d) { return x.first < d; });
    };
    if (a_samples)
    {
      const int before = last_before(shared.a_bounds, a_samples), after = first_after(shared.a_bounds, a_samples);
      if (before > 0)
        lo = max(lo, a_position(before - 1) + 1);
      if (after < a_samples)
        hi = min(hi, a_position(after));
    }
    if (b_samples)
    {
      const int before = last_before(shared.b_bounds, b_samples), after = first_after(shared.b_bounds, b_samples);
      if (before > 0)
        hi = min(hi, diag - b_position(before - 1) - 1);
      if (after < b_samples)
        lo = max(lo, diag - b_position(after));
    }
    if (tid == 0)
    {
      shared.a_window[0] = lo;
      shared.b_window[0] = diag - hi;
    }
    if (tid == NT - 1)
    {
      shared.a_window[1] = hi;
      shared.b_window[1] = diag - lo;
    }
    __syncthreads();
    a_win_lo = shared.a_window[0];
    a_win_hi = shared.a_window[1];
    b_win_lo = shared.b_window[0];
    b_win_hi = shared.b_window[1];
    // The next round's first shared writes (bounds, then windows) each
    // follow a barrier that comes after this round's last reads of them.
  }

  const Size a_merge = merge_path_between<Cuts::ties>(a, b, diag, lo, hi, comp);
  const bool writes  = first_split + Size(tid) <= last_split;
  if constexpr (!Cuts::balanced)
  {
    if (writes)
      cuts.splits.store(split, num_tiles, a_merge);
  }
  else
  {
    // Where the cut falls in a run of equal keys, every round's samples
    // bound the run's start in each input and its end in B; without them (a
    // run that starts before every sample), the searches span the input
    // before the cut and bias 4 levels towards its end, where short runs
    // start.
    auto sampled_hints = [&](const key_t& key) {
      run_hints<Size> hints;
#pragma unroll
      for (int round = 0; round < Shape::rounds; ++round)
      {
        // Samples [0, m) are ordered before the key: the run starts after
        // sample m - 1 and at or before sample m.
        auto narrow_start = [&](search_hint<Size>& hint, int m, auto position) {
          if (m > 0)
            hint.lo = max(hint.lo, position(m - 1) + 1);
          if (m < S)
            hint.hi = min(hint.hi, position(m));
        };
        auto a_position = [&](int k) { return sample_position<S>(a_sampled_lo[round], a_sampled_span[round], k); };
        auto b_position = [&](int k) { return sample_position<S>(b_sampled_lo[round], b_sampled_span[round], k); };
        if (a_sampled_span[round] > 0)
          narrow_start(hints.a_start, lower_bound_index(shared.a_keys[round], S, key, comp), a_position);
        if (b_sampled_span[round] > 0)
        {
          narrow_start(hints.b_start, lower_bound_index(shared.b_keys[round], S, key, comp), b_position);
          // Sample u is the first ordered after the key: the run ends at or
          // before it.
          const int u = upper_bound_index(shared.b_keys[round], S, key, comp);
          if (u < S)
            hints.b_end.hi = min(hints.b_end.hi, b_position(u));
        }
      }
      return hints;
    };
    const auto cut = balance_merge_split<Cuts::multiplicity, 4>(a, b, b_count, diag, a_merge, comp, sampled_hints);
    if (writes)
      cuts.splits[split] = set_split<Size>{cut.a, cut.b};
  }
}

template <class Shape, class Cuts, class Size, class AIt, class BIt, class Compare>
void launch_path_partition(cudaStream_t stream, AIt a, Size a_count, BIt b, Size b_count, Size tile_size,
                           Size num_tiles, Cuts cuts, Compare comp, const char* algorithm)
{
  const Size num_splits = num_tiles + 1;
  path_partition_kernel<Shape><<<static_cast<unsigned>(ceil_div(num_splits, Size(Shape::threads))), Shape::threads,
                                 0, stream>>>(a, a_count, b, b_count, tile_size, num_tiles, cuts, comp);
  check_launch(algorithm, "partition kernel");
}

// Merge Path splits for tiles of `tile_size` outputs, stored in `splits`
// (Bounds: which input goes first on equal keys).
template <bounds Bounds, class Size, class AIt, class BIt, class Compare>
void launch_merge_partition(cudaStream_t stream, AIt a, Size a_count, BIt b, Size b_count, Size tile_size,
                            Size num_tiles, path_splits<Size> splits, Compare comp, const char* algorithm)
{
  using shape = path_partition_shape<int(sizeof(key_of<AIt>))>;
  launch_path_partition<shape>(stream, a, a_count, b, b_count, tile_size, num_tiles,
                               merge_path_cuts<Bounds, Size>{splits}, comp, algorithm);
}

// ... in one array: a_splits[p] for p in [0, num_tiles].
template <bounds Bounds, class Size, class AIt, class BIt, class Compare>
void launch_merge_partition(cudaStream_t stream, AIt a, Size a_count, BIt b, Size b_count, Size tile_size,
                            Size num_tiles, Size* a_splits, Compare comp, const char* algorithm)
{
  launch_merge_partition<Bounds>(stream, a, a_count, b, b_count, tile_size, num_tiles,
                                 path_splits<Size>{a_splits, 1, Size(0)}, comp, algorithm);
}

// How a Merge Path launch (merge, sorted search) of num_tiles finds its
// splits: a launch of at most own_split_tiles_per_sm tiles per SM runs no
// partition and takes no scratch, each tile finding its own; larger ones
// partition, and where the tiles may launch behind the partition
// (`overlap`) the first head_tiles_per_sm per SM find their own meanwhile.
template <class Size>
struct path_launch_plan
{
  bool partitioned;
  bool overlap;
  Size own_split_tiles;
};

template <class Tuning, class Policy, class Size>
path_launch_plan<Size> plan_path_launch(Size num_tiles, int arch, const char* algorithm)
{
  const Size sm_count    = Size(current_sm_count(algorithm));
  const bool partitioned = partitions_every_launch_v<Policy> || Tuning::own_split_tiles_per_sm == 0 ||
                           num_tiles > Size(Tuning::own_split_tiles_per_sm) * sm_count;
  const bool overlap     = partitioned && waits_for_partition(arch) && Tuning::head_tiles_per_sm > 0 &&
                       !partitions_every_launch_v<Policy>;
  const Size own_split_tiles = !partitioned ? num_tiles
                             : overlap      ? Size(Tuning::head_tiles_per_sm) * sm_count
                                            : Size(0);
  return {partitioned, overlap, own_split_tiles};
}

// Balanced Path splits, clearing the tiles' look-back statuses.
template <key_multiplicity Multiplicity, class Size, class AIt, class BIt, class Compare>
void launch_set_partition(cudaStream_t stream, AIt a, Size a_count, BIt b, Size b_count, Size tile_size,
                          Size num_tiles, set_split<Size>* splits, set_tile_state<Size> tile_state, Compare comp,
                          const char* algorithm)
{
  using shape = path_partition_shape<int(sizeof(key_of<AIt>))>;
  launch_path_partition<shape>(stream, a, a_count, b, b_count, tile_size, num_tiles,
                               balanced_path_cuts<Multiplicity, Size>{splits, tile_state}, comp, algorithm);
}

// Where diagonal `diag` meets the Balanced Path, found by one warp for a
// tile of a launch without a partition (warp_search.h): Merge Path first,
// then, where the cut falls in a run of equal keys, the run's start in A
// and in B and its end in B, the three searches side by side, so the
// Balanced Path step starts from exact hints. Every lane of the warp calls
// it with the same arguments and gets the split.
template <key_multiplicity Multiplicity, class Size, class AIt, class BIt, class Compare>
__device__ set_split<Size> warp_balanced_cut(AIt a, Size a_count, BIt b, Size b_count, Size diag, Compare comp)
{
  using key_t        = key_of<AIt>;
  const int lane     = static_cast<int>(threadIdx.x) % 32;
  const Size a_merge = warp_merge_path(a, a_count, b, b_count, diag, comp);
  const Size b_merge = diag - a_merge;

  auto run_ends = [&](const key_t& key) {
    using first = warp_first_probes;
    // A short run starts just before the cut and ends just after it.
    warp_point_search<Size> a_start{0, a_merge, first::from_end}, b_start{0, b_merge, first::from_end};
    warp_point_search<Size> b_end{b_merge, b_count, first::from_begin};
    while (a_start.open() || b_start.open() || b_end.open()) // uniform over the warp
    {
      key_t a_key{}, b_key{}, b_end_key{};
      if (a_start.open())
        a_key = as_key<key_t>(a[a_start.probe(lane)]);
      if (b_start.open())
        b_key = as_key<key_t>(b[b_start.probe(lane)]);
      if (b_end.open())
        b_end_key = as_key<key_t>(b[b_end.probe(lane)]);
      const unsigned a_holds   = __ballot_sync(~0u, a_start.open() && !comp(a_key, key));
      const unsigned b_holds   = __ballot_sync(~0u, b_start.open() && !comp(b_key, key));
      const unsigned end_holds = __ballot_sync(~0u, b_end.open() && comp(key, b_end_key));
      if (a_start.open())
        a_start.narrow(a_holds);
      if (b_start.open())
        b_start.narrow(b_holds);
      if (b_end.open())
        b_end.narrow(end_holds);
    }
    return run_hints<Size>{{a_start.lo, a_start.lo}, {b_start.lo, b_start.lo}, {b_end.lo, b_end.lo}};
  };
  const auto cut = balance_merge_split<Multiplicity, 0>(a, b, b_count, diag, a_merge, comp, run_ends);
  return {cut.a, cut.b};
}

} // namespace mgpu::detail::cuda
