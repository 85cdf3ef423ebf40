// CUDA bulk insert: a merge of the insertion positions (A) against the source
// positions 0, 1, 2, ... (B), with A winning ties so that a value lands before
// the source element at its position. One kernel, one tile of the OUTPUT per
// CTA, no scratch memory.
//
// Merge Path against a counting sequence needs no comparison with B at all:
// value j lands at output position positions[j] + j, a strictly increasing
// sequence, so the Merge Path split of output diagonal d (the number of values
// among the first d outputs) is the lower bound of d in that sequence. A warp
// searches it inside the kernel for both ends of the tile. The tile then
// stages its values and source elements in shared memory, flags the output
// slots its values land in, and a block scan of the flags turns every output
// slot into the staged element it gathers. Long runs of equal positions are
// no special case: every tile holds exactly NV outputs, whatever their mix.
#pragma once

#include <mgpu/detail/cuda/bulk_tile.h>
#include <mgpu/detail/cuda/error.h>
#include <mgpu/detail/cuda/launch.h>
#include <mgpu/detail/cuda/tuning.h>
#include <mgpu/detail/iterator.h>
#include <mgpu/detail/offsets.h>

#include <cub/block/block_scan.cuh>
#include <cub/block/block_store.cuh>
#include <cub/util_type.cuh>
#include <thrust/type_traits/unwrap_contiguous_iterator.h>

namespace mgpu::detail::cuda {

// Output position of value i: the sorted key of the Merge Path search.
template <class Size, class PositionIt>
struct insertion_slot_at
{
  PositionIt positions;
  __device__ MGPU_FORCEINLINE Size operator()(Size i) const { return static_cast<Size>(positions[i]) + i; }
};

template <class Shape, class T>
struct bulk_insert_tile_types
{
  using store   = cub::BlockStore<T, Shape::threads, Shape::items_per_thread, cub::BLOCK_STORE_WARP_TRANSPOSE>;
  using scan    = cub::BlockScan<int, Shape::threads>;
  using padding = tile_padding<T>;

