// CUDA bulk insert: a merge of the insertion positions (A) against the source
// positions 0, 1, 2, ... (B), with A winning ties so that a value lands before
// the source element at its position. A partition kernel, then one tile of
// the OUTPUT per CTA.
//
// Merge Path against a counting sequence needs no comparison with B at all:
// value j lands at output position positions[j] + j, a strictly increasing
// sequence, so the Merge Path split of output diagonal d (the number of values
// among the first d outputs) is the lower bound of d in that sequence
// (bulk_partition.h). A tile then stages its values, their tile-local output
// slots and its source elements in shared memory (coalesced loads); each
// thread finds where its VT outputs start on the path with a short search
// over the staged slots and merges serially, like the merge tile: output k is
// the next value when k is that value's slot, else the next source element.
// Long runs of equal positions are no special case: every tile holds exactly
// NV outputs, whatever their mix.
#pragma once

#include <mgpu/detail/cuda/bulk_partition.h>
#include <mgpu/detail/cuda/bulk_tile.h>
#include <mgpu/detail/cuda/dependent_launch.h>
#include <mgpu/detail/cuda/error.h>
#include <mgpu/detail/cuda/launch.h>
#include <mgpu/detail/cuda/policy_hub.h>
#include <mgpu/detail/cuda/temporary_buffer.h>
#include <mgpu/detail/cuda/tuning.h>
#include <mgpu/detail/iterator.h>
#include <mgpu/detail/offsets.h>

#include <cub/block/block_store.cuh>
#include <cub/util_type.cuh>
#include <thrust/type_traits/unwrap_contiguous_iterator.h>

namespace mgpu::detail::cuda {

template <class Tuning, class T>
struct bulk_insert_tile_types
{
  using shape   = typename Tuning::shape;
  using store   = cub::BlockStore<T, shape::threads, shape::items_per_thread, cub::BLOCK_STORE_WARP_TRANSPOSE>;
  using padding = tile_padding<T, shape::items_per_thread>;

