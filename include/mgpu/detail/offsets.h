// Choice of the integer type that indexes a problem: 32-bit offsets while the
// problem fits (cheaper address arithmetic, fewer registers), 64-bit beyond.
#pragma once

#include <cstdint>
#include <limits>

namespace mgpu::detail {

// Kernels compute positions up to a tile past the problem's largest index
// (grid sizes, the last tile's end), so 32-bit offsets need this much room.
inline constexpr std::uint64_t offset_headroom = std::uint64_t(1) << 16;

// Whether positions up to `largest_index` (a count, never negative when it
// fits) and the kernels' headroom past it fit 32-bit offsets.
template <class Size>
constexpr bool fits_in_int32(Size largest_index)
{
  return static_cast<std::uint64_t>(largest_index) <=
         static_cast<std::uint64_t>(std::numeric_limits<std::int32_t>::max()) - offset_headroom;
}

// Calls `f(std::int32_t{})` or `f(std::int64_t{})` so that the callee is
// instantiated for the offset type the problem needs.
template <class Size, class F>
decltype(auto) with_offset_type(Size largest_index, F&& f)
{
  if (fits_in_int32(largest_index))
    return f(std::int32_t{});
  return f(std::int64_t{});
}

} // namespace mgpu::detail
