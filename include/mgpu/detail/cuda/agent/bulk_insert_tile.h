// One bulk insert tile: its values, their output slots and its source
// elements staged in shared memory, merged serially per thread and stored
// coalesced.
#pragma once

#include <mgpu/detail/config.h>
#include <mgpu/detail/cuda/block/bulk_tile.h>
#include <mgpu/detail/cuda/runtime/dependent_launch.h>
#include <mgpu/detail/iterator.h>

#include <cub/block/block_store.cuh>

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
    T items[8];
    int slots[8];
    for_partial_tile_rounds<NT, VT>(
      [&](int u, int j) {
        if (j < value_len)
        {
          items[u] = T(tile_values[j]);
          slots[u] = static_cast<int>(static_cast<Size>(tile_positions[j]) + slot_offset) + j;
        }
        else if (j < tile_len)
          items[u] = T(tile_source[j - value_len]);
      },
      [&](int u, int j) {
        if (j < tile_len)
          staged.items[padding::slot(j)] = items[u];
        if (j < value_len)
          staged.slots[j] = slots[u];
      });
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

} // namespace mgpu::detail::cuda