  struct storage
  {
    // The tile's values then its source elements, and each value's
    // tile-local output slot; once every thread has gathered its outputs,
    // the same space serves the store transpose.
    union
    {
      struct
      {
        T items[padding::slots(shape::tile_size)];
        int slots[shape::tile_size];
      } staged;
      typename store::TempStorage store;
    } space;
  };
};

template <class Tuning, bool FullTile, class Size, class SourceIt, class ValueIt, class PositionIt, class OutputIt,
          class Storage>
__device__ MGPU_FORCEINLINE void bulk_insert_tile(
  Storage& shared, SourceIt source, Size count, ValueIt values, Size value_count, PositionIt positions,
  const Size* splits, OutputIt result, Size tile, int tile_len)
{
  using shape   = typename Tuning::shape;
  using T       = value_of<SourceIt>;
  using types   = bulk_insert_tile_types<Tuning, T>;
  using padding = typename types::padding;
  constexpr int NT = shape::threads, VT = shape::items_per_thread, NV = shape::tile_size;
  const int tid         = threadIdx.x;
  const Size tile_begin = tile * Size(NV);

  wait_for_partition();
  // Invalid positions leave splits anywhere in [0, value_count]: keep the
  // tile's values and source elements inside both inputs.
  const Size value_begin  = min(max(splits[tile], max(Size(0), tile_begin - count)), min(tile_begin, value_count));
  const Size source_begin = tile_begin - value_begin;
  const Size slice        = splits[tile + 1] - value_begin;
  const int value_len     = min(max(slice < 0 ? 0 : slice > tile_len ? tile_len : static_cast<int>(slice),
                                    tile_len - static_cast<int>(min(Size(tile_len), count - source_begin))),
                                static_cast<int>(min(Size(tile_len), value_count - value_begin)));
  const int source_len    = tile_len - value_len;

  // Stage values then source elements, and the values' slots (value j's
  // slot is positions[j] + j - tile_begin). Every global load is issued
  // before the first shared store. Iterators are advanced to the tile once,
  // so per-element offsets stay 32-bit immediates. Tile-local slots fit an
  // int; violated preconditions may put garbage there, and every use below
  // stays in bounds regardless.
  const ValueIt tile_values       = values + value_begin;
  const PositionIt tile_positions = positions + value_begin;
  const SourceIt tile_source      = source + source_begin;
  const Size slot_offset          = value_begin - tile_begin;
  auto& staged                    = shared.space.staged;
  if constexpr (FullTile)
  {
    T items[VT];
    int slots[VT];
#pragma unroll
    for (int i = 0; i < VT; ++i)
    {
      const int j = tid + i * NT;
      if (j < value_len)
      {
        items[i] = T(tile_values[j]);
        slots[i] = static_cast<int>(static_cast<Size>(tile_positions[j]) + slot_offset) + j;
      }
      else
        items[i] = T(tile_source[j - value_len]);
    }
#pragma unroll
    for (int i = 0; i < VT; ++i)
    {
      const int j                    = tid + i * NT;
      staged.items[padding::slot(j)] = items[i];
      if (j < value_len)
        staged.slots[j] = slots[i];
    }
  }
  else
  {
    // The last, partial tile stages eight elements per round: the fully
    // unrolled predicated form would set the register count of every tile.
#pragma unroll 1
    for (int base = 0; base < VT; base += 8)
    {
      T items[8];
      int slots[8];
#pragma unroll
      for (int u = 0; u < 8; ++u)
      {
        const int j = tid + (base + u) * NT;
        if (base + u < VT && j < value_len)
        {
          items[u] = T(tile_values[j]);
          slots[u] = static_cast<int>(static_cast<Size>(tile_positions[j]) + slot_offset) + j;
        }
        else if (base + u < VT && j < tile_len)
          items[u] = T(tile_source[j - value_len]);
      }
#pragma unroll
      for (int u = 0; u < 8; ++u)
      {
        const int j = tid + (base + u) * NT;
        if (base + u < VT && j < tile_len)
          staged.items[padding::slot(j)] = items[u];
        if (base + u < VT && j < value_len)
          staged.slots[j] = slots[u];
      }
    }
  }
  __syncthreads();

  // This thread's outputs [diag, diag + VT): `taken` values precede them.
  const int diag = VT * tid < tile_len ? VT * tid : tile_len;
  int taken      = shared_lower_bound(staged.slots, diag > source_len ? diag - source_len : 0,
                                      diag < value_len ? diag : value_len, diag);
  int next_slot  = taken < value_len ? staged.slots[taken] : NV;
  T out[VT];
#pragma unroll
  for (int i = 0; i < VT; ++i)
  {
    const int k          = diag + i;
    const bool use_value = k == next_slot;
    // Source element k - taken of the tile is staged after the values.
    int from = use_value ? taken : value_len + (k - taken);
    from     = from < tile_len ? from : tile_len - 1;
    out[i]   = staged.items[padding::slot(from)];
    if (use_value)
    {
      ++taken;
      next_slot = taken < value_len ? staged.slots[taken] : NV;
    }
  }
  __syncthreads(); // the store transpose reuses the staged tile

  if constexpr (FullTile)
    typename types::store(shared.space.store).Store(result + tile_begin, out);
  else
    typename types::store(shared.space.store).Store(result + tile_begin, out, tile_len);
}

template <class Hub, class Size, class SourceIt, class ValueIt, class PositionIt, class OutputIt>
__global__ void __launch_bounds__(compiled_policy_t<Hub>::shape::threads, compiled_policy_t<Hub>::min_ctas_per_sm) bulk_insert_kernel(
  SourceIt source, Size count, ValueIt values, Size value_count, PositionIt positions, const Size* splits,
  OutputIt result)
{
  using Tuning    = compiled_policy_t<Hub>;
  using storage_t = typename bulk_insert_tile_types<Tuning, value_of<SourceIt>>::storage;
  __shared__ cub::Uninitialized<storage_t> shared_storage;

  constexpr int NV   = Tuning::shape::tile_size;
  const Size tile    = blockIdx.x;
  const Size left    = count + value_count - tile * Size(NV);
  const int tile_len = left < Size(NV) ? static_cast<int>(left) : NV;
  if (tile_len == NV)
    bulk_insert_tile<Tuning, true>(
      shared_storage.Alias(), source, count, values, value_count, positions, splits, result, tile, tile_len);
  else
    bulk_insert_tile<Tuning, false>(
      shared_storage.Alias(), source, count, values, value_count, positions, splits, result, tile, tile_len);
}

// Bulk insert with `Size` offsets (int32 or int64) and the tuning hub `Hub`.
// Exposed so tests can drive the 64-bit path on small inputs and chosen
// shapes (fixed_hub).
template <class Size, class Hub, class Policy, class SourceIt, class ValueIt, class PositionIt, class OutputIt>
void bulk_insert_with_hub(Policy& policy, SourceIt source, Size count, ValueIt values, PositionIt positions,
                          Size value_count, OutputIt result, const char* algorithm)
{
  const Size total = count + value_count;
  if (total == 0)
    return;
  auto source_it    = thrust::try_unwrap_contiguous_iterator(source);
  auto values_it    = thrust::try_unwrap_contiguous_iterator(values);
  auto positions_it = thrust::try_unwrap_contiguous_iterator(positions);
  auto result_it    = thrust::try_unwrap_contiguous_iterator(result);
  constexpr auto kernel = bulk_insert_kernel<Hub, Size, decltype(source_it), decltype(values_it),
                                             decltype(positions_it), decltype(result_it)>;
  const int arch = kernel_arch<kernel>(algorithm);
  with_policy<Hub>(arch, [&](auto tuning) {
    using Tuning              = decltype(tuning);
    using shape               = typename Tuning::shape;
    const Size num_tiles      = ceil_div(total, Size(shape::tile_size));
    const cudaStream_t stream = stream_of(policy);
    temporary_buffer<Size, Policy> splits(policy, num_tiles + 1);
    launch_bulk_partition<Tuning::partition_samples>(
      stream, insertion_keys<Size, decltype(positions_it)>{positions_it, value_count, count}, Size(shape::tile_size),
      num_tiles, splits.get(), algorithm);
    launch_tile_kernel(waits_for_partition(arch) && Tuning::overlap_partition, kernel,
                       static_cast<unsigned>(num_tiles), shape::threads, stream, algorithm, source_it, count,
                       values_it, value_count, positions_it, static_cast<const Size*>(splits.get()), result_it);
    finish(policy, algorithm);
  });
}

template <class Size, class Policy, class SourceIt, class ValueIt, class PositionIt, class OutputIt>
void bulk_insert_with_offsets(Policy& policy, SourceIt source, Size count, ValueIt values, PositionIt positions,
                              Size value_count, OutputIt result, const char* algorithm)
{
  bulk_insert_with_hub<Size, bulk_insert_hub<int(sizeof(value_of<SourceIt>))>>(
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
