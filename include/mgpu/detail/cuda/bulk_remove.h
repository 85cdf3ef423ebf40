// CUDA bulk remove: a partition kernel, then one tile of the source per CTA.
//
// Tile t holds source elements [t * NV, t * NV + NV). Its removal indices
// are the slice [lower_bound(t * NV), lower_bound(t * NV + NV)) of the
// sorted, unique index list; the partition kernel finds every boundary once
// (bulk_partition.h). Because indices are unique, the tile's output starts at
// t * NV minus the number of indices before the tile: no counting pass.
//
// Inside the tile, the source tile and its removal indices are staged in
// shared memory (coalesced loads; on sm_90 the source loads are issued
// before the partition has even finished). Each thread owns VT consecutive
// elements: a short search of the staged indices gives the number of
// removals before its range, hence where its survivors go; it walks its
// elements against the list, the survivors are compacted in place, and the
// CTA stores the compacted tile with coalesced writes. No flags, no block
// scan.
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

#include <cub/util_type.cuh>
#include <thrust/type_traits/unwrap_contiguous_iterator.h>

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
#pragma unroll 1
    for (int base = 0; base < VT; base += 8)
    {
      T chunk[8];
#pragma unroll
      for (int u = 0; u < 8; ++u)
      {
        const int j = tid + (base + u) * NT;
        if (base + u < VT && j < tile_len)
          chunk[u] = T(tile_source[j]);
      }
#pragma unroll
      for (int u = 0; u < 8; ++u)
      {
        const int j = tid + (base + u) * NT;
        if (base + u < VT && j < tile_len)
          shared.items[padding::slot(j)] = chunk[u];
      }
    }
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

template <class Hub, class Size, class SourceIt, class IndexIt, class OutputIt>
__global__ void __launch_bounds__(compiled_policy_t<Hub>::shape::threads, compiled_policy_t<Hub>::min_ctas_per_sm)
  bulk_remove_kernel(SourceIt source, Size count, IndexIt indices, Size index_count, const Size* splits,
                     OutputIt result)
{
  using Tuning    = compiled_policy_t<Hub>;
  using storage_t = typename bulk_remove_tile_types<Tuning, value_of<SourceIt>>::storage;
  __shared__ cub::Uninitialized<storage_t> shared_storage;

  constexpr int NV   = Tuning::shape::tile_size;
  const Size tile    = blockIdx.x;
  const Size left    = count - tile * Size(NV);
  const int tile_len = left < Size(NV) ? static_cast<int>(left) : NV;
  if (tile_len == NV)
    bulk_remove_tile<Tuning, true>(
      shared_storage.Alias(), source, count, indices, index_count, splits, result, tile, tile_len);
  else
    bulk_remove_tile<Tuning, false>(
      shared_storage.Alias(), source, count, indices, index_count, splits, result, tile, tile_len);
}

// Bulk remove with `Size` offsets (int32 or int64) and the tuning hub `Hub`.
// Exposed so tests can drive the 64-bit path on small inputs and chosen
// shapes (fixed_hub).
template <class Size, class Hub, class Policy, class SourceIt, class IndexIt, class OutputIt>
void bulk_remove_with_hub(Policy& policy, SourceIt source, Size count, IndexIt indices, Size index_count,
                          OutputIt result, const char* algorithm)
{
  if (count - index_count <= 0)
    return; // nothing survives: nothing to write
  auto source_it  = thrust::try_unwrap_contiguous_iterator(source);
  auto indices_it = thrust::try_unwrap_contiguous_iterator(indices);
  auto result_it  = thrust::try_unwrap_contiguous_iterator(result);
  constexpr auto kernel =
    bulk_remove_kernel<Hub, Size, decltype(source_it), decltype(indices_it), decltype(result_it)>;
  const int arch = kernel_arch<kernel>(algorithm);
  with_policy<Hub>(arch, [&](auto tuning) {
    using Tuning              = decltype(tuning);
    using shape               = typename Tuning::shape;
    const Size num_tiles      = ceil_div(count, Size(shape::tile_size));
    const cudaStream_t stream = stream_of(policy);
    temporary_buffer<Size, Policy> splits(policy, num_tiles + 1);
    launch_bulk_partition<Tuning::partition_samples>(
      stream, removal_keys<Size, decltype(indices_it)>{indices_it, index_count, count}, Size(shape::tile_size),
      num_tiles, splits.get(), algorithm);
    launch_tile_kernel(waits_for_partition(arch) && Tuning::overlap_partition, kernel,
                       static_cast<unsigned>(num_tiles), shape::threads, stream, algorithm, source_it, count,
                       indices_it, index_count, static_cast<const Size*>(splits.get()), result_it);
    finish(policy, algorithm);
  });
}

template <class Size, class Policy, class SourceIt, class IndexIt, class OutputIt>
void bulk_remove_with_offsets(Policy& policy, SourceIt source, Size count, IndexIt indices, Size index_count,
                              OutputIt result, const char* algorithm)
{
  bulk_remove_with_hub<Size, bulk_remove_hub<int(sizeof(value_of<SourceIt>))>>(policy, source, count, indices,
                                                                               index_count, result, algorithm);
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
