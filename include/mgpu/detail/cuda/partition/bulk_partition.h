// Phase one of bulk remove and bulk insert: the key views whose lower bounds
// are the tiles' slices of the sorted index list (sorted_key_partition.h).
#pragma once

#include <mgpu/detail/config.h>
#include <mgpu/detail/cuda/partition/sorted_key_partition.h>

namespace mgpu::detail::cuda {

// Removal indices: the tile that starts at source position k takes the
// indices from lower_bound(k). Unique indices below k number at most k, and
// those from k on at most n - k.
template <class Size, class IndexIt>
struct removal_keys
{
  IndexIt indices;
  Size index_count, source_count;

  __device__ MGPU_FORCEINLINE Size steps() const { return source_count; }
  __device__ MGPU_FORCEINLINE Size key(Size i) const { return static_cast<Size>(indices[i]); }
  __device__ MGPU_FORCEINLINE Size split(Size, Size lower_bound) const { return lower_bound; }
  __device__ MGPU_FORCEINLINE search_window<Size> window(Size k) const
  {
    const Size at_or_after = source_count - k;
    return {index_count > at_or_after ? index_count - at_or_after : Size(0), index_count < k ? index_count : k};
  }
};

// Insertion positions: value j lands at output positions[j] + j, so the
// number of values among the first d outputs (the Merge Path split of
// diagonal d) is the lower bound of d in that sequence.
template <class Size, class PositionIt>
using insertion_keys = merge_position_keys<Size, PositionIt, merge_split::placed_before>;

} // namespace mgpu::detail::cuda
