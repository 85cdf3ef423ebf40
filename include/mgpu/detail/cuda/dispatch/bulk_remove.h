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

#include <mgpu/detail/cuda/agent/bulk_remove_tile.h>
#include <mgpu/detail/cuda/block/full_tile.h>
#include <mgpu/detail/cuda/block/tile_shared_storage.h>
#include <mgpu/detail/cuda/dispatch/bulk_tiles.h>
#include <mgpu/detail/cuda/partition/bulk_partition.h>
#include <mgpu/detail/cuda/runtime/launch.h>
#include <mgpu/detail/cuda/tuning/policies.h>
#include <mgpu/detail/cuda/tuning/policy_hub.h>
#include <mgpu/detail/iterator.h>
#include <mgpu/detail/offsets.h>

#include <thrust/type_traits/unwrap_contiguous_iterator.h>

namespace mgpu::detail::cuda {

template <class Hub, class Size, class SourceIt, class IndexIt, class OutputIt>
__global__ void __launch_bounds__(compiled_policy_t<Hub>::shape::threads, compiled_policy_t<Hub>::min_ctas_per_sm)
  bulk_remove_kernel(const Size* splits, SourceIt source, Size count, IndexIt indices, Size index_count,
                     OutputIt result)
{
  using Tuning = compiled_policy_t<Hub>;
  __shared__ tile_shared_storage<typename bulk_remove_tile_types<Tuning, value_of<SourceIt>>::storage> shared_storage;

  // Spelled out rather than consume_tile_of, through which ptxas schedules this tile's loads worse.
  constexpr int NV   = Tuning::shape::tile_size;
  const Size tile    = blockIdx.x;
  const Size left    = count - tile * Size(NV);
  const int tile_len = left < Size(NV) ? static_cast<int>(left) : NV;
  if (compiles_full_tiles_v<Size> && tile_len == NV)
    bulk_remove_tile<Tuning, compiles_full_tiles_v<Size>>(
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
    run_bulk_tiles<decltype(tuning)>(policy, arch,
                                     removal_keys<Size, decltype(indices_it)>{indices_it, index_count, count}, count,
                                     kernel, algorithm, source_it, count, indices_it, index_count, result_it);
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
  // The indices' count too: more of them than sources is invalid, but must not wrap.
  const auto largest_count = count > index_count ? count : index_count;
  with_offset_type(largest_count, [&](auto offset) {
    using Size = decltype(offset);
    bulk_remove_with_offsets<Size>(policy, first, Size(count), indices_first, Size(index_count), result, algorithm);
  });
}

} // namespace mgpu::detail::cuda
