// Phase one of the load-balanced engine: where each tile's work items start.
//
// In the upper-bound merge of the item indices 0, 1, ..., total - 1 with the
// offsets, offset j has j offsets and offsets[j] items before it, so it sits
// at merge position key(j) = j + offsets[j], a strictly increasing sequence.
// The number of offsets among the first d merge steps is therefore
//   b(d) = #{j : key(j) < d},
// a lower bound over ONE array: each probe is a single load (the items are a
// counting sequence and are never read), and tile p starts at item
// d - b(d) for d = p * tile_size.
//
// One thread per split running a full-depth binary search sends ~27 rounds
// of dependent loads, the top ones from every thread to the same few lines.
// Here a CTA owns `threads` consecutive splits, whose answers lie in one
// window of the offsets. Each round every thread loads `samples_per_thread`
// evenly spaced keys of the CTA's window (all loads in flight together, no
// two threads on one address); the keys, staged in shared memory, narrow
// every thread's own range and the CTA's window for the next round. After
// `rounds` rounds each thread finishes with a short binary search of its own
// range, whose last probes share a cache line.
#pragma once

#include <mgpu/detail/cuda/block/offset_clamp.h>
#include <mgpu/detail/cuda/block/sample_position.h>
#include <mgpu/detail/cuda/block/warp_search.h>
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
struct lbs_partition_shape
{
  static constexpr int threads            = 256;
  static constexpr int samples_per_thread = 1;
  static constexpr int rounds             = 2;
};

// key(j) = j + offsets[j]: where offset j sits in the merge, the offset
// read inside [0, total] so that no value can overflow the sum.
template <class Size, class OffsetIt>
struct merge_key_of_offset
{
  OffsetIt offsets;
  Size total;
  __device__ MGPU_FORCEINLINE Size operator[](Size j) const
  {
    return j + offset_within(value_of<OffsetIt>(offsets[j]), total);
  }
};

// The look-back state the partition kernel can clear: each tile's status in
// the first 8 bytes of a sector of this many bytes.
inline constexpr int lbs_lookback_sector_bytes = 32;

// `lookback_words`, when not null: the tile kernel's look-back state, which
// split p's thread clears for tile p (so the call needs no memset before this
// kernel).
template <class PartitionShape, class Size, class OffsetIt>
__global__ void __launch_bounds__(PartitionShape::threads) lbs_partition_kernel(
  OffsetIt offsets, Size segment_count, Size total, Size tile_size, Size num_splits, Size* item_splits,
  std::uint64_t* lookback_words)
{
  constexpr int NT      = PartitionShape::threads;
  constexpr int SPT     = PartitionShape::samples_per_thread;
  constexpr int samples = NT * SPT;
  __shared__ Size sample_keys[samples];
  __shared__ Size window[2];
  allow_dependent_launch(); // the tile kernel waits for this grid's splits itself

  const merge_key_of_offset<Size, OffsetIt> key{offsets, total};
  const Size steps       = total + segment_count;
  const Size first_split = Size(blockIdx.x) * NT;
  const Size last_split  = min(first_split + Size(NT), num_splits) - 1;
  const Size split       = min(first_split + Size(threadIdx.x), last_split); // idle threads repeat the last
  // The engine leaves headroom above total + segment_count, so p * tile_size
  // never overflows.
  auto diag_of = [&](Size s) { return min(s * tile_size, steps); };

  // b(d) lies in [max(0, d - total), min(d, segment_count)]: at most `total`
  // items precede the cut.
  const Size diag = diag_of(split);
  Size lo         = max(Size(0), diag - total);
  Size hi         = min(diag, segment_count);
  Size window_lo  = max(Size(0), diag_of(first_split) - total);
  Size window_hi  = min(diag_of(last_split), segment_count);

#pragma unroll
  for (int round = 0; round < PartitionShape::rounds; ++round)
  {
    const Size span = window_hi - window_lo;
    if (span <= Size(samples)) // uniform over the CTA: every thread breaks
      break;
    Size loaded[SPT];
#pragma unroll
    for (int i = 0; i < SPT; ++i)
      loaded[i] = key[sample_position<samples>(window_lo, span, int(threadIdx.x) + i * NT)];
#pragma unroll
    for (int i = 0; i < SPT; ++i)
      sample_keys[threadIdx.x + i * NT] = loaded[i];
    __syncthreads();

    // Samples [0, c) lie before the diagonal: b(diag) > position(c - 1) and
    // b(diag) <= position(c).
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

  // b(diag) = the first j in [lo, hi] with key(j) >= diag.
  while (lo < hi)
  {
    const Size mid = lo + (hi - lo) / 2;
    if (key[mid] < diag)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (first_split + Size(threadIdx.x) <= last_split)
  {
    item_splits[split] = diag - lo;
    if (lookback_words != nullptr && split + 1 < num_splits)
      lookback_words[split * Size(lbs_lookback_sector_bytes / int(sizeof(std::uint64_t)))] = 0;
  }
}

// b(diag) found by one warp (warp_search.h), for a tile that finds its own
// item range (the tiles of small launches and the first wave of larger
// ones, transform_lbs.h): 1/33 of the range is left after each round, so six
// rounds cover 2^30 offsets. Every lane returns the same value.
template <class Size, class OffsetIt>
__device__ MGPU_FORCEINLINE Size warp_offsets_before(OffsetIt offsets, Size segment_count, Size total, Size diag)
{
  const merge_key_of_offset<Size, OffsetIt> key{offsets, total};
  const warp_point_search<Size> search{max(Size(0), diag - total), min(diag, segment_count)};
  return warp_search_point(search, [&](Size probe) { return !(key[probe] < diag); });
}

// item_splits[p] = number of work items among the first p * tile_size steps
// of the upper-bound merge of item indices with offsets, for p in
// [0, num_tiles]: tile p takes items [item_splits[p], item_splits[p + 1]) and
// tile_size minus that many offsets, whatever the counts look like.
// `lookback_words`: see lbs_partition_kernel.
template <class PartitionShape = lbs_partition_shape, class Size, class OffsetIt>
void partition_load_balance(cudaStream_t stream, OffsetIt offsets, Size segment_count, Size total, Size tile_size,
                            Size num_tiles, Size* item_splits, const char* algorithm,
                            std::uint64_t* lookback_words = nullptr)
{
  const Size num_splits = num_tiles + 1;
  lbs_partition_kernel<PartitionShape>
    <<<static_cast<unsigned>(ceil_div(num_splits, Size(PartitionShape::threads))), PartitionShape::threads, 0,
       stream>>>(offsets, segment_count, total, tile_size, num_splits, item_splits, lookback_words);
  check_launch(algorithm, "load-balance partition kernel");
}

} // namespace mgpu::detail::cuda