  template <class Size>
  struct storage
  {
    // The tile's values then source elements; after every thread has
    // gathered its outputs, the same space serves the store transpose.
    union
    {
      T staged[padding::slots(Shape::tile_size)];
      typename store::TempStorage store;
    } items;
    typename scan::TempStorage scan;
    alignas(16) unsigned char inserted[Shape::tile_size];
    Size value_bounds[2];
  };
};

template <class Shape, bool FullTile, class Size, class SourceIt, class ValueIt, class PositionIt, class OutputIt,
          class Storage>
__device__ MGPU_FORCEINLINE void bulk_insert_tile(
  Storage& shared, SourceIt source, Size count, ValueIt values, PositionIt positions, Size value_count,
  OutputIt result, Size tile_begin, int tile_len)
{
  constexpr int NT = Shape::threads, VT = Shape::items_per_thread;
  using T       = value_of<SourceIt>;
  using types   = bulk_insert_tile_types<Shape, T>;
  using padding = typename types::padding;
  const int tid = threadIdx.x;

  flag_words<VT> inserted;
  inserted.set_all(false);
  inserted.store(shared.inserted);

  // Warp 0 finds how many values precede the tile's first output, warp 1
  // how many precede its end.
  const int warp = tid / 32;
  if (warp < 2)
  {
    const Size diag    = tile_begin + (warp == 0 ? Size(0) : Size(tile_len));
    const Size lowest  = diag > count ? diag - count : Size(0);
    const Size highest = diag < value_count ? diag : value_count;
    const Size found   = warp_lower_bound(insertion_slot_at<Size, PositionIt>{positions}, lowest, highest, diag);
    if (tid % 32 == 0)
      shared.value_bounds[warp] = found;
  }
  __syncthreads();

  const Size value_begin  = shared.value_bounds[0];
  const Size slice        = shared.value_bounds[1] - value_begin;
  const int value_len     = slice < 0 ? 0 : slice > tile_len ? tile_len : static_cast<int>(slice);
  const Size source_begin = tile_begin - value_begin;

  // Stage values then source elements (coalesced), and flag the output slots
  // the values land in. Every global load is issued before the first shared
  // store (a store the compiler cannot prove apart from a generic-pointer
  // load would serialize them). Tile-local slots fit an int; violated
  // preconditions may wrap one into the tile, which garbles the result but
  // stays in bounds.
  T items[VT];
  int slot[VT];
#pragma unroll
  for (int i = 0; i < VT; ++i)
  {
    const int j = tid + i * NT;
    if (FullTile || j < tile_len)
      items[i] = j < value_len ? T(values[value_begin + j]) : T(source[source_begin + (j - value_len)]);
    slot[i] = j < value_len
              ? static_cast<int>(static_cast<Size>(positions[value_begin + j]) + (value_begin + j) - tile_begin)
              : -1;
  }
#pragma unroll
  for (int i = 0; i < VT; ++i)
  {
    const int j = tid + i * NT;
    if (FullTile || j < tile_len)
      shared.items.staged[padding::slot(j)] = items[i];
    if (slot[i] >= 0 && slot[i] < tile_len) // false only for unused slots or violated preconditions
      shared.inserted[slot[i]] = 1;
  }
  __syncthreads();

  // Output slot k holds value #(flags before k) when flagged, else source
  // element #(k - flags before k), which is staged after the values.
  inserted.load(shared.inserted);
  int values_before = 0;
  typename types::scan(shared.scan).ExclusiveSum(inserted.set_count(), values_before);
#pragma unroll
  for (int i = 0; i < VT; ++i)
  {
    const int k = VT * tid + i;
    if (FullTile || k < tile_len)
    {
      const int staged = inserted[i] ? values_before++ : value_len + (k - values_before);
      items[i]         = shared.items.staged[padding::slot(staged)];
    }
  }
  __syncthreads(); // the store transpose reuses the staged tile

  if constexpr (FullTile)
    typename types::store(shared.items.store).Store(result + tile_begin, items);
  else
    typename types::store(shared.items.store).Store(result + tile_begin, items, tile_len);
}

template <class Shape, class Size, class SourceIt, class ValueIt, class PositionIt, class OutputIt>
__global__ void __launch_bounds__(Shape::threads) bulk_insert_kernel(
  SourceIt source, Size count, ValueIt values, PositionIt positions, Size value_count, OutputIt result)
{
  using storage_t = typename bulk_insert_tile_types<Shape, value_of<SourceIt>>::template storage<Size>;
  __shared__ cub::Uninitialized<storage_t> shared_storage;

  const Size tile_begin = static_cast<Size>(blockIdx.x) * Size(Shape::tile_size);
  const Size left       = count + value_count - tile_begin;
  const int tile_len    = left < Size(Shape::tile_size) ? static_cast<int>(left) : Shape::tile_size;
  if (tile_len == Shape::tile_size)
    bulk_insert_tile<Shape, true>(shared_storage.Alias(), source, count, values, positions, value_count, result,
                                  tile_begin, tile_len);
  else
    bulk_insert_tile<Shape, false>(shared_storage.Alias(), source, count, values, positions, value_count, result,
                                   tile_begin, tile_len);
}

template <class Size, class Shape, class Policy, class SourceIt, class ValueIt, class PositionIt, class OutputIt>
void bulk_insert_with_shape(Policy& policy, SourceIt source, Size count, ValueIt values, PositionIt positions,
                            Size value_count, OutputIt result, const char* algorithm)
{
  const Size total = count + value_count;
  if (total == 0)
    return;
  const Size num_tiles = ceil_div(total, Size(Shape::tile_size));
  bulk_insert_kernel<Shape><<<static_cast<unsigned>(num_tiles), Shape::threads, 0, stream_of(policy)>>>(
    thrust::try_unwrap_contiguous_iterator(source), count, thrust::try_unwrap_contiguous_iterator(values),
    thrust::try_unwrap_contiguous_iterator(positions), value_count, thrust::try_unwrap_contiguous_iterator(result));
  check_launch(algorithm, "bulk insert kernel");
  finish(policy, algorithm);
}

// Bulk insert with `Size` offsets (int32 or int64). Exposed so tests can
// drive the 64-bit path on small inputs.
template <class Size, class Policy, class SourceIt, class ValueIt, class PositionIt, class OutputIt>
void bulk_insert_with_offsets(Policy& policy, SourceIt source, Size count, ValueIt values, PositionIt positions,
                              Size value_count, OutputIt result, const char* algorithm)
{
  constexpr int item_bytes = int(sizeof(value_of<SourceIt>));
  if (current_arch(algorithm) >= 90)
    bulk_insert_with_shape<Size, typename bulk_insert_tuning_sm90<item_bytes>::shape>(
      policy, source, count, values, positions, value_count, result, algorithm);
  else
    bulk_insert_with_shape<Size, typename bulk_insert_tuning_fallback<item_bytes>::shape>(
      policy, source, count, values, positions, value_count, result, algorithm);
}

template <class Policy, class SourceIt, class ValueIt, class PositionIt, class OutputIt>
void bulk_insert(Policy& policy, SourceIt first, SourceIt last, ValueIt values_first, ValueIt values_last,
                 PositionIt positions_first, OutputIt result, const char* algorithm)
{
  const auto count       = last - first;
  const auto value_count = values_last - values_first;
  with_offset_type(count + value_count, [&](auto offset) {
    using Size = decltype(offset);
    bulk_insert_with_offsets<Size>(
      policy, first, Size(count), values_first, positions_first, Size(value_count), result, algorithm);
  });
}

} // namespace mgpu::detail::cuda
