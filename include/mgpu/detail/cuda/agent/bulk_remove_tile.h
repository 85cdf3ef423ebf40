// One bulk remove tile: its source elements and removal indices staged in
// shared memory, the survivors compacted in place and stored coalesced.
#pragma once

#include <mgpu/detail/config.h>
#include <mgpu/detail/cuda/block/bulk_tile.h>
#include <mgpu/detail/cuda/runtime/dependent_launch.h>
#include <mgpu/detail/iterator.h>

#include <cstdint>
#include <type_traits>

namespace mgpu::detail::cuda {

template <class Tuning, class T>
struct bulk_remove_tile_types
{
  using shape   = typename Tuning::shape;
  using padding = tile_padding<T, shape::items_per_thread>;
  // Tile-local removal positions.
  using local_index = std::conditional_t<shape::tile_size <= 65536, std::uint16_t, int>;

  struct storage
  {
    // The source tile, later compacted in place into the survivors.
    T items[padding::slots(shape::tile_size)];
    local_index removed[shape::tile_size];
    int survivor_ends[shape::threads]; // where each thread's survivors end
  };
};

template <class Tuning, bool FullTile, class Size, class SourceIt, class IndexIt, class OutputIt, class Storage>
__device__ MGPU_FORCEINLINE void bulk_remove_tile(Storage& shared, SourceIt source, Size count, IndexIt indices,
                                                 Size index_count, const Size* splits, OutputIt result, Size tile,
                                                 int tile_len)
{
  using shape       = typename Tuning::shape;
  using T           = value_of<SourceIt>;
  using types       = bulk_remove_tile_types<Tuning, T>;
  using padding     = typename types::padding;
  using local_index = typename types::local_index;
  constexpr int NT = shape::threads, VT = shape::items_per_thread, NV = shape::tile_size;
  static_assert(VT <= 32, "a thread's keep flags fit one word");
  const int tid         = threadIdx.x;
  const Size tile_begin = tile * Size(NV);

  // The source loads (coalesced) depend only on the tile's position: they
  // are in flight before the partition is even known to be finished.
  // Iterators are advanced to the tile once, so per-element offsets stay
  // 32-bit immediates. The last, partial tile loads in rounds of eight: the
  // fully unrolled predicated form would set the register count of every
  // tile.
  const SourceIt tile_source = source + tile_begin;
  T loaded[FullTile ? VT : 1];
  if constexpr (FullTile)
  {
#pragma unroll
    for (int i = 0; i < VT; ++i)
      loaded[i] = T(tile_source[tid + i * NT]);
  }

  wait_for_partition();
  // Invalid indices leave splits anywhere in [0, index_count]: keep the
  // tile's indices and survivors inside their ranges, as valid splits are.
  const Size out_size    = count - index_count;
  const Size index_begin = min(max(splits[tile], max(Size(0), tile_begin - out_size)), min(index_count, tile_begin));
  const Size slice       = splits[tile + 1] - index_begin;
  const int removed = min(max(slice < 0 ? 0 : slice > tile_len ? tile_len : static_cast<int>(slice),
                              tile_len - static_cast<int>(min(Size(tile_len), out_size - (tile_begin - index_begin)))),
                          static_cast<int>(min(Size(tile_len), index_count - index_begin)));

  if constexpr (FullTile)
  {
#pragma unroll
    for (int i = 0; i < VT; ++i)
      shared.items[padding::slot(tid + i * NT)] = loaded[i];
  }
  else
  {
    T round[8];
    for_partial_tile_rounds<NT, VT>(
      [&](int u, int j) {
        if (j < tile_len)
          round[u] = T(tile_source[j]);
      },
      [&](int u, int j) {
        if (j < tile_len)
          shared.items[padding::slot(j)] = round[u];
      });
  }

  // Stage the tile's removal positions (coalesced loads, all issued before
  // their shared stores). Violated preconditions may put garbage here; every
  // use below stays in bounds regardless.
  const IndexIt tile_indices = indices + index_begin;
  local_index local[VT];
#pragma unroll
  for (int i = 0; i < VT; ++i)
  {
    const int j = tid + i * NT;
    if (j < removed)
      local[i] = static_cast<local_index>(static_cast<Size>(tile_indices[j]) - tile_begin);
  }
#pragma unroll
  for (int i = 0; i < VT; ++i)
  {
    const int j = tid + i * NT;
    if (j < removed)
      shared.removed[j] = local[i];
  }
  __syncthreads();

  // This thread's elements [first, first + VT): `rank` removals lie before
  // them, so its survivors start at slot first - rank.
  const int first = VT * tid;
  const int after = tile_len - first > 0 ? tile_len - first : 0;
  int rank = shared_lower_bound(shared.removed, removed - after > 0 ? removed - after : 0,
                                removed < first ? removed : first, first);
  int slot = first - rank;
  int next = rank < removed ? int(shared.removed[rank]) : NV;
  unsigned keep = 0;
  T mine[VT];
#pragma unroll
  for (int i = 0; i < VT; ++i)
  {
    const int k = first + i;
    mine[i]     = shared.items[padding::slot(FullTile || k < tile_len ? k : tile_len - 1)];
    if (k == next)
    {
      ++rank;
      next = rank < removed ? int(shared.removed[rank]) : NV;
    }
    else if (FullTile || k < tile_len)
      keep |= 1u << i;
  }
  shared.survivor_ends[tid] = slot + __popc(keep);
  __syncthreads(); // every element is read before the compaction overwrites the tile
  // Invalid indices can give threads overlapping places: then the tile's
  // output is left uncompacted (unspecified) rather than written twice.
  const bool places_tile = first >= tile_len || slot == (tid == 0 ? 0 : shared.survivor_ends[tid - 1]);
  if (__syncthreads_and(places_tile))
  {
#pragma unroll
    for (int i = 0; i < VT; ++i)
      if (keep & (1u << i))
        shared.items[padding::slot(slot++)] = mine[i];
  }
  __syncthreads();

  // Coalesced stores of the compacted tile, read out of shared memory first
  // so the global stores do not order the shared loads.
  const int survivors     = tile_len - removed;
  const OutputIt tile_out = result + (tile_begin - index_begin);
  T out[VT];
#pragma unroll
  for (int i = 0; i < VT; ++i)
  {
    const int j = tid + i * NT;
    if (j < survivors)
      out[i] = shared.items[padding::slot(j)];
  }
#pragma unroll
  for (int i = 0; i < VT; ++i)
  {
    const int j = tid + i * NT;
    if (j < survivors)
      tile_out[j] = out[i];
  }
}

} // namespace mgpu::detail::cuda
