// The split every tile kernel with 32-bit offsets makes: its agent is
// compiled once for full tiles, without bounds checks, and once for the
// partial last tile. Kernels with 64-bit offsets, which run only problems
// beyond 2^31 elements, compile the partial tile's code alone, for half the
// device code.
#pragma once

#include <mgpu/detail/config.h>

#include <type_traits>

namespace mgpu::detail::cuda {

// Elements in tile `tile` of `total` cut into tiles of TileSize.
template <int TileSize, class Size>
__device__ MGPU_FORCEINLINE int tile_length(Size total, Size tile)
{
  const Size left = total - tile * Size(TileSize);
  return left < Size(TileSize) ? static_cast<int>(left) : TileSize;
}

// Whether kernels with `Size` offsets compile a full tile's code of its own.
template <class Size>
inline constexpr bool compiles_full_tiles_v = sizeof(Size) <= 4;

// f(std::true_type{}) when the tile holds all TileSize elements (and the
// kernel compiles full tiles: by default, as its Size does), else
// f(std::false_type{}); the tag's ::value is the agent's FullTile.
template <int TileSize, class Size, bool FullTiles = compiles_full_tiles_v<Size>, class F>
__device__ MGPU_FORCEINLINE decltype(auto) consume_tile(int tile_len, F&& f)
{
  if constexpr (FullTiles)
    if (tile_len == TileSize)
      return f(std::true_type{});
  return f(std::false_type{});
}

// consume_tile for tile `tile` of `total`: f(full, tile_len).
template <int TileSize, class Size, class F>
__device__ MGPU_FORCEINLINE decltype(auto) consume_tile_of(Size total, Size tile, F&& f)
{
  const int tile_len = tile_length<TileSize>(total, tile);
  return consume_tile<TileSize, Size>(tile_len, [&](auto full) { return f(full, tile_len); });
}

} // namespace mgpu::detail::cuda
