// Phase one of the load-balanced engine: where each tile's work items start.
//
// In the upper-bound merge of the item indices 0, 1, ..., total - 1 with the
// offsets, offset j has j offsets and offsets[j] items before it, so it sits
// at merge position key(j) = j + offsets[j], a strictly increasing sequence.
// The number of offsets among the first d merge steps is therefore
//   b(d) = #{j : key(j) < d},
// a lower bound over ONE array (sorted_key_partition.h): the items are a
// counting sequence and are never read, and tile p starts at item d - b(d)
// for d = p * tile_size.
#pragma once

#include <mgpu/detail/cuda/block/warp_search.h>
#include <mgpu/detail/cuda/partition/sorted_key_partition.h>

#include <cuda_runtime_api.h>

#include <cstdint>

namespace mgpu::detail::cuda {

// Offset j sits at merge position j + offsets[j] among the items; the split
// stored for diagonal d is its item count, d - b(d).
template <class Size, class OffsetIt>
using offset_keys = merge_position_keys<Size, OffsetIt, merge_split::others_before>;

// b(diag) found by one warp (warp_search.h), for a tile that finds its own
// item range (the tiles of small launches and the first wave of larger
// ones, transform_lbs.h): 1/33 of the range is left after each round, so six
// rounds cover 2^30 offsets. Every lane returns the same value.
template <class Size, class OffsetIt>
__device__ MGPU_FORCEINLINE Size warp_offsets_before(OffsetIt offsets, Size segment_count, Size total, Size diag)
{
  const offset_keys<Size, OffsetIt> keys{offsets, segment_count, total};
  const search_window<Size> window = keys.window(diag);
  const warp_point_search<Size> search{window.first, window.last};
  return warp_search_point(search, [&](Size probe) { return !(keys.key(probe) < diag); });
}

// item_splits[p] = number of work items among the first p * tile_size steps
// of the upper-bound merge of item indices with offsets, for p in
// [0, num_tiles]: tile p takes items [item_splits[p], item_splits[p + 1]) and
// tile_size minus that many offsets, whatever the counts look like.
// `lookback_words`: see sorted_key_partition_kernel.
template <class PartitionShape = sorted_key_partition_shape, class Size, class OffsetIt>
void partition_load_balance(cudaStream_t stream, OffsetIt offsets, Size segment_count, Size total, Size tile_size,
                            Size num_tiles, Size* item_splits, const char* algorithm,
                            std::uint64_t* lookback_words = nullptr)
{
  partition_sorted_keys<PartitionShape>(stream, offset_keys<Size, OffsetIt>{offsets, segment_count, total},
                                        tile_size, num_tiles, item_splits, algorithm, lookback_words);
}

} // namespace mgpu::detail::cuda
