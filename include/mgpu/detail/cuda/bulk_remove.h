// CUDA bulk remove: one kernel, one tile of the source per CTA, no scratch.
//
// Tile t holds source elements [t * NV, t * NV + NV). Its removal indices are
// the slice [lower_bound(t * NV), lower_bound(t * NV + NV)) of the sorted,
// unique index array, found by a warp-wide search inside the kernel. Because
// indices are unique, the tile's output starts at t * NV minus the number of
// indices before the tile: no counting pass. Within the tile the removed
// elements' flags are cleared in shared memory, a block scan of the flags
// gives each survivor its slot, survivors are compacted in shared memory and
// the tile is written out with coalesced stores.
#pragma once

#include <mgpu/detail/cuda/bulk_tile.h>
#include <mgpu/detail/cuda/error.h>
#include <mgpu/detail/cuda/launch.h>
#include <mgpu/detail/cuda/tuning.h>
#include <mgpu/detail/iterator.h>
#include <mgpu/detail/offsets.h>

#include <cub/block/block_load.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/util_type.cuh>
#include <thrust/type_traits/unwrap_contiguous_iterator.h>

#include <type_traits>

namespace mgpu::detail::cuda {

// Removal index i as an offset, the sorted key of the boundary search.
template <class Size, class IndexIt>
struct removal_index_at
{
  IndexIt indices;
  __device__ MGPU_FORCEINLINE Size operator()(Size i) const { return static_cast<Size>(indices[i]); }
};

template <class Shape, class T, class SourceIt, class Size>
struct bulk_remove_tile_types
{
  // Contiguous sources load as aligned vectors straight into the blocked
  // arrangement; any other iterator loads coalesced and transposes through
  // shared memory.
  static constexpr cub::BlockLoadAlgorithm load_algorithm =
    std::is_pointer_v<SourceIt> ? cub::BLOCK_LOAD_VECTORIZE : cub::BLOCK_LOAD_WARP_TRANSPOSE;
  using load    = cub::BlockLoad<T, Shape::threads, Shape::items_per_thread, load_algorithm>;
  using scan    = cub::BlockScan<int, Shape::threads>;
  using padding = tile_padding<T>;

