// CUDA merge: Merge Path partition, then one exactly-sized tile per CTA.
#pragma once

#include <mgpu/detail/cuda/agent/merge_tile.h>
#include <mgpu/detail/cuda/block/full_tile.h>
#include <mgpu/detail/cuda/block/tile_shared_storage.h>
#include <mgpu/detail/cuda/block/warp_search.h>
#include <mgpu/detail/cuda/runtime/dependent_launch.h>
#include <mgpu/detail/cuda/runtime/error.h>
#include <mgpu/detail/cuda/runtime/launch.h>
#include <mgpu/detail/cuda/runtime/temporary_buffer.h>
#include <mgpu/detail/cuda/partition/path_partition.h>
#include <mgpu/detail/cuda/tuning/policies.h>
#include <mgpu/detail/cuda/tuning/policy_hub.h>
#include <mgpu/detail/iterator.h>
#include <mgpu/detail/offsets.h>
#include <mgpu/search.h>

namespace mgpu::detail::cuda {

// Tiles below own_split_tiles find their own splits (two warps each); the
// rest read them from `splits`, written by the partition, which may still be
// running when the kernel starts (dependent_launch.h).
template <class Hub, class Size, class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut,
          class Compare>
__global__ void __launch_bounds__(compiled_policy_t<Hub>::shape::threads, compiled_policy_t<Hub>::min_ctas_per_sm)
  merge_tile_kernel(KeyIt1 a_keys, Size a_count, KeyIt2 b_keys, Size b_count, ValIt1 a_vals, ValIt2 b_vals,
                    path_splits<Size> splits, Size own_split_tiles, KeyOut keys_out, ValOut vals_out, Compare comp)
{
  using Shape               = typename compiled_policy_t<Hub>::shape;
  constexpr bool has_values = has_values_v<ValIt1>;
  using value_t             = value_type_or_byte_t<ValIt1>;
  using storage_t           = merge_tile_storage<Shape, value_of<KeyIt1>, value_t, has_values>;
  static_assert(Shape::threads >= 64, "two warps find a tile's splits");
  __shared__ tile_shared_storage<storage_t> shared_storage;

  const Size tile       = blockIdx.x;
  const Size total      = a_count + b_count;
  const Size diag_begin = tile * Size(Shape::tile_size);
  // Not min(diag_begin + tile_size, total): that may wrap int32 near 2^31.
  const Size diag_end   = total - diag_begin > Size(Shape::tile_size) ? diag_begin + Size(Shape::tile_size) : total;
  Size a_begin, a_end;
  if (tile < own_split_tiles) // uniform over the CTA
  {
    Size own[2];
    find_tile_ends(own, [&](int end) {
      return warp_merge_path(a_keys, a_count, b_keys, b_count, end == 0 ? diag_begin : diag_end, comp);
    });
    a_begin = own[0];
    a_end   = own[1];
  }
  else
  {
    wait_for_partition();
    a_begin = splits.first_of(tile);
    a_end   = splits.last_of(tile);
  }
  // On unsorted input the splits of neighbouring tiles need not agree: keep
  // the tile's share of A and B inside both ranges and its own diagonals.
  a_begin            = min(max(a_begin, max(Size(0), diag_begin - b_count)), min(diag_begin, a_count));
  const int tile_len = static_cast<int>(diag_end - diag_begin);
  a_end = min(max(a_end, max(a_begin, diag_end - b_count)), min(a_begin + Size(tile_len), a_count));
  const Size b_begin = diag_begin - a_begin;
  const int a_len    = static_cast<int>(a_end - a_begin);

  // Spelled out rather than consume_tile: through the lambda nvcc schedules the merge tile worse.
  if (compiles_full_tiles_v<Size> && tile_len == Shape::tile_size)
    merge_tile<Shape, compiles_full_tiles_v<Size>>(shared_storage.Alias(), a_keys, b_keys, a_vals, b_vals, a_begin,
                                                   b_begin, a_len, tile_len, diag_begin, keys_out, vals_out, comp);
  else
    merge_tile<Shape, false>(shared_storage.Alias(), a_keys, b_keys, a_vals, b_vals, a_begin, b_begin, a_len, tile_len,
                             diag_begin, keys_out, vals_out, comp);
}

// Merges with `Size` offsets (int32 or int64) and the tuning hub `Hub`.
// Exposed so tests can drive the 64-bit path on small inputs and chosen
// shapes (fixed_hub).
template <class Size, class Hub, class Policy, class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut,
          class ValOut, class Compare>
void merge_with_hub(Policy& policy, KeyIt1 a_keys, Size a_count, KeyIt2 b_keys, Size b_count, ValIt1 a_vals,
                    ValIt2 b_vals, KeyOut keys_out, ValOut vals_out, Compare comp, const char* algorithm)
{
  const Size total = a_count + b_count;
  if (total == 0)
    return;
  constexpr auto kernel = merge_tile_kernel<Hub, Size, KeyIt1, KeyIt2, ValIt1, ValIt2, KeyOut, ValOut, Compare>;
  const int arch        = kernel_arch<kernel>(algorithm);
  with_policy<Hub>(arch, [&](auto tuning) {
    using tuning_t            = decltype(tuning);
    using Shape               = typename tuning_t::shape;
    const Size num_tiles      = ceil_div(total, Size(Shape::tile_size));
    const cudaStream_t stream = stream_of(policy);
    const auto plan           = plan_path_launch<tuning_t, Policy>(num_tiles, arch, algorithm);
    // The splits go to the first bytes of the tiles' outputs where they fit
    // (path_splits), so such a call takes no scratch.
    path_splits<Size> splits = splits_in_output<Shape::tile_size>(keys_out, total, num_tiles, plan.own_split_tiles);
    const bool scratch_splits = plan.partitioned && splits.at == nullptr;
    temporary_buffer<Size, Policy> scratch(policy, scratch_splits ? num_tiles + 1 : 0);
    if (scratch_splits)
      splits = path_splits<Size>{scratch.get(), 1, Size(0)};
    if (plan.partitioned)
      launch_merge_partition<bounds::lower>(stream, a_keys, a_count, b_keys, b_count, Size(Shape::tile_size),
                                            num_tiles, splits, comp, algorithm);
    launch_tile_kernel(plan.overlap, kernel, static_cast<unsigned>(num_tiles), Shape::threads, stream, algorithm,
                       a_keys, a_count, b_keys, b_count, a_vals, b_vals, splits, plan.own_split_tiles, keys_out,
                       vals_out, comp);
    finish(policy, algorithm);
  });
}

template <class Size, class Policy, class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut,
          class Compare>
void merge_with_offsets(Policy& policy, KeyIt1 a_keys, Size a_count, KeyIt2 b_keys, Size b_count, ValIt1 a_vals,
                        ValIt2 b_vals, KeyOut keys_out, ValOut vals_out, Compare comp, const char* algorithm)
{
  constexpr int value_bytes = has_values_v<ValIt1> ? int(sizeof(value_type_or_byte_t<ValIt1>)) : 0;
  constexpr int item_bytes  = int(sizeof(value_of<KeyIt1>)) + value_bytes;
  merge_with_hub<Size, merge_hub<item_bytes>>(policy, a_keys, a_count, b_keys, b_count, a_vals, b_vals, keys_out,
                                               vals_out, comp, algorithm);
}

template <class Policy, class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut,
          class Compare>
void merge(Policy& policy, KeyIt1 a_first, KeyIt1 a_last, KeyIt2 b_first, KeyIt2 b_last, ValIt1 a_vals,
           ValIt2 b_vals, KeyOut keys_out, ValOut vals_out, Compare comp, const char* algorithm)
{
  const auto a_count = a_last - a_first;
  const auto b_count = b_last - b_first;
  with_offset_type(a_count + b_count, [&](auto offset) {
    using Size = decltype(offset);
    merge_with_offsets<Size>(policy, a_first, Size(a_count), b_first, Size(b_count), a_vals, b_vals, keys_out,
                             vals_out, comp, algorithm);
  });
}

} // namespace mgpu::detail::cuda
