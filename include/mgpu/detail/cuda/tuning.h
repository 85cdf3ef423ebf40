// Tile shapes: threads per CTA × items per thread. Tuned on an sm_90 part
// (H100/H200); the fallback keeps register and shared-memory use modest for
// older or unknown chips.
#pragma once

namespace mgpu::detail::cuda {

template <int Threads, int ItemsPerThread>
struct tile_shape
{
  static constexpr int threads          = Threads;
  static constexpr int items_per_thread = ItemsPerThread;
  static constexpr int tile_size        = Threads * ItemsPerThread;
};

// Odd item counts keep the per-thread (blocked) shared-memory accesses free of
// bank conflicts for 4-byte types. Measured on an H200 at 2^27 int32 keys:
// 256x23 beat 256x15 and 256x19 by 2-3% (fewer tiles: fewer partition
// searches and per-tile overheads); for 8-byte items 256x11 beat 256x15,
// 128x11, 512x11 and 256x7.
template <int BytesPerItem>
struct merge_tuning_sm90
{
  using shape = tile_shape<256, BytesPerItem <= 4 ? 23 : BytesPerItem <= 8 ? 11 : 7>;
};

template <int BytesPerItem>
struct merge_tuning_fallback
{
  using shape = tile_shape<128, BytesPerItem <= 8 ? 11 : 7>;
};

} // namespace mgpu::detail::cuda

namespace mgpu::detail::cuda {

// Multiset operations: each thread runs a Balanced Path search in shared
// memory before its serial loop, so many items per thread amortize it; odd
// counts keep the blocked shared-memory reads free of bank conflicts.
template <int KeyBytes>
struct set_operation_tuning_sm90
{
  using shape = tile_shape<256, KeyBytes <= 4 ? 15 : KeyBytes <= 8 ? 11 : 7>;
};

template <int KeyBytes>
struct set_operation_tuning_fallback
{
  using shape = tile_shape<128, KeyBytes <= 8 ? 11 : 7>;
};

} // namespace mgpu::detail::cuda

namespace mgpu::detail::cuda {

// Load-balanced tiles (transform_lbs, load_balance_search, the interval
// family): each tile takes threads * items_per_thread work items and segments
// combined. StateBytes is what one item or segment keeps in registers: the
// index type plus the larger of what a segment stages and what an item
// carries (4 for the plain 32-bit search). Odd item counts spread the serial
// search's shared accesses over the banks.
template <int StateBytes>
struct load_balance_tuning_sm90
{
  using shape = tile_shape<128, StateBytes <= 8 ? 15 : StateBytes <= 16 ? 11 : 7>;
};

template <int StateBytes>
struct load_balance_tuning_fallback
{
  using shape = tile_shape<128, StateBytes <= 8 ? 11 : 7>;
};

} // namespace mgpu::detail::cuda

namespace mgpu::detail::cuda {

// Bulk remove and bulk insert: memory-bound streaming, so the tile is sized
// in bytes (16 KiB of items at 256 threads) and items per thread stay a
// multiple of 4 (their one-byte flags move as whole words).
template <int BytesPerItem>
inline constexpr int bulk_items_per_thread = BytesPerItem <= 2 ? 32 : BytesPerItem <= 4 ? 16 : BytesPerItem <= 8 ? 8 : 4;

template <int BytesPerItem>
struct bulk_remove_tuning_sm90
{
  using shape = tile_shape<256, bulk_items_per_thread<BytesPerItem>>;
};

template <int BytesPerItem>
struct bulk_remove_tuning_fallback
{
  using shape = tile_shape<128, bulk_items_per_thread<BytesPerItem>>;
};

template <int BytesPerItem>
struct bulk_insert_tuning_sm90
{
  using shape = tile_shape<256, bulk_items_per_thread<BytesPerItem>>;
};

template <int BytesPerItem>
struct bulk_insert_tuning_fallback
{
  using shape = tile_shape<128, bulk_items_per_thread<BytesPerItem>>;
};

} // namespace mgpu::detail::cuda
