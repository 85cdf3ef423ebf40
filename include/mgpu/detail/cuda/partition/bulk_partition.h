// Phase one of bulk remove and bulk insert: where each tile's slice of the
// sorted index list starts.
//
// Both operations reduce the partition to one search per tile boundary: the
// lower bound of the boundary in a strictly increasing sequence of keys with
// one load per probe (removal indices; for insertion, the output slot
// positions[j] + j of each value). One thread runs each search.
//
// A binary search over tens of millions of keys chains ~25 dependent DRAM
// reads. Each CTA therefore first loads an evenly spaced sample of the keys
// into shared memory (independent loads: one round of latency, cached for
// the other CTAs) and finds the sample interval that holds each answer; an
// interpolation guess bracketed by two probes then usually narrows that to
// one cache line, and bisection finishes.
#pragma once

#include <mgpu/detail/config.h>
#include <mgpu/detail/cuda/block/bulk_tile.h>
#include <mgpu/detail/cuda/runtime/dependent_launch.h>
#include <mgpu/detail/cuda/runtime/error.h>
#include <mgpu/detail/cuda/runtime/launch.h>

#include <cuda_runtime.h>

namespace mgpu::detail::cuda {

// The answer for one boundary: the first key >= target, known to lie in
// [first, last].
template <class Size>
struct search_window
{
  Size target, first, last;
};

// Removal indices: the tile that starts at source position k takes the
// indices from lower_bound(k). Unique indices below k number at most k, and
// those from k on at most n - k.
template <class Size, class IndexIt>
struct removal_keys
{
  IndexIt indices;
  Size index_count, source_count;

  __device__ MGPU_FORCEINLINE Size size() const { return index_count; }
  __device__ MGPU_FORCEINLINE Size end_boundary() const { return source_count; }
  __device__ MGPU_FORCEINLINE Size key(Size i) const { return static_cast<Size>(indices[i]); }
  __device__ MGPU_FORCEINLINE search_window<Size> window(Size k) const
  {
    const Size at_or_after = source_count - k;
    return {k, index_count > at_or_after ? index_count - at_or_after : Size(0), index_count < k ? index_count : k};
  }
};

// Insertion positions: value j lands at output positions[j] + j, a strictly
// increasing sequence, and the number of values among the first d outputs
// (the Merge Path split of diagonal d) is the lower bound of d in it. It lies
// in [max(0, d - n), min(d, m)].
template <class Size, class PositionIt>
struct insertion_keys
{
  PositionIt positions;
  Size value_count, source_count;

  __device__ MGPU_FORCEINLINE Size size() const { return value_count; }
  __device__ MGPU_FORCEINLINE Size end_boundary() const { return source_count + value_count; }
  __device__ MGPU_FORCEINLINE Size key(Size j) const { return static_cast<Size>(positions[j]) + j; }
  __device__ MGPU_FORCEINLINE search_window<Size> window(Size d) const
  {
    return {d, d > source_count ? d - source_count : Size(0), d < value_count ? d : value_count};
  }
};

// Index of sample s of `count` keys: floor(s * count / Samples), without
// overflow.
template <int Samples, class Size>
__device__ MGPU_FORCEINLINE Size sample_index(int s, Size count)
{
  return (count / Samples) * s + (count % Samples) * s / Samples;
}

// splits[p] = lower bound of tile boundary p (p * tile_size, or the end for
// p = num_tiles) for p in [0, num_tiles]; tile p takes keys
// [splits[p], splits[p + 1]).
template <int Threads, int Samples, class Size, class Keys>
__global__ void __launch_bounds__(Threads)
  bulk_partition_kernel(Keys keys, Size tile_size, Size num_tiles, Size* splits)
{
  allow_dependent_launch();
  const Size count     = keys.size();
  const Size split     = static_cast<Size>(blockIdx.x) * Threads + threadIdx.x;
  const Size boundary  = split < num_tiles ? split * tile_size : keys.end_boundary();
  const search_window<Size> w = keys.window(boundary);
  const Size target    = w.target;
  Size first = w.first, last = w.last; // the answer lies in [first, last]

  if constexpr (Samples > 0)
  {
    __shared__ Size sample[Samples];
    if (count > Samples) // uniform across the CTA
    {
#pragma unroll 2
      for (int s = threadIdx.x; s < Samples; s += Threads)
        sample[s] = keys.key(sample_index<Samples>(s, count));
      __syncthreads();
      // Keys at samples below `found` are < target, those from it on >= it.
      const int found = shared_lower_bound(sample, 0, Samples, target);
      if (found < Samples)
      {
        const Size at = sample_index<Samples>(found, count);
        last          = at < last ? at : last;
      }
      if (found > 0)
      {
        const Size after = sample_index<Samples>(found - 1, count) + 1;
        first            = after > first ? after : first;
      }
      if (found > 0 && found < Samples && split <= num_tiles)
      {
        // Between two samples, guess the answer by linear interpolation of
        // the keys and bracket the guess with two probes (one load round):
        // first a few cache lines either side, then one line. Keys that
        // follow a line locally (evenly spread or random indices) are found
        // in two rounds; a missed bracket still cuts the window to one side
        // of it, and bisection finishes either way.
        Size below = sample_index<Samples>(found - 1, count), above = sample_index<Samples>(found, count);
        Size key_below = sample[found - 1], key_above = sample[found];
#pragma unroll
        for (int round = 0; round < 2; ++round)
        {
          const Size radius = round == 0 ? 256 : 16;
          if (last - first <= 2 * radius || !(key_below < key_above))
            break;
          const double fraction = double(target - key_below) / double(key_above - key_below);
          Size guess            = below + static_cast<Size>(fraction * double(above - below));
          guess                 = guess < first ? first : guess > last ? last : guess;
          const Size p0         = guess - radius > first ? guess - radius : first;
          const Size p1         = guess + radius < last ? guess + radius : last;
          const Size k0 = keys.key(p0), k1 = keys.key(p1);
          if (k1 < target)
          {
            first = p1 + 1, below = p1, key_below = k1;
          }
          else if (!(k0 < target))
          {
            last = p0, above = p0, key_above = k0;
          }
          else
          {
            first = p0 + 1, below = p0, key_below = k0;
            last = p1, above = p1, key_above = k1;
          }
        }
      }
    }
  }

  if (split > num_tiles)
    return;
  while (first < last)
  {
    const Size mid = first + (last - first) / 2;
    if (keys.key(mid) < target)
      first = mid + 1;
    else
      last = mid;
  }
  splits[split] = first;
}

// Launches the partition for tiles of `tile_size`; splits has num_tiles + 1
// elements. Large CTAs: each loads the whole sample, so fewer CTAs load
// fewer samples in all.
template <int Samples, class Size, class Keys>
void launch_bulk_partition(cudaStream_t stream, Keys keys, Size tile_size, Size num_tiles, Size* splits,
                           const char* algorithm)
{
  constexpr int threads = 1024;
  const Size num_splits = num_tiles + 1;
  bulk_partition_kernel<threads, Samples><<<static_cast<unsigned>(ceil_div(num_splits, Size(threads))), threads, 0,
                                            stream>>>(keys, tile_size, num_tiles, splits);
  check_launch(algorithm, "bulk partition kernel");
}

} // namespace mgpu::detail::cuda
