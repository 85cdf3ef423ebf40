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

#include <mgpu/detail/cuda/agent/bulk_insert_tile.h>
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

template <class Hub, class Size, class SourceIt, class ValueIt, class PositionIt, class OutputIt>
__global__ void __launch_bounds__(compiled_policy_t<Hub>::shape::threads, compiled_policy_t<Hub>::min_ctas_per_sm)
  bulk_insert_kernel(const Size* splits, SourceIt source, Size count, ValueIt values, Size value_count,
                     PositionIt positions, OutputIt result)
{
  using Tuning = compiled_policy_t<Hub>;
  __shared__ tile_shared_storage<typename bulk_insert_tile_types<Tuning, value_of<SourceIt>>::storage> shared_storage;
  const Size tile = blockIdx.x;
  consume_tile_of<Tuning::shape::tile_size>(count + value_count, tile, [&](auto full, int tile_len) {
    bulk_insert_tile<Tuning, decltype(full)::value>(shared_storage.Alias(), source, count, values, value_count,
                                                    positions, splits, result, tile, tile_len);
  });
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
    run_bulk_tiles<decltype(tuning)>(policy, arch,
                                     insertion_keys<Size, decltype(positions_it)>{positions_it, value_count, count},
                                     total, kernel, algorithm, source_it, count, values_it, value_count,
                                     positions_it, result_it);
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
