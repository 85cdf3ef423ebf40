// One merge tile: its slices of A and B staged in shared memory, merged
// serially from each thread's Merge Path split and stored back coalesced.
#pragma once

#include <mgpu/detail/config.h>
#include <mgpu/detail/iterator.h>
#include <mgpu/search.h>

#include <cub/block/block_store.cuh>

#include <type_traits>

namespace mgpu::detail::cuda {

// Shared memory of one merge tile. The loaded keys (and values) share space
// with the store transposes that run after the merge has read them.
template <class Shape, class Key, class Value, bool HasValues>
struct merge_tile_storage
{
  using key_store = cub::BlockStore<Key, Shape::threads, Shape::items_per_thread, cub::BLOCK_STORE_WARP_TRANSPOSE>;
  using value_store =
    cub::BlockStore<Value, Shape::threads, Shape::items_per_thread, cub::BLOCK_STORE_WARP_TRANSPOSE>;

  union key_space
  {
    Key loaded[Shape::tile_size];
    typename key_store::TempStorage store;
  };
  union value_space
  {
    Value loaded[Shape::tile_size];
    typename value_store::TempStorage store;
  };
  struct empty
  {};

  key_space keys;
  std::conditional_t<HasValues, value_space, empty> values;
};

// Loads the tile's slice of A followed by its slice of B, striped across the
// CTA (coalesced), into `shared_items`.
template <class Shape, bool FullTile, class T, class AIt, class BIt, class Size>
__device__ MGPU_FORCEINLINE void load_two_ranges_to_shared(
  AIt a, Size a_begin, int a_len, BIt b, Size b_begin, int tile_len, T* shared_items)
{
  constexpr int NT = Shape::threads, VT = Shape::items_per_thread;
  T items[VT];
#pragma unroll
  for (int i = 0; i < VT; ++i)
  {
    const int j = threadIdx.x + i * NT;
    if (FullTile || j < tile_len)
      items[i] = j < a_len ? T(a[a_begin + j]) : T(b[b_begin + (j - a_len)]);
  }
#pragma unroll
  for (int i = 0; i < VT; ++i)
  {
    const int j = threadIdx.x + i * NT;
    if (FullTile || j < tile_len)
      shared_items[j] = items[i];
  }
}

template <class Shape, bool FullTile, class Size, class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut,
          class ValOut, class Compare, class Storage>
__device__ MGPU_FORCEINLINE void merge_tile(
  Storage& shared, KeyIt1 a_keys, KeyIt2 b_keys, ValIt1 a_vals, ValIt2 b_vals, Size a_begin, Size b_begin, int a_len,
  int tile_len, Size out_begin, KeyOut keys_out, ValOut vals_out, Compare comp)
{
  constexpr int VT          = Shape::items_per_thread;
  constexpr bool has_values = has_values_v<ValIt1>;
  using key_t               = value_of<KeyIt1>;
  const int tid             = threadIdx.x;

  load_two_ranges_to_shared<Shape, FullTile>(a_keys, a_begin, a_len, b_keys, b_begin, tile_len, shared.keys.loaded);
  if constexpr (has_values)
    load_two_ranges_to_shared<Shape, FullTile>(a_vals, a_begin, a_len, b_vals, b_begin, tile_len, shared.values.loaded);
  __syncthreads();

  // This thread's VT outputs start where its cross diagonal meets the path.
  const key_t* tile_keys = shared.keys.loaded;
  const int diag         = min(VT * tid, tile_len);
  int a_pos              = merge_path<bounds::lower>(tile_keys, a_len, tile_keys + a_len, tile_len - a_len, diag, comp);
  int b_pos              = a_len + diag - a_pos;
  const int last         = tile_len - 1;

  key_t a_key = tile_keys[min(a_pos, last)];
  key_t b_key = tile_keys[min(b_pos, last)];
  key_t keys[VT];
  int sources[VT]; // position of each output in the loaded tile
#pragma unroll
  for (int i = 0; i < VT; ++i)
  {
    const bool take_b = b_pos < tile_len && (a_pos >= a_len || comp(b_key, a_key));
    keys[i]           = take_b ? b_key : a_key;
    sources[i]        = take_b ? b_pos : a_pos;
    // One load per step, from whichever side advances.
    const key_t next = tile_keys[min(sources[i] + 1, last)];
    if (take_b)
    {
      b_key = next;
      ++b_pos;
    }
    else
    {
      a_key = next;
      ++a_pos;
    }
  }

  using value_t = value_type_or_byte_t<ValIt1>;
  value_t values[has_values ? VT : 1];
  if constexpr (has_values)
  {
#pragma unroll
    for (int i = 0; i < VT; ++i)
      if (FullTile || VT * tid + i < tile_len)
        values[i] = shared.values.loaded[sources[i]];
  }
  __syncthreads(); // the stores below reuse the loaded tile's shared memory

  using storage_t = std::remove_reference_t<Storage>;
  if constexpr (FullTile)
    typename storage_t::key_store(shared.keys.store).Store(keys_out + out_begin, keys);
  else
    typename storage_t::key_store(shared.keys.store).Store(keys_out + out_begin, keys, tile_len);
  if constexpr (has_values)
  {
    if constexpr (FullTile)
      typename storage_t::value_store(shared.values.store).Store(vals_out + out_begin, values);
    else
      typename storage_t::value_store(shared.values.store).Store(vals_out + out_begin, values, tile_len);
  }
}

} // namespace mgpu::detail::cuda
