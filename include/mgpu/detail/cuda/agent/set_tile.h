// The shared memory of one multiset operation tile: its loaded keys, its
// compacted outputs (keys or 2-byte positions) and its block scan.
#pragma once

#include <mgpu/detail/cuda/block/tile_load.h>
#include <mgpu/detail/set_operation_ops.h>

#include <cub/block/block_scan.cuh>

#include <cstdint>
#include <type_traits>

namespace mgpu::detail::cuda {

// Shared memory of one tile. A tile that records keys compacts them over
// the loaded keys, which are dead by then; one that records positions keeps
// the loaded keys, reads its outputs through them, and compacts the 2-byte
// positions in an array of their own.
template <class Shape, class Key, class Size, slot_record Record>
struct set_tile_storage
{
  // A tile holds tile_size - 1 to tile_size + 1 inputs (starred diagonals),
  // plus one look-ahead key from each input, placed as the bulk copies need,
  // plus items_per_thread: how far past B's slice the unchecked serial loop
  // reads (one key per slot) when the comparator disagrees with the data.
  static constexpr int load_capacity = Shape::tile_size + 3 + 2 * slice_slack_v<Key> + Shape::items_per_thread;
  static_assert(load_capacity <= 65536, "tile positions fit in 16 bits");

  using scan_t = cub::BlockScan<Size, Shape::threads, cub::BLOCK_SCAN_WARP_SCANS>;

  union key_space
  {
    Key loaded[load_capacity];
    Key compacted[Shape::tile_size];
  };
  struct position_space
  {
    Key loaded[load_capacity];
    std::uint16_t compacted[Shape::tile_size];
  };

  std::conditional_t<Record == slot_record::key, key_space, position_space> tile;
  typename scan_t::TempStorage scan;
  Size tile_offset; // where the tile's outputs start, from the look-back
  std::uint64_t load_barrier; // completion of the tile's bulk copies
};

} // namespace mgpu::detail::cuda