  struct storage
  {
    // The load transpose is finished (two barriers earlier) before the
    // survivors are compacted into the same space.
    union
    {
      typename load::TempStorage load;
      T survivors[padding::slots(Shape::tile_size)];
    } items;
    typename scan::TempStorage scan;
    alignas(16) unsigned char keep[Shape::tile_size];
    Size index_bounds[2];
  };
};

template <class Shape, bool FullTile, class Size, class SourceIt, class IndexIt, class OutputIt, class Storage>
__device__ MGPU_FORCEINLINE void bulk_remove_tile(
  Storage& shared, SourceIt source, Size count, IndexIt indices, Size index_count, OutputIt result, Size tile_begin,
  int tile_len)
{
  constexpr int NT = Shape::threads, VT = Shape::items_per_thread;
  using T       = value_of<SourceIt>;
  using types   = bulk_remove_tile_types<Shape, T, SourceIt, Size>;
  using padding = typename types::padding;
  const int tid = threadIdx.x;

  // The source loads depend only on the tile's position: issue them first so
  // they are in flight during the index search.
  T items[VT];
  if constexpr (FullTile)
    typename types::load(shared.items.load).Load(source + tile_begin, items);
  else
    typename types::load(shared.items.load).Load(source + tile_begin, items, tile_len);

  flag_words<VT> keep;
  if constexpr (FullTile)
    keep.set_all(true);
  else
    keep.set_below(tile_len);
  keep.store(shared.keep);

  // Warp 0 finds the first removal index of the tile, warp 1 the first past
  // it. Unique indices below a key k number at most k, those from k on at
  // most count - k, which narrows both searches.
  const int warp = tid / 32;
  if (warp < 2)
  {
    const Size key     = tile_begin + (warp == 0 ? Size(0) : Size(tile_len));
    const Size lowest  = index_count - (count - key) > 0 ? index_count - (count - key) : Size(0);
    const Size highest = index_count < key ? index_count : key;
    const Size found   = warp_lower_bound(removal_index_at<Size, IndexIt>{indices}, lowest, highest, key);
    if (tid % 32 == 0)
      shared.index_bounds[warp] = found;
  }
  __syncthreads();

  const Size index_begin = shared.index_bounds[0];
  const Size slice       = shared.index_bounds[1] - index_begin;
  const int removed      = slice < 0 ? 0 : slice > tile_len ? tile_len : static_cast<int>(slice);

  // All index loads are issued before the first shared store (a store the
  // compiler cannot prove apart from a generic-pointer load would serialize
  // them). Tile-local positions fit an int; violated preconditions may wrap
  // one into the tile, which garbles the result but stays in bounds.
  int local[VT];
#pragma unroll
  for (int i = 0; i < VT; ++i)
  {
    const int j = tid + i * NT;
    local[i]    = j < removed ? static_cast<int>(static_cast<Size>(indices[index_begin + j]) - tile_begin) : -1;
  }
#pragma unroll
  for (int i = 0; i < VT; ++i)
    if (local[i] >= 0 && local[i] < tile_len) // false only for unused slots or violated preconditions
      shared.keep[local[i]] = 0;
  __syncthreads();

  // Survivors of this thread's VT elements go to consecutive slots from the
  // exclusive scan of the per-thread survivor counts.
  keep.load(shared.keep);
  int slot = 0;
  typename types::scan(shared.scan).ExclusiveSum(keep.set_count(), slot);
#pragma unroll
  for (int i = 0; i < VT; ++i)
    if (keep[i])
      shared.items.survivors[padding::slot(slot++)] = items[i];
  __syncthreads();

  // Coalesced stores of the compacted tile, read out of shared memory first
  // so the global stores do not order the shared loads.
  const int survivors  = tile_len - removed;
  const Size out_begin = tile_begin - index_begin;
#pragma unroll
  for (int i = 0; i < VT; ++i)
  {
    const int j = tid + i * NT;
    if (j < survivors)
      items[i] = shared.items.survivors[padding::slot(j)];
  }
#pragma unroll
  for (int i = 0; i < VT; ++i)
  {
    const int j = tid + i * NT;
    if (j < survivors)
      result[out_begin + j] = items[i];
  }
}

template <class Shape, class Size, class SourceIt, class IndexIt, class OutputIt>
__global__ void __launch_bounds__(Shape::threads)
  bulk_remove_kernel(SourceIt source, Size count, IndexIt indices, Size index_count, OutputIt result)
{
  using storage_t = typename bulk_remove_tile_types<Shape, value_of<SourceIt>, SourceIt, Size>::storage;
  __shared__ cub::Uninitialized<storage_t> shared_storage;

  const Size tile_begin = static_cast<Size>(blockIdx.x) * Size(Shape::tile_size);
  const Size left       = count - tile_begin;
  const int tile_len    = left < Size(Shape::tile_size) ? static_cast<int>(left) : Shape::tile_size;
  if (tile_len == Shape::tile_size)
    bulk_remove_tile<Shape, true>(shared_storage.Alias(), source, count, indices, index_count, result, tile_begin,
                                  tile_len);
  else
    bulk_remove_tile<Shape, false>(shared_storage.Alias(), source, count, indices, index_count, result, tile_begin,
                                   tile_len);
}

template <class Size, class Shape, class Policy, class SourceIt, class IndexIt, class OutputIt>
void bulk_remove_with_shape(Policy& policy, SourceIt source, Size count, IndexIt indices, Size index_count,
                            OutputIt result, const char* algorithm)
{
  if (count - index_count <= 0)
    return; // nothing survives: nothing to write
  const Size num_tiles = ceil_div(count, Size(Shape::tile_size));
  bulk_remove_kernel<Shape><<<static_cast<unsigned>(num_tiles), Shape::threads, 0, stream_of(policy)>>>(
    thrust::try_unwrap_contiguous_iterator(source), count, thrust::try_unwrap_contiguous_iterator(indices),
    index_count, thrust::try_unwrap_contiguous_iterator(result));
  check_launch(algorithm, "bulk remove kernel");
  finish(policy, algorithm);
}

// Bulk remove with `Size` offsets (int32 or int64). Exposed so tests can
// drive the 64-bit path on small inputs.
template <class Size, class Policy, class SourceIt, class IndexIt, class OutputIt>
void bulk_remove_with_offsets(Policy& policy, SourceIt source, Size count, IndexIt indices, Size index_count,
                              OutputIt result, const char* algorithm)
{
  constexpr int item_bytes = int(sizeof(value_of<SourceIt>));
  if (current_arch(algorithm) >= 90)
    bulk_remove_with_shape<Size, typename bulk_remove_tuning_sm90<item_bytes>::shape>(
      policy, source, count, indices, index_count, result, algorithm);
  else
    bulk_remove_with_shape<Size, typename bulk_remove_tuning_fallback<item_bytes>::shape>(
      policy, source, count, indices, index_count, result, algorithm);
}

template <class Policy, class SourceIt, class IndexIt, class OutputIt>
void bulk_remove(Policy& policy, SourceIt first, SourceIt last, IndexIt indices_first, IndexIt indices_last,
                 OutputIt result, const char* algorithm)
{
  const auto count       = last - first;
  const auto index_count = indices_last - indices_first;
  with_offset_type(count, [&](auto offset) {
    using Size = decltype(offset);
    bulk_remove_with_offsets<Size>(policy, first, Size(count), indices_first, Size(index_count), result, algorithm);
  });
}

} // namespace mgpu::detail::cuda
