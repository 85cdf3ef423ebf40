// Choice of the integer type that indexes a problem: 32-bit offsets while the
// problem fits (cheaper address arithmetic, fewer registers), 64-bit beyond.
#pragma once

#include <cstdint>
#include <limits>

namespace mgpu::detail {

template <class Size>
constexpr bool fits_in_int32(Size count)
{
  return static_cast<std::uint64_t>(count) <=
         static_cast<std::uint64_t>(std::numeric_limits<std::int32_t>::max());
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
