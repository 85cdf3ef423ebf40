// Phase one of the two-phase merge: where each tile's Merge Path starts.
#pragma once

#include <mgpu/detail/cuda/error.h>
#include <mgpu/detail/cuda/launch.h>
#include <mgpu/search.h>

#include <cuda_runtime_api.h>

namespace mgpu::detail::cuda {

// Merge Path search of one cross diagonal by a whole warp. A binary search
// over a large input is a chain of ~log2(n) dependent loads to scattered
// addresses, each a DRAM (and often a TLB) miss: about 40 us for 2^27
// elements on an H200, a tenth of the merge. Here the 32 lanes probe 32
// evenly spaced points of the remaining range at once and the ballot of their
// answers shrinks it 33-fold per round: 6 rounds of latency instead of 27.
template <bounds Bounds, class AIt, class BIt, class Size, class Compare>
__device__ Size warp_merge_path(AIt a, Size a_count, BIt b, Size b_count, Size diag, Compare comp)
{
  const unsigned lane = threadIdx.x % 32;
  // The answer is the first i in [begin, end) where "a[i] precedes
  // b[diag - 1 - i]" fails, or `end`; the predicate is true below it and
  // false from it on.
  Size begin = diag > b_count ? diag - b_count : Size(0);
  Size end   = diag < a_count ? diag : a_count;
  auto a_first = [&](Size i) {
    return Bounds == bounds::lower ? !comp(b[diag - 1 - i], a[i]) : comp(a[i], b[diag - 1 - i]);
  };
  while (end - begin > 32)
  {
    const Size span  = end - begin;
    const Size probe = begin + Size((static_cast<unsigned long long>(span) * (lane + 1)) / 33);
    const unsigned trues = __ballot_sync(0xffffffffu, a_first(probe));
    const int true_count = __popc(trues); // monotone: lanes [0, true_count) said true
    const Size new_begin = true_count == 0 ? begin : Size(begin + (static_cast<unsigned long long>(span) * true_count) / 33 + 1);
    const Size new_end   = true_count == 32 ? end : Size(begin + (static_cast<unsigned long long>(span) * (true_count + 1)) / 33);
    begin = new_begin;
    end   = new_end;
  }
  // At most 32 candidates left: one probe each.
  const Size candidate = begin + Size(lane);
  const bool is_true   = candidate < end && a_first(candidate);
  return begin + Size(__popc(__ballot_sync(0xffffffffu, is_true)));
}

// a_splits[p] = number of A elements among the first p * tile_size outputs,
// for p in [0, num_tiles]; tile p then covers A[a_splits[p], a_splits[p+1]).
// One warp per split.
template <bounds Bounds, class Size, class AIt, class BIt, class Compare>
__global__ void merge_partition_kernel(
  AIt a, Size a_count, BIt b, Size b_count, Size tile_size, Size num_splits, Size* a_splits, Compare comp)
{
  const Size split = (static_cast<Size>(blockIdx.x) * blockDim.x + threadIdx.x) / 32;
  if (split < num_splits) // uniform across the warp
  {
    const Size total = a_count + b_count;
    const Size diag  = split * tile_size < total ? split * tile_size : total;
    const Size found = warp_merge_path<Bounds>(a, a_count, b, b_count, diag, comp);
    if (threadIdx.x % 32 == 0)
      a_splits[split] = found;
  }
}

template <bounds Bounds, class Size, class AIt, class BIt, class Compare>
void launch_merge_partition(
  cudaStream_t stream, AIt a, Size a_count, BIt b, Size b_count, Size tile_size, Size num_tiles, Size* a_splits,
  Compare comp, const char* algorithm)
{
  constexpr int threads = 128, splits_per_block = threads / 32;
  const Size num_splits = num_tiles + 1;
  merge_partition_kernel<Bounds>
    <<<static_cast<unsigned>(ceil_div(num_splits, Size(splits_per_block))), threads, 0, stream>>>(
      a, a_count, b, b_count, tile_size, num_splits, a_splits, comp);
  check_launch(algorithm, "merge partition kernel");
}

} // namespace mgpu::detail::cuda
