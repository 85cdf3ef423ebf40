// Phase one of the engines whose tile splits are lower bounds in ONE
// increasing sequence of keys: the split of diagonal d is the first i with
// key(i) >= d. Bulk remove (the removal indices), bulk insert (positions[j] +
// j) and the load-balancing engine (j + offsets[j]) are such views
// (bulk_partition.h, load_balance_partition.h); each probe is one load.
//
// One thread per split running a full-depth binary search sends ~27 rounds
// of dependent loads, the top ones from every thread to the same few lines.
// Here a CTA owns `threads` consecutive splits, whose answers lie in one
// window of the keys. Each round every thread loads `samples_per_thread`
// evenly spaced keys of the CTA's window (all loads in flight together, no
// two threads on one address); the keys, staged in shared memory, narrow
// every thread's own range and the CTA's window for the next round. After
// `rounds` rounds each thread finishes with a short binary search of its own
// range, whose last probes share a cache line.
#pragma once

#include <mgpu/detail/config.h>
#include <mgpu/detail/cuda/block/offset_clamp.h>
#include <mgpu/detail/cuda/block/sample_position.h>
#include <mgpu/detail/cuda/runtime/dependent_launch.h>
#include <mgpu/detail/cuda/runtime/error.h>
#include <mgpu/detail/cuda/runtime/launch.h>
#include <mgpu/detail/iterator.h>
#include <mgpu/search.h>

#include <cuda/std/functional>
#include <cuda_runtime_api.h>

#include <cstdint>

namespace mgpu::detail::cuda {

// Threads per partition CTA (= splits per CTA), samples per thread and
// narrowing rounds: scattered DRAM sector reads, not their latency, bound
// this kernel, so each thread ends with a binary search, not wider probes.
struct sorted_key_partition_shape
{
  static constexpr int threads            = 256;
  static constexpr int samples_per_thread = 1;
  static constexpr int rounds             = 2;
};

// Where the split of one diagonal can lie: [first, last] of the keys.
template <class Size>
struct search_window
{
  Size first, last;
};

// Which count a merge-position split stores for diagonal d: the placed
// elements before it, b(d) (bulk insert's values), or the others, d - b(d)
// (the load-balancing engine's items).
enum class merge_split
{
  placed_before,
  others_before
};

// m elements placed among n others, element j at merge position j + at[j]
// (at[j] others precede it; read inside [0, n] so that no value can overflow
// the sum): a strictly increasing key whose lower bound at d, b(d), counts
// the placed elements among the first d merge steps. It lies in
// [max(0, d - n), min(d, m)].
template <class Size, class PlacementIt, merge_split Stored>
struct merge_position_keys
{
  PlacementIt at;
  Size placed_count, other_count;

  __device__ MGPU_FORCEINLINE Size steps() const { return placed_count + other_count; }
  __device__ MGPU_FORCEINLINE Size key(Size j) const
  {
    return j + offset_within(value_of<PlacementIt>(at[j]), other_count);
  }
  __device__ MGPU_FORCEINLINE Size split(Size d, Size placed) const
  {
    return Stored == merge_split::placed_before ? placed : d - placed;
  }
  __device__ MGPU_FORCEINLINE search_window<Size> window(Size d) const
  {
    return {max(Size(0), d - other_count), min(d, placed_count)};
  }
};

// The look-back state the partition kernel can clear: a sector of this many
// bytes per tile, cleared whole.
inline constexpr int lookback_sector_bytes = 32;
static_assert(lookback_sector_bytes == 2 * sizeof(ulonglong2), "the partition kernel clears a sector in two stores");

// A key view supplies steps() (the last diagonal), window(d) (where the
// split of d lies; both ends non-decreasing in d), key(i) and split(d, i)
// (what is stored for d, given its lower bound i). splits[p] is written for
// diagonal p * tile_size, p in [0, num_splits - 1), and for steps() at p =
// num_splits - 1. `lookback_words`, when not null: the tile kernel's
// look-back state, which split p's thread clears for tile p (so the call
// needs no memset before this kernel).
template <class Shape, class Size, class Keys>
__global__ void __launch_bounds__(Shape::threads) sorted_key_partition_kernel(
  Keys keys, Size tile_size, Size num_splits, Size* splits, std::uint64_t* lookback_words)
{
  constexpr int NT      = Shape::threads;
  constexpr int SPT     = Shape::samples_per_thread;
  constexpr int samples = NT * SPT;
  __shared__ Size sample_keys[samples];
  __shared__ Size window[2];
  allow_dependent_launch(); // the tile kernel waits for this grid's splits itself

  const Size steps       = keys.steps();
  const Size first_split = Size(blockIdx.x) * NT;
  const Size last_split  = min(first_split + Size(NT), num_splits) - 1;
  const Size split       = min(first_split + Size(threadIdx.x), last_split); // idle threads repeat the last
  // The last split's diagonal is the end: num_tiles * tile_size may overflow.
  auto diag_of = [&](Size s) { return s < num_splits - 1 ? s * tile_size : steps; };

  const Size diag            = diag_of(split);
  const search_window<Size> own = keys.window(diag);
  Size lo                    = own.first;
  Size hi                    = own.last;
  Size window_lo             = keys.window(diag_of(first_split)).first;
  Size window_hi             = keys.window(diag_of(last_split)).last;

#pragma unroll
  for (int round = 0; round < Shape::rounds; ++round)
  {
    const Size span = window_hi - window_lo;
    if (span <= Size(samples)) // uniform over the CTA: every thread breaks
      break;
    Size loaded[SPT];
#pragma unroll
    for (int i = 0; i < SPT; ++i)
      loaded[i] = keys.key(sample_position<samples>(window_lo, span, int(threadIdx.x) + i * NT));
#pragma unroll
    for (int i = 0; i < SPT; ++i)
      sample_keys[threadIdx.x + i * NT] = loaded[i];
    __syncthreads();

    // Samples [0, c) lie before the diagonal: the split is past
    // position(c - 1) and at or before position(c).
    const int c = lower_bound_index(sample_keys, samples, diag, ::cuda::std::less<Size>{});
    if (c > 0)
      lo = max(lo, sample_position<samples>(window_lo, span, c - 1) + 1);
    if (c < samples)
      hi = min(hi, sample_position<samples>(window_lo, span, c));
    if (threadIdx.x == 0)
      window[0] = lo;
    if (threadIdx.x == NT - 1)
      window[1] = hi;
    __syncthreads();
    window_lo = window[0];
    window_hi = window[1];
    // The next round's first writes (sample_keys, then window) come after
    // its own barrier, so no second barrier is needed here.
  }

  // The split = the first i in [lo, hi] with key(i) >= diag.
  while (lo < hi)
  {
    const Size mid = lo + (hi - lo) / 2;
    if (keys.key(mid) < diag)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (first_split + Size(threadIdx.x) <= last_split)
  {
    splits[split] = keys.split(diag, lo);
    if (lookback_words != nullptr && split + 1 < num_splits)
    {
      auto* const sector = reinterpret_cast<ulonglong2*>(lookback_words) + split * Size(lookback_sector_bytes / 16);
      sector[0] = sector[1] = ulonglong2{0, 0};
    }
  }
}

// Fills splits[0, num_tiles] for tiles of `tile_size` diagonals;
// `lookback_words`: see sorted_key_partition_kernel.
template <class Shape = sorted_key_partition_shape, class Size, class Keys>
void partition_sorted_keys(cudaStream_t stream, Keys keys, Size tile_size, Size num_tiles, Size* splits,
                           const char* algorithm, std::uint64_t* lookback_words = nullptr)
{
  const Size num_splits = num_tiles + 1;
  sorted_key_partition_kernel<Shape><<<static_cast<unsigned>(ceil_div(num_splits, Size(Shape::threads))),
                                       Shape::threads, 0, stream>>>(keys, tile_size, num_splits, splits,
                                                                    lookback_words);
  check_launch(algorithm, "partition kernel");
}

} // namespace mgpu::detail::cuda
